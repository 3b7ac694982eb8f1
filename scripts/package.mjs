#!/usr/bin/env node
// `npm run package`: workspace-automation-<version>.vsix from a production build, with @vscode/vsce,
// and beside it workspace-automation-cli-<version>.tgz, the `wsa` command line alone
// (scripts/package-cli.mjs: `npm install -g <tarball>` gives `wsa`).
// `node scripts/package.mjs [--out <file>] [--no-cli] [--quiet]`.
//
// The package is staged in a temporary folder (production bundles built there with
// `esbuild.mjs --dist=`, then the manifest, README, CHANGELOG, LICENSE, .vscodeignore, media/ and
// the pages the README links copied beside them), so the working tree's development build in dist/
// (source maps, used by the tests that may be running at the same time) is never replaced.
// Offline: the bundles are self-contained, so vsce runs with --no-dependencies. There is no public
// repository yet, hence --allow-missing-repository, and relative README links stay relative (they
// resolve inside the installed extension, which carries the pages and media/screenshots/).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packCli } from './package-cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outIndex = args.indexOf('--out');
const out = resolve(outIndex >= 0 ? args[outIndex + 1] : join(root, `${manifest.name}-${manifest.version}.vsix`));
const STAGED = [
  'package.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'SECURITY.md',
  'CONTRIBUTING.md',
  'ARCHITECTURE.md',
  'docs',
  '.vscodeignore',
  'media',
  'l10n',
];
// The manifest's translations (package.nls.json, package.nls.de.json, …).
STAGED.push(...readdirSync(root).filter((f) => /^package\.nls(\.[\w-]+)?\.json$/.test(f) && !f.includes('qps-')));

const stage = mkdtempSync(join(tmpdir(), 'wsa-package-'));
try {
  run(
    'production build',
    process.execPath,
    ['esbuild.mjs', '--production', '--only=extension,tsx,tsWorker,emulator,webview', `--dist=${join(stage, 'dist')}`],
    root,
  );
  for (const entry of STAGED) cpSync(join(root, entry), join(stage, entry), { recursive: true });
  const vsce = join(dirname(createRequire(import.meta.url).resolve('@vscode/vsce/package.json')), 'vsce');
  run(
    'vsce package',
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out],
    stage,
  );
  const size = statSync(out).size;
  console.log(`${relative(process.cwd(), out) || out}: ${(size / 1024).toFixed(0)} KiB`);
  if (!args.includes('--no-cli')) packCli({ outDir: dirname(out), quiet });
} finally {
  rmSync(stage, { recursive: true, force: true });
}

function run(what, command, argv, cwd) {
  const r = spawnSync(command, argv, { cwd, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    if (quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    console.error(`${what} failed (${r.signal ?? `exit code ${r.status}`})`);
    process.exit(1);
  }
}
