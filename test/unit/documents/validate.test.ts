import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { refusalMessage, validateText } from '../../../src/documents/validation/validate';
import type { TextProblem } from '../../../src/documents/model/saveTypes';
import { DATABASE_COLUMN_TYPES } from '../../../src/api/schemas';
import { filePath, revisionPath } from '../../../src/kinds/resourcePath';
import { repoRoot } from '../../harness/lib/paths';

const root = repoRoot;
const tsxCheckPath = join(root, 'dist', 'tsx-check.js');
const options = { tsxCheckPath };

/** Line/column (1-based) of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `${needle} is in the text`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function startOf(p: TextProblem): { line: number; column: number } {
  return { line: p.line, column: p.column };
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

const goodDefinition = {
  tables: [
    {
      name: 'orders',
      columns: [
        { name: 'id', type: 'text', nullable: false },
        { name: 'total', type: 'number', nullable: true },
      ],
      primaryKey: ['id'],
    },
    { name: 'customers', columns: [{ name: 'id', type: 'integer', nullable: false }], primaryKey: ['id'] },
  ],
};

describe('validating a dashboard before it is saved', () => {
  before(() => {
    // The parser is a separate bundle the extension loads lazily; build it when a run has not yet.
    if (!existsSync(tsxCheckPath)) {
      const r = spawnSync(process.execPath, ['esbuild.mjs', '--only=tsx'], { cwd: root, stdio: 'inherit' });
      assert.equal(r.status, 0, 'node esbuild.mjs --only=tsx');
    }
  });

  test('TSX that parses has no problems', async () => {
    const source = "import React from 'react';\nexport default function A({ n }: { n: number }) {\n  return <b>{n}</b>;\n}\n";
    assert.deepEqual(await validateText('dashboard', source, options), []);
  });

  test('TSX that does not parse gives one problem at its 1-based line and column', async () => {
    const source = 'import React from "react";\n\nexport function f(a: number {\n  return <b>{a}</b>;\n}\n';
    const problems = await validateText('dashboard', source, options);
    assert.deepEqual(problems, [{ message: 'Unexpected token, expected ","', line: 3, column: 29, severity: 'error', source: 'local' }]);
  });

  test('conflict markers left from a merge are refused, one problem per conflict, in any editable view', async () => {
    const source = 'const a = 1;\n<<<<<<< Yours\nconst b = 2;\n=======\nconst b = 3;\n>>>>>>> Service\n';
    const problems = await validateText('dashboard', source, options);
    assert.equal(problems.length, 1);
    assert.deepEqual([problems[0]!.line, problems[0]!.column, problems[0]!.endColumn], [2, 1, 14]);
    assert.match(problems[0]!.message, /merge conflict is still marked/);
    const json = '{\n<<<<<<< Yours\n  "name": "a"\n=======\n  "name": "b"\n>>>>>>> Service\n}\n';
    assert.equal((await validateText('fact', json, options))[0]!.line, 2);
  });

  test('a missing parser bundle is a clear error, not a silent pass', async () => {
    await assert.rejects(
      validateText('dashboard', 'x', { tsxCheckPath: join(root, 'dist', 'no-such-file.js') }),
      /TSX checker could not be loaded/,
    );
  });
});

describe('validating a database definition before it is saved', () => {
  test('a valid definition has no problems', async () => {
    assert.deepEqual(await validateText('database', json(goodDefinition), options), []);
  });

  test('invalid JSON is one problem at the parse error', async () => {
    const text = '{\n  "tables": [\n    { "name": "a", }\n  ]\n}\n';
    const problems = await validateText('database', text, options);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.message, /not valid JSON/);
    assert.deepEqual(startOf(problems[0]!), at(text, '}'));
  });

  test('a definition that is not an object, or has no tables array, is refused at the root', async () => {
    assert.match((await validateText('database', '[]\n', options))[0]!.message, /JSON object with a "tables" array/);
    assert.match((await validateText('database', '{}\n', options))[0]!.message, /needs a "tables" array/);
    const text = json({ tables: {} });
    const problems = await validateText('database', text, options);
    assert.deepEqual(startOf(problems[0]!), at(text, '{}'));
  });

  test('an empty table name is a warning at the name: the spec does not forbid it, the service decides', async () => {
    const def = structuredClone(goodDefinition);
    def.tables[1]!.name = '  ';
    const text = json(def);
    const problems = await validateText('database', text, options);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.message, /empty table name/);
    assert.equal(problems[0]!.severity, 'warning');
    assert.deepEqual(startOf(problems[0]!), at(text, '"  "'));
    // The range covers the string node, end exclusive.
    assert.equal(problems[0]!.endColumn, problems[0]!.column + 4);
  });

  test('a table name used twice is a warning at the second use', async () => {
    const def = structuredClone(goodDefinition);
    def.tables[1]!.name = 'orders';
    const text = json(def);
    const problems = await validateText('database', text, options);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.message]),
      [['warning', 'Table name "orders" is used twice: the service will probably refuse it.']],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '"orders"', 1));
  });

  test('a column name used twice in one table is a warning at the second use', async () => {
    const def = structuredClone(goodDefinition);
    def.tables[0]!.columns[1]!.name = 'id';
    const text = json(def);
    const problems = await validateText('database', text, options);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.message]),
      [['warning', 'Column "id" appears twice in table "orders": the service will probably refuse it.']],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '"id"', 1));
  });

  test('a column type outside the known list is information at the type, listing the known ones; a type that is no string is an error', async () => {
    const def = structuredClone(goodDefinition);
    def.tables[0]!.columns[1]!.type = 'varchar';
    const text = json(def);
    const problems = await validateText('database', text, options);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.severity, 'info');
    assert.match(
      problems[0]!.message,
      /Column type "varchar" is not one the extension knows \(text, integer, number, boolean, timestamp, date, json\); it is sent as it is and the service decides/,
    );
    const notString = structuredClone(goodDefinition) as { tables: { columns: Record<string, unknown>[] }[] };
    notString.tables[0]!.columns[1]!.type = 12;
    assert.deepEqual(
      (await validateText('database', json(notString), options)).map((p) => p.severity),
      ['error'],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '"varchar"'));
  });

  test('a primary key naming no column is a warning at that entry; an entry that is no string is an error', async () => {
    const def = structuredClone(goodDefinition);
    def.tables[1]!.primaryKey = ['id', 'customer_id'];
    const text = json(def);
    const problems = await validateText('database', text, options);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.message]),
      [['warning', 'Primary key column "customer_id" is not a column of table "customers": the service will probably refuse it.']],
    );
    const numbered = structuredClone(goodDefinition) as { tables: Record<string, unknown>[] };
    numbered.tables[1]!.primaryKey = [1];
    assert.deepEqual(
      (await validateText('database', json(numbered), options)).map((p) => p.severity),
      ['error'],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '"customer_id"'));
  });

  test('nullable must be a boolean, at the value', async () => {
    const def = structuredClone(goodDefinition) as { tables: { columns: Record<string, unknown>[] }[] };
    def.tables[0]!.columns[0]!.nullable = 'no';
    const text = json(def);
    const problems = await validateText('database', text, options);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.message]),
      [['error', '"nullable" must be true or false.']],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '"no"'));
  });

  test('missing properties are shown on the object’s name, and every problem is listed', async () => {
    const text = json({ tables: [{ name: 'events', columns: [{ name: 'at' }] }, { columns: [] }] });
    const problems = await validateText('database', text, options);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.message]),
      [
        ['error', 'Column "at" needs a "type", for example text, integer, number, boolean, timestamp, date, json.'],
        ['error', 'Column "at" needs "nullable": true or false.'],
        ['error', 'Table "events" needs a "primaryKey" array of column names.'],
        ['error', 'Table 2 needs a "name".'],
        ['warning', 'Table 2 has no columns: the service will probably refuse it.'],
        ['error', 'Table 2 needs a "primaryKey" array of column names.'],
      ],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '"at"'));
    assert.deepEqual(startOf(problems[2]!), at(text, '"events"'));
    // Table 2 has no name: its opening brace.
    const second = at(text, '{\n      "columns": []');
    assert.deepEqual(startOf(problems[3]!), second);
  });
});

describe('validating a fact before it is saved', () => {
  const fact = { name: 'Gross margin', definition: 'Share of revenue', formula: 'a / b', formulaType: 'math', aliases: ['GM'], unit: null };

  test('a fact with a name has no problems', async () => {
    assert.deepEqual(await validateText('fact', json(fact), options), []);
  });

  test('invalid JSON, a non-object and a name that is no string are refused; a missing or empty name is a warning (required-ness is not shown)', async () => {
    assert.match((await validateText('fact', '{"name": "x",,}', options))[0]!.message, /not valid JSON/);
    assert.match((await validateText('fact', '"just a string"', options))[0]!.message, /JSON object/);
    assert.deepEqual(
      (await validateText('fact', json({ ...fact, name: 7 }), options)).map((p) => [p.severity, p.message]),
      [['error', '"name" must be a string.']],
    );
    const missing = await validateText('fact', json({ definition: 'x' }), options);
    assert.deepEqual(
      missing.map((p) => [p.severity, p.message]),
      [['warning', 'This fact has no "name": the service will probably refuse it.']],
    );
    const text = json({ ...fact, name: '' });
    const problems = await validateText('fact', text, options);
    assert.deepEqual(
      problems.map((p) => [p.severity, p.message]),
      [['warning', 'An empty "name": the service will probably refuse it.']],
    );
    assert.deepEqual(startOf(problems[0]!), at(text, '""'));
  });

  test('a formulaType outside the known list is information; keys that are not sent are warnings at the key', async () => {
    const logic = json({ ...fact, formulaType: 'logic' });
    const info = await validateText('fact', logic, options);
    assert.deepEqual(
      info.map((p) => p.severity),
      ['info'],
    );
    assert.match(
      info[0]!.message,
      /formulaType "logic" is not one the extension knows \(math\); it is sent as it is and the service decides/,
    );
    assert.deepEqual(startOf(info[0]!), at(logic, '"logic"'));

    const extra = json({ ...fact, key: 'gross_margin', colour: 'blue', $readOnly: { vendorNote: 'x' } });
    const warnings = await validateText('fact', extra, options);
    assert.deepEqual(
      warnings.map((p) => p.severity),
      ['warning', 'warning'],
    );
    assert.match(warnings[0]!.message, /^"key" is managed by the service, so it is not sent and your value is ignored/);
    assert.match(warnings[1]!.message, /^"colour" is not an editable field of a fact, so it is not sent/);
    assert.deepEqual(startOf(warnings[1]!), at(extra, '"colour"'));
  });

  test('string fields must stay strings (null clears them)', async () => {
    assert.deepEqual(await validateText('fact', json({ ...fact, formula: null }), options), []);
    const problems = await validateText('fact', json({ ...fact, formula: 42 }), options);
    assert.deepEqual(
      problems.map((p) => p.message),
      ['"formula" must be a string.'],
    );
  });
});

describe('the refusal message', () => {
  test('names the resource, the count and the first problem’s place', () => {
    const p = (line: number, column: number, message: string, severity: TextProblem['severity'] = 'error'): TextProblem => ({
      line,
      column,
      message,
      severity,
      source: 'local',
    });
    assert.equal(
      refusalMessage('Sales', [p(3, 5, 'Unexpected token')]),
      'Not saved: «Sales» has 1 problem — line 3, column 5: Unexpected token.',
    );
    assert.equal(
      refusalMessage('Orders', [p(2, 1, 'A.'), p(9, 9, 'B.')]),
      'Not saved: «Orders» has 2 problems — the first at line 2, column 1: A.',
    );
    // Warnings shown beside an error did not refuse the save: the message counts the errors.
    assert.equal(
      refusalMessage('Orders', [p(1, 1, 'Unknown type.', 'info'), p(4, 2, 'Not a string.')]),
      'Not saved: «Orders» has 1 problem — line 4, column 2: Not a string.',
    );
  });

  test('read-only views have nothing to validate', async () => {
    assert.deepEqual(await validateText('operation', 'not json', options), []);
  });
});

describe('the JSON schemas the editor uses', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    contributes: { jsonValidation: { fileMatch: string | string[]; url: string }[] };
  };
  // The JSON language server's reading of a fileMatch glob: `**/` in front, `*` within one segment.
  const globMatches = (glob: string, uri: string) => {
    const source = `**/${glob.replace(/^\//, '')}`
      .split(/(\*\*\/|\*)/)
      .map((part) => (part === '**/' ? '(?:[^/]*/)*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return new RegExp(`^${source}$`).test(uri);
  };
  const schemaFor = (uri: string) =>
    manifest.contributes.jsonValidation.filter((v) => [v.fileMatch].flat().some((g) => globMatches(g, uri))).map((v) => v.url);

  test('each schema applies to the real document paths, and only to them', () => {
    const db = `wsa:${filePath({ workspaceId: 'wksp_1', view: 'database', id: 'dbas_2', name: 'Orders DB' })}`;
    const dbRevision = `wsa-revision:${revisionPath({ workspaceId: 'wksp_1', view: 'database', resourceId: 'dbas_2', revisionId: 'rvsn_3', name: 'Orders DB' })}`;
    const fact = `wsa:${filePath({ workspaceId: 'wksp_1', view: 'fact', id: 'fact_4', name: 'Gross margin' })}`;
    const app = `wsa:${filePath({ workspaceId: 'wksp_1', view: 'app', id: 'appl_5', name: 'Portal' })}`;
    assert.deepEqual(schemaFor(db), ['./dist/json-schemas/database-definition.schema.json']);
    assert.deepEqual(schemaFor(dbRevision), ['./dist/json-schemas/database-definition.schema.json']);
    assert.deepEqual(schemaFor(fact), ['./dist/json-schemas/fact.schema.json']);
    const sync = `wsa:${filePath({ workspaceId: 'wksp_1', view: 'writeSync', id: 'wsyn_6', name: 'CRM → SF' })}`;
    assert.deepEqual(schemaFor(app), ['./dist/json-schemas/app.schema.json']);
    assert.deepEqual(schemaFor(sync), ['./dist/json-schemas/write-sync.schema.json']);
    // A dashboard's revision is TSX, an app's revision value is not its document: no schema for them.
    const appRevision = `wsa-revision:${revisionPath({ workspaceId: 'wksp_1', view: 'app', resourceId: 'appl_5', revisionId: 'rvsn_7', name: 'Portal' })}`;
    assert.deepEqual(schemaFor(appRevision), []);
  });

  test('the database schema suggests exactly the column types the extension knows, and accepts any other string', () => {
    const schema = JSON.parse(readFileSync(join(root, 'src/kinds/database/database-definition.schema.json'), 'utf8')) as {
      definitions: {
        column: { properties: { type: { type: string; anyOf: { enum?: string[]; enumDescriptions?: string[]; type?: string }[] } } };
      };
    };
    const type = schema.definitions.column.properties.type;
    const known = type.anyOf.find((b) => b.enum)!;
    assert.deepEqual(known.enum, [...DATABASE_COLUMN_TYPES]);
    assert.equal(known.enumDescriptions?.length, known.enum!.length);
    // Never blocking: any string is valid, the service decides.
    assert.equal(type.type, 'string');
    assert.ok(
      type.anyOf.some((b) => b.type === 'string' && !b.enum),
      'any other string is accepted',
    );
  });
});

describe('JSON syntax errors are placed where they are, whatever V8 says', () => {
  test('an unexpected token V8 reports without a position is located by the strict parser', async () => {
    const text = '{\n  "tables": [,\n  ]\n}\n';
    const problems = await validateText('database', text, options);
    assert.equal(problems.length, 1);
    assert.deepEqual(startOf(problems[0]!), at(text, ','));
    assert.equal(problems[0]!.message, "The document is not valid JSON: Unexpected token ','");
  });

  test('a misspelt literal points at it', async () => {
    const text = '{\n  "name": "x",\n  "unit": nul\n}\n';
    const problems = await validateText('fact', text, options);
    assert.equal(problems[0]!.line, 3);
  });
});
