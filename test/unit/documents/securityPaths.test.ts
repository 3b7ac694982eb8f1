// Crafted paths of the schemes the extension serves (`wsa:`, `wsa-revision:`, `wsa-types:`) are
// resolved before they are checked: `..`, `%2e%2e`, `%2f`, `%5c`, backslashes, double encoding and
// absolute paths elsewhere are refused, and no shipped-types read ever leaves its folder (a marker
// file beside that folder stays unread). The property test's generator reaches both branches,
// accepted and refused, and counts them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { filePath, parseFilePath, parseRevisionPath, ResourcePathError, revisionPath } from '../../../src/kinds/resourcePath';
import { ShippedTypes, TYPE_ROOTS, typePath } from '../../../src/dashboardLanguage/service/typeFiles';
import { resolveUriPath, UriPathError } from '../../../src/util/uriPath';

const MARKER = 'MARKER: a local file no crafted URI may show';
const dir = mkdtempSync(join(tmpdir(), 'wsa-paths-'));
const typesDir = join(dir, 'ts-types');
mkdirSync(join(typesDir, 'lib'), { recursive: true });
mkdirSync(join(typesDir, 'node_modules', '@types', 'react'), { recursive: true });
writeFileSync(join(typesDir, 'lib', 'lib.es2022.d.ts'), 'declare var es2022: 1;');
writeFileSync(join(typesDir, 'node_modules', '@types', 'react', 'index.d.ts'), 'export {};');
writeFileSync(join(dir, 'marker.txt'), MARKER);
writeFileSync(join(typesDir, 'marker.txt'), MARKER);
after(() => rmSync(dir, { recursive: true, force: true }));

const ws = 'wksp_demo01';
const file = filePath({ workspaceId: ws, view: 'dashboard', id: 'oper_dash01', name: 'Sales' });
const revision = revisionPath({ workspaceId: ws, view: 'dashboard', resourceId: 'rept_dash01', revisionId: 'rvsn_1', name: 'Sales' });

/** Hostile spellings: each stands for something other than what its raw text shows. */
const HOSTILE_TAILS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2f..%2f..',
  '..%5c..%5c',
  '..\\..\\etc\\passwd',
  '\\..',
  '%252e%252e',
  '%25252e%25252e',
  '',
];

function refusedBy(parse: (path: string) => unknown, path: string): boolean {
  try {
    parse(path);
    return false;
  } catch (e) {
    assert.ok(e instanceof ResourcePathError, `a ResourcePathError, got ${String(e)}`);
    return true;
  }
}

describe('crafted URI paths (security)', () => {
  test('resolving: escapes decoded once, backslashes are separators, "." and ".." resolved, above the root refused', () => {
    assert.deepEqual(resolveUriPath('/a/b'), { path: '/a/b', canonical: true });
    assert.deepEqual(resolveUriPath('/a/./b/../c'), { path: '/a/c', canonical: false });
    assert.deepEqual(resolveUriPath('/a/%2e%2e/c'), { path: '/c', canonical: false });
    assert.deepEqual(resolveUriPath('/a%2fb'), { path: '/a/b', canonical: false });
    assert.deepEqual(resolveUriPath('/a\\b\\..\\c'), { path: '/a/c', canonical: false });
    assert.deepEqual(resolveUriPath('/a/b%5c..%5cc'), { path: '/a/c', canonical: false });
    // Decoded once only: what was encoded three times stays an escape, and is not a "..".
    assert.deepEqual(resolveUriPath('/a/%252e%252e/c'), { path: '/a/%2e%2e/c', canonical: false });
    assert.deepEqual(resolveUriPath('//a//b/'), { path: '/a/b', canonical: false });
    for (const outside of ['/..', '/a/../..', '/%2e%2e/etc/passwd', '/a/..%2f..%2f..', '\\..\\..', '/a/..\\..'])
      assert.throws(
        () => resolveUriPath(outside),
        (e: UriPathError) => e.reason === 'outside',
        outside,
      );
    for (const malformed of ['a/b', '', 'C:\\Windows\\win.ini', '/a\u0000b', '/a%00b', '/a/%ff', '/%0a'])
      assert.throws(
        () => resolveUriPath(malformed),
        (e: UriPathError) => e.reason === 'malformed',
        JSON.stringify(malformed),
      );
  });

  test('wsa: and wsa-revision: paths with traversal, escapes, backslashes or double encoding are refused', () => {
    assert.equal(parseFilePath(file).id, 'oper_dash01');
    assert.equal(parseRevisionPath(revision).revisionId, 'rvsn_1');
    for (const [good, parse] of [
      [file, parseFilePath],
      [revision, parseRevisionPath],
    ] as const) {
      const parts = good.slice(1).split('/');
      for (const tail of HOSTILE_TAILS) {
        for (let at = 0; at <= parts.length; at++) {
          const inserted = [...parts];
          inserted.splice(at, 0, tail);
          assert.ok(refusedBy(parse, `/${inserted.join('/')}`), `/${inserted.join('/')}`);
        }
      }
      for (const crafted of [
        `/${ws}/dashboards/oper_dash01%2f..%2f..%2ffacts/Sales.tsx`,
        `/${ws}/dashboards/oper_dash01%5cSales.tsx`,
        `/${ws}\\dashboards\\oper_dash01\\Sales.tsx`,
        `/${ws}/dashboards/oper_dash01/..%2f..%2f..%2f..%2fetc%2fpasswd`,
        `/${ws}/dashboards/oper_dash01/Sales%2etsx`,
        // The name segment only titles the tab, but a name that resolves elsewhere is no name.
        `/${ws}/dashboards/oper_dash01/..%2f..%2f..%2fx.tsx`,
        `/${ws}/dashboards/oper_dash01/..\\..\\x.tsx`,
        `/${ws}/dashboards/oper_dash01/%2e%2e%5cx.tsx`,
        `/${ws}/dashboards/oper_dash01/%252e%252e%252fx.tsx`,
        '/etc/passwd',
        '/../../../../etc/passwd',
        'wksp_demo01/dashboards/oper_dash01/Sales.tsx',
        `${good}/`,
        `/${good}`,
      ])
        assert.ok(refusedBy(parse, crafted), crafted);
    }
  });

  test('wsa-types: paths are confined to /lib, /node_modules and /wsa after resolving', () => {
    assert.equal(typePath('/lib/lib.es2022.d.ts'), '/lib/lib.es2022.d.ts');
    assert.equal(typePath('/node_modules/@workspace/dashboard/index.d.ts'), '/node_modules/@workspace/dashboard/index.d.ts');
    assert.equal(typePath('/wsa/k/data-row.d.ts'), '/wsa/k/data-row.d.ts');
    for (const crafted of [
      '/lib/../../../../etc/passwd',
      '/lib/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/lib/..%2f..%2f..%2fmarker.txt',
      '/lib/..%5c..%5cmarker.txt',
      '/lib\\..\\..\\marker.txt',
      '/lib/../marker.txt',
      '/lib%2f..%2fmarker.txt',
      '/etc/passwd',
      `/${dir}/marker.txt`,
      '//lib/../marker.txt',
      '/library/x.d.ts',
      '/lib',
      '/libx/../marker.txt',
      'lib/lib.es2022.d.ts',
      'C:\\Windows\\win.ini',
    ])
      assert.equal(typePath(crafted), crafted === '/lib' ? '/lib' : undefined, crafted);
  });

  test('the shipped types never read a file outside their folder, however the path is spelled', () => {
    const shipped = new ShippedTypes(typesDir);
    assert.equal(shipped.read('/lib/lib.es2022.d.ts'), 'declare var es2022: 1;');
    assert.equal(shipped.read('/node_modules/@types/react/index.d.ts'), 'export {};');
    // TypeScript may ask through a `..` that stays inside: it is the same shipped file.
    assert.equal(shipped.read('/node_modules/@types/react/../react/index.d.ts'), 'export {};');
    for (const crafted of [
      '/lib/../marker.txt',
      '/lib/../../marker.txt',
      '/lib/../../../../../../../../etc/passwd',
      '/lib/%2e%2e/marker.txt',
      '/lib/%2e%2e/%2e%2e/marker.txt',
      '/lib/..%2f..%2fmarker.txt',
      '/lib/..%5c..%5cmarker.txt',
      '/lib\\..\\..\\marker.txt',
      '/lib/%252e%252e/%252e%252e/marker.txt',
      '/node_modules/@types/react/../../../marker.txt',
      '/node_modules/csstype/../../marker.txt',
      `/lib/../../../../../../../..${dir}/marker.txt`,
      '/marker.txt',
      '/etc/passwd',
      '/lib',
    ]) {
      const text = shipped.read(crafted);
      assert.ok(text === undefined || !text.includes('MARKER'), `${crafted} showed a local file`);
      assert.equal(text, undefined, crafted);
    }
  });

  test('property: a types path is accepted exactly when it resolves inside the tree, and then reads nothing outside (both branches reached)', () => {
    const segment = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          'lib',
          'node_modules',
          'wsa',
          '@types',
          'react',
          'csstype',
          'lib.es2022.d.ts',
          'index.d.ts',
          'marker.txt',
          'etc',
        ),
      },
      { weight: 3, arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2E%2e', '..%2f..', '%2f', '%5c', '..\\..', '\\', '%252e%252e', '') },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9%._\\-]{0,6}$/) },
    );
    const path = fc.array(segment, { minLength: 1, maxLength: 7 }).map((parts) => `/${parts.join('/')}`);
    const shipped = new ShippedTypes(typesDir);
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(path, (raw) => {
        // An independent reading of the same rules: decode once, backslash as slash, posix-normalise.
        let model: string | undefined;
        try {
          const decoded = raw.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => decodeURIComponent(run)).replace(/\\/g, '/');
          // eslint-disable-next-line no-control-regex -- control characters are refused
          if (/[\u0000-\u001f\u007f]/.test(decoded)) throw new Error('control character');
          const climbs = decoded
            .split('/')
            .reduce((depth, s) => (depth < 0 ? depth : s === '..' ? depth - 1 : s && s !== '.' ? depth + 1 : depth), 0);
          const normal = posix.normalize(decoded).replace(/(.)\/$/, '$1');
          model = climbs >= 0 && TYPE_ROOTS.some((r) => normal === r || normal.startsWith(`${r}/`)) ? normal : undefined;
        } catch {
          model = undefined;
        }
        const got = typePath(raw);
        assert.equal(got, model, raw);
        if (got === undefined) {
          refused++;
        } else {
          accepted++;
          assert.ok(!got.split('/').some((s) => s === '..' || s === '.'), got);
        }
        const text = shipped.read(raw);
        assert.ok(text === undefined || !text.includes('MARKER'), `${raw} read a file outside the shipped types`);
      }),
      { numRuns: 3000, seed: 20261125 },
    );
    assert.ok(accepted >= 200, `the accepted branch ran ${accepted} times`);
    assert.ok(refused >= 200, `the refused branch ran ${refused} times`);
  });

  test('property: a wsa: path is accepted only in its own resolved form, naming the id it shows (both branches reached)', () => {
    const hostile = fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E%2e',
      '%2f',
      '%5c',
      'a%2fb',
      '..\\..',
      '\\',
      '%252e',
      '',
      'x%2f..',
      'a%2f..%2fSales.tsx',
      '..\\Sales.tsx',
      '%2e%2e%5cG.json',
      'G%252f.json',
    );
    const edit = fc.record({ at: fc.nat(), token: hostile, insert: fc.boolean() });
    const valid = fc.constantFrom(
      { workspaceId: ws, view: 'dashboard' as const, id: 'oper_dash01', name: 'Sales' },
      { workspaceId: ws, view: 'fact' as const, id: 'fact_margin1', name: 'Gross margin' },
      { workspaceId: 'wksp_other9', view: 'database' as const, id: 'dbas_orders1', name: 'Orders %2f Q1' },
    );
    const path = fc.tuple(valid, fc.array(edit, { maxLength: 3 })).map(([f, edits]) => {
      const parts = filePath(f).slice(1).split('/');
      for (const { at, token, insert } of edits) parts.splice(at % (parts.length + 1), insert ? 0 : 1, token);
      return { raw: `/${parts.join('/')}`, f, edited: edits.length > 0 };
    });
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(path, ({ raw, f, edited }) => {
        let parsed;
        try {
          parsed = parseFilePath(raw);
        } catch (e) {
          assert.ok(e instanceof ResourcePathError);
          assert.ok(edited, `a path we made is refused: ${raw}`);
          refused++;
          return;
        }
        accepted++;
        assert.equal(resolveUriPath(raw).path, raw, 'only a path that needs no resolving');
        const parts = raw.slice(1).split('/');
        assert.equal(parsed.workspaceId, parts[0]);
        assert.equal(parsed.id, parts[2]);
        if (!edited) assert.deepEqual([parsed.workspaceId, parsed.view, parsed.id], [f.workspaceId, f.view, f.id]);
      }),
      { numRuns: 3000, seed: 20261125 },
    );
    assert.ok(accepted >= 300, `the accepted branch ran ${accepted} times`);
    assert.ok(refused >= 300, `the refused branch ran ${refused} times`);
  });
});
