// The test harness: runs the extension's integration and UI tests in a real VS Code (code-server
// 4.139.1 = VS Code 1.139.1 on Node 24) driven headless through Debian's Chromium by playwright-core.
// `npm test` (scripts/test.mjs) installs it into `.vscode-test/` on first use, builds, and runs
// typecheck, unit, integration and UI in that order. Each suite gets its own emulator (port chosen
// by the OS), code-server (same) and browser, all stopped on pass, failure, timeout or Ctrl-C.
//
// Add an integration test: `test/integration/<feature>.test.ts` (Mocha BDD: describe/it). It runs
// inside the extension host beside the extension. From `./helpers`:
//   activateExtension()  the API object `activate()` returns (src/extension.ts)
//   requireEmulator(this) the session's emulator {url, apiKey, workspaceId, adminUrl, adminToken}
//   serviceFetch(emu, path, init)  a request to the service as the demo user (the running variant's carriers)
//   hasVariant(emu, name)  whether the emulator plays a variant profile (by itself or within `strict`)
//   emulatorAdmin(emu)  the emulator's AdminClient (request log, faults, reset, data runs)
//   waitForRequest(emu, match)  wait until the emulator's request log shows a matching request
//   eventToPromise(event, filter)  wait on an event instead of sleeping
// The extension was given settings workspaceAutomation.baseUrl/workspaceId = the emulator and env
// WORKSPACE_AUTOMATION_API_KEY = its key. Also in process.env: WSA_EMULATOR_URL, WSA_API_KEY,
// WSA_WORKSPACE_ID, WSA_ADMIN_URL, WSA_ADMIN_TOKEN, WSA_EMULATOR_VARIANTS (e.g. `strict`; empty: our own choices),
// WSA_TEST_RESULTS_DIR (test-results/integration/ or integration-strict/).
//
// Two passes (lib/passes.ts). The integration stage runs every test against the emulator's own
// choices, then a second pass against `dist/emulator.js --variant strict` (every variant profile at
// once: no list endpoints, the key bare in X-Api-Key and the workspace in X-WSA-Workspace,
// problem+json, 412/400, extra and missing fields, paged oldest-first histories, strict request
// bodies, foreign values). There the extension gets the carrier settings the profile needs
// (workspaceAutomation.authHeader/authScheme/workspaceHeader, from the emulator's carriersFor).
// The tag in a describe or it title decides where a test runs:
//   `@variants`       in both passes (the fault matrix, the concurrency test): it must not assume
//                     our emulator's choices (carriers, error codes, list endpoints, response fields);
//                     use serviceFetch, emu.carriers and hasVariant() where a test needs to know;
//   `@variants-only`  in the strict pass alone (test/integration/variants.test.ts);
//   no tag            in the default pass alone.
// Each pass has its own results folder (test-results/integration/, integration-strict/); the
// stage's counts add both passes, and a failure of the strict pass is listed as "[strict] …".
// WSA_TEST_GREP narrows both passes; WSA_TEST_STRICT=0 leaves the strict pass out, =only runs it alone.
//
// Add a UI scenario: `test/ui/<scenario>.ui.ts` (Mocha BDD in plain Node). In its describe, call
// `const ui = useWorkbench(options)` from this module: a fresh emulator, code-server and browser
// for that describe, the extension installed as a user has it (toasts show), the workbench loaded.
// `ui.page` (Playwright Page), `ui.emulator`, `ui.server`, `ui.screenshot(name)` →
// test-results/ui/<scenario>/<name>.png. Failing tests get a screenshot and the logs saved there.
// Options: connect (default true; false = a user who never connected), settings, env, extension
// ('repo' = the working tree, default; 'vsix' = the packaged VSIX installed with code-server's
// --install-extension; WSA_TEST_VSIX=1 makes 'vsix' the default for every scenario), variants
// (e.g. ['strict']: the emulator's profiles, with the carrier settings the extension needs for them).
// WSA_UPDATE_SCREENSHOTS=1 also writes the screenshots the README and docs/ show (lib/screenshots.ts) to media/screenshots/.
// `axe(frameLocator)` runs axe-core in a webview's frame (the page's CSP as it ships) and returns its
// violations; `axeReport(violations)` prints them (id, impact, nodes).
// Page helpers below: openViewContainer, viewPane, runCommand, notificationToasts, switchAwayAndBack
// (another browser tab and back: the window loses and regains focus). Wait on
// conditions (locator.waitFor, expect-like polling, the emulator's request log), never sleeps.
//
// For unit tests (plain Node, no VS Code, no browser): lib/scriptedServer.ts, a loopback HTTP server
// that records each request and answers as the test scripts it (`useScriptedServer()` per suite,
// `withScriptedServer()` per test), for answers the emulator cannot be made to send.
// In test/integration: `useSavingSuite()` (fileHelpers.ts) is the set-up of a suite that saves on
// purpose; `colleagueSaves()` (lib/env.ts) is someone else's save of a dashboard.
//
// Run one suite: `npm run test:integration` / `npm run test:ui`; WSA_TEST_GREP=<regex> filters tests.
export {
  adminFetch,
  colleagueSaves,
  emulatorAdmin,
  emulatorFromEnv,
  hasVariant,
  serviceFetch,
  waitForRequest,
  type EmulatorInfo,
  type RequestLogEntry,
} from './lib/env';
export { useWorkbench, type Workbench, type WorkbenchOptions } from './lib/ui';
export {
  activityBarEntry,
  expandTreeItem,
  notificationToasts,
  openViewContainer,
  openWorkbench,
  runCommand,
  switchAwayAndBack,
  viewPane,
} from './lib/workbench';
export { waitUntil } from './lib/processes';
export { axe, axeReport, type AxeViolation } from './lib/axe';
