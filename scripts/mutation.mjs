#!/usr/bin/env node
// `npm run test:mutation`: StrykerJS in incremental mode over the scope of stryker.config.mjs. It
// reads the report of the last run, reuses each mutant's result whose code did not change (a killed
// one only while the test that killed it is unchanged, a surviving one only while no test covering
// it changed), runs the rest, and writes the report back. The report is committed
// (test/mutation/incremental.json): a developer refreshes it with this command before submitting.
// CI passes a copy (`-- --incremental-file <path>`), so the work tree stays clean; a stale report
// makes CI run more mutants, never reuse a wrong result.
//
// `npm run test:mutation:full`: no report is read, every mutant runs, the fresh report replaces the
// committed one, and the scores are written into docs/reliability.md.
//
// Both then hold every file to 85 % (scripts/mutation-scores.mjs); Stryker's `break` holds the whole.
//
// How Stryker knows that a test changed: it compares each test file's text with the text its
// report kept. Ours run as bundles that scripts/build-unit.mjs builds in Stryker's sandbox over the
// mutated sources, so their text says nothing about the test itself. So before Stryker starts, each
// test's path in the project (out/mutation/<name>.test.js, where the sandbox's bundle will go) gets
// a text that names the test's own files (the test and every helper it bundles from test/) with
// their SHA-256, and that is the text Stryker keeps and compares. A change to src/ is Stryker's to
// match, mutant by mutant, as it does for any project.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const COMMITTED_REPORT = 'test/mutation/incremental.json';
const SCORES_PAGE = 'docs/reliability.md';

/**
 * What each test of the run is made of: for each test name of stryker.config.mjs, the files of
 * test/ its bundle takes in (itself first, then the rest by path), each with its SHA-256.
 * @param {string[]} names
 * @returns {Promise<Map<string, { file: string, sha256: string }[]>>}
 */
export async function testIdentities(names, cwd = root) {
  const entryPoints = Object.fromEntries(names.map((n) => [n, `test/unit/${n}.test.ts`]));
  const result = await esbuild.build({
    absWorkingDir: cwd,
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: 'identity',
    logLevel: 'silent',
  });
  const identities = new Map();
  for (const [name, entry] of Object.entries(entryPoints)) {
    const output = result.metafile.outputs[`identity/${name}.js`];
    if (!output) throw new Error(`esbuild made no bundle for ${entry}`);
    const own = Object.keys(output.inputs)
      .filter((input) => input.startsWith('test/') && input !== entry)
      .sort();
    identities.set(
      name,
      [entry, ...own].map((file) => ({
        file,
        sha256: createHash('sha256')
          .update(readFileSync(join(cwd, file)))
          .digest('hex'),
      })),
    );
  }
  return identities;
}

/** The text Stryker keeps for a test: a comment that says what it is, then a file and its hash a line. */
export function identityText(files) {
  return [
    '// What this test is made of, for Stryker’s incremental report (scripts/mutation.mjs); the test',
    '// that runs is bundled here in Stryker’s sandbox.',
    ...files.map(({ file, sha256 }) => `// ${file} ${sha256}`),
    '',
  ].join('\n');
}

/** Writes each test's identity where its bundle goes (out/mutation/<name>.test.js). */
export async function writeTestIdentities(names, cwd = root) {
  rmSync(join(cwd, 'out', 'mutation'), { recursive: true, force: true });
  for (const [name, files] of await testIdentities(names, cwd)) {
    const path = join(cwd, 'out', 'mutation', ...`${name}.test.js`.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, identityText(files));
  }
}

/** `--full`, `--incremental-file <path>`; anything else is refused. */
export function parseArgs(argv) {
  const options = { full: false, incrementalFile: COMMITTED_REPORT };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--full') options.full = true;
    else if (arg === '--incremental-file' && argv[i + 1] && !argv[i + 1].startsWith('--')) options.incrementalFile = argv[++i];
    else throw new Error(`unknown argument ${JSON.stringify(arg)}: use --full, or --incremental-file <path>`);
  }
  if (options.full && argv.includes('--incremental-file')) throw new Error('--full reads no report: it takes no --incremental-file');
  return options;
}

async function main(argv) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (e) {
    console.error(`usage: node scripts/mutation.mjs [--full | --incremental-file <path>]\n${e.message}`);
    return 2;
  }
  const { testFiles } = await import(pathToFileURL(join(root, 'stryker.config.mjs')).href);
  await writeTestIdentities(testFiles);
  // A full run writes its report where nothing was: no result of an earlier run is read.
  const fresh = options.full ? join(mkdtempSync(join(tmpdir(), 'wsa-mutation-')), 'incremental.json') : undefined;
  const reportFile = resolve(root, fresh ?? options.incrementalFile);
  if (!fresh && !existsSync(reportFile)) console.log(`No report at ${relative(root, reportFile) || reportFile}: every mutant runs.`);
  const started = Date.now();
  const stryker = spawnSync('npx', ['stryker', 'run', '--incremental', '--incrementalFile', reportFile], { cwd: root, stdio: 'inherit' });
  const seconds = (Date.now() - started) / 1000;
  console.log(`Stryker ran for ${Math.round(seconds / 60)} min ${Math.round(seconds % 60)} s.`);
  if (fresh && existsSync(fresh)) {
    mkdirSync(dirname(join(root, COMMITTED_REPORT)), { recursive: true });
    copyFileSync(fresh, join(root, COMMITTED_REPORT));
    rmSync(dirname(fresh), { recursive: true, force: true });
  }
  const scores = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'mutation-scores.mjs'),
      ...(options.full ? ['--write-docs', SCORES_PAGE, '--seconds', String(Math.round(seconds))] : []),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return stryker.status !== 0 ? stryker.status || 1 : scores.status;
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href)
  void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
