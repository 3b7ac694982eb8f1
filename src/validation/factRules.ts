// What is checked in a fact document before it replaces the fact. Errors, which refuse the save,
// only where the spec states a type (§2, §4.4: name, type, definition, formula and formulaType are
// strings; null, which a service may answer for one it cleared, goes back as it came). Everything else is shown and left to the service: a
// missing or empty name (required-ness is not shown), a formulaType outside the extension's list,
// and keys that are not sent (neither a documented editable field nor the "$readOnly" group).
// vscode-free.
import { FACT_EDITABLE_FIELDS, FACT_SERVER_FIELDS, KNOWN_FORMULA_TYPES } from '../api/schemaConstants';
import { FACT_READ_ONLY_KEY } from '../model/factDocument';
import type { TextProblem } from '../model/saveTypes';
import { isProblem, isRecord, keyAt, missingAt, parseJson, problemAt } from './jsonLocation';

/** Fields the spec types as strings, of any value (the service judges); null is accepted too. */
const STRING_FIELDS = ['type', 'definition', 'formula', 'formulaType'] as const;
const EDITABLE: readonly string[] = FACT_EDITABLE_FIELDS;
const SERVER: readonly string[] = FACT_SERVER_FIELDS;
const FORMULA_TYPES: readonly string[] = KNOWN_FORMULA_TYPES;

export function factProblems(text: string): TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  const { value } = doc;
  if (!isRecord(value)) return [problemAt(doc, [], 'A fact document is a JSON object of the fact’s fields.')];
  const problems: TextProblem[] = [];
  if (!('name' in value)) problems.push(missingAt(doc, [], 'This fact has no "name": the service will probably refuse it.', 'warning'));
  else if (typeof value.name !== 'string') problems.push(problemAt(doc, ['name'], '"name" must be a string.'));
  else if (value.name.trim() === '')
    problems.push(problemAt(doc, ['name'], 'An empty "name": the service will probably refuse it.', 'warning'));
  for (const field of STRING_FIELDS) {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== 'string') problems.push(problemAt(doc, [field], `"${field}" must be a string.`));
  }
  const formulaType = value.formulaType;
  if (typeof formulaType === 'string' && formulaType !== '' && !FORMULA_TYPES.includes(formulaType)) {
    problems.push(
      problemAt(
        doc,
        ['formulaType'],
        `formulaType ${JSON.stringify(formulaType)} is not one the extension knows (${FORMULA_TYPES.join(', ')}); it is sent as it is and the service decides.`,
        'info',
      ),
    );
  }
  for (const key of Object.keys(value)) {
    if (EDITABLE.includes(key) || key === FACT_READ_ONLY_KEY) continue;
    const why = SERVER.includes(key) ? 'is managed by the service' : 'is not an editable field of a fact';
    problems.push(
      keyAt(doc, [key], `"${key}" ${why}, so it is not sent and your value is ignored. Sent: ${EDITABLE.join(', ')}.`, 'warning'),
    );
  }
  return problems;
}
