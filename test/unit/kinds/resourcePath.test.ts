import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  filePath,
  parseFilePath,
  parseRevisionPath,
  ResourcePathError,
  revisionPath,
  safeName,
  type FileView,
} from '../../../src/kinds/resourcePath';

describe('resource paths', () => {
  test('a dashboard path round-trips and keeps its name for the tab', () => {
    const path = filePath({ workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_9', name: 'Sales / Overview' });
    assert.equal(path, '/wksp_1/dashboards/oper_9/Sales - Overview.tsx');
    assert.deepEqual(parseFilePath(path), { workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_9', name: 'Sales - Overview' });
  });

  test('operation handler and operation JSON are told apart by suffix', () => {
    assert.equal(parseFilePath('/wksp_1/operations/oper_2/Load.handler.ts').view, 'operationHandler');
    assert.equal(parseFilePath('/wksp_1/operations/oper_2/Load.json').view, 'operation');
  });

  test('traversal, wrong prefixes and unknown folders are refused', () => {
    for (const bad of [
      '/wksp_1/dashboards/../oper_2/x.tsx',
      '/wksp_1/dashboards/wsyn_2/x.tsx',
      '/wksp_1/secrets/oper_2/x.tsx',
      '/wksp_1/dashboards/oper_2/x.json',
      '/oper_1/dashboards/oper_2/x.tsx',
      '/wksp_1/dashboards/oper_2/.tsx',
      'wksp_1/dashboards/oper_2/x.tsx',
      '/wksp_1/dashboards/oper_2/x/y.tsx',
      '/wksp_1//oper_2/x.tsx',
    ])
      assert.throws(() => parseFilePath(bad), ResourcePathError, bad);
  });

  test('revision paths name the history resource and the revision', () => {
    const path = revisionPath({ workspaceId: 'wksp_1', view: 'dashboard', resourceId: 'rept_3', revisionId: 'rvsn_4', name: 'Sales' });
    assert.deepEqual(parseRevisionPath(path), {
      workspaceId: 'wksp_1',
      view: 'dashboard',
      resourceId: 'rept_3',
      revisionId: 'rvsn_4',
      name: 'Sales',
    });
    assert.throws(() => parseRevisionPath('/wksp_1/dashboards/oper_3/rvsn_4/Sales.tsx'), ResourcePathError);
    assert.throws(() => parseRevisionPath('/wksp_1/facts/fact_3/rvsn_4/F.json'), ResourcePathError);
  });

  test('any name round-trips to a path that parses back to the same resource', () => {
    const views: FileView[] = ['dashboard', 'database', 'fact', 'operationHandler', 'operation', 'app', 'writeSync'];
    const ids: Record<FileView, string> = {
      dashboard: 'oper_a',
      database: 'dbas_a',
      fact: 'fact_a',
      operationHandler: 'oper_a',
      operation: 'oper_a',
      app: 'appl_a',
      writeSync: 'wsyn_a',
    };
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...views), (name, view) => {
        const parsed = parseFilePath(filePath({ workspaceId: 'wksp_w', view, id: ids[view], name }));
        assert.equal(parsed.id, ids[view]);
        assert.equal(parsed.view, view);
        assert.equal(parsed.name, safeName(name, ids[view]));
      }),
    );
  });

  test('any hostile path either parses to a well-formed resource or is refused', () => {
    // A dashboard path's parts, traversal and escapes, and arbitrary text, in any order: some parse.
    const part = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('..', '.', '', 'wksp_1', 'dashboards', 'oper_1', 'x.tsx', '%2e%2e', '%2f', '..%2f', '\\..') },
      fc.string({ maxLength: 6 }),
    );
    const path = fc.oneof(
      fc.array(part, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
      fc.tuple(part, part).map(([a, b]) => `/wksp_1/dashboards/oper_1/${a}${b}.tsx`),
    );
    const outcomes = { parsed: 0, refused: 0 };
    fc.assert(
      fc.property(path, (p) => {
        let f;
        try {
          f = parseFilePath(p);
        } catch (e) {
          assert.ok(e instanceof ResourcePathError);
          outcomes.refused++;
          return;
        }
        outcomes.parsed++;
        assert.match(f.workspaceId, /^wksp_/);
        // What parses names a resource whose own path holds no traversal.
        const own = filePath(f);
        assert.ok(!own.split('/').some((s) => s === '..' || s === '.'), own);
        assert.deepEqual({ ...parseFilePath(own), name: '' }, { ...f, name: '' }, 'the same resource again');
      }),
      { numRuns: 600 },
    );
    assert.ok(outcomes.parsed >= 50 && outcomes.refused >= 50, `both outcomes ran often: ${JSON.stringify(outcomes)}`);
  });
});
