// The source tree's shape: a file's basename says which one it is, in an editor tab, a stack trace
// or a quick-open list, without its folder; and no file grows past what one reading holds.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

/** Basenames used by more than one file, with the files; `index.ts` (a feature's registration) and `api.ts` (what it offers the others) name a folder's role and may repeat. */
function sharedBasenames(files: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = basename(file);
    if (name !== 'index.ts' && name !== 'api.ts') byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return new Map([...byName].filter(([, list]) => list.length > 1));
}

/** The style guide's limit: files near 400 lines at most, split by responsibility beyond. */
const MAX_LINES = 400;

function sourceFiles(): string[] {
  return readdirSync(join(root, 'src'), { recursive: true })
    .map(String)
    .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f))
    .map((f) => `src/${f.split('\\').join('/')}`);
}

/** `file: N lines` for each file over the limit, longest first. */
function overLimit(lineCounts: ReadonlyMap<string, number>, max: number): string[] {
  return [...lineCounts]
    .filter(([, n]) => n > max)
    .sort((a, b) => b[1] - a[1])
    .map(([file, n]) => `${file}: ${n} lines`);
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source layout', () => {
  test('no two files under src/ share a basename (index.ts and api.ts aside)', () => {
    const files = sourceFiles();
    assert.ok(files.length > 50, `read the source tree (${files.length} files)`);
    const shared = [...sharedBasenames(files)].map(([name, list]) => `${name}: ${list.join(', ')}`);
    assert.deepEqual(shared, [], 'basenames used more than once');
  });

  test('the check names each repeated basename with its files', () => {
    const found = sharedBasenames([
      'src/a/jsonLocation.ts',
      'src/b/jsonLocation.ts',
      'src/a/index.ts',
      'src/b/index.ts',
      'src/a/api.ts',
      'src/b/api.ts',
      'src/c/other.ts',
    ]);
    assert.deepEqual([...found], [['jsonLocation.ts', ['src/a/jsonLocation.ts', 'src/b/jsonLocation.ts']]]);
  });

  test(`no file under src/ is longer than ${MAX_LINES} lines`, () => {
    const counts = new Map(sourceFiles().map((f) => [f, lineCount(readFileSync(join(root, f), 'utf8'))] as const));
    assert.ok(counts.size > 50, `read the source tree (${counts.size} files)`);
    assert.deepEqual(overLimit(counts, MAX_LINES), [], `files over ${MAX_LINES} lines: split them by responsibility`);
  });

  test('the length check names each long file with its line count, longest first', () => {
    const counts = new Map([
      ['src/a.ts', 401],
      ['src/b.ts', 400],
      ['src/c.ts', 950],
    ]);
    assert.deepEqual(overLimit(counts, 400), ['src/c.ts: 950 lines', 'src/a.ts: 401 lines']);
    assert.equal(lineCount('a\nb\n'), 2);
    assert.equal(lineCount('a\nb'), 2);
  });
});
