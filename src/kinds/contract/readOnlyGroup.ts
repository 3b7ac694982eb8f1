// A resource as the JSON text of its document: the fields a save sends first, then one group,
// "$readOnly", of what the service sets (ids, timestamps, tokens) and of any field of the response
// the spec does not list. That group is there to be read: never sent, and an edit of it is a
// warning at its line. Facts, write syncs and apps share it. Pure.
import * as l10n from '@vscode/l10n';
import { locatePointer } from './jsonPointerLocation';
import { isRecord } from '../../util/isRecord';
import type { TextProblem } from '../../util/textProblem';
import { parseJsonDocument, sameJson } from './jsonDocument';

/** The key the document shows its read-only fields under. */
export const READ_ONLY_KEY = '$readOnly';

export interface DocumentFields {
  /** Sent on save, in this order at the top of the document. */
  readonly editable: readonly string[];
  /** Set by the service and shown under "$readOnly", in this order. */
  readonly shown: readonly string[];
  /** Set by the service and left out of the document (the explorer's tooltip shows them). */
  readonly hidden?: readonly string[];
}

// What every save changes (the version or draft, the deployment, `updatedAt`) is left out of the
// text: shown there it would be stale after each save, or need a reload that races the user's next
// keystrokes (VS Code then refuses the next save as "modified since"). The explorer's item, its
// tooltip and the status bar show those; the text shows what stays.
const VOLATILE = new Set<string>(['version', 'updatedAt', 'draft', 'deployment']);

/**
 * The fields of a record kind's document (a write sync, an app): its editable fields, then what the
 * service sets under "$readOnly", except what every save changes; `hidden`: more that stays out.
 */
export function recordFields(editable: readonly string[], server: readonly string[], hidden: readonly string[] = []): DocumentFields {
  return { editable, shown: server.filter((f) => !VOLATILE.has(f)), hidden: [...hidden, ...server.filter((f) => VOLATILE.has(f))] };
}

/** The document of `record`: its editable fields, then "$readOnly" with the shown and unknown ones. */
export function recordDocument(record: Record<string, unknown>, fields: DocumentFields): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of fields.editable) doc[field] = record[field] ?? null;
  const known = new Set([...fields.editable, ...fields.shown, ...(fields.hidden ?? [])]);
  const readOnly: Record<string, unknown> = {};
  for (const field of fields.shown) if (Object.hasOwn(record, field)) readOnly[field] = record[field];
  for (const [field, value] of Object.entries(record)) if (!known.has(field)) readOnly[field] = value;
  if (Object.keys(readOnly).length) doc[READ_ONLY_KEY] = readOnly;
  return doc;
}

/** The "$readOnly" group of a document's text, or undefined (also when the text is not JSON). */
function groupOf(text: string): unknown {
  const doc = parseJsonDocument(text);
  return isRecord(doc) ? doc[READ_ONLY_KEY] : undefined;
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Edits to the read-only group of a document, against the text it is based on: each is a warning
 * at its line, saying it is not sent. The save goes on with the editable fields.
 */
export function readOnlyEdits(text: string, baseText: string): TextProblem[] {
  let mine: unknown;
  let theirs: unknown;
  try {
    mine = groupOf(text);
    theirs = groupOf(baseText);
  } catch {
    return [];
  }
  if (sameJson(mine ?? {}, theirs ?? {})) return [];
  const warn = (pointer: string, what: string): TextProblem => {
    const at = locatePointer(text, pointer) ?? { line: 1, column: 1 };
    return {
      message: l10n.t('{0} is read-only (the service sets it): your edit is not sent, and the service keeps its value.', what),
      severity: 'warning',
      source: 'local',
      ...at,
    };
  };
  const root = `/${escape(READ_ONLY_KEY)}`;
  if (!isRecord(mine) || !isRecord(theirs)) return [warn(root, `"${READ_ONLY_KEY}"`)];
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys]
    .filter((k) => !sameJson(mine[k], theirs[k]))
    .map((k) => warn(k in mine ? `${root}/${escape(k)}` : root, `"${READ_ONLY_KEY}.${k}"`));
}
