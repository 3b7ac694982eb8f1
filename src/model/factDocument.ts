// A fact as the text of its document, and that text as a replace body again. Pure.
//
// The document holds the fact's documented editable fields (README, "fact editable fields") at its
// top level: those, and only those, are sent. Fields of the response that the spec does not list
// are shown under one key, "$readOnly", for reference: never sent, and an edit there is ignored
// with a warning at its line. The fields the service manages (id, key, type, timestamps…) stay out
// of the document; the explorer's tooltip shows them.
import { factBody } from '../api/requestBodies';
import { FACT_EDITABLE_FIELDS, FACT_SERVER_FIELDS } from '../api/schemaConstants';
import type { Fact, FactReplaceBody } from '../api/schemas';
import { locatePointer } from './jsonPointerLocation';
import type { TextProblem } from './saveTypes';
import { DocumentParseError, jsonText, parseJsonDocument, sameJson } from './serialize';

/** The key the document shows the response's unknown fields under. */
export const FACT_READ_ONLY_KEY = '$readOnly';

const KNOWN = new Set<string>([...FACT_EDITABLE_FIELDS, ...FACT_SERVER_FIELDS]);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The document of a fact: its editable fields in a stable order, then any unknown ones, read-only. */
export function factDocument(fact: Fact): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of FACT_EDITABLE_FIELDS) doc[field] = fact[field] ?? null;
  const unknown: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fact)) if (!KNOWN.has(field)) unknown[field] = value;
  if (Object.keys(unknown).length) doc[FACT_READ_ONLY_KEY] = unknown;
  return doc;
}

export function factText(fact: Fact): string {
  return jsonText(factDocument(fact));
}

/**
 * The replace body for a fact document: the documented editable fields it holds, nothing else. A
 * field the user deleted is omitted (and so cleared by the service).
 */
export function factBodyFromText(text: string): FactReplaceBody {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc)) throw new DocumentParseError('A fact document must be a JSON object.', 1, 1);
  return factBody(doc);
}

/**
 * Edits to the read-only part of a fact document, against the text it is based on: each is a
 * warning at its line, saying it is not sent. The save goes on with the editable fields.
 */
export function readOnlyEdits(text: string, baseText: string): TextProblem[] {
  let mine: unknown;
  let theirs: unknown;
  try {
    mine = (parseJsonDocument(text) as Record<string, unknown> | null)?.[FACT_READ_ONLY_KEY];
    theirs = (parseJsonDocument(baseText) as Record<string, unknown> | null)?.[FACT_READ_ONLY_KEY];
  } catch {
    return [];
  }
  if (sameJson(mine ?? {}, theirs ?? {})) return [];
  const warn = (pointer: string, what: string): TextProblem => {
    const at = locatePointer(text, pointer) ?? { line: 1, column: 1 };
    return {
      message: `${what} is read-only (a field of the service the spec does not list): your edit is not sent, and the service keeps its value.`,
      severity: 'warning',
      source: 'local',
      ...at,
    };
  };
  const root = `/${FACT_READ_ONLY_KEY.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (!isRecord(mine) || !isRecord(theirs)) return [warn(root, `"${FACT_READ_ONLY_KEY}"`)];
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys]
    .filter((k) => !sameJson(mine[k], theirs[k]))
    .map((k) => warn(k in mine ? `${root}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}` : root, `"${FACT_READ_ONLY_KEY}.${k}"`));
}
