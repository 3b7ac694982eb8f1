// No import cycle between the files of src/, nor between its folders, read from the sources with
// their type-only imports: `import type` is gone from the bundles, but a cycle of types is still
// two modules that cannot be understood, or moved, one without the other. A folder is the folder a
// file sits in (src/history/host and src/history/model are two).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, sep } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

type Graph = Map<string, Set<string>>;

/** No cycle in an empty graph proves nothing: the sources and their imports must be there (250 files, 900 imports when written). */
function assertWhole(graph: Graph): void {
  const imports = [...graph.values()].reduce((n, edges) => n + edges.size, 0);
  assert.ok(graph.size >= 200 && imports >= 700, `the source graph holds ${graph.size} files of src/ and ${imports} imports`);
}

/**
 * Every module specifier of a TypeScript source: `import` and `export … from` (type-only ones too:
 * a cycle of types is still two modules that need each other to be understood), `import('…')`
 * and `require('…')`. Comments are skipped; a specifier inside a string literal of code would be
 * read too, and none is.
 */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out: string[] = [];
  const pattern =
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(pattern)) out.push((m[1] ?? m[2])!);
  return out;
}

/** `spec` imported from `from` (a file of src/), as the file of src/ it names; undefined for a package or a file elsewhere. */
function resolveSpecifier(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  return [base, `${base}.ts`, `${base}/index.ts`].find((f) => files.has(f));
}

/** src/ → src/ imports of every source file, read from the sources: type-only imports and dynamic imports included. */
function sourceGraph(): Graph {
  const files = new Set(
    readdirSync(join(root, 'src'), { recursive: true })
      .map((f) => `src/${String(f).split(sep).join('/')}`)
      .filter((f) => f.endsWith('.ts')),
  );
  const graph: Graph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const spec of specifiers(readFileSync(join(root, file), 'utf8'))) {
      const to = resolveSpecifier(file, spec, files);
      if (to) edges.add(to);
    }
    graph.set(file, edges);
  }
  return graph;
}

export function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [from, targets] of files) {
    const edges = graph.get(dirname(from)) ?? new Set<string>();
    graph.set(dirname(from), edges);
    for (const to of targets) if (dirname(to) !== dirname(from)) edges.add(dirname(to));
  }
  return graph;
}

/** Each strongly connected part with more than one node, as one cycle through it: `a → b → a`. */
export function cycles(graph: Graph): string[][] {
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

describe('import cycles', () => {
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

  test('the reader finds every kind of import: values, types, re-exports, dynamic imports and requires; not those in comments', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import * as c from './c';",
      "import './d';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "export * from './g';",
      "const h = await import('./h');",
      "const i = require('./i');",
      '// import { j } from "./j";',
      "/* import { k } from './k'; */",
      'import {',
      '  l,',
      '  type L,',
      "} from './l';",
      "const url = 'https://x.example/y'; // not a comment's import",
    ].join('\n');
    assert.deepEqual(specifiers(source), ['./a', '../b', './c', './d', './e', './f', './g', './h', './i', './l']);
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
