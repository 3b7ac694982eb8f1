// Every request body the client sends, built from an explicit list of the fields the spec (or the
// README's documented choice for an open point) names for that request. Responses are parsed
// loosely and keep fields the spec does not list; none of those is ever echoed back: a revision
// reference is exactly {revisionId, sequence}, a definition holds only the request shape, a fact
// only the fields of the spec's fact table the service does not plainly manage. Pure.
import {
  APP_EDITABLE_FIELDS,
  DATABASE_COLUMN_FIELDS,
  DATABASE_DEFINITION_FIELDS,
  DATABASE_TABLE_FIELDS,
  FACT_BODY_FIELDS,
  FACT_EDITABLE_FIELDS,
  WRITE_SYNC_DEFINITION_FIELDS,
  WRITE_SYNC_EDITABLE_FIELDS,
  WRITE_SYNC_ENDPOINT_FIELDS,
  WRITE_SYNC_INPUT_FIELDS,
} from './schemaConstants';
import type { DatabaseDefinition, FactReplaceBody, RevisionRef } from './schemas';
import { isRecord } from '../util/isRecord';

/** `fields` of `source` that it holds, in the listed order; nothing else. */
function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(source, field) && source[field] !== undefined) out[field] = source[field];
  return out;
}

/** A revision reference as a token: exactly `{revisionId, sequence}`, whatever the response had. */
export function revisionRef(ref: RevisionRef): RevisionRef {
  return { revisionId: ref.revisionId, sequence: ref.sequence };
}

/**
 * The definition's request shape (spec §2): tables of {name, columns, primaryKey}, columns of
 * {name, type, nullable}. Values are kept as they are (the service judges them); only keys the
 * shape does not name are left out. A part that is not an object or array is kept as it is too.
 */
export function definitionBody(definition: unknown): DatabaseDefinition {
  if (!isRecord(definition)) return definition as DatabaseDefinition;
  const body = pick(definition, DATABASE_DEFINITION_FIELDS);
  if (Array.isArray(body.tables)) {
    body.tables = body.tables.map((table: unknown) => {
      if (!isRecord(table)) return table;
      const t = pick(table, DATABASE_TABLE_FIELDS);
      if (Array.isArray(t.columns)) t.columns = t.columns.map((c: unknown) => (isRecord(c) ? pick(c, DATABASE_COLUMN_FIELDS) : c));
      return t;
    });
  }
  return body as DatabaseDefinition;
}

/**
 * A fact replace body: the fields of the spec's fact table that `doc` holds and that the service
 * does not plainly manage, and nothing else. `leaveOut` names optional fields the service does not
 * take; the four body fields the spec names are always sent.
 */
export function factBody(doc: Record<string, unknown>, leaveOut: Iterable<string> = []): FactReplaceBody {
  const out = new Set(leaveOut);
  const fields = FACT_EDITABLE_FIELDS.filter((f) => !out.has(f) || (FACT_BODY_FIELDS as readonly string[]).includes(f));
  return pick(doc, fields) as FactReplaceBody;
}

export interface DashboardSourceBody {
  source: string;
  expectedRevision: RevisionRef;
  expectedDataRunId: string;
}

export function dashboardSourceBody(body: DashboardSourceBody): DashboardSourceBody {
  return { source: body.source, expectedRevision: revisionRef(body.expectedRevision), expectedDataRunId: body.expectedDataRunId };
}

export interface DatabaseDefinitionBody {
  expectedDraft: RevisionRef | null;
  definition: DatabaseDefinition;
}

export function databaseDefinitionBody(body: DatabaseDefinitionBody): DatabaseDefinitionBody {
  return { expectedDraft: body.expectedDraft ? revisionRef(body.expectedDraft) : null, definition: definitionBody(body.definition) };
}

// ---- Write sync and app updates.

/**
 * A write sync definition's request shape (spec §2): source and destination of {resourceId,
 * object, scope}, input of {type, operationId, revisionId, table}, keyColumn, and the `fields`
 * mapping as it is (its keys are the user's). Values are kept for the service to judge.
 */
export function writeSyncDefinitionBody(definition: unknown): unknown {
  if (!isRecord(definition)) return definition;
  const body = pick(definition, WRITE_SYNC_DEFINITION_FIELDS);
  for (const part of ['source', 'destination'] as const)
    if (isRecord(body[part])) body[part] = pick(body[part], WRITE_SYNC_ENDPOINT_FIELDS);
  // The spec shows the `operation` input's fields only; an input of another type is the user's, in
  // a shape the service knows and we do not: sent as it stands, so that a save does not clear it.
  // eslint-disable-next-line no-restricted-syntax -- the spec's input type, which happens to be spelt as a kind
  if (isRecord(body.input) && body.input.type === 'operation') body.input = pick(body.input, WRITE_SYNC_INPUT_FIELDS);
  return body;
}

export interface WriteSyncUpdateBody {
  expectedVersion: number;
  name?: unknown;
  definition?: unknown;
  isEnabled?: unknown;
  automaticEnabled?: unknown;
}

/** `{expectedVersion, name, definition, isEnabled, automaticEnabled}`, nothing else (README). */
export function writeSyncUpdateBody(body: WriteSyncUpdateBody): WriteSyncUpdateBody {
  const out = { expectedVersion: body.expectedVersion, ...pick(body as unknown as Record<string, unknown>, WRITE_SYNC_EDITABLE_FIELDS) };
  if ('definition' in out) out.definition = writeSyncDefinitionBody(out.definition);
  return out;
}

export interface AppUpdateBody {
  expectedDraft: RevisionRef;
  name?: unknown;
  description?: unknown;
}

/** `{expectedDraft, name, description}`: the draft as a bare reference (README). */
export function appUpdateBody(body: AppUpdateBody): AppUpdateBody {
  return { expectedDraft: revisionRef(body.expectedDraft), ...pick(body as unknown as Record<string, unknown>, APP_EDITABLE_FIELDS) };
}

// Publish and restore (README: the choices made).
export interface RevisionOperationBody {
  expectedVersion: string;
}

/** Exactly `{expectedVersion}`: the history's opaque version token as it was read. */
export function revisionOperationBody(body: RevisionOperationBody): RevisionOperationBody {
  return { expectedVersion: body.expectedVersion };
}
