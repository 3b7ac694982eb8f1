// What the bundles are made of, from esbuild's metafiles (dist/meta-<group>.json, written by every
// development build of esbuild.mjs): the lazy chunks hold what activation must not load, and the
// history page only its own code. (importCycles.test.ts reads the sources for cycles.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const GROUPS = ['extension', 'tsx', 'tsWorker', 'emulator', 'webview', 'tests'] as const;

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

function metafile(group: (typeof GROUPS)[number]): Metafile {
  const file = join(root, 'dist', `meta-${group}.json`);
  assert.ok(existsSync(file), `${file} is missing: run \`node esbuild.mjs\` (a development build) first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Metafile;
}

function inputsOf(meta: Metafile, output: string): string[] {
  const out = meta.outputs[output];
  assert.ok(out, `${output} is not an output of this build (outputs: ${Object.keys(meta.outputs).join(', ')})`);
  return Object.keys(out.inputs);
}

describe('bundles: what activation loads', () => {
  const node = (path: string) => (p: string) => p.startsWith(`node_modules/${path}`);

  test('dist/extension.js holds no zod, no undici, no jsonc-parser and no Babel parser: they are the lazy chunks', () => {
    const meta = metafile('extension');
    const extension = inputsOf(meta, 'dist/extension.js');
    for (const [what, is] of [
      ['zod', node('zod/')],
      ['undici', node('undici/')],
      ['@babel/parser', node('@babel/parser/')],
      ['jsonc-parser', node('jsonc-parser/')],
      ['the response schemas', (p: string) => p === 'src/api/schemas.ts' || p === 'src/api/schemaChunk.ts'],
    ] as const) {
      assert.deepEqual(extension.filter(is), [], `${what} in dist/extension.js`);
    }
    assert.ok(inputsOf(meta, 'dist/schemas.js').some(node('zod/')), 'zod is in dist/schemas.js');
    assert.ok(inputsOf(meta, 'dist/schemas.js').includes('src/api/schemas.ts'), 'the response schemas are in dist/schemas.js');
    assert.ok(
      inputsOf(meta, 'dist/undici-pool.js').includes('node_modules/undici/lib/dispatcher/pool.js'),
      "undici's pool is in dist/undici-pool.js",
    );
    assert.ok(inputsOf(meta, 'dist/jsonc-parser.js').some(node('jsonc-parser/')), 'jsonc-parser is in dist/jsonc-parser.js');
    assert.ok(inputsOf(metafile('tsx'), 'dist/tsx-check.js').some(node('@babel/parser/')), 'the Babel parser is in dist/tsx-check.js');
  });

  test('dist/main.js, the entry VS Code requires, is the code-cache loader alone: the rest is dist/extension.js', () => {
    const meta = metafile('extension');
    assert.deepEqual(inputsOf(meta, 'dist/main.js').sort(), ['src/extensionEntry.ts', 'src/util/codeCache.ts']);
    assert.ok(inputsOf(meta, 'dist/extension.js').includes('src/extension.ts'), 'the composition root is in dist/extension.js');
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    assert.equal(manifest.main, './dist/main.js');
  });

  test('the shipped dist/extension.js is ASCII: the code-cache loader decodes it as one-byte text, the fast way', () => {
    // The production build (the development build keeps comments, which need not be ASCII).
    const out = mkdtempSync(join(tmpdir(), 'wsa-bundles-'));
    try {
      const build = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--only=extension', `--dist=${out}`], {
        cwd: root,
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr);
      const bytes = readFileSync(join(out, 'extension.js'));
      const at = bytes.findIndex((b) => b > 0x7f);
      assert.equal(at, -1, `a non-ASCII byte at ${at}: ${bytes.subarray(Math.max(0, at - 60), at + 10).toString('utf8')}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('dist/extension.js holds no TypeScript and no language service: the worker bundle does, loaded with the first dashboard', () => {
    const extension = inputsOf(metafile('extension'), 'dist/extension.js');
    assert.deepEqual(extension.filter(node('typescript/')), [], 'typescript in dist/extension.js');
    assert.deepEqual(
      extension.filter(
        (p) => p === 'src/dashboardLanguage/service/dashboardService.ts' || p === 'src/dashboardLanguage/service/dashboardProject.ts',
      ),
      [],
      'the language service in dist/extension.js',
    );
    const worker = inputsOf(metafile('tsWorker'), 'dist/ts-worker.js');
    assert.ok(worker.some(node('typescript/')), 'typescript is in dist/ts-worker.js');
    assert.ok(worker.includes('src/dashboardLanguage/service/dashboardService.ts'), 'the language service is in dist/ts-worker.js');
  });

  test('the history page bundles only src/history/page and src/history/protocol: no zod, no host code', () => {
    const page = inputsOf(metafile('webview'), 'dist/webview/history.js');
    assert.ok(page.includes('src/history/protocol/protocol.ts'), 'the page bundles the shared protocol');
    const foreign = page.filter((p) => !p.startsWith('src/history/page/') && !p.startsWith('src/history/protocol/'));
    assert.deepEqual(foreign, [], 'the page bundle holds only its own files and src/history/protocol');
  });
});
