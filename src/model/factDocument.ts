// A fact as the text of its document, and that text as a replace body again. Pure.
//
// The document holds the fact's documented editable fields (README, "fact editable fields") at its
// top level: those, and only those, are sent. Fields of the response that the spec does not list
// are shown under "$readOnly" (readOnlyGroup.ts) for reference. The fields the service manages (id,
// key, type, timestamps…) stay out of the document; the explorer's tooltip shows them.
import { factBody } from '../api/requestBodies';
import { FACT_EDITABLE_FIELDS, FACT_SERVER_FIELDS } from '../api/schemaConstants';
import type { Fact, FactReplaceBody } from '../api/schemas';
import { isRecord, READ_ONLY_KEY, recordDocument } from './readOnlyGroup';
import { DocumentParseError, jsonText, parseJsonDocument } from './serialize';

export { readOnlyEdits } from './readOnlyGroup';

/** The key the document shows the response's unknown fields under. */
export const FACT_READ_ONLY_KEY = READ_ONLY_KEY;

const FIELDS = { editable: FACT_EDITABLE_FIELDS, shown: [], hidden: FACT_SERVER_FIELDS };

/** The document of a fact: its editable fields in a stable order, then any unknown ones, read-only. */
export function factDocument(fact: Fact): Record<string, unknown> {
  return recordDocument(fact, FIELDS);
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
