// A fact as the text of its document, and that text as a replace body again. Pure.
//
// The document holds, at its top level, the four body fields spec §4.4 names and every other field
// of the spec's fact table the service returned and does not plainly manage, `type` included
// (README, "fact replacement"): those, and only those, are sent, so that a replace keeps what the
// user did not change. Fields of the response that the spec does not list are shown under
// "$readOnly" (contract/readOnlyGroup.ts) for reference. The fields the service manages (id, key, ownerId,
// timestamps…) stay out of the document; the explorer's tooltip shows them.
import * as l10n from '@vscode/l10n';
import { factBody } from '../../api/requestBodies';
import { FACT_BODY_FIELDS, FACT_EDITABLE_FIELDS, FACT_OPTIONAL_FIELDS, FACT_SERVER_FIELDS } from '../../api/schemaConstants';
import type { Fact, FactReplaceBody } from '../../api/schemas';
import { READ_ONLY_KEY, recordDocument } from '../contract/readOnlyGroup';
import { DocumentParseError, jsonText, parseJsonDocument } from '../contract/jsonDocument';
import { isRecord } from '../../util/isRecord';

/** The key the document shows the response's unknown fields under. */
export const FACT_READ_ONLY_KEY = READ_ONLY_KEY;

/**
 * The document of a fact: the body fields, the other fields of the spec's table it holds (a field
 * the service did not return is not sent either), in a stable order; then any unknown ones, read-only.
 */
export function factDocument(fact: Fact): Record<string, unknown> {
  const held = FACT_OPTIONAL_FIELDS.filter((f) => fact[f] !== undefined);
  // Listed as hidden, the optional fields it lacks are not taken for unknown ones.
  return recordDocument(fact, {
    editable: [...FACT_BODY_FIELDS, ...held],
    shown: [],
    hidden: [...FACT_SERVER_FIELDS, ...FACT_EDITABLE_FIELDS],
  });
}

export function factText(fact: Fact): string {
  return jsonText(factDocument(fact));
}

/**
 * The replace body for a fact document: the fields of the spec's table it holds, nothing else. A
 * field the user deleted is omitted (and so cleared by a service that takes it).
 */
export function factBodyFromText(text: string): FactReplaceBody {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc)) throw new DocumentParseError(l10n.t('A fact document must be a JSON object.'), 1, 1);
  return factBody(doc);
}
