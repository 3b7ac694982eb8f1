// The manifest's file name patterns for Dashboard TSX: VS Code gives a document the language whose
// pattern matches its path before it looks at the `.tsx` extension, so wsa: dashboards and their
// revisions open as `wsa-dashboard` and the built-in TypeScript extension never starts for them.
// The patterns must match exactly the paths the file systems make for dashboards: no other
// resource, and no file of someone's own project.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ID_PREFIXES } from '../../../src/api/ids';
import { filePath, revisionPath, VIEWS, type FileView } from '../../../src/kinds/resourcePath';
import { repoRoot } from '../../harness/lib/paths';

const root = repoRoot;

interface Manifest {
  contributes: { languages: { id: string; filenamePatterns?: string[] }[] };
}

const patterns = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest).contributes.languages.find(
  (l) => l.id === VIEWS.dashboard.language,
)?.filenamePatterns;

/**
 * VS Code's reading of a pattern that holds a `/`: matched against the whole path, case-insensitive,
 * `*` standing for any characters but `/`. The patterns use no other glob syntax (checked below).
 */
function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}$`, 'i').test(path);
}

const matchedByAny = (path: string) => (patterns ?? []).some((p) => matches(p, path));

/** What follows an id's prefix. */
const idRest = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);
const id = (prefix: string) => idRest.map((rest) => `${prefix}${rest}`);
const name = fc.string({ minLength: 1, maxLength: 40 });
const views = Object.keys(VIEWS) as FileView[];

describe('Dashboard TSX file name patterns', () => {
  test('are plain paths with `*` only, each holding a `/` so that VS Code matches the whole path', () => {
    assert.ok(patterns && patterns.length > 0, 'the wsa-dashboard language has file name patterns');
    for (const p of patterns) {
      assert.match(p, /^\/[^?[\]{}]*$/, `${p}: starts at the root, no ?, [] or {}`);
      assert.ok(!p.includes('**'), `${p}: no **`);
    }
  });

  test('match every dashboard and dashboard revision path, and no other resource’s', () => {
    const seen = { dashboard: 0, other: 0, dashboardRevision: 0, otherRevision: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...views), id('wksp_'), idRest, id('rvsn_'), name, (view, workspaceId, rest, revisionId, title) => {
        const spec = VIEWS[view];
        const isDashboard = view === 'dashboard';
        const file = filePath({ workspaceId, view, id: `${ID_PREFIXES[spec.idKind]}${rest}`, name: title });
        assert.equal(matchedByAny(file), isDashboard, file);
        seen[isDashboard ? 'dashboard' : 'other']++;
        if (!spec.historyKind) return;
        const revision = revisionPath({
          workspaceId,
          view,
          resourceId: `${ID_PREFIXES[spec.historyKind]}${rest}`,
          revisionId,
          name: title,
        });
        assert.equal(matchedByAny(revision), isDashboard, revision);
        seen[isDashboard ? 'dashboardRevision' : 'otherRevision']++;
      }),
      { numRuns: 300 },
    );
    for (const [branch, count] of Object.entries(seen)) assert.ok(count > 0, `${branch} ran`);
  });

  test('match no file of a project on disk, even one with a dashboards folder', () => {
    for (const path of [
      '/home/ana/app/src/dashboards/Revenue.tsx',
      '/home/ana/app/wksp_1/dashboards/oper_2/Revenue.tsx',
      '/srv/pulled/dashboards/Revenue.tsx',
      'c:\\Users\\ana\\wksp_1\\dashboards\\oper_2\\Revenue.tsx',
    ])
      assert.equal(matchedByAny(path), false, path);
  });
});
