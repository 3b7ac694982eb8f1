// One guarded save: the user's text and the snapshot it is based on in, a SaveResult out. One PUT
// per call, never repeated; a PUT whose answer was lost is settled by reading the resource again,
// never by sending it twice. (A fact replace that the service refused for optional fields it does
// not take is sent once more without them: the refused one stored nothing.) vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError, type ServiceClient } from '../api';
import { definitionBody, factBody } from '../api/requestBodies';
import { FACT_BODY_FIELDS, FACT_OPTIONAL_FIELDS } from '../api/schemaConstants';
import type { DatabaseDefinition, FactReplaceBody } from '../api/schemas';
import { factBodyFromText, readOnlyEdits } from './factDocument';
import { appEditFromText, writeSyncEditFromText, type AppEdit, type WriteSyncEdit } from './recordDocuments';
import { lockedIdentityEdits } from './writeSyncIdentity';
import { locatePointer } from './jsonPointerLocation';
import { factLabel, type ResourceReader } from './resourceReader';
import type { FileView, ResourceFile } from './resourcePath';
import { isError, type SaveResult, type SaveTokens, type ServerSnapshot, type TextProblem } from './saveTypes';
import { DocumentParseError, parseJsonDocument, sameJson } from './serialize';

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
    const problems = (await this.options.validate?.(file.view, text)) ?? [];
    // An edit of what the document shows read-only is not sent: said at its line, the rest goes.
    if (file.view === 'fact' || file.view === 'writeSync' || file.view === 'app') problems.push(...readOnlyEdits(text, base.text));
    // The spec states the identity lock: a change to a locked field is refused here, nothing sent.
    if (base.tokens.kind === 'writeSync' && base.tokens.identityLocked) problems.push(...lockedIdentityEdits(text, base.text));
    if (problems.some(isError)) {
      this.log.debug(`[Files] Not saving ${describe(file)}: ${problems.filter(isError).length} local problem(s).`);
      return { status: 'invalid', problems };
    }
    const warnings = problems;
    let body: unknown;
    try {
      body = requestBody(file.view, text);
    } catch (e) {
      if (e instanceof DocumentParseError)
        return {
          status: 'invalid',
          problems: [{ message: e.message, line: e.line, column: e.column, severity: 'error', source: 'local' }, ...warnings],
        };
      throw e;
    }
    try {
      if (file.view === 'fact') {
        // Facts carry no expected token (spec §4.4): a changed `updatedAt` since the document was
        // read stands in for the server's conflict answer. A change in the instant between this
        // read and the PUT is not detectable through the spec's interface.
        const latest = await this.reader.snapshot(file);
        if (latest.tokens.kind === 'fact' && base.tokens.kind === 'fact' && latest.tokens.updatedAt !== base.tokens.updatedAt) {
          this.log.debug(`[Files] ${describe(file)} changed on the service (${latest.label}); not saving.`);
          return { status: 'conflict', conflict: { file, uri: request.uri, base, latest, mine: text } };
        }
      }
      this.log.debug(`[Files] Saving ${describe(file)} based on ${base.label}.`);
      const snapshot = await this.send(request, body);
      this.log.debug(`[Files] Saved ${describe(file)}: now ${snapshot.label}.`);
      return { status: 'saved', snapshot, confirmedBy: 'answer', warnings };
    } catch (error) {
      return this.settleFailure(request, body, error, warnings);
    }
  }

  /** The one PUT, and the snapshot the text is based on afterwards. */
  private async send(request: SaveRequest, body: unknown): Promise<ServerSnapshot> {
    const { file, text } = request;
    const tokens: SaveTokens = request.base.tokens;
    const client = this.client();
    switch (tokens.kind) {
      case 'dashboard': {
        const saved = await client.replaceDashboardSource(file.id, {
          source: text,
          expectedRevision: tokens.expectedRevision,
          expectedDataRunId: tokens.expectedDataRunId,
        });
        return {
          text,
          tokens: {
            kind: 'dashboard',
            expectedRevision: { revisionId: saved.revision.revisionId, sequence: saved.revision.sequence },
            expectedDataRunId: saved.dataRunId,
          },
          label: l10n.t('revision {0}', saved.revision.sequence),
          revision: { resourceId: saved.resourceId, revisionId: saved.revision.revisionId },
        };
      }
      case 'database': {
        const { revisionId } = await client.saveDatabaseDefinition(file.id, {
          expectedDraft: tokens.expectedDraft,
          definition: body as DatabaseDefinition,
        });
        const draft = await this.draftAfterSave(file.id, revisionId, tokens.expectedDraft?.sequence ?? 0);
        return {
          text,
          tokens: { kind: 'database', expectedDraft: draft },
          label: l10n.t('revision {0}', draft.sequence),
          revision: { resourceId: file.id, revisionId },
        };
      }
      case 'fact': {
        const fact = await client.replaceFact(file.id, body as FactReplaceBody, {
          unchanged: unchangedFactFields(request.base.text, body as FactReplaceBody),
          ...(request.leaveOut ? { leaveOut: request.leaveOut } : {}),
          onLeftOut: (fields, why) => this.log.debug(`[Files] ${describe(file)}: ${LEFT_OUT[why]}: ${fields.join(', ')}.`),
        });
        return { text, tokens: { kind: 'fact', updatedAt: fact.updatedAt }, label: factLabel(fact.updatedAt) };
      }
      case 'writeSync': {
        const ws = await client.updateWriteSync(file.id, { expectedVersion: tokens.expectedVersion, ...(body as WriteSyncEdit) });
        return {
          text,
          tokens: { kind: 'writeSync', expectedVersion: ws.version, identityLocked: ws.identityLocked },
          label: l10n.t('version {0}', ws.version),
        };
      }
      case 'app': {
        const app = await client.updateApp(file.id, { expectedDraft: tokens.expectedDraft, ...(body as AppEdit) });
        const draft = { revisionId: app.draft.revisionId, sequence: app.draft.sequence };
        return {
          text,
          tokens: { kind: 'app', expectedDraft: draft },
          label: l10n.t('revision {0}', draft.sequence),
          revision: { resourceId: app.id, revisionId: draft.revisionId },
        };
      }
    }
  }

  /**
   * The save answers only the new revision's id; its sequence comes from the history. Should
   * someone have saved after us already, the next save meets a conflict either way.
   */
  private async draftAfterSave(databaseId: string, revisionId: string, expectedSequence: number) {
    const guess = { revisionId, sequence: expectedSequence + 1 };
    try {
      const history = await this.client().revisionState(databaseId);
      return history.draft.revisionId === revisionId ? { revisionId, sequence: history.draft.sequence } : guess;
    } catch (e) {
      this.log.debug(`[Files] Could not read the history of ${databaseId} after saving: ${e instanceof Error ? e.message : String(e)}`);
      return guess;
    }
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
      const problem = serviceProblem(file.view, text, error, file.view === 'fact' ? changedFactFields(base.text, body) : undefined);
      if (problem) return { status: 'invalid', problems: [problem, ...warnings] };
      // A refusal that names nothing, of a replace that held optional fields: maybe the service does
      // not take them. Leaving them out could clear them, so the user decides; nothing is dropped here.
      const unkept = file.view === 'fact' && !error.bodyFields?.length ? this.optionalFieldsSent(body) : [];
      if (unkept.length) {
        this.log.error(`[Files] Saving ${describe(file)} was refused without a field named; optional fields sent: ${unkept.join(', ')}.`);
        return { status: 'failed', error, unkept };
      }
    }
    if (error.maybeApplied) return this.settleMaybeApplied(request, body, error, warnings);
    this.log.error(`[Files] Saving ${describe(file)} failed: ${error.kind}: ${error.message}`);
    return { status: 'failed', error };
  }

  /** The optional fields a fact body held that the client did not leave out: the ones it sent. */
  private optionalFieldsSent(body: unknown): string[] {
    const leftOut = new Set(this.client().factFieldsLeftOut());
    const sent = body as Record<string, unknown>;
    return FACT_OPTIONAL_FIELDS.filter((f) => sent[f] !== undefined && !leftOut.has(f));
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
    if (holdsText(file.view, latest, text, body)) {
      this.log.debug(`[Files] The service holds the saved text of ${describe(file)} (${latest.label}): the save is done.`);
      return { status: 'saved', snapshot: { ...latest, text }, confirmedBy: 'readBack', warnings };
    }
    this.log.error(`[Files] The service does not hold the text of ${describe(file)}: the save did not happen.`);
    return { status: 'failed', error };
  }
}

const LEFT_OUT = {
  refused: l10n.t('the service refused optional fields it does not take; sent again without them, and left out of later saves'),
  remembered: l10n.t('left out, as this service does not take them'),
  chosen: l10n.t('left out, as chosen'),
} as const;

/** The optional fields of a fact body whose value is the one in the text the save is based on. */
function unchangedFactFields(baseText: string, body: FactReplaceBody): Set<string> {
  let base: Record<string, unknown>;
  try {
    base = factBodyFromText(baseText) as Record<string, unknown>;
  } catch {
    return new Set();
  }
  return new Set(FACT_OPTIONAL_FIELDS.filter((f) => Object.hasOwn(base, f) && sameJson(base[f], body[f])));
}

/** The request body the text becomes (dashboards send the text itself). */
function requestBody(view: FileView, text: string): unknown {
  switch (view) {
    case 'dashboard':
      return text;
    case 'database': {
      const doc = parseJsonDocument(text);
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
        throw new DocumentParseError(l10n.t('A database definition must be a JSON object with a "tables" array.'), 1, 1);
      // Only the spec's request shape; keys it does not name stay in the document, unsent.
      return definitionBody(doc);
    }
    case 'fact':
      return factBodyFromText(text);
    case 'writeSync':
      return writeSyncEditFromText(text);
    case 'app':
      return appEditFromText(text);
    default:
      throw new Error(l10n.t('{0} files are read-only.', view));
  }
}

/** The optional fields of a fact body the user changed from the text the save is based on. */
function changedFactFields(baseText: string, body: unknown): string[] {
  const sent = body as FactReplaceBody;
  const unchanged = unchangedFactFields(baseText, sent);
  return FACT_OPTIONAL_FIELDS.filter((f) => sent[f] !== undefined && !unchanged.has(f));
}

/**
 * A refusal as a problem at its place in the text, when the service names the place; of several
 * named body fields, at the first one the user changed (`changed`), the likely cause.
 */
function serviceProblem(view: FileView, text: string, error: ApiError, changed: readonly string[] = []): TextProblem | undefined {
  const mine = error.bodyFields?.find((f) => changed.includes(f));
  if (mine) {
    const at = locatePointer(text, `/${mine}`);
    if (at) return { message: error.message, ...at, severity: 'error', source: 'service' };
  }
  if (error.position)
    return { message: error.message, line: error.position.line, column: error.position.column, severity: 'error', source: 'service' };
  if (error.pointer && (view === 'database' || view === 'fact' || view === 'writeSync' || view === 'app')) {
    // Database pointers name the request body (`/definition/tables/0/name`); the document is the definition.
    const pointer = view === 'database' ? error.pointer.replace(/^\/definition(?=\/|$)/, '') : error.pointer;
    const at = locatePointer(text, pointer);
    if (at) return { message: error.message, ...at, severity: 'error', source: 'service' };
  }
  return undefined;
}

/** Whether the server's state is the user's text (read back after a lost answer). */
export function holdsText(view: FileView, latest: ServerSnapshot, text: string, body: unknown): boolean {
  switch (view) {
    case 'dashboard':
      return latest.text === text;
    case 'database':
      // What was sent against the same shape of what the service holds (it may add its own keys).
      return sameJson(definitionBody(JSON.parse(latest.text)).tables, (body as { tables?: unknown }).tables);
    case 'fact': {
      const server = factBody(JSON.parse(latest.text) as Record<string, unknown>) as Record<string, unknown>;
      const sent = body as Record<string, unknown>;
      // A service clears an omitted string to "" or null; one that does not take an optional field
      // neither stores nor returns it: that one is compared when the service holds it.
      const cleared = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
      const compared = [...FACT_BODY_FIELDS, ...FACT_OPTIONAL_FIELDS.filter((k) => Object.hasOwn(server, k))];
      return compared.every((k) => sameJson(cleared(server[k]), cleared(sent[k])));
    }
    // The editable part of what the service holds, in the request's shape, against what was sent.
    case 'writeSync':
      return sameJson(writeSyncEditFromText(latest.text), body);
    case 'app':
      return sameJson(appEditFromText(latest.text), body);
    default:
      return false;
  }
}
