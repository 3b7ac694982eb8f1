// One guarded save: the user's text and the snapshot it is based on in, a SaveResult out. One PUT
// per call, never repeated; a PUT whose answer was lost is settled by reading the resource again,
// never by sending it twice. (A fact replace that the service refused for optional fields it does
// not take is sent once more without them: the refused one stored nothing.) vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError, type ServiceClient } from '../../api';
import type { EditBehaviour } from '../../kinds/contract/kindContract';
import { editOf, editOfView, type AnyTokens } from '../../kinds/kindModules';
import { locatePointer } from '../../kinds/contract/jsonPointerLocation';
import type { ResourceReader } from './resourceReader';
import type { FileView, ResourceFile } from '../../kinds/resourcePath';
import { isError, type SaveResult, type ServerSnapshot, type TextProblem } from './saveTypes';
import { DocumentParseError, sameJson } from '../../kinds/contract/jsonDocument';

export { sameJson };

export interface SaveRequest {
  file: ResourceFile;
  /** The `wsa:` URI string, for the conflict record. */
  uri: string;
  /** The complete text to store. */
  text: string;
  /** The server state `text` is an edit of: its tokens go with the PUT. */
  base: ServerSnapshot;
  /** Fact fields the user chose to save without (after a refusal that named none). */
  leaveOut?: readonly string[];
}

export interface SaveLog {
  debug(message: string): void;
  error(message: string): void;
}

export interface SaveFlowOptions {
  /** Local checks before anything is sent; only problems of severity `error` refuse the save. */
  validate?: (view: FileView, text: string) => Promise<TextProblem[]>;
  log?: SaveLog;
}

const silent: SaveLog = { debug() {}, error() {} };

function describe(file: ResourceFile): string {
  return `${file.view} ${file.id} “${file.name}”`;
}

export class SaveFlow {
  private readonly log: SaveLog;

  constructor(
    private readonly client: () => ServiceClient,
    private readonly reader: ResourceReader,
    private readonly options: SaveFlowOptions = {},
  ) {
    this.log = options.log ?? silent;
  }

  async save(request: SaveRequest): Promise<SaveResult> {
    const { file, text, base } = request;
    if (base.tokens.kind !== file.view) {
      return { status: 'failed', error: new Error(l10n.t('A {0} file cannot be saved with {1} tokens.', file.view, base.tokens.kind)) };
    }
    const edit = editOf(base.tokens);
    const problems = (await this.options.validate?.(file.view, text)) ?? [];
    // An edit of what the document shows read-only (fields the service owns, a locked identity
    // the spec states) is not sent: said at its line, the rest goes.
    problems.push(...(edit.readOnlyEdits?.(text, base) ?? []));
    if (problems.some(isError)) {
      this.log.debug(`[Files] Not saving ${describe(file)}: ${problems.filter(isError).length} local problem(s).`);
      return { status: 'invalid', problems };
    }
    const warnings = problems;
    let body: unknown;
    try {
      body = edit.body(text);
    } catch (e) {
      if (e instanceof DocumentParseError)
        return {
          status: 'invalid',
          problems: [{ message: e.message, line: e.line, column: e.column, severity: 'error', source: 'local' }, ...warnings],
        };
      throw e;
    }
    try {
      if (edit.checksBeforeSend) {
        // No expected token: a change since the document was read stands in for the server's conflict answer.
        const latest = await this.reader.snapshot(file);
        if (latest.tokens.kind === base.tokens.kind && changedSince(edit, base, latest)) {
          this.log.debug(`[Files] ${describe(file)} changed on the service (${latest.label}); not saving.`);
          return { status: 'conflict', conflict: { file, uri: request.uri, base, latest, mine: text } };
        }
      }
      this.log.debug(`[Files] Saving ${describe(file)} based on ${base.label}.`);
      const snapshot = await this.send(request, edit, body);
      this.log.debug(`[Files] Saved ${describe(file)}: now ${snapshot.label}.`);
      return { status: 'saved', snapshot, confirmedBy: 'answer', warnings };
    } catch (error) {
      return this.settleFailure(request, body, error, warnings);
    }
  }

  /** The one request, and the snapshot the text is based on afterwards. */
  private send(request: SaveRequest, edit: EditBehaviour<AnyTokens>, body: unknown): Promise<ServerSnapshot> {
    const client = this.client();
    const save = {
      client,
      revision: (resourceId: string, revisionId: string) => client.getRevision(resourceId, revisionId),
      file: request.file,
      text: request.text,
      baseText: request.base.text,
      ...(request.leaveOut ? { leaveOut: request.leaveOut } : {}),
      debug: (message: string) => this.log.debug(message),
    };
    return edit.send(save, request.base.tokens, body);
  }

  private async settleFailure(request: SaveRequest, body: unknown, error: unknown, warnings: TextProblem[]): Promise<SaveResult> {
    const { file, text, base } = request;
    if (!(error instanceof ApiError)) {
      this.log.error(`[Files] Saving ${describe(file)} failed: ${error instanceof Error ? error.message : String(error)}`);
      return { status: 'failed', error };
    }
    if (error.kind === 'conflict') {
      try {
        const latest = await this.reader.snapshot(file);
        this.log.debug(`[Files] ${describe(file)} changed on the service (${latest.label}); the save based on ${base.label} was refused.`);
        return { status: 'conflict', conflict: { file, uri: request.uri, base, latest, mine: text } };
      } catch (readError) {
        this.log.error(`[Files] Saving ${describe(file)} met a conflict, and reading the current state failed: ${String(readError)}`);
        return { status: 'failed', error };
      }
    }
    // The service is the judge: any refusal that says where (400 or 422, our error body or
    // problem+json) is shown at that place, beside the local warnings.
    if (error.kind === 'validation') {
      const edit = editOf(base.tokens);
      const problem = serviceProblem(edit, text, error, edit.changedOptionalFields?.(base.text, body));
      if (problem) return { status: 'invalid', problems: [problem, ...warnings] };
      // A refusal that names nothing, of a replace that held optional fields: maybe the service does
      // not take them. Leaving them out could clear them, so the user decides; nothing is dropped here.
      const unkept = (!error.bodyFields?.length && edit.optionalFieldsSent?.(this.client(), body)) || [];
      if (unkept.length) {
        this.log.error(`[Files] Saving ${describe(file)} was refused without a field named; optional fields sent: ${unkept.join(', ')}.`);
        return { status: 'failed', error, unkept };
      }
    }
    if (error.maybeApplied) return this.settleMaybeApplied(request, body, error, warnings);
    this.log.error(`[Files] Saving ${describe(file)} failed: ${error.kind}: ${error.message}`);
    return { status: 'failed', error };
  }

  /** The answer was lost after the PUT was sent: whether it was stored is read, not guessed. */
  private async settleMaybeApplied(request: SaveRequest, body: unknown, error: ApiError, warnings: TextProblem[]): Promise<SaveResult> {
    const { file, text } = request;
    this.log.error(
      `[Files] Saving ${describe(file)} may or may not have reached the service (${error.kind}: ${error.message}); reading it back.`,
    );
    let latest: ServerSnapshot;
    try {
      latest = await this.reader.snapshot(file);
    } catch (readError) {
      this.log.error(
        `[Files] Reading ${describe(file)} back failed too: ${readError instanceof Error ? readError.message : String(readError)}`,
      );
      return { status: 'failed', error };
    }
    if (editOf(request.base.tokens).holdsText(latest, text, body)) {
      this.log.debug(`[Files] The service holds the saved text of ${describe(file)} (${latest.label}): the save is done.`);
      return { status: 'saved', snapshot: { ...latest, text }, confirmedBy: 'readBack', warnings };
    }
    this.log.error(`[Files] The service does not hold the text of ${describe(file)}: the save did not happen.`);
    return { status: 'failed', error };
  }
}

/**
 * A refusal as a problem at its place in the text, when the service names the place; of several
 * named body fields, at the first one the user changed (`changed`), the likely cause.
 */
function serviceProblem(
  edit: EditBehaviour<AnyTokens>,
  text: string,
  error: ApiError,
  changed: readonly string[] = [],
): TextProblem | undefined {
  const mine = error.bodyFields?.find((f) => changed.includes(f));
  if (mine) {
    const at = locatePointer(text, `/${mine}`);
    if (at) return { message: error.message, ...at, severity: 'error', source: 'service' };
  }
  if (error.position) return { message: error.message, ...placeInText(text, error.position), severity: 'error', source: 'service' };
  if (error.pointer && edit.documentPointer) {
    const at = locatePointer(text, edit.documentPointer(error.pointer));
    if (at) return { message: error.message, ...at, severity: 'error', source: 'service' };
  }
  return undefined;
}

/**
 * The service's place kept inside the text it refused: a line past the last is the last line, a
 * column past a line's end is just after its last character (where VS Code would put it too), so
 * the CLI, the agent tools and the editor name one place that exists.
 */
function placeInText(text: string, at: { line: number; column: number }): { line: number; column: number } {
  const lines = text.split(/\r\n|\r|\n/);
  const line = Math.min(at.line, lines.length);
  return { line, column: Math.min(at.column, lines[line - 1]!.length + 1) };
}

/**
 * Whether the service's state moved from the one the text is based on: other tokens, or, where the
 * service gave none (both missing match), other editable fields (the kind's request body of each
 * text), since a PUT without a token would clear a colleague's change without a word.
 */
export function changedSince(edit: EditBehaviour<AnyTokens>, base: ServerSnapshot, latest: ServerSnapshot): boolean {
  if (edit.tokensKey(latest.tokens) !== edit.tokensKey(base.tokens)) return true;
  if (!edit.tokenMissing?.(latest.tokens) && !edit.tokenMissing?.(base.tokens)) return false;
  try {
    return !sameJson(edit.body(latest.text), edit.body(base.text));
  } catch {
    // A text that is no body cannot be compared: it counts as changed.
    return true;
  }
}

/** Whether the server's state is the user's text (read back after a lost answer). */
export function holdsText(view: FileView, latest: ServerSnapshot, text: string, body: unknown): boolean {
  return editOfView(view)?.holdsText(latest, text, body) ?? false;
}
