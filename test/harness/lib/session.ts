// One test session: a fresh emulator, a fresh code-server and a fresh browser page, torn down
// together. Used once per integration run and once per UI scenario (`useWorkbench`).
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, type BrowserHandle } from './browser';
import { startCodeServer, type CodeServer, type CodeServerOptions, type ExtensionMode } from './codeServer';
import type { Carriers } from '../../../src/api/carriers';
import { emulatorBuilt, startEmulator, type Emulator } from './emulator';
import { resultsDir, slug } from './paths';
import { publishScreenshot } from './screenshots';

export interface SessionOptions {
  /** Names the run folder and the artifacts folder `test-results/<suite>/` (may contain `/`). */
  readonly suite: string;
  readonly mode: ExtensionMode;
  /**
   * Point the extension at the emulator (settings `workspaceAutomation.baseUrl`/`workspaceId`, env
   * `WORKSPACE_AUTOMATION_API_KEY`). Default true; false starts it as a user who never connected.
   */
  readonly connect?: boolean;
  readonly settings?: Record<string, unknown>;
  readonly env?: Record<string, string>;
  /** Passed to the emulator's CLI (e.g. `['--large', '2000']` for the benchmark). */
  readonly emulatorArgs?: readonly string[];
  /**
   * Variant profiles the emulator plays (`--variant`, e.g. `['strict']`). The extension gets the
   * carrier settings they need (`workspaceAutomation.authHeader`/`authScheme`/`workspaceHeader`,
   * from the emulator's carriersFor), the tests WSA_EMULATOR_VARIANTS.
   */
  readonly variants?: readonly string[];
  /** The package installed in 'vsix' mode. */
  readonly vsixPath?: string;
  /** Another build of the emulator than `dist/emulator.js` (the benchmark's production build). */
  readonly emulatorScript?: string;
  /** The workbench's display language and the run's set-up before the server starts (codeServer.ts). */
  readonly locale?: CodeServerOptions['locale'];
  readonly prepare?: CodeServerOptions['prepare'];
  /** The page loses focus when another is brought to the front (`switchAwayAndBack`): the full browser. */
  readonly windowFocus?: boolean;
  /** The workbench keeps its CSS animations and transitions (see launchBrowser; the benchmark). */
  readonly motion?: boolean;
  /** The opened folder starts untrusted, in Restricted Mode (codeServer.ts). */
  readonly workspaceTrust?: boolean;
}

export interface Session {
  readonly runDir: string;
  /** Undefined only while the project has no emulator yet (`dist/emulator.js` missing). */
  readonly emulator: Emulator | undefined;
  readonly server: CodeServer;
  readonly page: Page;
  /** `test-results/<suite>/` */
  readonly artifactsDir: string;
  /** Where the integration runner writes its counts (WSA_TEST_RESULTS_FILE, in the run folder). */
  readonly resultsFile: string;
  /** Saves `<artifactsDir>/<name>.png` and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Copies the server, extension host, emulator and browser logs into `<artifactsDir>/logs/`. */
  saveLogs(): void;
  close(): Promise<void>;
}

export async function startSession(options: SessionOptions): Promise<Session> {
  const runDir = mkdtempSync(join(tmpdir(), `wsa-${slug(options.suite)}-`));
  const artifactsDir = join(resultsDir, ...options.suite.split('/').map(slug));
  mkdirSync(artifactsDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    // Browser first (it holds connections to the server), then the servers.
    for (const stop of stops.reverse().splice(0)) await stop().catch(() => undefined);
    debug('stopped');
    if (!process.env.WSA_KEEP_RUN_DIR) rmSync(runDir, { recursive: true, force: true });
  };
  try {
    const script = options.emulatorScript;
    const built = script ? existsSync(script) : emulatorBuilt();
    const variantArgs = options.variants?.length ? ['--variant', options.variants.join(',')] : [];
    const emulator = built ? await startEmulator(runDir, undefined, [...(options.emulatorArgs ?? []), ...variantArgs], script) : undefined;
    if (emulator) stops.push(() => emulator.stop().then(() => debug('emulator stopped')));
    debug('emulator up');
    const connect = (options.connect ?? true) && emulator !== undefined;
    const resultsFile = join(runDir, 'results.json');
    const env: Record<string, string> = { WSA_TEST_RESULTS_DIR: artifactsDir, WSA_TEST_RESULTS_FILE: resultsFile };
    if (emulator) {
      Object.assign(env, {
        WSA_EMULATOR_URL: emulator.url,
        WSA_API_KEY: emulator.apiKey,
        WSA_WORKSPACE_ID: emulator.workspaceId,
        WSA_ADMIN_URL: emulator.adminUrl,
        WSA_ADMIN_TOKEN: emulator.adminToken,
        WSA_EMULATOR_VARIANTS: emulator.variants.join(','),
      });
    }
    if (connect) env.WORKSPACE_AUTOMATION_API_KEY = emulator!.apiKey;
    const server = await startCodeServer({
      runDir,
      mode: options.mode,
      settings: {
        ...(connect ? { 'workspaceAutomation.baseUrl': emulator!.url, 'workspaceAutomation.workspaceId': emulator!.workspaceId } : {}),
        // Where the emulator's profiles want the key and the workspace, as a user of such a service sets them.
        ...(emulator?.variants.length ? carrierSettings(emulator.carriers) : {}),
        ...options.settings,
      },
      env: { ...env, ...options.env },
      ...(options.vsixPath ? { vsixPath: options.vsixPath } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.prepare ? { prepare: options.prepare } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
    });
    stops.push(() => server.stop().then(() => debug('code-server stopped')));
    debug('code-server up');
    const browser: BrowserHandle = await launchBrowser({ windowFocus: options.windowFocus ?? false, motion: options.motion ?? false });
    stops.push(() => browser.close().then(() => debug('browser stopped')));
    debug('browser up');
    const { page } = browser;
    const consoleLog = join(runDir, 'browser-console.log');
    page.on('console', (m) => appendFileSync(consoleLog, `[${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => appendFileSync(consoleLog, `[pageerror] ${e.stack ?? e.message}\n`));

    return {
      runDir,
      emulator,
      server,
      page,
      artifactsDir,
      resultsFile,
      async screenshot(name) {
        const path = join(artifactsDir, `${slug(name)}.png`);
        await page.screenshot({ path });
        publishScreenshot(slug(name), path);
        return path;
      },
      saveLogs: () => copyLogs(runDir, artifactsDir),
      close,
    };
  } catch (err) {
    copyLogs(runDir, artifactsDir);
    await close();
    throw err;
  }
}

function carrierSettings(carriers: Carriers): Record<string, string> {
  return {
    'workspaceAutomation.authHeader': carriers.authHeader,
    'workspaceAutomation.authScheme': carriers.authScheme,
    'workspaceAutomation.workspaceHeader': carriers.workspaceHeader,
  };
}

function copyLogs(runDir: string, artifactsDir: string): void {
  const dest = join(artifactsDir, 'logs');
  mkdirSync(dest, { recursive: true });
  const vscodeLogs = join(runDir, 'user-data', 'logs');
  if (existsSync(vscodeLogs)) cpSync(vscodeLogs, join(dest, 'vscode'), { recursive: true });
  for (const file of ['code-server.log', 'emulator.log', 'browser-console.log']) {
    if (existsSync(join(runDir, file))) cpSync(join(runDir, file), join(dest, file));
  }
}

const t0 = Date.now();
/** WSA_HARNESS_DEBUG=1 prints when each piece is up and down. */
export function debug(what: string): void {
  if (process.env.WSA_HARNESS_DEBUG) console.error(`[harness +${((Date.now() - t0) / 1000).toFixed(2)} s] ${what}`);
}
