// File names for pulled resources, as pure functions: safe on every file system, bounded in bytes
// without cutting a character, unique however the service orders its list.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { fileSafeName, MAX_NAME_BYTES, assignPaths, inLayout, isPulledName } from '../../../src/localFolders/engine/folderNames';
import { normalizeEol, textHash } from '../../../src/localFolders/engine/folderText';
import { FolderStateError, resolveInside } from '../../../src/localFolders/engine/folderState';

describe('local folder file names', () => {
  test('an id too long to leave room for any of the name is the whole file name, in parentheses', () => {
    const id = `fact_${'x'.repeat(MAX_NAME_BYTES - 5)}`;
    const paths = assignPaths('facts', '.json', [{ id, name: 'Gross margin' }], new Set(['facts/gross margin.json']));
    assert.equal(paths.get(id), `facts/(${id}).json`);
  });

  test('separators, Windows characters, dots and reserved device names do not survive', () => {
    assert.equal(fileSafeName('a/b\\c:d*e?f"g<h>i|j', 'x'), 'a-b-c-d-e-f-g-h-i-j');
    assert.equal(fileSafeName('..', 'fact_1'), '__');
    assert.equal(fileSafeName('.hidden', 'x'), '_hidden');
    assert.equal(fileSafeName('trailing dots...', 'x'), 'trailing dots');
    assert.equal(fileSafeName('nul', 'x'), '_nul');
    assert.equal(fileSafeName('COM1.backup', 'x'), '_COM1.backup');
    assert.equal(fileSafeName('Console', 'x'), 'Console');
    assert.equal(fileSafeName('   ', 'fact_1'), 'fact_1');
    assert.equal(fileSafeName('tab\there\u0000', 'x'), 'tab-here-');
  });

  test('a long name is cut by bytes, never inside a character', () => {
    const name = fileSafeName('🚀'.repeat(100), 'x');
    assert.ok(Buffer.byteLength(name) <= MAX_NAME_BYTES);
    assert.equal(name, '🚀'.repeat(MAX_NAME_BYTES / 4));
    assert.ok(!/[\ud800-\udfff]/.test(name.replace(/🚀/g, '')), 'no lone surrogate');
  });

  test('the same names get the same paths whatever the order; a clash is told apart by id, case-insensitively', () => {
    const a = { id: 'fact_bbbbbbbbbbbb', name: 'Margin' };
    const b = { id: 'fact_aaaaaaaaaaaa', name: 'margin' };
    const one = assignPaths('facts', '.json', [a, b], new Set());
    const two = assignPaths('facts', '.json', [b, a], new Set());
    assert.deepEqual([...one].sort(), [...two].sort());
    assert.equal(one.get(b.id), 'facts/margin.json');
    assert.equal(one.get(a.id), 'facts/Margin (fact_bbbbbbbbbbbb).json');
    const taken = new Set(['facts/margin.json']);
    assert.equal(assignPaths('facts', '.json', [b], taken).get(b.id), 'facts/margin (fact_aaaaaaaaaaaa).json');
  });

  test('a state file cannot name a path outside the folder or inside .wsa', () => {
    for (const bad of [
      '../x.json',
      '/etc/passwd',
      'facts/../../x',
      '.wsa/state.json',
      '.WSA/state.json',
      '.Wsa/base/x',
      'facts\\x.json',
      './facts/x.json',
      '',
    ])
      assert.throws(() => resolveInside('/tmp/folder', bad), FolderStateError, bad);
    assert.equal(resolveInside('/tmp/folder', 'facts/x.json'), '/tmp/folder/facts/x.json');
  });

  test('a path is in the layout only directly in its kind’s folder, with its suffix and a name', () => {
    assert.ok(inLayout('dashboards/Revenue by region.tsx', 'dashboards', '.tsx'));
    assert.ok(inLayout('operations/Inventory levels.handler.ts', 'operations', '.handler.ts'));
    for (const path of [
      'src/App.tsx',
      'dashboards/nested/App.tsx',
      'dashboards.tsx',
      'dashboards/.tsx',
      'dashboards/App.ts',
      'operations/Inventory levels.ts',
      'xdashboards/App.tsx',
      'dashboardsXApp.tsx',
      'abcdefghijkApp.tsx',
    ])
      assert.equal(
        inLayout(path, path.startsWith('operations') ? 'operations' : 'dashboards', path.startsWith('operations') ? '.handler.ts' : '.tsx'),
        false,
        path,
      );
  });

  test('the plain name goes to the lowest id, however many share it and in whatever order they come', () => {
    const resources = Array.from({ length: 9 }, (_, i) => ({ id: `fact_${String.fromCharCode(105 - i)}${i}`, name: 'Margin' }));
    const lowest = [...resources].sort((a, b) => (a.id < b.id ? -1 : 1))[0]!.id;
    for (const order of [resources, [...resources].reverse(), [...resources.slice(4), ...resources.slice(0, 4)]]) {
      const paths = assignPaths('facts', '.json', order, new Set());
      assert.equal(paths.get(lowest), 'facts/Margin.json');
      assert.equal(new Set(paths.values()).size, resources.length);
      for (const r of resources) if (r.id !== lowest) assert.equal(paths.get(r.id), `facts/Margin (${r.id}).json`);
    }
    // Taken plainly and with the id: the id and a number.
    const taken = new Set(['facts/margin.json', 'facts/margin (fact_a).json', 'facts/fact_a 2.json']);
    assert.equal(assignPaths('facts', '.json', [{ id: 'fact_a', name: 'Margin' }], taken).get('fact_a'), 'facts/fact_a 3.json');
    // A name as long as the bound keeps the id whole, cut before it by bytes.
    const long = assignPaths(
      'facts',
      '.json',
      [{ id: 'fact_b', name: 'é'.repeat(200) }],
      new Set([`facts/${'é'.repeat(60)}.json`.toLowerCase()]),
    );
    assert.equal(long.get('fact_b'), `facts/${'é'.repeat((MAX_NAME_BYTES - 'fact_b'.length - 3) >> 1)} (fact_b).json`);
  });

  test('bidi controls, zero-width characters and C1 controls in a name become - (Trojan Source)', () => {
    assert.equal(fileSafeName('invoice\u202egpj.tsx', 'x'), 'invoice-gpj.tsx');
    assert.equal(fileSafeName('a\u200bb\u200dc\u2066d\ufeffe\u0085f\u2028g', 'x'), 'a-b-c-d-e-f-g');
    assert.equal(fileSafeName('\u202e\u200b', 'fact_1'), '-');
    assert.equal(fileSafeName('Umsätze 👨\u200d👩', 'x'), 'Umsätze 👨-👩');
  });

  test('a state path is in the layout only under a name a pull could make', () => {
    for (const stem of ['Revenue', 'a.b', 'Margin (fact_bbbbbbbbbbbb)', 'fact_1 2', '_COM1.backup', 'Umsätze 👨-👩'])
      assert.ok(inLayout(`facts/${stem}.json`, 'facts', '.json'), stem);
    for (const stem of [
      '',
      '.hidden',
      '..',
      'x.',
      'x ',
      ' x',
      'a\u202eb',
      'a\u200bb',
      'a\nb',
      'a\x1bb',
      'a:b',
      'a*b',
      'a\\b',
      'nul',
      'COM1',
      'a\u0085b',
    ])
      assert.equal(inLayout(`facts/${stem}.json`, 'facts', '.json'), false, JSON.stringify(stem));
  });

  test('every path a pull assigns is in the layout, whatever the names and clashes', () => {
    const ran = { plain: 0, clash: 0 };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.stringMatching(/^fact_[a-z0-9]{1,40}$/),
            name: fc.oneof(fc.string({ unit: 'binary', maxLength: 140 }), fc.constantFrom('Margin', 'margin', ' ', '🚀'.repeat(40))),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (resources) => {
          const unique = [...new Map(resources.map((r) => [r.id, r])).values()];
          const paths = assignPaths('facts', '.json', unique, new Set());
          for (const r of unique) {
            const path = paths.get(r.id)!;
            ran[path.includes(`(${r.id})`) || path.startsWith(`facts/${r.id} `) ? 'clash' : 'plain']++;
            assert.ok(inLayout(path, 'facts', '.json'), JSON.stringify(path));
            assert.ok(isPulledName(path.slice('facts/'.length, -'.json'.length)));
          }
        },
      ),
      { numRuns: 500 },
    );
    assert.ok(ran.plain > 0 && ran.clash > 0, JSON.stringify(ran));
  });

  test('hashes ignore line endings', () => {
    assert.equal(textHash('a\r\nb\r\n'), textHash('a\nb\n'));
    assert.equal(normalizeEol('a\rb'), 'a\nb');
    assert.notEqual(textHash('a\nb'), textHash('a\nb\n'));
  });
});
