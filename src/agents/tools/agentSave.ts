// save_resource: one guarded save of a model's text, through the same save as a person's (SaveFlow
// for the MCP server, the `wsa:` files' saver in VS Code), with the tokens its baseRevision carries.
// Before anything is sent the service's current state is read: tokens other than the base's (or,
// where the service gave no token, other editable fields) are a conflict, answered with a diff
// against the current text and nothing sent. A save never retries with newer tokens and never
// overwrites. A refusal of the save's checks sends nothing either, and neither does a text that
// holds the key, on either side: the tools never write a redaction back. vscode-free.
import * as l10n from '@vscode/l10n';
import { createHash } from 'node:crypto';
import type { CallOptions, ServiceClient } from '../../api';
import type { ResourceReader } from '../../documents/model/resourceReader';
import { editOf, editOfView } from '../../kinds/kindModules';
import { FILE_VIEWS, readOnlyReason } from '../../kinds/resourceKinds';
import type { FileView, ResourceFile } from '../../kinds/resourcePath';
import type { SaveResult, ServerSnapshot } from '../../documents/model/saveTypes';
import { problemOf, type Problem } from './dashboardCheck';
import { withFence } from './dataFence';
import { canonical, decodeBase, encodeBase, sameTokens, type BaseRevision, type Binding } from './opaqueTokens';
import { fileOf, kindsOf, ToolFailure } from './resourceTarget';
import type { SecretScrub } from './secretScrub';
import { checkedLabel } from './serviceFields';
import { rangeOf } from './textRanges';
import { checkArgs, required, ToolInputError } from './toolArgs';
import { MAX_PROBLEMS } from './toolSpecs';
import { unifiedDiff } from './unifiedDiff';

export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A hash of the editable fields of `text` (its kind's request body), or of the text when it is none. */
export function fieldsHash(view: FileView, text: string): string {
  let body: unknown = text;
  try {
    body = editOfView(view)?.body(text) ?? text;
  } catch {
    // Not a body: the text itself stands for it.
  }
  return textHash(canonical(body));
}

/** Whether the service gave no token in `tokens`. */
function tokenMissing(tokens: ServerSnapshot['tokens']): boolean {
  return editOf(tokens).tokenMissing?.(tokens) === true;
}

/** The baseRevision of a text read at `snapshot` (none: a view that cannot be saved). */
export function baseRevisionOf(id: string, view: FileView, snapshot: ServerSnapshot | undefined, binding: Binding): string {
  const tokens = snapshot?.tokens ?? null;
  const fields = snapshot && tokenMissing(snapshot.tokens) ? { fields: fieldsHash(view, snapshot.text) } : {};
  return encodeBase({ id, view, tokens, ...fields }, binding);
}

/** Whether the service's state `latest` is the one `base` was read at. */
export function sameState(latest: ServerSnapshot, base: BaseRevision): boolean {
  if (!sameTokens(latest.tokens, base.tokens)) return false;
  return !tokenMissing(latest.tokens) || base.fields === fieldsHash(base.view, latest.text);
}

/** Throws ToolFailure when `text` holds the key: the line, never the key. */
export function assertNoKey(scrub: SecretScrub | undefined, text: string, what: string): void {
  const at = scrub?.find(text);
  if (at)
    throw new ToolFailure(
      l10n.t(
        '{0} holds the API key at line {1}: the tools neither read nor save a text that holds it, and none of it was answered. Remove the key from it, and replace the key: whoever can read the resource has it.',
        what,
        at.line,
      ),
    );
}

export interface SaveArgs {
  readonly file: ResourceFile;
  readonly base: BaseRevision;
  readonly text: string;
}

/**
 * save_resource's arguments: its baseRevision must be one read_resource gave on this connection,
 * for this id and a view that can be saved. Decided before anything is read.
 */
export function saveArgs(client: ServiceClient, binding: Binding, raw: unknown): SaveArgs {
  const args = checkArgs('save_resource', raw);
  const id = required(args, 'id');
  kindsOf(id);
  const base = decodeBase(required(args, 'baseRevision'), binding);
  if (base.id !== id) throw new ToolInputError(l10n.t('This baseRevision was read for {0}, not for {1}.', base.id, id));
  if (!base.tokens) {
    const why = readOnlyReason(base.view) ?? '';
    throw new ToolFailure(l10n.t('{0} cannot be saved: {1}.', id, why));
  }
  return { file: { ...fileOf(client, FILE_VIEWS[base.view].kind, id), view: base.view }, base, text: required(args, 'text') };
}

/** What a save answered with, before fencing: the caller fences `diff` and the problems. */
export type SaveAnswer =
  | { readonly status: 'saved'; readonly baseRevision: string; readonly hash: string }
  | { readonly status: 'conflict'; readonly baseRevision: string; readonly hash: string; readonly diff: string; readonly message: string }
  | { readonly status: 'refused'; readonly problems: Problem[]; readonly message: string };

/** The answer to a stale base: the service's current state, and how the proposed text differs from it. */
export function conflictAnswer(
  file: Pick<ResourceFile, 'id' | 'view'>,
  latest: ServerSnapshot,
  text: string,
  maxBytes: number,
  binding: Binding,
): SaveAnswer {
  const { id } = file;
  const diff = unifiedDiff(latest.text, text, `${id} (${l10n.t('on the service')}, ${latest.label})`, `${id} (${l10n.t('proposed')})`);
  const shown = rangeOf(diff, 0, undefined, maxBytes);
  return {
    status: 'conflict',
    baseRevision: baseRevisionOf(id, file.view, latest, binding),
    hash: textHash(latest.text),
    diff: shown.text,
    message:
      l10n.t(
        'The resource changed on the service since that baseRevision ({0} now); nothing was saved.',
        checkedLabel(latest.label) ?? l10n.t('another state'),
      ) +
      (shown.nextOffset === undefined
        ? ''
        : ` ${l10n.t('The diff is cut at {0} of its {1} code units.', shown.text.length, diff.length)}`) +
      ` ${l10n.t('Read it again, redo the change on its text, and save with the new baseRevision.')}`,
  };
}

export interface GuardedSaveDeps {
  readonly reader: ResourceReader;
  /** The one guarded save (SaveFlow.save, or the `wsa:` saver): `base` carries the tokens it sends. */
  save(request: { file: ResourceFile; text: string; base: ServerSnapshot }): Promise<SaveResult>;
  /** Finds the key in a text; absent: no key to look for. */
  readonly scrub?: SecretScrub | undefined;
  readonly binding: Binding;
}

/**
 * Reads the service's state and saves only when it is the base's: exactly one PUT, with those
 * tokens, through the guarded save. A stale base, a refusal and a conflict the service answers
 * each send nothing more; so does a text that holds the key, proposed or on the service.
 */
export async function guardedSave(deps: GuardedSaveDeps, args: SaveArgs, maxBytes: number, o?: CallOptions): Promise<SaveAnswer> {
  const { file, base, text } = args;
  assertNoKey(deps.scrub, text, l10n.t('The proposed text'));
  const latest = await deps.reader.snapshot(file, o);
  assertNoKey(deps.scrub, latest.text, l10n.t('The text of {0} on the service', file.id));
  if (!sameState(latest, base)) return conflictAnswer(file, latest, text, maxBytes, deps.binding);
  // The state is the service's current one, so its text is what the base was read as.
  const result = await deps.save({ file, text, base: { ...latest, tokens: base.tokens! } });
  switch (result.status) {
    case 'saved':
      return {
        status: 'saved',
        baseRevision: baseRevisionOf(file.id, file.view, { ...result.snapshot, text }, deps.binding),
        hash: textHash(text),
      };
    case 'conflict':
      assertNoKey(deps.scrub, result.conflict.latest.text, l10n.t('The text of {0} on the service', file.id));
      return conflictAnswer(file, result.conflict.latest, text, maxBytes, deps.binding);
    case 'invalid':
      return {
        status: 'refused',
        problems: result.problems.map(problemOf),
        message: result.problems.some((p) => p.source === 'service')
          ? l10n.t('The service refused the text; nothing was stored. Fix the problems and save again.')
          : l10n.t('The save’s checks refused the text; nothing was sent. Fix the problems and save again.'),
      };
    case 'failed':
      throw result.error;
  }
}

/** A save's answer as the tools give it: its diff and every problem's words fenced. */
export function saveStructured(answer: SaveAnswer, nonce?: () => string): Record<string, unknown> {
  return withFence((fence) => {
    switch (answer.status) {
      case 'saved':
        return { status: 'saved', baseRevision: answer.baseRevision, hash: answer.hash };
      case 'conflict':
        return {
          status: 'conflict',
          baseRevision: answer.baseRevision,
          hash: answer.hash,
          diff: fence(answer.diff),
          message: answer.message,
        };
      case 'refused':
        return { status: 'refused', problems: fencedProblems(answer.problems, fence), message: answer.message };
    }
  }, nonce);
}

/**
 * Problems as an answer lists them, each message fenced: the service's refusals are its words, and
 * the checks' messages quote the text or the data run's column names, other people's words.
 */
export function fencedProblems(problems: readonly Problem[], fence: (text: string) => string): Record<string, unknown>[] {
  return problems.slice(0, MAX_PROBLEMS).map((p) => ({
    line: p.line,
    column: p.column,
    severity: p.severity,
    message: fence(p.message),
  }));
}
