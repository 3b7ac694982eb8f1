// A data run's columns as the members of a TypeScript row type: the dashboard's data contract.
// Column types come in the database's vocabulary, which the spec does not list; a type this map
// does not know becomes `unknown`, which constrains nothing, so a new type never makes a false error.

/** What a column needs to become a member; a data run's column (schemas.ts DataRunColumn) fits. */
export interface ContractColumn {
  readonly name: string;
  readonly type: string;
  readonly nullable?: boolean | undefined;
}

const STRING_TYPES = new Set([
  'text',
  'varchar',
  'char',
  'character',
  'character varying',
  'nchar',
  'nvarchar',
  'string',
  'citext',
  'uuid',
  'date',
  'time',
  'timetz',
  'time with time zone',
  'time without time zone',
  'timestamp',
  'timestamptz',
  'timestamp with time zone',
  'timestamp without time zone',
  'datetime',
  'interval',
]);

const NUMBER_TYPES = new Set([
  'integer',
  'int',
  'int2',
  'int4',
  'int8',
  'smallint',
  'bigint',
  'serial',
  'bigserial',
  'smallserial',
  'numeric',
  'decimal',
  'number',
  'real',
  'float',
  'float4',
  'float8',
  'double',
  'double precision',
]);

const BOOLEAN_TYPES = new Set(['boolean', 'bool']);

/** The TypeScript type of one database type: `decimal(10,2)` → number, `text[]` → string[]. */
export function tsTypeOfColumnType(type: string): string {
  const normalized = type.trim().toLowerCase().replace(/\s+/g, ' ');
  if (normalized.endsWith('[]')) {
    const element = tsTypeOfColumnType(normalized.slice(0, -2));
    return element === 'unknown' ? 'unknown[]' : `${element}[]`;
  }
  // Length, precision and scale do not change the TypeScript type: varchar(255), numeric(12, 2).
  const base = normalized.replace(/\s*\([^)]*\)/g, '').trim();
  if (STRING_TYPES.has(base)) return 'string';
  if (NUMBER_TYPES.has(base)) return 'number';
  if (BOOLEAN_TYPES.has(base)) return 'boolean';
  // json, jsonb and every type this map does not know.
  return 'unknown';
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as written in a type literal: quoted unless it is an identifier. */
export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/**
 * The members of the row type, `region: string; orders: number; note: string | null;`, in the
 * columns' order. A repeated column name keeps its first column (a second member of the same name
 * would be a TypeScript error of our making, not the user's).
 */
export function rowTypeFromColumns(columns: readonly ContractColumn[]): string {
  const seen = new Set<string>();
  const members: string[] = [];
  for (const column of columns) {
    if (seen.has(column.name)) continue;
    seen.add(column.name);
    const type = tsTypeOfColumnType(column.type);
    // `unknown | null` is `unknown`: no need to say it.
    const nullable = column.nullable === true && type !== 'unknown' ? ' | null' : '';
    members.push(`${propertyName(column.name)}: ${type}${nullable};`);
  }
  return members.join(' ');
}
