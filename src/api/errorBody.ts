// Reading error bodies we do not control. Pure functions: tested on realistic and hostile bodies.
import type { ConflictState, SourcePosition } from './errors';
import { schemas } from './lazySchemas';
import { revisionRef } from './requestBodies';
import { isRecord } from '../util/isRecord';

export interface ErrorBodyFacts {
  message?: string;
  code?: string;
  position?: SourcePosition;
  pointer?: string;
  /** The top-level body fields the refusal names, each once (see `namedBodyFields`). */
  bodyFields?: string[];
  permission?: string;
  conflict?: ConflictState;
}

const MAX_MESSAGE = 500;

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function clip(s: string): string {
  const oneLine = s.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE)}…` : oneLine;
}

/** A line or column: a whole number from 1 that a double holds exactly (1e300 is a whole number too). */
function positiveInt(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined;
}

function findPosition(...sources: Record<string, unknown>[]): SourcePosition | undefined {
  for (const s of sources) {
    const nested = isRecord(s.position) ? s.position : isRecord(s.loc) ? s.loc : s;
    const line = positiveInt(nested.line);
    const column = positiveInt(nested.column) ?? (line ? 1 : undefined);
    if (line && column) return { line, column };
  }
  return undefined;
}

function findConflict(details: Record<string, unknown>): ConflictState | undefined {
  const current = isRecord(details.current) ? details.current : undefined;
  if (!current) return undefined;
  const state: ConflictState = {};
  // Tokens are sent back: bare revision references, whatever else the body carried.
  const revision = schemas().RevisionRef.safeParse(current.revision);
  if (revision.success) state.revision = revisionRef(revision.data);
  if (typeof current.dataRunId === 'string') state.dataRunId = current.dataRunId;
  if (current.draft === null) state.draft = null;
  else {
    const draft = schemas().RevisionRef.safeParse(current.draft);
    if (draft.success) state.draft = revisionRef(draft.data);
  }
  return Object.keys(state).length ? state : undefined;
}

/**
 * The first entry of a problem+json (RFC 9457) `errors` extension, the usual carrier of validation
 * details: `{detail, pointer}` or `{detail, line, column}`; and how many entries there are.
 */
function firstProblemEntry(top: Record<string, unknown>): { entry: Record<string, unknown>; count: number } | undefined {
  const errors = Array.isArray(top.errors) ? top.errors.filter(isRecord) : [];
  return errors[0] ? { entry: errors[0], count: errors.length } : undefined;
}

/**
 * A top-level field of a request body named by a JSON pointer (`/unit`, `#/unit`) or by its name
 * (`unit`); a pointer into a nested value names no top-level field.
 */
function topLevelField(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim().replace(/^#/, '');
  if (!s) return undefined;
  if (!s.startsWith('/')) return /^[A-Za-z_$][\w$-]*$/.test(s) ? s : undefined;
  const rest = s.slice(1);
  if (rest === '' || rest.includes('/')) return undefined;
  return rest.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Every top-level body field a refusal names: our `details.unknownFields` (pointers), a `fields`
 * list, `details.path`/`pointer`/`field`, and problem+json `errors[].pointer`/`path`/`field`.
 */
function namedBodyFields(details: Record<string, unknown>, top: Record<string, unknown>): string[] {
  const names: unknown[] = [];
  for (const list of [details.unknownFields, details.fields, top.unknownFields]) if (Array.isArray(list)) names.push(...list);
  names.push(details.path, details.pointer, details.field);
  const errors = Array.isArray(top.errors) ? top.errors.filter(isRecord) : [];
  for (const entry of errors) names.push(entry.pointer ?? entry.path ?? entry.field);
  return [...new Set(names.map(topLevelField).filter((f): f is string => f !== undefined))];
}

/** Whatever a body tells about an error: `{error:{message}}`, `{message}`, problem+json, or text. */
export function readErrorBody(bodyText: string, contentType: string | undefined): ErrorBodyFacts {
  const trimmed = bodyText.trim();
  if (!trimmed) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    if (/html/i.test(contentType ?? '') || /^<(!doctype|html)/i.test(trimmed)) {
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1];
      return title?.trim() ? { message: clip(title) } : {};
    }
    return { message: clip(trimmed) };
  }
  if (!isRecord(parsed)) return typeof parsed === 'string' && parsed.trim() ? { message: clip(parsed) } : {};

  const error = isRecord(parsed.error) ? parsed.error : undefined;
  const top = parsed;
  const details = isRecord(error?.details) ? error.details : isRecord(top.details) ? top.details : {};
  const problem = error ? undefined : firstProblemEntry(top);
  // A located problem+json entry says what is wrong there; the top-level detail is often generic.
  const entryMessage = problem && (text(problem.entry.detail) ?? text(problem.entry.message));
  const message =
    text(error?.message) ??
    (entryMessage && (problem!.count > 1 ? `${entryMessage.replace(/\.$/, '')} (and ${problem!.count - 1} more).` : entryMessage)) ??
    (typeof parsed.error === 'string' ? text(parsed.error) : undefined) ??
    text(top.message) ??
    text(top.detail) ??
    text(top.title) ??
    text(top.error_description);
  const code = text(error?.code) ?? text(top.code) ?? (typeof top.type === 'string' && top.type !== 'about:blank' ? top.type : undefined);
  const facts: ErrorBodyFacts = {};
  if (message) facts.message = clip(message);
  if (code) facts.code = code;
  const position = findPosition(details, error ?? {}, problem?.entry ?? {}, top);
  if (position) facts.position = position;
  const pointer = text(details.path) ?? text(details.pointer) ?? text(problem?.entry.pointer) ?? text(problem?.entry.path);
  if (pointer) facts.pointer = pointer;
  const bodyFields = namedBodyFields(details, top);
  if (bodyFields.length) facts.bodyFields = bodyFields;
  const permission = text(details.permission) ?? text(error?.permission);
  if (permission) facts.permission = permission;
  const conflict = findConflict(details);
  if (conflict) facts.conflict = conflict;
  return facts;
}

/** Milliseconds to wait from a Retry-After header (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    // A wait whose milliseconds a double does not hold exactly ("Retry-After: 6000…0") says nothing usable.
    const ms = Math.round(Number(trimmed) * 1000);
    return Number.isSafeInteger(ms) ? ms : undefined;
  }
  // An HTTP date starts with its day's name (RFC 9110 §5.6.7); Date.parse also reads "-1" or "+5" as dates.
  if (!/^[A-Za-z]/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
