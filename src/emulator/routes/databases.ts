// PUT /v1/databases/{id}/definition (spec §4.5): validate the tables, check the expected draft,
// save one draft revision.
import { HttpError, revisionRefOf } from '../core/http';
import { isRecord } from '../../util/isRecord';
import type { RevisionRef } from '../core/records';
import type { BodyShape } from './bodyShape';
import type { Route } from './router';

/** Column types this service knows (README); the spec shows only `text`. */
export const COLUMN_TYPES = ['text', 'integer', 'number', 'boolean', 'timestamp', 'date', 'json'] as const;
/** What it also knows under the foreign-values variant: SQL types, some with parameters. */
const FOREIGN_COLUMN_TYPE =
  /^(uuid|timestamptz|bigint|smallint|jsonb|bytea|interval|(decimal|numeric)\(\d{1,2}, ?\d{1,2}\)|(varchar|char)\(\d{1,5}\))$/;

const REF: BodyShape = { revisionId: true, sequence: true };
const BODY: BodyShape = {
  expectedDraft: REF,
  definition: { tables: [{ name: true, columns: [{ name: true, type: true, nullable: true }], primaryKey: true }] },
};

function knownType(type: string, foreign: boolean): boolean {
  return (COLUMN_TYPES as readonly string[]).includes(type) || (foreign && FOREIGN_COLUMN_TYPE.test(type));
}

interface Table {
  name: string;
  columns: { name: string; type: string; nullable: boolean }[];
  primaryKey: string[];
}

function invalid(path: string, message: string): HttpError {
  return new HttpError(422, 'validation_failed', `${message} (at ${path}).`, { path });
}

function parseExpectedDraft(value: unknown): RevisionRef | null {
  if (value === null) return null;
  const ref = revisionRefOf(value);
  if (!ref) throw new HttpError(400, 'bad_request', 'expectedDraft must be a revision reference {revisionId, sequence} or null.');
  return ref;
}

/** Checks every rule; the first violation becomes a 422 whose `details.path` is a JSON pointer. */
export function validateTables(tables: unknown[], foreignTypes = false): Table[] {
  const out: Table[] = [];
  const tableNames = new Set<string>();
  tables.forEach((table, t) => {
    const at = `/definition/tables/${t}`;
    if (!isRecord(table)) throw invalid(at, 'A table must be an object with name, columns and primaryKey');
    const name = table['name'];
    if (typeof name !== 'string' || name.trim() === '') throw invalid(`${at}/name`, 'A table needs a non-empty name');
    if (tableNames.has(name)) throw invalid(`${at}/name`, `Table name "${name}" is used twice`);
    tableNames.add(name);
    const columns = table['columns'];
    if (!Array.isArray(columns)) throw invalid(`${at}/columns`, `Table "${name}" needs a columns array`);
    const columnNames = new Set<string>();
    const parsedColumns = columns.map((column: unknown, c) => {
      const cat = `${at}/columns/${c}`;
      if (!isRecord(column)) throw invalid(cat, 'A column must be an object with name, type and nullable');
      const cname = column['name'];
      if (typeof cname !== 'string' || cname.trim() === '')
        throw invalid(`${cat}/name`, `A column of table "${name}" needs a non-empty name`);
      if (columnNames.has(cname)) throw invalid(`${cat}/name`, `Column "${cname}" appears twice in table "${name}"`);
      columnNames.add(cname);
      const type = column['type'];
      if (typeof type !== 'string' || !knownType(type, foreignTypes)) {
        const more = foreignTypes ? ', uuid, timestamptz, decimal(p,s), varchar(n) and other SQL types' : '';
        throw invalid(
          `${cat}/type`,
          `Column "${name}.${cname}" has unknown type ${JSON.stringify(type)}; use one of ${COLUMN_TYPES.join(', ')}${more}`,
        );
      }
      if (typeof column['nullable'] !== 'boolean')
        throw invalid(`${cat}/nullable`, `Column "${name}.${cname}" needs nullable: true or false`);
      return { ...column, name: cname, type, nullable: column['nullable'] };
    });
    if (parsedColumns.length === 0) throw invalid(`${at}/columns`, `Table "${name}" needs at least one column`);
    const primaryKey = table['primaryKey'];
    if (!Array.isArray(primaryKey)) throw invalid(`${at}/primaryKey`, `Table "${name}" needs a primaryKey array of column names`);
    primaryKey.forEach((pk: unknown, i) => {
      if (typeof pk !== 'string' || !columnNames.has(pk)) {
        throw invalid(`${at}/primaryKey/${i}`, `Primary key column ${JSON.stringify(pk)} is not a column of table "${name}"`);
      }
    });
    out.push({ ...table, name, columns: parsedColumns, primaryKey: primaryKey as string[] });
  });
  return out;
}

export const databaseRoutes: Route[] = [
  {
    method: 'PUT',
    path: '/v1/databases/:databaseId/definition',
    scope: 'workspace',
    ids: { databaseId: 'database' },
    permission: 'databaseAdmin',
    bodyFields: BODY,
    handle: async ({ store, workspace, params, key, body, variants }) => {
      const id = params['databaseId']!;
      const database = store.databases.inWorkspace(id, workspace.id);
      if (!database) throw new HttpError(404, 'not_found', `No managed database ${id} in this workspace.`);
      const input = await body();
      if (
        !isRecord(input) ||
        !('expectedDraft' in input) ||
        !isRecord(input['definition']) ||
        !Array.isArray(input['definition']['tables'])
      ) {
        throw new HttpError(400, 'bad_request', 'Expected {expectedDraft: {revisionId, sequence} | null, definition: {tables: [...]}}.');
      }
      const expected = parseExpectedDraft(input['expectedDraft']);
      const history = store.historyOf(database.id);
      const current = history.draft;
      if (expected === null || expected.revisionId !== current.revisionId || expected.sequence !== current.sequence) {
        throw new HttpError(
          409,
          'conflict',
          `The database definition changed since it was read: the current draft is ${current.revisionId} (sequence ${current.sequence}).`,
          {
            current: { draft: current },
          },
        ).withPlainDetail('The database definition changed since it was read; read it again.');
      }
      const tables = validateTables(input['definition']['tables'], variants.has('foreign-values'));
      const message = typeof input['message'] === 'string' && input['message'] ? input['message'] : 'Saved database definition';
      const revision = store.appendRevision(history, {
        parentRevisionId: current.revisionId,
        dependencies: [],
        actorId: key.id,
        message,
        value: { tables },
      });
      return { data: { revisionId: revision.id } };
    },
  },
];
