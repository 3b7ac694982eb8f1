#!/usr/bin/env node
// `npm run test:electron`: the integration suite (test/integration/**) in desktop VS Code through
// @vscode/test-electron, for machines that can download VS Code from Microsoft. Same runner
// (out/test/integration/index.js), same emulator, settings and environment as the headless route.
// Where VS Code cannot be downloaded it stops within seconds and points at `npm test`.
// On Linux desktop VS Code needs a display (run under xvfb-run on a server).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const VERSION = process.env.WSA_VSCODE_VERSION || '1.139.1';
const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH']);

function fail(message) {
  console.error(`\n${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!existsSync(join(root, 'node_modules', '@vscode', 'test-electron'))) {
  if (spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' }).status !== 0) fail('npm ci failed.');
}
if (spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) fail('The build failed.');

const { downloadAndUnzipVSCode, runTests } = require('@vscode/test-electron');
const { startEmulator } = require(join(root, 'out/test/harness/lib/emulator.js'));
const { QUIET_SETTINGS } = require(join(root, 'out/test/harness/lib/codeServer.js'));

// 1. VS Code itself. Downloading first means a machine without access fails before anything starts.
let vscodeExecutablePath;
const started = Date.now();
try {
  vscodeExecutablePath = await downloadAndUnzipVSCode({ version: VERSION, cachePath: join(root, '.vscode-test'), timeout: 15_000 });
} catch (err) {
  const code = err?.code ?? err?.cause?.code;
  const offline = NETWORK_CODES.has(code) || /getaddrinfo|ENOTFOUND|ECONNREFUSED|timed? ?out|socket hang up/i.test(String(err?.message));
  fail(
    offline
      ? `test:electron could not download VS Code ${VERSION} (${code ?? err?.message}) after ${((Date.now() - started) / 1000).toFixed(1)} s:\n` +
          `this machine cannot reach Microsoft's VS Code update service.\n` +
          `Run \`npm test\` (or \`npm run test:integration\`) instead: it runs the same integration suite\n` +
          `in a headless VS Code (code-server) installed from the npm registry.`
      : `test:electron could not download VS Code ${VERSION}: ${err?.stack ?? err}`,
  );
}

// 2. The emulator and a user-data dir whose settings point the extension at it.
const runDir = mkdtempSync(join(tmpdir(), 'wsa-electron-'));
const resultsDir = join(root, 'test-results', 'electron');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
let emulator;
const cleanup = async () => {
  await emulator?.stop();
  rmSync(runDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

let exitCode = 1;
try {
  emulator = await startEmulator(runDir);
  const userDataDir = join(runDir, 'user-data');
  const workspace = join(runDir, 'workspace');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(workspace);
  const settings = {
    ...QUIET_SETTINGS,
    'workspaceAutomation.baseUrl': emulator.url,
    'workspaceAutomation.workspaceId': emulator.workspaceId,
  };
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));

  // 3. The suite. runTests resolves with VS Code's exit code, which the runner sets from the failures.
  exitCode = await runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out/test/integration/index.js'),
    launchArgs: [
      workspace,
      '--user-data-dir',
      userDataDir,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
    ],
    extensionTestsEnv: {
      WORKSPACE_AUTOMATION_API_KEY: emulator.apiKey,
      WSA_EMULATOR_URL: emulator.url,
      WSA_API_KEY: emulator.apiKey,
      WSA_WORKSPACE_ID: emulator.workspaceId,
      WSA_ADMIN_URL: emulator.adminUrl,
      WSA_ADMIN_TOKEN: emulator.adminToken,
      WSA_TEST_RESULTS_DIR: resultsDir,
      WSA_TEST_RESULTS_FILE: join(resultsDir, 'results.json'),
    },
  }).catch((err) => {
    console.error(`test:electron: ${err?.message ?? err}`);
    return 1;
  });
} catch (err) {
  console.error(`test:electron: ${err?.stack ?? err}`);
} finally {
  await cleanup();
}

const resultsFile = join(resultsDir, 'results.json');
const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : { passed: 0, failed: 0 };
const failed = results.failed || (exitCode !== 0 ? 1 : 0);
console.log(`${results.passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
