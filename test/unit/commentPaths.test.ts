// Every `src/…`, `test/…` or `scripts/…` path a code comment names exists, as docLinks.test.ts holds
// for the Markdown pages: a file moved or renamed leaves no comment pointing at where it was.
// Comments are read with TypeScript's scanner (strings and code are not comments); a path quoted in
// "…" is an example, and one after another repository's name (`microsoft/vscode src/vs/…`) is that
// repository's.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;

/**
 * Comments naming what does not exist yet or any more, each with why: the test fails once one of
 * them names an existing file again, so that the entry goes with the stale comment.
 */
const KNOWN: Readonly<Record<string, string>> = {};

/**
 * The text of every comment of a TypeScript or JavaScript source. Strings, templates, regular
 * expressions and JSX text are blanked out first, as the syntax tree finds them, so that what
 * looks like a comment inside one is not taken for one.
 */
export function commentsOf(source: string, name = 'source.ts'): string[] {
  const kind = /\.m?js$/.test(name) ? ts.ScriptKind.JS : name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, false, kind);
  const code = source.split('');
  const blank = (node: ts.Node): void => {
    if (ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      for (let i = node.getStart(file); i < node.end; i++) if (code[i] !== '\n') code[i] = ' ';
    ts.forEachChild(node, blank);
  };
  blank(file);
  return [...code.join('').matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => source.slice(m.index, m.index + m[0].length));
}

/** The repository paths a comment names: `src/…`, `test/…`, `scripts/…`, without quoted examples or another repository's. */
export function pathsOf(comment: string): string[] {
  const text = comment.replace(/"[^"\n]*"/g, '""').replace(/\b[\w-]+\/[\w.-]+ (?=(?:src|test|scripts)\/)/g, '$&\0');
  return [...text.matchAll(/(?<![\w./\0-])(?:src|test|scripts)\/[\w.*<>{}/-]*[\w*>}]/g)].map((m) => m[0]);
}

/** Whether a named path exists: a file, a folder, a module named without `.ts`; a pattern by the folder before its first wildcard. */
function exists(path: string): boolean {
  const fixed = path.split(/[*<{]/)[0]!;
  if (fixed !== path) return existsSync(join(root, fixed.slice(0, fixed.lastIndexOf('/') + 1)));
  return [path, `${path}.ts`, `${path}.mjs`].some((p) => existsSync(join(root, p)));
}

function sources(): string[] {
  const found = ['src', 'test', 'scripts'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true })
      .map((f) => `${dir}/${String(f).replace(/\\/g, '/')}`)
      .filter((f) => /\.(ts|mts|mjs|js|tsx)$/.test(f) && !f.endsWith('.d.ts')),
  );
  return [...found, ...readdirSync(root).filter((f) => f.endsWith('.mjs'))];
}

describe('paths named in code comments', () => {
  test('the comment reader finds comments, not strings, and the paths in them', () => {
    const source = [
      '// See src/a.ts and test/b/ (and scripts/c.mjs).',
      "const s = '// not a comment: src/x.ts';",
      'const r = /\\/\\/ src\\/y/;',
      '/* A block naming src/kinds/<kind>/<kind>Kind.ts and src/kinds/*.ts, an example "src/App.tsx", and microsoft/vscode src/vs/z.ts. */',
      'const t = `${1}` // src/after-template.ts',
    ].join('\n');
    const comments = commentsOf(source);
    assert.equal(comments.length, 3, comments.join('\n'));
    assert.deepEqual(comments.flatMap(pathsOf), [
      'src/a.ts',
      'test/b',
      'scripts/c.mjs',
      'src/kinds/<kind>/<kind>Kind.ts',
      'src/kinds/*.ts',
      'src/after-template.ts',
    ]);
  });

  test('every path a comment names exists', () => {
    const named: string[] = [];
    const missing: string[] = [];
    for (const file of sources()) {
      const source = readFileSync(join(root, file), 'utf8');
      // Parsing is the cost: a file that names no such path anywhere (imports say `../src/`) has none in a comment.
      if (!/(?<![\w./-])(?:src|test|scripts)\//.test(source)) continue;
      for (const path of commentsOf(source, file).flatMap(pathsOf)) {
        named.push(path);
        if (!exists(path) && !KNOWN[`${file}: ${path}`]) missing.push(`${file}: ${path}`);
      }
    }
    assert.ok(named.length > 100, `the comments were read: ${named.length} paths`);
    assert.deepEqual([...new Set(missing)], [], 'comments that name a path that does not exist');
  });

  test('each known exception still names a missing path', () => {
    const fixed = Object.keys(KNOWN).filter((entry) => {
      const [file, path] = entry.split(': ') as [string, string];
      return (
        !existsSync(join(root, file)) ||
        exists(path) ||
        !commentsOf(readFileSync(join(root, file), 'utf8'), file)
          .flatMap(pathsOf)
          .includes(path)
      );
    });
    assert.deepEqual(fixed, [], 'exceptions that are no longer needed: remove them from KNOWN');
  });
});
