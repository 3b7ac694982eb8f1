// save_resource: one guarded save of a model's text, through the same save as a person's (SaveFlow
// for the MCP server, the `wsa:` files' saver in VS Code), with the tokens its baseRevision carries.
// Before anything is sent the service's current state is read: tokens other than the base's are a
// conflict, answered with a diff against the current text and nothing sent. A save never retries
// with newer tokens and never overwrites. A refusal of the save's checks sends nothing either.
// vscode-free.
import * as l10n from '@vscode/l10n';
import { createHash } from 'node:crypto';
import type { CallOptions, ServiceClient } from '../../api';
import type { ResourceReader } from '../../documents/model/resourceReader';
import { FILE_VIEWS, readOnlyReason } from '../../kinds/resourceKinds';
import type { ResourceFile } from '../../kinds/resourcePath';
import type { SaveResult, ServerSnapshot } from '../../documents/model/saveTypes';
import { problemOf, type Problem } from './dashboardCheck';
import { decodeBase, encodeBase, sameTokens, type BaseRevision } from './opaqueTokens';
import { fileOf, kindsOf, ToolFailure } from './resourceTarget';
import { rangeOf } from './textRanges';
import { checkArgs, required, ToolInputError } from './toolArgs';
import { unifiedDiff } from './unifiedDiff';
import { withFence } from './dataFence';
import { MAX_PROBLEMS } from './toolSpecs';

export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface SaveArgs {
  readonly file: ResourceFile;
  readonly base: BaseRevision;
  readonly text: string;
}

/** save_resource's arguments: its baseRevision must be one read_resource gave for this id and a view that can be saved. */
export function saveArgs(client: ServiceClient, raw: unknown): SaveArgs {
  const args = checkArgs('save_resource', raw);
  const id = required(args, 'id');
  kindsOf(id);
  const base = decodeBase(required(args, 'baseRevision'));
  if (base.id !== id) throw new ToolInputError(l10n.t('This baseRevision was read for {0}, not for {1}.', base.id, id));
  if (!base.tokens) {
    const why = readOnlyReason(base.view) ?? '';
    throw new ToolFailure(l10n.t('{0} cannot be saved: {1}.', id, why));
  }
  return { file: { ...fileOf(client, FILE_VIEWS[base.view].kind, id), view: base.view }, base, text: required(args, 'text') };
}

/** What a save answered with, before fencing: the caller fences `diff` and service messages. */
export type SaveAnswer =
  | { readonly status: 'saved'; readonly baseRevision: string; readonly hash: string }
  | { readonly status: 'conflict'; readonly baseRevision: string; readonly hash: string; readonly diff: string; readonly message: string }
  | { readonly status: 'refused'; readonly problems: Problem[]; readonly message: string };

/** The answer to a stale base: the service's current state, and how the proposed text differs from it. */
export function conflictAnswer(id: string, latest: ServerSnapshot, text: string, maxBytes: number): SaveAnswer {
  const diff = unifiedDiff(latest.text, text, `${id} (${l10n.t('on the service')}, ${latest.label})`, `${id} (${l10n.t('proposed')})`);
  const shown = rangeOf(diff, 0, undefined, maxBytes);
  return {
    status: 'conflict',
    baseRevision: encodeBase({ id, view: latest.tokens.kind, tokens: latest.tokens }),
    hash: textHash(latest.text),
    diff: shown.text,
    message:
      l10n.t('The resource changed on the service since that baseRevision ({0} now); nothing was saved.', latest.label) +
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
}

/**
 * Reads the service's state and saves only when its tokens are the base's: exactly one PUT, with
 * those tokens, through the guarded save. A stale base, a refusal and a conflict the service
 * answers each send nothing more.
 */
export async function guardedSave(deps: GuardedSaveDeps, args: SaveArgs, maxBytes: number, o?: CallOptions): Promise<SaveAnswer> {
  const { file, base, text } = args;
  const latest = await deps.reader.snapshot(file, o);
  if (!sameTokens(latest.tokens, base.tokens)) return conflictAnswer(file.id, latest, text, maxBytes);
  // The tokens are the service's current ones, so its text is the text they were read with.
  const result = await deps.save({ file, text, base: { ...latest, tokens: base.tokens! } });
  switch (result.status) {
    case 'saved':
      return {
        status: 'saved',
        baseRevision: encodeBase({ id: file.id, view: file.view, tokens: result.snapshot.tokens }),
        hash: textHash(text),
      };
    case 'conflict':
      return conflictAnswer(file.id, result.conflict.latest, text, maxBytes);
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

/** A save's answer as the tools give it: its diff and the service's words fenced. */
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

/** Problems as an answer lists them: the service's own words fenced. */
export function fencedProblems(problems: readonly Problem[], fence: (text: string) => string): Record<string, unknown>[] {
  return problems.slice(0, MAX_PROBLEMS).map((p) => ({
    line: p.line,
    column: p.column,
    severity: p.severity,
    message: p.source === 'service' ? fence(p.message) : p.message,
  }));
}
