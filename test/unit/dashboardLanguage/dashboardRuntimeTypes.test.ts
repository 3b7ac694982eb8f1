// The emulator's runtime declarations checked with the real TypeScript compiler and the pinned
// @types/react: the seed dashboards have no type error against them, with and without their data
// contract, and a column the data run does not have is an error that names it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import ts from 'typescript';
import { rowTypeFromColumns } from '../../../src/api/dataContract';
import { DASHBOARD_RUNTIME_DECLARATIONS, DASHBOARD_RUNTIME_MODULE } from '../../../src/emulator/core/runtimeTypes';
import { CHURN_DASHBOARD, REVENUE_DASHBOARD, inventorySource } from '../../../src/emulator/seedSources';
import { SEED_COLUMNS, type SeedColumn } from '../../../src/emulator/seedDataRuns';

// Virtual files live beside the real node_modules, so that 'react' resolves to @types/react.
const ROOT = path.resolve(path.dirname(require.resolve('@types/react/package.json')), '..', '..', '..', '__dashboards__');

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

// The lib and @types/react files are parsed once for every program of this file.
const parsed = new Map<string, ts.SourceFile>();

/** The type errors of `dashboard`, with the runtime declared and DataRow holding `columns`. */
function typeErrors(dashboard: string, columns?: readonly SeedColumn[]): string[] {
  const files = new Map<string, string>([
    [path.join(ROOT, 'runtime.d.ts'), `declare module '${DASHBOARD_RUNTIME_MODULE}' {\n${DASHBOARD_RUNTIME_DECLARATIONS}\n}\n`],
    [path.join(ROOT, 'dashboard.tsx'), dashboard],
  ]);
  if (columns) {
    files.set(
      path.join(ROOT, 'contract.d.ts'),
      `declare module '${DASHBOARD_RUNTIME_MODULE}' {\n  interface DataRow { ${rowTypeFromColumns(columns)} }\n}\n`,
    );
  }
  const host = ts.createCompilerHost(OPTIONS);
  const realGet = host.getSourceFile.bind(host);
  host.fileExists = (f) => files.has(f) || ts.sys.fileExists(f);
  host.readFile = (f) => files.get(f) ?? ts.sys.readFile(f);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = files.get(f);
    if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
    let sf = parsed.get(f);
    if (!sf) {
      sf = realGet(f, lang, ...rest);
      if (sf) parsed.set(f, sf);
    }
    return sf;
  };
  const program = ts.createProgram([...files.keys()], OPTIONS, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

const SEEDS = [
  { name: 'revenue', source: REVENUE_DASHBOARD, columns: SEED_COLUMNS.revenue },
  { name: 'churn', source: CHURN_DASHBOARD, columns: SEED_COLUMNS.churn },
  { name: 'inventory', source: inventorySource(7), columns: SEED_COLUMNS.inventory },
];

describe('the dashboard runtime declarations', () => {
  test('every seed dashboard type-checks with its data run’s contract', () => {
    for (const seed of SEEDS) assert.deepEqual(typeErrors(seed.source, seed.columns), [], seed.name);
  });

  test('every seed dashboard type-checks when no contract is known', () => {
    for (const seed of SEEDS) assert.deepEqual(typeErrors(seed.source), [], seed.name);
  });

  test('a row type with a column the data run does not have is an error naming the column', () => {
    const source = REVENUE_DASHBOARD.replace('  currency: string;\n', '  currency: string;\n  margin: number;\n');
    const errors = typeErrors(source, SEED_COLUMNS.revenue);
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /RegionRow/);
    assert.match(errors[0]!, /margin/);
    // Without a contract the same row type is accepted: nothing to check it against.
    assert.deepEqual(typeErrors(source), []);
  });

  test('a column read with another type than the data run’s is an error', () => {
    const source = CHURN_DASHBOARD.replace('churned: number', 'churned: string');
    const errors = typeErrors(source, SEED_COLUMNS.churn);
    assert.ok(
      errors.some((e) => /churned/.test(e)),
      errors.join('\n'),
    );
  });

  test('rows without a type argument have the data run’s columns', () => {
    const source = [
      `import { useOperationData } from '${DASHBOARD_RUNTIME_MODULE}';`,
      'export function Total() {',
      '  const { rows = [] } = useOperationData();',
      '  const total: number = rows.reduce((sum, r) => sum + r.revenue, 0);',
      '  return <p>{total} {rows[0]?.region}{rows[0]?.discount}</p>;',
      '}',
    ].join('\n');
    const errors = typeErrors(source, SEED_COLUMNS.revenue);
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /Property 'discount' does not exist/);
  });

  test('a misspelt component prop is an error', () => {
    const errors = typeErrors(REVENUE_DASHBOARD.replace('<BarChart data={sorted}', '<BarChart dato={sorted}'), SEED_COLUMNS.revenue);
    assert.ok(
      errors.some((e) => /dato/.test(e)),
      errors.join('\n'),
    );
  });

  test('columns of types TypeScript has no name for constrain nothing', () => {
    const foreign = SEED_COLUMNS.churn.map((c) => (c.name === 'churned' ? { ...c, type: 'hugeint' } : c));
    assert.deepEqual(typeErrors(CHURN_DASHBOARD, foreign), []);
  });
});
