#!/usr/bin/env node
// `npm test`: type check, lint (ESLint and Prettier's check), unit tests, integration tests
// (Mocha in the real extension host), UI tests (Playwright driving the workbench), in that order,
// then a summary whose last line is `N passed, N failed`.
// `node scripts/test.mjs typecheck|lint|unit|integration|ui` runs one stage.
// `node scripts/test.mjs reliability` (`npm run test:reliability`) runs the long reliability runs,
// which `npm test` keeps short: the soak's 1,000 cycles, the 10-second concurrency runs, the fault
// matrix; it is not part of the default stages.
//
// Plain Node built-ins only: it runs on a fresh clone before node_modules exists. Steps:
// the headless VS Code install (scripts/install-vscode.mjs, a no-op once done) in the background
// from the start; `npm ci` when node_modules is missing or older than package-lock.json;
// `node esbuild.mjs`; then each stage as a child in its own process group, with a time limit.
// The lint runs beside the type check, and the UI tests beside the integration tests, each as a
// child `node scripts/test.mjs <stage>` whose output is shown after the other's: the integration
// and UI tests leave a core idle much of the time (waiting on a workbench, a server, a timer), and
// the type check, ESLint and Prettier are one process each (the lint runs the last two side by
// side). Anything a stage leaves behind (the process groups it recorded in WSA_HARNESS_PGID_FILE,
// or its own group) is killed when it ends, also on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineProblem } from './install-vscode.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'test-results');
const STAGES = ['typecheck', 'lint', 'unit', 'integration', 'ui'];
/** The stages that run while the headless VS Code installs; the others wait for it. */
const INSTALL_OVERLAPS = new Set(['typecheck', 'lint', 'unit']);
/** Stages run only when named. */
const EXTRA_STAGES = ['reliability'];
/** A stage that runs beside another (key: the stage, value: the one it runs beside) when both are selected. */
const BESIDE = { lint: 'typecheck', ui: 'integration' };
/**
 * Set in a stage run beside another: the parent built and installed, and reads the results from
 * this file rather than a printed summary.
 */
const BESIDE_RESULTS_FILE = process.env.WSA_TEST_BESIDE_RESULTS;
const MINUTE = 60_000;
/** How many lines of each failure the final summary repeats (an assertion's message and diff). */
const FAILURE_EXCERPT_LINES = 14;
const LIMITS = {
  typecheck: 10 * MINUTE,
  lint: 10 * MINUTE,
  unit: 10 * MINUTE,
  integration: 30 * MINUTE,
  ui: 20 * MINUTE,
  // The 1,000-cycle soak alone is 5-10 min on a busy 2-core machine.
  reliability: 40 * MINUTE,
  install: 20 * MINUTE,
};
/**
 * The reliability stage: the integration harness on the suites titled "Reliability: …", with the
 * long counts, and the runs tagged `@long` (the soak) or `@variants-long` (the fault matrix against
 * `strict`) that `npm test` leaves out. The tests' own defaults are the short runs `npm test` makes.
 */
const RELIABILITY_ENV = {
  WSA_TEST_GREP: '^Reliability: ',
  WSA_TEST_LONG: '1',
  WSA_SOAK_CYCLES: '1000',
  WSA_SOAK_HISTORY_OPENS: '1000',
  WSA_CONCURRENCY_MS: '10000',
  WSA_INTEGRATION_TIMEOUT_MS: String(38 * MINUTE),
};

/**
 * A skipped test fails its stage unless this list names it (`stage`, the test's full title as the
 * stage reports it, and the `reason`, which the summary prints): a skip is a claim nobody checked.
 */
const ALLOWED_SKIPS = JSON.parse(readFileSync(join(root, 'test', 'allowed-skips.json'), 'utf8')).skips;

const requested = process.argv[2];
if (requested && !STAGES.includes(requested) && !EXTRA_STAGES.includes(requested)) {
  console.error(`usage: node scripts/test.mjs [${[...STAGES, ...EXTRA_STAGES].join('|')}]`);
  process.exit(2);
}
const selected = requested ? [requested] : STAGES;
const startedAt = Date.now();

/** Per stage: { status: 'passed'|'failed'|'not run', passed, failed, skipped, ms, note }. */
const results = new Map();
const running = new Set(); // the process groups of the running stage's children
const besides = new Set(); // the process groups of stages running beside it
let install; // the background install: { pid, finished, ... }
let interrupted = false;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the running stage...`);
    // The stage's own handler shuts its servers and browser down; the sweep after it catches the rest.
    for (const pid of running) killGroup(pid, 'SIGTERM');
    for (const pid of besides) killGroup(pid, 'SIGTERM');
    if (install && !install.finished) killGroup(install.pid, 'SIGTERM');
  });
}

process.exitCode = await main();

async function main() {
  const needsVSCode = !BESIDE_RESULTS_FILE && selected.some((s) => s === 'integration' || s === 'ui' || s === 'reliability');
  // Before installing anything, npm ci included: a machine that cannot run the workbench says so.
  const problem = needsVSCode && machineProblem({ cacheDir: resolve(process.env.WSA_TEST_CACHE || join(root, '.vscode-test')) });
  if (problem) return (console.error(problem), 2);
  // Installing code-server takes 2-3 min the first time (downloads, unpacking and native compiles).
  // It needs nothing from node_modules, so it starts first: beside `npm ci`, which leaves a core
  // mostly idle, then beside the type check, lint and unit tests at the lowest CPU priority, so
  // that the unit tests that measure time get the CPU first and the install only what they leave.
  // Its output is shown before the first stage that needs it.
  install = needsVSCode ? startInstall() : undefined;
  if (!(await ensureDependencies())) return stopInstallAndFinish();
  // The type check and lint read the sources only.
  const needsBuild = !BESIDE_RESULTS_FILE && selected.some((s) => s !== 'typecheck' && s !== 'lint');
  let built = true;
  if (needsBuild) {
    header('build', 'node esbuild.mjs');
    const t = Date.now();
    built = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' }).status === 0;
    console.log(built ? `build done (${seconds(Date.now() - t)})` : 'build FAILED');
    if (!built) results.set('build', { status: 'failed', passed: 0, failed: 1, skipped: 0, ms: Date.now() - t, note: 'esbuild failed' });
  }

  /** Per stage run beside another: its result, once it has ended and its output has been shown. */
  const beside = new Map();
  for (const stage of selected) {
    if (interrupted) break;
    if (beside.has(stage)) {
      results.set(stage, await shown(beside.get(stage)));
      continue;
    }
    if (stage !== 'typecheck' && stage !== 'lint' && !built) {
      results.set(stage, notRun('build failed'));
      continue;
    }
    if (install && !INSTALL_OVERLAPS.has(stage)) {
      const ok = await install.done;
      if (!install.shown) {
        install.shown = true;
        header('setup', 'headless VS Code (code-server, Node 24, Chromium) in .vscode-test/');
        process.stdout.write(install.output || 'nothing to install\n');
      }
      if (!ok) {
        results.set(stage, { ...notRun('headless VS Code install failed'), status: 'failed', failed: 1 });
        continue;
      }
    }
    for (const [other, host] of Object.entries(BESIDE)) if (host === stage && selected.includes(other)) beside.set(other, runBeside(other));
    results.set(stage, await runStage(stage));
  }
  for (const [stage, pending] of beside) if (!results.has(stage)) results.set(stage, await shown(pending));
  return stopInstallAndFinish();
}

/** Stops an install still running (no stage is left to need it), then the summary. */
async function stopInstallAndFinish() {
  if (install && !install.finished) {
    killGroup(install.pid, 'SIGTERM');
    await install.done;
  }
  return finish();
}

/** Prints the output of a stage run beside another, once it has ended; its result. */
async function shown(pending) {
  const { output, result } = await pending;
  process.stdout.write(output);
  return result;
}

/**
 * Runs `stage` as a child `node scripts/test.mjs <stage>` beside the current stage, its output kept
 * in a file (shown later, so the two stages' logs do not interleave); resolves with that output
 * and its result once it has ended.
 */
function runBeside(stage) {
  const dir = mkdtempSync(join(tmpdir(), `wsa-beside-${stage}-`));
  const outputFile = join(dir, 'output.log');
  const resultsFile = join(dir, 'results.json');
  const fd = openSync(outputFile, 'w');
  const t = Date.now();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), stage], {
    cwd: root,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, WSA_TEST_BESIDE_RESULTS: resultsFile },
  });
  closeSync(fd);
  besides.add(child.pid);
  console.log(`(${stageLabel(stage)} run beside the ${stageLabel(BESIDE[stage])}; their output follows theirs)`);
  const ended = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  return ended.then((code) => {
    besides.delete(child.pid);
    killGroup(child.pid, 'SIGKILL');
    const output = existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '';
    let result;
    try {
      result = JSON.parse(readFileSync(resultsFile, 'utf8'))[stage];
    } catch {
      // none: it crashed or was killed
    }
    rmSync(dir, { recursive: true, force: true });
    const crashed = {
      status: 'failed',
      passed: 0,
      failed: 1,
      skipped: 0,
      ms: Date.now() - t,
      note: `ended without results (exit code ${code})`,
    };
    return { output, result: result ?? crashed };
  });
}

async function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return true;
  header('setup', 'npm ci (node_modules is missing or older than package-lock.json)');
  const t = Date.now();
  // Not spawnSync: the install beside it sends its output to this process meanwhile.
  const npm = spawn('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  const ok = (await new Promise((resolve) => npm.on('error', () => resolve(1)).on('close', resolve))) === 0;
  console.log(ok ? `npm ci done (${seconds(Date.now() - t)})` : 'npm ci FAILED');
  if (!ok) results.set('npm ci', { status: 'failed', passed: 0, failed: 1, skipped: 0, ms: Date.now() - t, note: 'npm ci failed' });
  return ok;
}

function startInstall() {
  // `nice -n 19` where there is one (Linux, macOS): the stages beside it come first.
  const niced = spawnSync('nice', ['-n', '0', 'true']).status === 0;
  const command = [process.execPath, join(root, 'scripts/install-vscode.mjs')];
  const child = spawn(niced ? 'nice' : command[0], niced ? ['-n', '19', ...command] : command.slice(1), {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const job = { pid: child.pid, output: '', shown: false, finished: false, done: undefined };
  child.stdout.on('data', (d) => (job.output += d));
  child.stderr.on('data', (d) => (job.output += d));
  const timer = setTimeout(() => {
    job.output += `[install] no result after ${seconds(LIMITS.install)}: stopped\n`;
    killGroup(child.pid, 'SIGKILL');
  }, LIMITS.install);
  job.done = new Promise((resolve) => {
    child.on('error', (err) => {
      job.output += `[install] ${err.message}\n`;
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      job.finished = true;
      resolve(code === 0);
    });
  });
  return job;
}

async function runStage(stage) {
  if (stage === 'typecheck') {
    header('typecheck', 'tsc --noEmit');
    const r = await runChild(stage, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit']);
    const ok = r.code === 0;
    return {
      status: ok ? 'passed' : 'failed',
      passed: 0,
      failed: ok ? 0 : 1,
      skipped: 0,
      ms: r.ms,
      note: r.note ?? (ok ? 'no errors' : 'type errors'),
    };
  }
  if (stage === 'lint') {
    // Both tools run, side by side (one process each; the type check beside them ends first), and
    // both to the end even when one fails: one run tells everything there is to fix.
    header('lint', 'eslint . and prettier --check .');
    const [eslint, prettier] = await Promise.all([
      runChild(stage, [join(root, 'node_modules/eslint/bin/eslint.js'), '.']),
      runChild(stage, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']),
    ]);
    console.log(eslint.code === 0 ? 'eslint: no problems' : 'eslint: problems above (npm run lint)');
    console.log(prettier.code === 0 ? 'prettier: all files formatted' : 'prettier: the files above are not formatted (npm run format)');
    const failing = [eslint.code !== 0 && 'eslint', prettier.code !== 0 && 'prettier'].filter(Boolean);
    const note = eslint.note ?? prettier.note ?? (failing.length ? `${failing.join(' and ')} failed` : 'no problems');
    return {
      status: failing.length ? 'failed' : 'passed',
      passed: 0,
      failed: failing.length,
      skipped: 0,
      ms: Math.max(eslint.ms, prettier.ms),
      note,
    };
  }
  if (stage === 'unit') {
    const files = unitTestFiles();
    header('unit', `node --test (${files.length} file${files.length === 1 ? '' : 's'} in out/test/unit/)`);
    if (files.length === 0) return { status: 'passed', passed: 0, failed: 0, skipped: 0, ms: 0, note: 'no unit tests' };
    // A private TAP file (others may test in the same tree at once), copied to test-results/ after.
    const privateDir = mkdtempSync(join(tmpdir(), 'wsa-unit-'));
    const tap = join(privateDir, 'results.tap');
    // Three files at once on two cores: several wait on timers, child processes or a worker's
    // start much of their time (the watchdog's hung requests, the command line's runs), and with
    // two at once a core sat idle then. Measured (the stage alone, CPU from /proc): 2 at once
    // 125 s wall for 207 s of CPU, 3 at once 109-112 s for 196-203 s, 4 at once 117 s for 216 s.
    const r = await runChild(stage, [
      '--test',
      '--test-concurrency=3',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files.map((f) => relative(root, f)),
    ]);
    const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    if (text) {
      mkdirSync(join(resultsDir, 'unit'), { recursive: true });
      copyFileSync(tap, join(resultsDir, 'unit', 'results.tap'));
    }
    rmSync(privateDir, { recursive: true, force: true });
    const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const skips = [...text.matchAll(/^\s*ok \d+ - (.*?) # (?:SKIP|TODO)\b/gm)].map((m) => m[1]);
    const counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo'), skips };
    return settle(r, counts, text ? undefined : 'no TAP report', true);
  }
  header(
    stage,
    stage === 'ui'
      ? 'Playwright driving the VS Code workbench in Chromium'
      : `Mocha in the extension host of VS Code 1.139.1 (code-server)${stage === 'reliability' ? ': the long reliability runs' : ''}`,
  );
  const privateDir = mkdtempSync(join(tmpdir(), `wsa-${stage}-`));
  const summaryFile = join(privateDir, 'summary.json');
  const harness = stage === 'reliability' ? 'integration' : stage;
  // A WSA_TEST_GREP of the caller's narrows the reliability stage further; the counts are its own.
  const grep = process.env.WSA_TEST_GREP ? `${RELIABILITY_ENV.WSA_TEST_GREP}(?=.*(?:${process.env.WSA_TEST_GREP}))` : undefined;
  const extra = stage === 'reliability' ? { ...RELIABILITY_ENV, ...(grep ? { WSA_TEST_GREP: grep } : {}) } : {};
  const r = await runChild(stage, [join(root, `out/test/harness/${harness}.js`)], { ...extra, WSA_SUMMARY_FILE: summaryFile });
  let summary;
  try {
    summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    // none: the runner crashed or was killed
  } finally {
    rmSync(privateDir, { recursive: true, force: true });
  }
  if (!summary) {
    return settle(r, { passed: 0, failed: 0, skipped: 0 }, 'ended without a summary', true);
  }
  for (const f of summary.failures ?? []) console.log(`  FAILED: ${f.title}`);
  // The runner printed its own error already.
  return { ...settle(r, summary, summary.error?.split('\n')[0], false), failures: summary.failures ?? [] };
}

/**
 * A stage passed only with exit code 0, no failure, at least one test run and no skip that
 * ALLOWED_SKIPS does not name; a crash with no failing test counts as one failure.
 */
function settle(run, counts, problem, showProblem) {
  let { passed = 0, failed = 0, skipped = 0 } = counts;
  const named = counts.skips ?? [];
  const allowed = named.filter((title) => allowedSkip(run.stage, title));
  for (const title of allowed) console.log(`  skipped (allowed: ${allowedSkip(run.stage, title).reason}): ${title}`);
  const refused = named.filter((title) => !allowedSkip(run.stage, title));
  for (const title of refused) console.log(`  SKIPPED, and not in test/allowed-skips.json: ${title}`);
  // A runner that counted skips it did not name cannot have them allowed.
  const unnamed = Math.max(0, skipped - named.length);
  if (unnamed) console.log(`  ${unnamed} skipped test(s) the runner did not name`);
  if (!problem && passed + failed === 0) problem = 'ran no test';
  const badSkips = refused.length + unnamed;
  if (!problem && badSkips) problem = `${badSkips} skipped test(s) not allowed`;
  failed += badSkips;
  const note = run.note ?? problem ?? (run.code !== 0 && failed === 0 ? `exit code ${run.code}` : undefined);
  if ((run.code !== 0 || problem) && failed === 0) failed = 1;
  const status = failed === 0 ? 'passed' : 'failed';
  if (problem && showProblem) console.log(`  ${stageLabel(run.stage)}: ${problem}`);
  console.log(`${stageLabel(run.stage)}: ${passed} passed, ${failed} failed, ${skipped} skipped (${seconds(run.ms)})`);
  return { status, passed, failed, skipped, ms: run.ms, note };
}

/** Runs `node <args>` in its own process group; resolves when it and everything it recorded are gone. */
function runChild(stage, args, extraEnv = {}) {
  const pgidDir = mkdtempSync(join(tmpdir(), 'wsa-pgids-'));
  const pgidFile = join(pgidDir, 'pgids');
  const t = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: 'inherit',
    // FORCE_COLOR=0 keeps Playwright's call logs free of escape codes in CI logs.
    env: {
      ...(process.stdout.isTTY ? {} : { FORCE_COLOR: '0' }),
      ...process.env,
      WSA_REPO_ROOT: root,
      WSA_HARNESS_PGID_FILE: pgidFile,
      ...extraEnv,
    },
  });
  let note;
  const timer = setTimeout(() => {
    note = `timed out after ${seconds(LIMITS[stage])}`;
    console.error(`\n${stage}: ${note}; stopping it`);
    killGroup(child.pid, 'SIGTERM');
    // Its handler gets 20 s to shut servers down before everything is killed.
    setTimeout(() => killGroup(child.pid, 'SIGKILL'), 20_000).unref();
  }, LIMITS[stage]);
  running.add(child.pid);
  return new Promise((resolve) => {
    const done = (code) => {
      clearTimeout(timer);
      running.delete(child.pid);
      // Sweep: the stage's own group, then every group it started. SIGKILL: they should be gone already.
      killGroup(child.pid, 'SIGKILL');
      const recorded = existsSync(pgidFile) ? readFileSync(pgidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];
      const strays = recorded.filter((pid) => killGroup(pid, 'SIGKILL'));
      if (strays.length) console.error(`${stage}: killed ${strays.length} process group(s) it left running`);
      rmSync(pgidDir, { recursive: true, force: true });
      resolve({ stage, code, ms: Date.now() - t, note: interrupted ? 'interrupted' : note });
    };
    child.on('error', (err) => {
      console.error(`${stage}: ${err.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** Signals a process group; true when a process of it was still running. */
function killGroup(pid, signal) {
  const alive = groupAlive(pid);
  try {
    process.kill(-pid, signal);
  } catch {
    // gone
  }
  return alive;
}

/** True while a process of the group runs; zombies waiting to be reaped do not count. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

/** Bundled unit tests whose source still exists (out/ may hold bundles of deleted files). */
function unitTestFiles() {
  const dir = join(root, 'out/test/unit');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.js') && existsSync(join(root, 'test/unit', f.replace(/\.js$/, '.ts'))))
    .sort()
    .map((f) => join(dir, f));
}

function finish() {
  for (const stage of selected) if (!results.has(stage)) results.set(stage, notRun(interrupted ? 'interrupted' : 'not reached'));
  const code = interrupted ? 130 : [...results.values()].some((r) => r.status === 'failed' || r.failed > 0) ? 1 : 0;
  if (BESIDE_RESULTS_FILE) {
    // The parent prints the summary: it gets the results, failures included.
    writeFileSync(BESIDE_RESULTS_FILE, JSON.stringify(Object.fromEntries(results)));
    return code;
  }
  const rows = [...results.entries()];
  const total = { passed: 0, failed: 0 };
  for (const [, r] of rows) {
    total.passed += r.passed;
    total.failed += r.failed;
  }
  console.log('\n' + '='.repeat(72));
  console.log(`Test summary (${seconds(Date.now() - startedAt)} in all)`);
  const line = (cells) =>
    console.log(
      '  ' +
        cells
          .map((c, i) => String(c).padEnd([13, 9, 8, 8, 9, 12][i] ?? 0))
          .join('')
          .trimEnd(),
    );
  line(['stage', 'result', 'passed', 'failed', 'skipped', 'time', 'note']);
  for (const [stage, r] of rows) {
    const counted = stage === 'unit' || stage === 'integration' || stage === 'ui' || stage === 'reliability';
    line([
      stage,
      r.status,
      counted ? r.passed : '',
      r.failed || (counted ? 0 : ''),
      counted ? r.skipped : '',
      r.ms ? seconds(r.ms) : '',
      r.note ?? '',
    ]);
  }
  // CI keeps the tail of the output: each failure's first lines are repeated here, where it is kept.
  for (const [stage, r] of rows)
    for (const f of r.failures ?? []) {
      console.log(`\n${stageLabel(stage)} FAILED: ${f.title}`);
      for (const l of String(f.error ?? '')
        .split('\n')
        .slice(0, FAILURE_EXCERPT_LINES))
        console.log(`    ${l}`);
    }
  if (total.failed > 0) console.log(`Screenshots and logs of failures: ${relative(process.cwd(), resultsDir) || '.'}/`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return code;
}

function allowedSkip(stage, title) {
  const bare = title.replace(/^\[strict\] /, '');
  return ALLOWED_SKIPS.find((s) => (s.stage === stage || (s.stage === 'integration' && stage === 'reliability')) && s.title === bare);
}

function notRun(note) {
  return { status: 'not run', passed: 0, failed: 0, skipped: 0, ms: 0, note };
}

function header(stage, what) {
  console.log(`\n${'='.repeat(4)} ${stageLabel(stage)} ${'='.repeat(4)} ${what}`);
}

function stageLabel(stage) {
  return { typecheck: 'type check', unit: 'unit tests', integration: 'integration tests', ui: 'UI tests' }[stage] ?? stage;
}

function seconds(ms) {
  return ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}
