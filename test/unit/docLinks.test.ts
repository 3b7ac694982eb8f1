// Every relative link of the README, docs/, CONTRIBUTING.md, ARCHITECTURE.md, SECURITY.md, the
// changelog and the walkthrough resolves to a file of the repository, and an anchor (`#…`) to a
// heading of its page. The pages that ship in the VSIX link only to files that ship too, under the
// names they have there (vsce renames the README, the changelog and the license), so that the
// links work in the Extensions view; and the screenshots the pages show are the ones the UI tests
// publish. The paths the pages name in code exist, so that a file moved leaves no page behind.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, test } from 'node:test';
import { listFiles, PackageManager } from '@vscode/vsce';
import { DOC_SCREENSHOTS } from '../harness/lib/screenshots';
import { anchorsOf, codeOf, docFiles, linksOf, readDoc, root } from './docSupport';

/** Build output and installs: present in a checkout that built, never in the repository. */
const NOT_IN_THE_REPOSITORY = /^(dist|out|node_modules|\.vscode-test|test-results|reports|\.emulator-data)\//;

/** A relative link resolved: the repository path it names and its anchor; undefined for an address or a command. */
function resolveLink(from: string, target: string): { path: string; anchor?: string } | undefined {
  if (/^[a-z][\w+.-]*:/i.test(target)) return undefined;
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const path = file ? normalize(join(dirname(from), decodeURIComponent(file))).replace(/\\/g, '/') : from;
  return { path, ...(anchor ? { anchor: decodeURIComponent(anchor) } : {}) };
}

/** What is wrong with the links of `text` (the page `from`), one line each. */
export function linkProblems(from: string, text: string, read: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const link of linksOf(text)) {
    const at = `${from}:${link.line}: ${link.target}`;
    const resolved = resolveLink(from, link.target);
    if (!resolved) continue;
    const { path, anchor } = resolved;
    if (path.startsWith('../') || path === '..') problems.push(`${at}: leaves the repository`);
    else if (NOT_IN_THE_REPOSITORY.test(path)) problems.push(`${at}: build output, not in the repository`);
    else {
      const target = read(path);
      if (target === undefined) problems.push(`${at}: no such file`);
      else if (anchor && path.endsWith('.md') && !anchorsOf(target).has(anchor)) problems.push(`${at}: ${path} has no heading #${anchor}`);
    }
  }
  return problems;
}

const readRepo = (path: string): string | undefined => {
  const file = join(root, path);
  if (!existsSync(file)) return undefined;
  return statSync(file).isDirectory() ? '' : readDoc(path);
};

describe('the links of the Markdown pages', () => {
  test('every relative link resolves to a file of the repository, and every anchor to a heading of its page', () => {
    const files = docFiles();
    assert.ok(files.includes('docs/cli.md') && files.includes('SECURITY.md'), files.join());
    const problems = files.flatMap((file) => linkProblems(file, readDoc(file), readRepo));
    assert.deepEqual(problems, []);
    assert.ok(files.flatMap((f) => linksOf(readDoc(f))).length > 50, 'the pages were read for links');
  });

  test('a link to a missing file, outside the repository, into the build or to a missing heading is caught', () => {
    const page = [
      'See [the CLI](docs/cli.md#the-key-goes-only-to-its-own-service) and [security](SECURITY.md#reporting).',
      '[gone](docs/nothing.md), [spec](../shared/spec/service-interface.md), [built](dist/cli.js), [anchor](docs/cli.md#no-such-heading).',
      '`[in code](nowhere.md)` and [an address](https://example.com/x.md) and [a command](command:workspaceAutomation.signIn).',
    ].join('\n');
    assert.deepEqual(
      linkProblems('README.md', page, readRepo).map((p) => p.replace(/^README\.md:\d+: /, '')),
      [
        'docs/nothing.md: no such file',
        '../shared/spec/service-interface.md: leaves the repository',
        'dist/cli.js: build output, not in the repository',
        'docs/cli.md#no-such-heading: docs/cli.md has no heading #no-such-heading',
      ],
    );
  });

  test('anchors are made as GitHub makes them', () => {
    assert.deepEqual(
      [
        ...anchorsOf(
          '# `wsa`, the command line\n## The key goes only to its own service\n## Two commands\n## Two commands\n```\n# not a heading\n```',
        ),
      ],
      ['wsa-the-command-line', 'the-key-goes-only-to-its-own-service', 'two-commands', 'two-commands-1'],
    );
  });

  test('the pages that ship in the VSIX link only to files that ship', async () => {
    // The manifest, the ignore file and a stand-in for every page and link target: vsce reads names here.
    const stage = mkdtempSync(join(tmpdir(), 'wsa-doc-links-'));
    try {
      const targets = new Map<string, string[]>();
      for (const file of docFiles())
        targets.set(
          file,
          linksOf(readDoc(file))
            .map((l) => resolveLink(file, l.target)?.path)
            .filter((p): p is string => p !== undefined && p !== file && existsSync(join(root, p)) && statSync(join(root, p)).isFile()),
        );
      for (const path of new Set(['package.json', '.vscodeignore', ...targets.keys(), ...[...targets.values()].flat()])) {
        mkdirSync(dirname(join(stage, path)), { recursive: true });
        if (path === 'package.json' || path === '.vscodeignore') copyFileSync(join(root, path), join(stage, path));
        else writeFileSync(join(stage, path), '');
      }
      // vsce renames three files as it packs them: a link to their names would lead nowhere there.
      const RENAMED: Record<string, string> = { 'README.md': 'readme.md', 'CHANGELOG.md': 'changelog.md', LICENSE: 'LICENSE.txt' };
      const listed = (await listFiles({ cwd: stage, packageManager: PackageManager.None })).map((f) => f.replace(/\\/g, '/'));
      const shipped = new Set(listed.filter((f) => !(f in RENAMED)));
      assert.ok(listed.includes('README.md') && shipped.has('SECURITY.md'), `the README and SECURITY.md ship: ${listed.join(', ')}`);
      const broken = [...targets]
        .filter(([file]) => listed.includes(file))
        .flatMap(([file, paths]) => paths.filter((p) => !shipped.has(p)).map((p) => `${file} links ${relative(dirname(file), p)}`));
      assert.deepEqual(broken, [], 'links of shipped pages to files the VSIX leaves out');
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  });

  test('every path of the repository a page names in code (`src/…`, `test/…`, `scripts/…`, `media/…`, `docs/…`) exists', () => {
    const missing = docFiles()
      .filter((file) => file !== 'CHANGELOG.md')
      .flatMap((file) =>
        codeOf(readDoc(file))
          .map((code) => code.trim())
          // A pattern (`src/kinds/<kind>/<kind>Kind.ts`, `test/unit/documentStore*.test.ts`) names no one file.
          .filter((code) => /^(src|test|scripts|media|docs)\/[^\s<>*]*$/.test(code))
          .filter((path) => !existsSync(join(root, path)))
          .map((path) => `${file}: ${path}`),
      );
    assert.deepEqual(missing, []);
  });

  test('the screenshots the pages show are the ones the UI tests publish into media/screenshots/', () => {
    const shown = new Set(
      docFiles().flatMap((file) =>
        linksOf(readDoc(file))
          .filter((l) => l.image)
          .map((l) => resolveLink(file, l.target)?.path)
          .filter((p): p is string => !!p?.startsWith('media/screenshots/'))
          .map((p) => p.replace(/^media\/screenshots\/|\.png$/g, '')),
      ),
    );
    assert.deepEqual([...shown].sort(), [...DOC_SCREENSHOTS].sort());
  });
});
