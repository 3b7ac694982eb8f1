// The rules a managed database definition must meet before it is sent (the same rules the service
// and the emulator apply; see media/schemas/database-definition.schema.json for the editor's view).
// Every problem is reported, each at the node it is about. vscode-free.
import { DATABASE_COLUMN_TYPES } from '../api/schemaConstants';
import type { TextProblem } from '../model/saveTypes';
import { isProblem, isRecord, missingAt, parseJson, problemAt, type JsonDocument } from './jsonLocation';

const TYPES: readonly string[] = DATABASE_COLUMN_TYPES;

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function isName(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

export function databaseProblems(text: string): TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  const { value } = doc;
  if (!isRecord(value)) return [problemAt(doc, [], 'A database definition is a JSON object with a "tables" array.')];
  if (!('tables' in value)) return [missingAt(doc, [], 'The definition needs a "tables" array.')];
  if (!Array.isArray(value.tables)) return [problemAt(doc, ['tables'], '"tables" must be an array of tables.')];
  const problems: TextProblem[] = [];
  const tableNames = new Set<string>();
  value.tables.forEach((table, t) => tableProblems(doc, table, t, tableNames, problems));
  return problems;
}

function tableProblems(doc: JsonDocument, table: unknown, t: number, tableNames: Set<string>, problems: TextProblem[]): void {
  const at = ['tables', t];
  if (!isRecord(table)) {
    problems.push(problemAt(doc, at, 'A table must be an object with "name", "columns" and "primaryKey".'));
    return;
  }
  const name = table.name;
  const ref = isName(name) ? `table "${name}"` : `table ${t + 1}`;
  const label = capitalized(ref);
  if (!('name' in table)) problems.push(missingAt(doc, at, `${label} needs a "name".`));
  else if (!isName(name)) problems.push(problemAt(doc, [...at, 'name'], 'A table needs a non-empty name.'));
  else if (tableNames.has(name)) problems.push(problemAt(doc, [...at, 'name'], `Table name "${name}" is used twice.`));
  else tableNames.add(name);

  const columnNames = new Set<string>();
  if (!('columns' in table)) problems.push(missingAt(doc, at, `${label} needs a "columns" array.`));
  else if (!Array.isArray(table.columns)) problems.push(problemAt(doc, [...at, 'columns'], `"columns" of ${ref} must be an array.`));
  else if (table.columns.length === 0) problems.push(problemAt(doc, [...at, 'columns'], `${label} needs at least one column.`));
  else table.columns.forEach((column, c) => columnProblems(doc, column, [...at, 'columns', c], ref, columnNames, problems));

  if (!('primaryKey' in table)) {
    problems.push(missingAt(doc, at, `${label} needs a "primaryKey" array of column names.`));
  } else if (!Array.isArray(table.primaryKey)) {
    problems.push(problemAt(doc, [...at, 'primaryKey'], '"primaryKey" must be an array of column names.'));
  } else if (Array.isArray(table.columns)) {
    table.primaryKey.forEach((key, k) => {
      if (typeof key !== 'string') problems.push(problemAt(doc, [...at, 'primaryKey', k], 'A primary key entry must be a column name.'));
      else if (!columnNames.has(key)) problems.push(problemAt(doc, [...at, 'primaryKey', k], `Primary key column "${key}" is not a column of ${ref}.`));
    });
  }
}

function columnProblems(doc: JsonDocument, column: unknown, at: (string | number)[], /** "table \"orders\"" */ table: string, names: Set<string>, problems: TextProblem[]): void {
  if (!isRecord(column)) {
    problems.push(problemAt(doc, at, 'A column must be an object with "name", "type" and "nullable".'));
    return;
  }
  const name = column.name;
  const label = isName(name) ? `Column "${name}"` : 'A column';
  if (!('name' in column)) problems.push(missingAt(doc, at, `A column of ${table} needs a "name".`));
  else if (!isName(name)) problems.push(problemAt(doc, [...at, 'name'], `A column of ${table} needs a non-empty name.`));
  else if (names.has(name)) problems.push(problemAt(doc, [...at, 'name'], `Column "${name}" appears twice in ${table}.`));
  else names.add(name);

  if (!('type' in column)) problems.push(missingAt(doc, at, `${label} needs a "type": one of ${TYPES.join(', ')}.`));
  else if (typeof column.type !== 'string' || !TYPES.includes(column.type)) {
    problems.push(problemAt(doc, [...at, 'type'], `Unknown column type ${JSON.stringify(column.type)}; use one of ${TYPES.join(', ')}.`));
  }

  if (!('nullable' in column)) problems.push(missingAt(doc, at, `${label} needs "nullable": true or false.`));
  else if (typeof column.nullable !== 'boolean') problems.push(problemAt(doc, [...at, 'nullable'], '"nullable" must be true or false.'));
}
