// What is checked in a managed database definition before it is sent, each problem at the node it
// is about. Only the request shape the spec states (section 2: tables an array; a table's name a
// string, columns an array, primaryKey an array of strings; a column's name and type strings,
// nullable a boolean) is an error that refuses the save. Everything the spec leaves open is the
// service's to judge and is only shown: a column type outside the extension's list (information),
// rules the spec does not state such as unique names or a primary key naming a column (warnings),
// and keys the request shape does not name, which are not sent (information). vscode-free.
import * as l10n from '@vscode/l10n';
import {
  DATABASE_COLUMN_FIELDS,
  DATABASE_COLUMN_TYPES,
  DATABASE_DEFINITION_FIELDS,
  DATABASE_TABLE_FIELDS,
} from '../../api/schemaConstants';
import { isRecord } from '../../util/isRecord';
import type { TextProblem } from '../../util/textProblem';
import { isProblem, keyAt, missingAt, parseJson, problemAt, type JsonDocument } from '../contract/jsonLocation';

const TYPES: readonly string[] = DATABASE_COLUMN_TYPES;

type Path = (string | number)[];

function isName(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/** Keys of `value` the request shape does not name: shown, and left out of the request. */
function unsentKeys(
  doc: JsonDocument,
  value: Record<string, unknown>,
  at: Path,
  known: readonly string[],
  what: string,
  problems: TextProblem[],
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    problems.push(
      keyAt(
        doc,
        [...at, key],
        l10n.t('"{0}" is not part of {1} in the service interface, so it is not sent (it stays in your text).', key, what),
        'info',
      ),
    );
  }
}

export function databaseProblems(text: string): TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  const { value } = doc;
  if (!isRecord(value)) return [problemAt(doc, [], l10n.t('A database definition is a JSON object with a "tables" array.'))];
  if (!('tables' in value)) return [missingAt(doc, [], l10n.t('The definition needs a "tables" array.'))];
  if (!Array.isArray(value.tables)) return [problemAt(doc, ['tables'], l10n.t('"tables" must be an array of tables.'))];
  const problems: TextProblem[] = [];
  unsentKeys(doc, value, [], DATABASE_DEFINITION_FIELDS, l10n.t('a database definition'), problems);
  const tableNames = new Set<string>();
  value.tables.forEach((table, t) => tableProblems(doc, table, t, tableNames, problems));
  return problems;
}

function tableProblems(doc: JsonDocument, table: unknown, t: number, tableNames: Set<string>, problems: TextProblem[]): void {
  const at = ['tables', t];
  if (!isRecord(table)) {
    problems.push(problemAt(doc, at, l10n.t('A table must be an object with "name", "columns" and "primaryKey".')));
    return;
  }
  unsentKeys(doc, table, at, DATABASE_TABLE_FIELDS, l10n.t('a table'), problems);
  const name = table.name;
  const ref = isName(name) ? l10n.t('table "{0}"', name) : l10n.t('table {0}', t + 1);
  const label = isName(name) ? l10n.t('Table "{0}"', name) : l10n.t('Table {0}', t + 1);
  if (!('name' in table)) problems.push(missingAt(doc, at, l10n.t('{0} needs a "name".', label)));
  else if (typeof name !== 'string') problems.push(problemAt(doc, [...at, 'name'], l10n.t('A table name must be a string.')));
  else if (!isName(name))
    problems.push(problemAt(doc, [...at, 'name'], l10n.t('An empty table name: the service will probably refuse it.'), 'warning'));
  else if (tableNames.has(name))
    problems.push(
      problemAt(doc, [...at, 'name'], l10n.t('Table name "{0}" is used twice: the service will probably refuse it.', name), 'warning'),
    );
  else tableNames.add(name);

  const columnNames = new Set<string>();
  if (!('columns' in table)) problems.push(missingAt(doc, at, `${label} needs a "columns" array.`));
  else if (!Array.isArray(table.columns))
    problems.push(problemAt(doc, [...at, 'columns'], l10n.t('"columns" of {0} must be an array.', ref)));
  else if (table.columns.length === 0)
    problems.push(problemAt(doc, [...at, 'columns'], l10n.t('{0} has no columns: the service will probably refuse it.', label), 'warning'));
  else table.columns.forEach((column, c) => columnProblems(doc, column, [...at, 'columns', c], ref, columnNames, problems));

  if (!('primaryKey' in table)) {
    problems.push(missingAt(doc, at, l10n.t('{0} needs a "primaryKey" array of column names.', label)));
  } else if (!Array.isArray(table.primaryKey)) {
    problems.push(problemAt(doc, [...at, 'primaryKey'], l10n.t('"primaryKey" must be an array of column names.')));
  } else {
    table.primaryKey.forEach((key, k) => {
      if (typeof key !== 'string')
        problems.push(problemAt(doc, [...at, 'primaryKey', k], l10n.t('A primary key entry must be a column name (a string).')));
      else if (Array.isArray(table.columns) && !columnNames.has(key)) {
        problems.push(
          problemAt(
            doc,
            [...at, 'primaryKey', k],
            l10n.t('Primary key column "{0}" is not a column of {1}: the service will probably refuse it.', key, ref),
            'warning',
          ),
        );
      }
    });
  }
}

function columnProblems(
  doc: JsonDocument,
  column: unknown,
  at: Path,
  /** "table \"orders\"" */ table: string,
  names: Set<string>,
  problems: TextProblem[],
): void {
  if (!isRecord(column)) {
    problems.push(problemAt(doc, at, l10n.t('A column must be an object with "name", "type" and "nullable".')));
    return;
  }
  unsentKeys(doc, column, at, DATABASE_COLUMN_FIELDS, l10n.t('a column'), problems);
  const name = column.name;
  const label = isName(name) ? l10n.t('Column "{0}"', name) : l10n.t('A column');
  if (!('name' in column)) problems.push(missingAt(doc, at, l10n.t('A column of {0} needs a "name".', table)));
  else if (typeof name !== 'string')
    problems.push(problemAt(doc, [...at, 'name'], l10n.t('A column name of {0} must be a string.', table)));
  else if (!isName(name))
    problems.push(
      problemAt(doc, [...at, 'name'], l10n.t('An empty column name in {0}: the service will probably refuse it.', table), 'warning'),
    );
  else if (names.has(name))
    problems.push(
      problemAt(
        doc,
        [...at, 'name'],
        l10n.t('Column "{0}" appears twice in {1}: the service will probably refuse it.', name, table),
        'warning',
      ),
    );
  else names.add(name);

  if (!('type' in column)) problems.push(missingAt(doc, at, l10n.t('{0} needs a "type", for example {1}.', label, TYPES.join(', '))));
  else if (typeof column.type !== 'string')
    problems.push(problemAt(doc, [...at, 'type'], l10n.t('A column "type" must be a string, for example {0}.', TYPES.join(', '))));
  else if (!TYPES.includes(column.type)) {
    problems.push(
      problemAt(
        doc,
        [...at, 'type'],
        l10n.t(
          'Column type {0} is not one the extension knows ({1}); it is sent as it is and the service decides.',
          JSON.stringify(column.type),
          TYPES.join(', '),
        ),
        'info',
      ),
    );
  }

  if (!('nullable' in column)) problems.push(missingAt(doc, at, l10n.t('{0} needs "nullable": true or false.', label)));
  else if (typeof column.nullable !== 'boolean')
    problems.push(problemAt(doc, [...at, 'nullable'], l10n.t('"nullable" must be true or false.')));
}
