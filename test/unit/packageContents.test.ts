// What the package ships, by vsce's own rules (its `listFiles` over .vscodeignore, which names
// exactly what goes in): every file the manifest names is in it. A file left out still loads from
// the development folder, where every other test runs, and is missing only once installed.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { listFiles, PackageManager } from '@vscode/vsce';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

/** The files the manifest names under dist/ and media/ (the entry, icons, grammars, schemas, walkthrough pages), without `./`. */
function namedFiles(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const path = /^(?:\.\/)?((?:dist|media)\/\S+\.\w+)$/.exec(value)?.[1];
    if (path) out.add(path);
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) namedFiles(v, out);
  return out;
}

test('the package holds every file the manifest names', async () => {
  // `bin` is npm's (the `wsa` command line, packed apart by scripts/package.mjs), not VS Code's.
  const { bin: _npmOnly, ...manifest } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const named = [...namedFiles(manifest)].sort();
  assert.ok(
    named.includes('dist/main.js') && named.filter((p) => p.endsWith('.tmLanguage.json')).length >= 2,
    `the manifest's files were found: ${named.join(', ')}`,
  );
  // The manifest, the ignore file and an empty stand-in for each named file: vsce reads names here, not contents.
  const stage = mkdtempSync(join(tmpdir(), 'wsa-package-files-'));
  try {
    for (const file of ['package.json', '.vscodeignore']) copyFileSync(join(root, file), join(stage, file));
    for (const path of named) {
      mkdirSync(dirname(join(stage, path)), { recursive: true });
      writeFileSync(join(stage, path), '');
    }
    const listed = new Set((await listFiles({ cwd: stage, packageManager: PackageManager.None })).map((f) => f.replace(/\\/g, '/')));
    assert.ok(listed.has('package.json'), `vsce listed the stage: ${[...listed].join(', ')}`);
    assert.deepEqual(
      named.filter((path) => !listed.has(path)),
      [],
      'files the manifest names that .vscodeignore leaves out of the package',
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
});
