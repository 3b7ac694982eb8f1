// ARCHITECTURE.md holds the one table of the folders of src/: every folder is in it, and it names
// no folder that does not exist. A folder added without a word on what it owns fails here. One row,
// `src/kinds/<kind>/`, stands for the folder of each kind of the registry: a kind added to the
// registry needs its folder, and no row of its own.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, test } from 'node:test';
import { KINDS } from '../../src/kinds/resourceKinds';
import { repoRoot } from '../harness/lib/paths';

/** The folders the table's first column names (`src/kinds/` → `src/kinds`), in its order. */
export function tableFolders(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('The folders'));
  assert.ok(section, 'ARCHITECTURE.md has a section "The folders"');
  return [...section.matchAll(/^\| `(src(?:\/[^`|]*)?)` \|/gm)].map((m) => m[1]!.replace(/\/$/, ''));
}

/** src/ and every folder below it, with `/`. */
function sourceFolders(): string[] {
  const below = readdirSync(join(repoRoot, 'src'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map(
      (d) =>
        `${join(d.parentPath, d.name)
          .slice(repoRoot.length + 1)
          .split(sep)
          .join('/')}`,
    );
  return ['src', ...below].sort();
}

/** The table's folders with `<kind>` read as each kind of the registry. */
export function withKinds(folders: readonly string[], kinds: readonly string[]): string[] {
  return folders.flatMap((f) => (f.includes('<kind>') ? kinds.map((k) => f.replace('<kind>', k)) : [f]));
}

describe('the folder table', () => {
  test('ARCHITECTURE.md names every folder of src/, once, and none that does not exist', () => {
    const named = withKinds(tableFolders(readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8')), KINDS);
    const folders = sourceFolders();
    assert.ok(folders.length > 20, `read the source tree (${folders.length} folders)`);
    assert.deepEqual(
      named.filter((f, i) => named.indexOf(f) !== i),
      [],
      'folders named twice',
    );
    assert.deepEqual(
      folders.filter((f) => !named.includes(f)),
      [],
      'folders of src/ missing from the table',
    );
    assert.deepEqual(
      named.filter((f) => !folders.includes(f)),
      [],
      'folders the table names that do not exist',
    );
  });

  test('the table reader takes the first column of the folders section only', () => {
    const page = [
      '# Architecture',
      '## The folders',
      '| folder | owns |',
      '| --- | --- |',
      '| `src/` | the root |',
      '| `src/a/` | a |',
      '| `src/a/b/` | b, see `src/c/` |',
      '## Tests',
      '| `src/d/` | not a folder row |',
    ].join('\n');
    assert.deepEqual(tableFolders(page), ['src', 'src/a', 'src/a/b']);
    assert.deepEqual(withKinds(['src/kinds', 'src/kinds/<kind>'], ['fact', 'widget']), ['src/kinds', 'src/kinds/fact', 'src/kinds/widget']);
  });
});
