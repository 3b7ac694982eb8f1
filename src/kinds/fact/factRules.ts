// What is checked in a fact document before it replaces the fact. Errors, which refuse the save,
// only where the spec states a type (§2, §4.4: name, type, definition, formula and formulaType are
// strings; null, which a service may answer for one it cleared, goes back as it came). Everything else is shown and left to the service: a
// missing or empty name (required-ness is not shown), a formulaType outside the extension's list,
// and keys that are not sent (neither a documented editable field nor the "$readOnly" group).
// vscode-free.
import * as l10n from '@vscode/l10n';
import { FACT_EDITABLE_FIELDS, FACT_SERVER_FIELDS, KNOWN_FORMULA_TYPES } from '../../api/schemaConstants';
import { FACT_READ_ONLY_KEY } from './factDocument';
import { isRecord } from '../../util/isRecord';
import type { TextProblem } from '../../util/textProblem';
import { isProblem, keyAt, missingAt, parseJson, problemAt } from '../contract/jsonLocation';

/** Fields the spec types as strings, of any value (the service judges); null is accepted too. */
const STRING_FIELDS = ['type', 'definition', 'formula', 'formulaType'] as const;
const EDITABLE: readonly string[] = FACT_EDITABLE_FIELDS;
const SERVER: readonly string[] = FACT_SERVER_FIELDS;
const FORMULA_TYPES: readonly string[] = KNOWN_FORMULA_TYPES;

export function factProblems(text: string): TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  const { value } = doc;
  if (!isRecord(value)) return [problemAt(doc, [], l10n.t('A fact document is a JSON object of the fact’s fields.'))];
  const problems: TextProblem[] = [];
  if (!('name' in value))
    problems.push(missingAt(doc, [], l10n.t('This fact has no "name": the service will probably refuse it.'), 'warning'));
  else if (typeof value.name !== 'string') problems.push(problemAt(doc, ['name'], l10n.t('"name" must be a string.')));
  else if (value.name.trim() === '')
    problems.push(problemAt(doc, ['name'], l10n.t('An empty "name": the service will probably refuse it.'), 'warning'));
  for (const field of STRING_FIELDS) {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== 'string')
      problems.push(problemAt(doc, [field], l10n.t('"{0}" must be a string.', field)));
  }
  const formulaType = value.formulaType;
  if (typeof formulaType === 'string' && formulaType !== '' && !FORMULA_TYPES.includes(formulaType)) {
    problems.push(
      problemAt(
        doc,
        ['formulaType'],
        l10n.t(
          'formulaType {0} is not one the extension knows ({1}); it is sent as it is and the service decides.',
          JSON.stringify(formulaType),
          FORMULA_TYPES.join(', '),
        ),
        'info',
      ),
    );
  }
  for (const key of Object.keys(value)) {
    if (EDITABLE.includes(key) || key === FACT_READ_ONLY_KEY) continue;
    const why = SERVER.includes(key) ? l10n.t('is managed by the service') : l10n.t('is not an editable field of a fact');
    problems.push(
      keyAt(
        doc,
        [key],
        l10n.t('"{0}" {1}, so it is not sent and your value is ignored. Sent: {2}.', key, why, EDITABLE.join(', ')),
        'warning',
      ),
    );
  }
  return problems;
}
