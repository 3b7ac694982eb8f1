// The source tree's names: a file's basename says which one it is, in an editor tab, a stack trace
// or a quick-open list, without its folder.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, test } from 'node:test';

const root = join(__dirname, '..', '..', '..');

/** Basenames used by more than one file, with the files; `index.ts` names a folder's entry and may repeat. */
function sharedBasenames(files: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = basename(file);
    if (name !== 'index.ts') byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return new Map([...byName].filter(([, list]) => list.length > 1));
}

describe('source layout', () => {
  test('no two files under src/ share a basename (index.ts aside)', () => {
    const files = readdirSync(join(root, 'src'), { recursive: true })
      .map(String)
      .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f))
      .map((f) => `src/${f}`);
    assert.ok(files.length > 50, `read the source tree (${files.length} files)`);
    const shared = [...sharedBasenames(files)].map(([name, list]) => `${name}: ${list.join(', ')}`);
    assert.deepEqual(shared, [], 'basenames used more than once');
  });

  test('the check names each repeated basename with its files', () => {
    const found = sharedBasenames(['src/a/jsonLocation.ts', 'src/b/jsonLocation.ts', 'src/a/index.ts', 'src/b/index.ts', 'src/c/other.ts']);
    assert.deepEqual([...found], [['jsonLocation.ts', ['src/a/jsonLocation.ts', 'src/b/jsonLocation.ts']]]);
  });
});
