#!/usr/bin/env node
// `npm start`: the product on this machine. Builds, starts the emulator with its demo workspace
// (state kept in .emulator-data/, so demo edits survive a restart; `--fresh` starts over), and opens
// VS Code with the extension loaded and already signed in to it:
// - `code` on PATH: desktop VS Code, the working tree as development extension, in a window of its
//   own (temporary user-data and extensions folders, settings written there, the key in the env);
// - otherwise: the browser VS Code of the test harness (code-server, installed into .vscode-test/
//   on first use like `npm test` does) on 127.0.0.1 with the extension installed, and the URL to open.
// Ctrl+C (or SIGTERM) stops everything it started; closing the desktop window does too.
//
// `node scripts/start.mjs [--fresh] [--browser] [--port <n>] [--no-build]`. Plain Node built-ins plus
// the harness's compiled modules (out/test/harness/lib/), which the build produces.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// WSA_START_DATA_DIR: another folder for the emulator's state (the tests of this script use one).
const dataDir = process.env.WSA_START_DATA_DIR || join(root, '.emulator-data');
const USAGE = `usage: npm start [-- --fresh] [-- --browser] [-- --port <n>]
  --fresh      forget the demo edits: start the emulator from its seed again
  --browser    the browser VS Code even when desktop \`code\` is on PATH
  --port <n>   the browser VS Code's port on 127.0.0.1 (default: a free one)
  --no-build   skip \`node esbuild.mjs\` (the last build is used)`;

const args = parseArgs(process.argv.slice(2));
const stops = []; // newest last; run in reverse on the way out
let stopping = false;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => void shutdown(signal === 'SIGINT' ? 130 : 143, `\n${signal}: stopping...`));

try {
  await main();
} catch (err) {
  console.error(`npm start: ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
}

async function main() {
  ensureDependencies();
  if (args.build) {
    console.log('Building (node esbuild.mjs)...');
    if (spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  }
  const require = createRequire(import.meta.url);
  const harness = (name) => require(join(root, 'out', 'test', 'harness', 'lib', `${name}.js`));
  const { startEmulator } = harness('emulator');

  if (args.fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    console.log('--fresh: the demo workspace starts from its seed.');
  }
  mkdirSync(dataDir, { recursive: true });
  const runDir = mkdtempSync(join(tmpdir(), 'wsa-start-'));
  stops.push(async () => rmSync(runDir, { recursive: true, force: true }));
  const emulator = await startEmulator(runDir, 30_000, ['--data', dataDir]);
  stops.push(() => emulator.stop());
  console.log(`Emulator: ${emulator.url} (workspace ${emulator.workspaceId}, data in .emulator-data/, log ${emulator.logFile})`);
  // The admin surface (reset, faults, request log) answers only requests with this run's token.
  console.log(`Emulator admin: ${emulator.adminUrl} with -H "Authorization: Bearer ${emulator.adminToken}"`);

  const settings = {
    'workspaceAutomation.baseUrl': emulator.url,
    'workspaceAutomation.workspaceId': emulator.workspaceId,
    'workbench.startupEditor': 'none',
  };
  const env = { WORKSPACE_AUTOMATION_API_KEY: emulator.apiKey };
  const code = args.browser ? undefined : onPath('code');
  const { ended } = code ? await openDesktop(code, runDir, settings, env) : await openBrowser(harness, runDir, settings, env);
  console.log('Ctrl+C stops the emulator and VS Code.');
  await ended;
  await shutdown(0, 'VS Code closed: stopping the emulator...');
}

/** Desktop VS Code in a window of its own; `ended` resolves when that VS Code has quit. */
async function openDesktop(code, runDir, settings, env) {
  const userDataDir = join(runDir, 'user-data');
  const extensionsDir = join(runDir, 'extensions');
  const folder = join(runDir, 'workspace');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, folder]) mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...settings, 'security.workspace.trust.enabled': false }, null, 2),
  );
  const argv = [
    '--wait',
    '--new-window',
    `--user-data-dir=${userDataDir}`,
    `--extensions-dir=${extensionsDir}`,
    `--extensionDevelopmentPath=${root}`,
    folder,
  ];
  console.log(`Opening desktop VS Code (${code}) with the extension, signed in to the emulator...`);
  // The CLI starts VS Code detached (a process group of its own) and, with --wait, stays until it
  // quits. That group is found by the user-data folder only this run uses, and stopped with it.
  const cli = spawn(code, argv, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  stops.push(async () => {
    for (const pgid of groupsUsing(userDataDir)) signalGroup(pgid, 'SIGTERM');
    signalGroup(cli.pid, 'SIGTERM');
    if (!(await until(() => groupsUsing(userDataDir).length === 0, 10_000)))
      for (const pgid of groupsUsing(userDataDir)) signalGroup(pgid, 'SIGKILL');
  });
  return { ended: new Promise((resolve) => cli.on('exit', resolve)) };
}

/** The harness's code-server with the extension installed; `ended` never resolves (Ctrl+C ends it). */
async function openBrowser(harness, runDir, settings, env) {
  const { ensureInstalled } = harness('install');
  const { startCodeServer } = harness('codeServer');
  console.log('No `code` on PATH: using the browser VS Code (code-server) in .vscode-test/.');
  await ensureInstalled((line) => console.log(`  ${line}`), { browser: false });
  const server = await startCodeServer({ runDir, mode: 'installed', settings, env, port: args.port, timeoutMs: 120_000 });
  stops.push(() => server.stop());
  const url = `${server.url}/?folder=${encodeURIComponent(server.workspaceFolder)}`;
  console.log(
    `\nOpen VS Code in your browser:\n\n  ${url}\n\nThe Workspace Automation view is in the activity bar. (code-server log: ${server.logFile})`,
  );
  return { ended: new Promise(() => {}) };
}

async function shutdown(exitCode, message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(message);
  const force = setTimeout(() => process.exit(exitCode), 20_000);
  for (const stop of stops.reverse()) await stop().catch((err) => console.error(`  while stopping: ${err.message}`));
  clearTimeout(force);
  process.exit(exitCode);
}

function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  console.log('node_modules is missing or older than package-lock.json: npm ci...');
  if (spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('npm ci failed');
}

function parseArgs(argv) {
  const parsed = { fresh: false, browser: false, build: true, port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--fresh') parsed.fresh = true;
    else if (a === '--browser') parsed.browser = true;
    else if (a === '--no-build') parsed.build = false;
    else if (a === '--port' && /^\d+$/.test(argv[i + 1] ?? '')) parsed.port = Number(argv[++i]);
    else {
      console.error(a === '--help' || a === '-h' ? USAGE : `unknown option ${a}\n${USAGE}`);
      process.exit(a === '--help' || a === '-h' ? 0 : 2);
    }
  }
  return parsed;
}

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, command);
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Process groups with a process whose command line names `marker` (our private user-data folder). */
function groupsUsing(marker) {
  const r = spawnSync('ps', ['-A', '-o', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  const groups = new Set();
  for (const line of (r.stdout ?? '').split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (m && !m[3].startsWith('Z') && m[4].includes(marker) && Number(m[1]) !== process.pid) groups.add(Number(m[2]));
  }
  return [...groups];
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // gone
  }
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
  return true;
}
