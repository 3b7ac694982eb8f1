// The test harness: runs the extension's integration and UI tests in a real VS Code (code-server
// 4.139.1 = VS Code 1.139.1 on Node 24) driven headless through Debian's Chromium by playwright-core.
// `npm test` (scripts/test.mjs) installs it into `.vscode-test/` on first use, builds, and runs
// typecheck, unit, integration and UI in that order. Each suite gets its own emulator (port chosen
// by the OS), code-server (same) and browser, all stopped on pass, failure, timeout or Ctrl-C.
//
// Add an integration test: `test/integration/<feature>.test.ts` (Mocha BDD: describe/it). It runs
// inside the extension host beside the extension. From `./helpers`:
//   activateExtension()  the API object `activate()` returns (src/extension.ts)
//   requireEmulator(this) the session's emulator {url, apiKey, workspaceId, adminUrl}
//   serviceFetch(emu, path, init)  a request to the service as the demo user
//   emulatorAdmin(emu)  the emulator's AdminClient (request log, faults, reset, data runs)
//   waitForRequest(emu, match)  wait until the emulator's request log shows a matching request
//   eventToPromise(event, filter)  wait on an event instead of sleeping
// The extension was given settings workspaceAutomation.baseUrl/workspaceId = the emulator and env
// WORKSPACE_AUTOMATION_API_KEY = its key. Also in process.env: WSA_EMULATOR_URL, WSA_API_KEY,
// WSA_WORKSPACE_ID, WSA_ADMIN_URL, WSA_TEST_RESULTS_DIR (test-results/integration/).
//
// Add a UI scenario: `test/ui/<scenario>.ui.ts` (Mocha BDD in plain Node). In its describe, call
// `const ui = useWorkbench(options)` from this module: a fresh emulator, code-server and browser
// for that describe, the extension installed as a user has it (toasts show), the workbench loaded.
// `ui.page` (Playwright Page), `ui.emulator`, `ui.server`, `ui.screenshot(name)` →
// test-results/ui/<scenario>/<name>.png. Failing tests get a screenshot and the logs saved there.
// Options: connect (default true; false = a user who never connected), settings, env, extension
// ('repo' = the working tree, default; 'vsix' = the packaged VSIX installed with code-server's
// --install-extension; WSA_TEST_VSIX=1 makes 'vsix' the default for every scenario).
// WSA_UPDATE_SCREENSHOTS=1 also writes the README's screenshots (lib/screenshots.ts) to media/screenshots/.
// Page helpers below: openViewContainer, viewPane, runCommand, notificationToasts. Wait on
// conditions (locator.waitFor, expect-like polling, the emulator's request log), never sleeps.
//
// Run one suite: `npm run test:integration` / `npm run test:ui`; WSA_TEST_GREP=<regex> filters tests.
export { adminFetch, emulatorAdmin, emulatorFromEnv, serviceFetch, waitForRequest, type EmulatorInfo, type RequestLogEntry } from './lib/env';
export { useWorkbench, type Workbench, type WorkbenchOptions } from './lib/ui';
export { activityBarEntry, notificationToasts, openViewContainer, openWorkbench, runCommand, viewPane } from './lib/workbench';
export { waitUntil } from './lib/processes';
