import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTsx } from '../../../src/dashboardLanguage/check/tsxCheck';
import { CHURN_DASHBOARD, REVENUE_DASHBOARD, inventorySource } from '../../../src/emulator/seedSources';

describe('checkTsx', () => {
  test('accepts TSX with generics, type annotations and JSX', () => {
    const source = [
      "import React, { useState } from 'react';",
      'type Row<T extends string = string> = { id: T; value: number };',
      'function first<T,>(items: readonly T[]): T | undefined { return items[0]; }',
      'export default function View<T extends string>({ rows }: { rows: Row<T>[] }) {',
      '  const [open, setOpen] = useState<boolean>(false);',
      '  const top = first(rows) as Row<T> | undefined;',
      '  return <div onClick={() => setOpen(!open)}>{top?.id}<List<Row<T>> items={rows} /></div>;',
      '}',
    ].join('\n');
    assert.deepEqual(checkTsx(source), { ok: true });
  });

  test('the demo dashboards parse', () => {
    for (const source of [REVENUE_DASHBOARD, CHURN_DASHBOARD, inventorySource(1), inventorySource(7)])
      assert.deepEqual(checkTsx(source), { ok: true });
  });

  test('an unclosed JSX element reports its 1-based line and column', () => {
    const result = checkTsx('const a = 1;\nexport default () => (\n  <div>\n    <span>hi</div>\n);\n');
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.line, 4);
    // Babel gives up after the mismatched `</div>`: 0-based column 18, 1-based 19.
    assert.equal(result.column, 19);
    assert.match(result.message, /JSX/);
    assert.doesNotMatch(result.message, /\(\d+:\d+\)$/);
  });

  test('a missing parenthesis in a typed signature points at the unexpected token', () => {
    const result = checkTsx('import React from "react";\n\nexport function f(a: number {\n  return <b>{a}</b>;\n}\n');
    assert.deepEqual(result, { ok: false, message: 'Unexpected token, expected ","', line: 3, column: 29 });
  });

  test('a stray token on the first column reports column 1', () => {
    const result = checkTsx('let x = 1;\n)');
    assert.equal(result.ok, false);
    if (!result.ok) assert.deepEqual([result.line, result.column], [2, 1]);
  });

  test('plain text that is not code fails', () => {
    assert.equal(checkTsx('this is not code').ok, false);
  });
});
