// What the bundles are made of, from esbuild's metafiles (dist/meta-<group>.json, written by every
// development build of esbuild.mjs): no import cycle between the files of src/ or between its
// folders, and the lazy chunks hold what activation must not load.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';

const root = join(__dirname, '..', '..', '..');
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

type Graph = Map<string, Set<string>>;

/** No cycle in an empty graph proves nothing: the metafiles' src/ files and imports must be there (186 files, 473 imports when written). */
function assertWhole(graph: Graph): void {
  const imports = [...graph.values()].reduce((n, edges) => n + edges.size, 0);
  assert.ok(graph.size >= 100 && imports >= 200, `the source graph holds ${graph.size} files of src/ and ${imports} imports`);
}

/** src/ → src/ imports of every bundle (type-only imports are gone by then: they cannot cycle at run time). */
function sourceGraph(): Graph {
  const graph: Graph = new Map();
  for (const group of GROUPS) {
    for (const [path, input] of Object.entries(metafile(group).inputs)) {
      if (!path.startsWith('src/')) continue;
      const edges = graph.get(path) ?? new Set<string>();
      graph.set(path, edges);
      for (const i of input.imports) if (!i.external && i.path.startsWith('src/')) edges.add(i.path);
    }
  }
  return graph;
}

function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [from, targets] of files) {
    const edges = graph.get(dirname(from)) ?? new Set<string>();
    graph.set(dirname(from), edges);
    for (const to of targets) if (dirname(to) !== dirname(from)) edges.add(dirname(to));
  }
  return graph;
}

/** Each strongly connected part with more than one node, as one cycle through it: `a → b → a`. */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) parts.push(part);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return parts.map((part) => cycleThrough(graph, new Set(part)));
}

/** The shortest way from the part's first node (sorted) back to itself, inside the part. */
function cycleThrough(graph: Graph, part: Set<string>): string[] {
  const start = [...part].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!part.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at = v; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...part];
}

/** Which file imports make a folder cycle: "src/a (src/a/x.ts → src/b/y.ts) → src/b (…) → src/a". */
function explainFolderCycle(cycle: string[], files: Graph): string {
  const steps = cycle.slice(0, -1).map((folder, i) => {
    const to = cycle[i + 1]!;
    const edge = [...files].flatMap(([from, targets]) =>
      dirname(from) === folder ? [...targets].filter((t) => dirname(t) === to).map((t) => `${from} → ${t}`) : [],
    )[0];
    return `${folder} (${edge})`;
  });
  return [...steps, cycle.at(-1)].join(' → ');
}

function inputsOf(meta: Metafile, output: string): string[] {
  const out = meta.outputs[output];
  assert.ok(out, `${output} is not an output of this build (outputs: ${Object.keys(meta.outputs).join(', ')})`);
  return Object.keys(out.inputs);
}

describe('bundles: import cycles', () => {
  test('the cycle finder names a cycle of files and of folders, and none in a tree', () => {
    const g: Graph = new Map([
      ['src/a/x.ts', new Set(['src/b/y.ts'])],
      ['src/b/y.ts', new Set(['src/a/z.ts'])],
      ['src/a/z.ts', new Set<string>()],
    ]);
    assert.deepEqual(cycles(g), []);
    assert.deepEqual(cycles(folderGraph(g)), [['src/a', 'src/b', 'src/a']]);
    assert.equal(
      explainFolderCycle(['src/a', 'src/b', 'src/a'], g),
      'src/a (src/a/x.ts → src/b/y.ts) → src/b (src/b/y.ts → src/a/z.ts) → src/a',
    );
    g.get('src/a/z.ts')!.add('src/a/x.ts');
    assert.deepEqual(cycles(g), [['src/a/x.ts', 'src/b/y.ts', 'src/a/z.ts', 'src/a/x.ts']]);
  });

  test('no two files of src/ import each other, directly or through others', () => {
    const graph = sourceGraph();
    assertWhole(graph);
    const found = cycles(graph);
    assert.deepEqual(found, [], `import cycles between files:\n${found.map((c) => c.join(' → ')).join('\n')}`);
  });

  test('no two folders of src/ import each other, directly or through others', () => {
    const files = sourceGraph();
    assertWhole(files);
    const found = cycles(folderGraph(files));
    assert.deepEqual(found, [], `import cycles between folders:\n${found.map((c) => explainFolderCycle(c, files)).join('\n')}`);
  });
});

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
      extension.filter((p) => p === 'src/tsx/dashboardService.ts' || p === 'src/tsx/dashboardProject.ts'),
      [],
      'the language service in dist/extension.js',
    );
    const worker = inputsOf(metafile('tsWorker'), 'dist/ts-worker.js');
    assert.ok(worker.some(node('typescript/')), 'typescript is in dist/ts-worker.js');
    assert.ok(worker.includes('src/tsx/dashboardService.ts'), 'the language service is in dist/ts-worker.js');
  });

  test('the history page bundles only src/webview and src/shared: no zod, no host code', () => {
    const page = inputsOf(metafile('webview'), 'dist/webview/history.js');
    assert.ok(page.includes('src/shared/history/protocol.ts'), 'the page bundles the shared protocol');
    const foreign = page.filter((p) => !p.startsWith('src/webview/') && !p.startsWith('src/shared/'));
    assert.deepEqual(foreign, [], 'the page bundle holds only its own files and src/shared');
  });
});
