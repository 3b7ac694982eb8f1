// What a fact document must hold before it replaces the fact: a JSON object with a non-empty name,
// and strings where the service keeps strings. vscode-free.
import type { TextProblem } from '../model/saveTypes';
import { isProblem, isRecord, missingAt, parseJson, problemAt } from './jsonLocation';

/** Fields the spec types as strings; null is accepted too (the replace clears them to ""). */
const STRING_FIELDS = ['definition', 'formula', 'formulaType'] as const;

export function factProblems(text: string): TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  const { value } = doc;
  if (!isRecord(value)) return [problemAt(doc, [], 'A fact document is a JSON object of the fact’s fields.')];
  const problems: TextProblem[] = [];
  if (!('name' in value)) problems.push(missingAt(doc, [], 'A fact needs a "name".'));
  else if (typeof value.name !== 'string' || value.name.trim() === '') problems.push(problemAt(doc, ['name'], 'A fact needs a non-empty "name".'));
  for (const field of STRING_FIELDS) {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== 'string') problems.push(problemAt(doc, [field], `"${field}" must be a string.`));
  }
  return problems;
}
