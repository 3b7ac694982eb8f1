#!/usr/bin/env node
// The emulator for the "Extension Tests" launch configuration (.vscode/launch.json), as the
// harness gives one to the integration tests: started from dist/emulator.js (the task runs after
// `npm run build`), its addresses, key and admin token written to .vscode-test/debug/tests.env (the
// configuration's envFile), and a user-data folder whose settings point the extension at it, so
// that the tests never write into your own VS Code settings. It runs until the task is stopped.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { startEmulator } = require(join(root, 'out/test/harness/lib/emulator.js'));
const { QUIET_SETTINGS } = require(join(root, 'out/test/harness/lib/codeServer.js'));

const debugDir = join(root, '.vscode-test', 'debug');
const runDir = mkdtempSync(join(tmpdir(), 'wsa-test-debug-'));
const emulator = await startEmulator(runDir);
const stop = async () => {
  await emulator.stop();
  rmSync(runDir, { recursive: true, force: true });
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop());

mkdirSync(join(debugDir, 'user-data', 'User'), { recursive: true });
mkdirSync(join(debugDir, 'workspace'), { recursive: true });
const settings = {
  ...QUIET_SETTINGS,
  'workspaceAutomation.baseUrl': emulator.url,
  'workspaceAutomation.workspaceId': emulator.workspaceId,
};
writeFileSync(join(debugDir, 'user-data', 'User', 'settings.json'), JSON.stringify(settings, null, 2));
const env = {
  WORKSPACE_AUTOMATION_API_KEY: emulator.apiKey,
  WSA_EMULATOR_URL: emulator.url,
  WSA_API_KEY: emulator.apiKey,
  WSA_WORKSPACE_ID: emulator.workspaceId,
  WSA_ADMIN_URL: emulator.adminUrl,
  WSA_ADMIN_TOKEN: emulator.adminToken,
};
writeFileSync(
  join(debugDir, 'tests.env'),
  Object.entries(env)
    .map(([k, v]) => `${k}=${v}\n`)
    .join(''),
);
// The task's problem matcher waits for this line before the debugger starts.
console.log(`Emulator ready for the Extension Tests: ${emulator.url} (stop this task to stop it)`);
