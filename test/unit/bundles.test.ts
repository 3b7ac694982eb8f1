// What the bundles are made of, from esbuild's metafiles (dist/meta-<group>.json, written by every
// development build of esbuild.mjs): the lazy chunks hold what activation must not load, and the
// history page only its own code. (importCycles.test.ts reads the sources for cycles.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { ACTIVATION_BUDGET_BYTES, loadedAtActivation as activationOutputs, type MetafileImport } from '../harness/lib/bundleGraph';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const GROUPS = ['extension', 'tsx', 'tsWorker', 'emulator', 'webview', 'tests'] as const;

interface Metafile {
  inputs: Record<string, { imports: MetafileImport[] }>;
  outputs: Record<string, { inputs: Record<string, unknown>; imports?: MetafileImport[]; bytes?: number }>;
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

/** The files dist/extension.js requires as it loads: itself first, then its chunks. */
function loadedAtActivation(meta: Metafile, entry = 'dist/extension.js'): string[] {
  return activationOutputs(meta.outputs, entry);
}

/** What activation loads, by folder (a package by its name): the folders of the core and the features' registrations. */
const ACTIVATION_FOLDERS = [
  'node_modules/@vscode/l10n',
  'node_modules/node-diff3',
  'src',
  'src/agents',
  'src/api',
  'src/connection',
  'src/connection/model',
  'src/dashboardLanguage',
  'src/dashboardLanguage/service',
  'src/dashboardLanguage/vscode',
  'src/documents',
  'src/documents/conflicts',
  'src/documents/files',
  'src/documents/model',
  'src/documents/validation',
  'src/environments',
  'src/environments/model',
  'src/environments/vscode',
  'src/explorer',
  'src/explorer/model',
  'src/explorer/vscode',
  'src/history',
  'src/history/host',
  'src/history/model',
  'src/kinds',
  'src/kinds/app',
  'src/kinds/contract',
  'src/kinds/dashboard',
  'src/kinds/database',
  'src/kinds/fact',
  'src/kinds/operation',
  'src/kinds/writeSync',
  'src/localFolders',
  'src/localFolders/engine',
  'src/localFolders/vscode',
  'src/manifest',
  'src/publish',
  'src/publish/model',
  'src/ui',
  'src/util',
  'vscode-once',
];

/** Code a window may never run: each is in a chunk that its feature imports on first use. */
const LOADED_ON_FIRST_USE = [
  'src/localFolders/vscode/localFolders.ts',
  'src/localFolders/engine/localFolder.ts',
  'src/agents/vscode/lmTools.ts',
  'src/agents/vscode/mcpDefinitions.ts',
  'src/environments/vscode/compareCommands.ts',
  'src/environments/engine/compareEnvironments.ts',
  'src/environments/vscode/promoteCommands.ts',
  'src/environments/engine/promoteApply.ts',
  'src/history/host/historyPanels.ts',
  'src/history/host/webviewHost.ts',
  'src/connection/signIn.ts',
  'src/connection/connectionCommands.ts',
  'src/connection/emulatorLauncher.ts',
  'src/publish/revisionOperationsUi.ts',
  'src/publish/model/revisionOperations.ts',
  'src/publish/guardedRestore.ts',
];

function folderOf(input: string): string {
  if (input.startsWith('vscode-once:')) return 'vscode-once';
  const parts = input.split('/');
  if (parts[0] === 'node_modules') return parts.slice(0, parts[1]!.startsWith('@') ? 3 : 2).join('/');
  return parts.slice(0, -1).join('/');
}

/** The sources of everything activation loads. */
function activationInputs(meta: Metafile): string[] {
  return loadedAtActivation(meta).flatMap((output) => inputsOf(meta, output));
}

describe('bundles: what activation loads', () => {
  const node = (path: string) => (p: string) => p.startsWith(`node_modules/${path}`);

  test('what activation loads holds no zod, no undici, no jsonc-parser and no Babel parser: they are the lazy chunks', () => {
    const meta = metafile('extension');
    const extension = activationInputs(meta);
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
    assert.ok(activationInputs(meta).includes('src/extension.ts'), 'the composition root is in what dist/extension.js loads');
    assert.equal(
      loadedAtActivation(meta).length,
      2,
      'activation loads dist/extension.js and one chunk: each file more is a read, a hash and a code cache',
    );
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    assert.equal(manifest.main, './dist/main.js');
  });

  test('the shipped bundles are ASCII, and what activation loads stays within its budget', () => {
    // The production build (the development build keeps comments, which need not be ASCII).
    const out = mkdtempSync(join(tmpdir(), 'wsa-bundles-'));
    try {
      const build = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--only=extension', `--dist=${out}`], {
        cwd: root,
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr);
      const meta = JSON.parse(readFileSync(join(out, 'meta-extension.json'), 'utf8')) as Metafile;
      const shipped = (output: string) => join(out, output.slice(output.lastIndexOf('/') + 1));
      for (const output of Object.keys(meta.outputs).filter((o) => o.endsWith('.js'))) {
        const bytes = readFileSync(shipped(output));
        const at = bytes.findIndex((b) => b > 0x7f);
        assert.equal(at, -1, `${output}: a non-ASCII byte at ${at}: ${bytes.subarray(Math.max(0, at - 60), at + 10).toString('utf8')}`);
      }
      const activation = loadedAtActivation(meta, relative(root, join(out, 'extension.js'))).map((o) => readFileSync(shipped(o)).length);
      const total = activation.reduce((a, b) => a + b, 0);
      assert.ok(
        total <= ACTIVATION_BUDGET_BYTES,
        `activation loads ${total} bytes in ${activation.length} files (budget ${ACTIVATION_BUDGET_BYTES})`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('activation loads the folders listed here and no other: a feature a window may never use is a chunk of its own', () => {
    const meta = metafile('extension');
    const inputs = activationInputs(meta);
    const folders = [...new Set(inputs.map(folderOf))].sort();
    assert.deepEqual(folders, ACTIVATION_FOLDERS, 'a folder added here is loaded by every window: load it on first use instead');
    const chunks = Object.keys(meta.outputs).filter((o) => !loadedAtActivation(meta).includes(o));
    for (const lazy of LOADED_ON_FIRST_USE) {
      assert.ok(!inputs.includes(lazy), `${lazy} is loaded at activation`);
      assert.ok(
        chunks.some((c) => inputsOf(meta, c).includes(lazy)),
        `${lazy} is in no chunk loaded later`,
      );
    }
  });

  test('what activation loads holds no TypeScript and no language service: the worker bundle does, loaded with the first dashboard', () => {
    const extension = activationInputs(metafile('extension'));
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
