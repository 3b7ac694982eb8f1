// The data run's columns as a row type: what the editor declares as DataRow for a dashboard.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rowTypeFromColumns, tsTypeOfColumnType } from '../../../src/api/dataContract';

describe('the row type of a data run', () => {
  test('columns become members in their order, typed from the database vocabulary', () => {
    const members = rowTypeFromColumns([
      { name: 'region', type: 'text' },
      { name: 'orders', type: 'integer' },
      { name: 'revenue', type: 'numeric(12,2)' },
      { name: 'active', type: 'boolean' },
      { name: 'payload', type: 'jsonb' },
    ]);
    assert.equal(members, 'region: string; orders: number; revenue: number; active: boolean; payload: unknown;');
  });

  test('a nullable column admits null; a column not marked nullable does not', () => {
    assert.equal(
      rowTypeFromColumns([
        { name: 'closedAt', type: 'timestamp', nullable: true },
        { name: 'id', type: 'uuid', nullable: false },
        { name: 'extra', type: 'json', nullable: true },
      ]),
      'closedAt: string | null; id: string; extra: unknown;',
    );
  });

  test('strings, numbers and booleans are recognised whatever their spelling and parameters', () => {
    for (const type of ['TEXT', 'varchar(255)', 'character varying(40)', 'uuid', 'date', 'timestamp with time zone', 'timestamptz']) {
      assert.equal(tsTypeOfColumnType(type), 'string', type);
    }
    for (const type of ['integer', 'BIGINT', 'decimal(10, 2)', 'float', 'double precision', 'numeric', 'smallint', 'real']) {
      assert.equal(tsTypeOfColumnType(type), 'number', type);
    }
    assert.equal(tsTypeOfColumnType('bool'), 'boolean');
    assert.equal(tsTypeOfColumnType('text[]'), 'string[]');
    assert.equal(tsTypeOfColumnType('integer[]'), 'number[]');
  });

  test('a type the map does not know is unknown, which no dashboard code can contradict', () => {
    for (const type of ['geography', 'hugeint', 'money', '', 'tsvector[]'])
      assert.match(tsTypeOfColumnType(type), /^unknown(\[\])?$/, type);
    assert.equal(rowTypeFromColumns([{ name: 'area', type: 'geography', nullable: true }]), 'area: unknown;');
  });

  test('column names that are not identifiers are quoted', () => {
    assert.equal(
      rowTypeFromColumns([
        { name: 'order count', type: 'integer' },
        { name: '2024', type: 'numeric' },
        { name: 'a"b', type: 'text' },
        { name: '$ok_1', type: 'text' },
      ]),
      '"order count": number; "2024": number; "a\\"b": string; $ok_1: string;',
    );
  });

  test('a repeated column name keeps its first column, so the row type has no duplicate member', () => {
    assert.equal(
      rowTypeFromColumns([
        { name: 'id', type: 'integer' },
        { name: 'id', type: 'text' },
      ]),
      'id: number;',
    );
  });

  test('no columns make no members', () => {
    assert.equal(rowTypeFromColumns([]), '');
  });
});

describe('every database type the map knows', () => {
  // The list as a user reads it in the README's data contract: each spelling, its TypeScript type.
  const known: Record<string, string> = {
    text: 'string',
    varchar: 'string',
    char: 'string',
    character: 'string',
    'character varying': 'string',
    nchar: 'string',
    nvarchar: 'string',
    string: 'string',
    citext: 'string',
    uuid: 'string',
    date: 'string',
    time: 'string',
    timetz: 'string',
    'time with time zone': 'string',
    'time without time zone': 'string',
    timestamp: 'string',
    timestamptz: 'string',
    'timestamp with time zone': 'string',
    'timestamp without time zone': 'string',
    datetime: 'string',
    interval: 'string',
    integer: 'number',
    int: 'number',
    int2: 'number',
    int4: 'number',
    int8: 'number',
    smallint: 'number',
    bigint: 'number',
    serial: 'number',
    bigserial: 'number',
    smallserial: 'number',
    numeric: 'number',
    decimal: 'number',
    number: 'number',
    real: 'number',
    float: 'number',
    float4: 'number',
    float8: 'number',
    double: 'number',
    'double precision': 'number',
    boolean: 'boolean',
    bool: 'boolean',
  };

  test('each becomes its TypeScript type, and so does a list of it', () => {
    for (const [type, ts] of Object.entries(known)) {
      assert.equal(tsTypeOfColumnType(type), ts, type);
      assert.equal(tsTypeOfColumnType(`${type}[]`), `${ts}[]`, `${type}[]`);
    }
  });

  test('spacing and case do not matter, nor a length, precision or scale', () => {
    assert.equal(tsTypeOfColumnType('  Timestamp   WITH  time zone '), 'string');
    assert.equal(tsTypeOfColumnType('NUMERIC ( 12 , 2 )'), 'number');
    assert.equal(tsTypeOfColumnType('character varying(40)[]'), 'string[]');
    assert.equal(tsTypeOfColumnType('varchar(10) (3)'), 'string');
  });

  test('a list of an unknown type is a list of unknown, and json is unknown', () => {
    assert.equal(tsTypeOfColumnType('geography[]'), 'unknown[]');
    assert.equal(tsTypeOfColumnType('json'), 'unknown');
    assert.equal(tsTypeOfColumnType('jsonb[]'), 'unknown[]');
  });

  test('a name with a leading digit or a dash is quoted; letters, digits, _ and $ are not', () => {
    assert.equal(rowTypeFromColumns([{ name: 'a-b', type: 'text' }]), '"a-b": string;');
    assert.equal(rowTypeFromColumns([{ name: '1a', type: 'text' }]), '"1a": string;');
    assert.equal(rowTypeFromColumns([{ name: 'x ', type: 'text' }]), '"x ": string;');
    assert.equal(rowTypeFromColumns([{ name: ' x', type: 'text' }]), '" x": string;');
    assert.equal(rowTypeFromColumns([{ name: 'Z9_$', type: 'text' }]), 'Z9_$: string;');
  });
});
