// The fixture of UI scenarios: a fresh emulator + code-server + browser per `describe` block.
//
// UI tests load the extension the way a user has it: symlinked into the extensions dir as an
// installed extension ('installed' mode), not through the URL payload. The payload route needs the
// smoke-test driver, and with it VS Code never shows notification toasts; later scenarios must see
// the conflict notification and click its actions where a person would.
//
// `extension: 'vsix'` (or WSA_TEST_VSIX=1 for every scenario) installs the packaged `.vsix`
// instead, with code-server's --install-extension: the scenario then checks what ships.
import type { Page } from 'playwright-core';
import type { CodeServer } from './codeServer';
import type { Emulator } from './emulator';
import { slug } from './paths';
import { startSession, type Session, type SessionOptions } from './session';
import { packagedVsix } from './vsix';
import { openWorkbench } from './workbench';

export interface WorkbenchOptions {
  /** Point the extension at the emulator through settings and the key env var (default true). */
  readonly connect?: boolean;
  /** More user settings, merged over the harness's. */
  readonly settings?: Record<string, unknown>;
  /** More environment for the server and extension host. */
  readonly env?: Record<string, string>;
  /**
   * Where the extension comes from: 'repo' (the working tree, symlinked) or 'vsix' (the packaged
   * extension, installed). Default 'repo', or 'vsix' when WSA_TEST_VSIX=1.
   */
  readonly extension?: 'repo' | 'vsix';
  /**
   * Variant profiles the emulator plays (e.g. `['strict']`); the extension gets the carrier
   * settings they need, as a user of such a service sets them (see session.ts).
   */
  readonly variants?: readonly string[];
  /** More arguments for the emulator's CLI (e.g. `['--large', '1']` for a 5,000-revision history). */
  readonly emulatorArgs?: readonly string[];
  /** The workbench's display language (e.g. the pseudo locale, with `prepare: preparePseudoLocale`). */
  readonly locale?: SessionOptions['locale'];
  /** Set-up of the run's folders before the server starts; may return the extension folder to link. */
  readonly prepare?: SessionOptions['prepare'];
  /** Switches windows (`switchAwayAndBack`): runs in the full browser, which has window focus. */
  readonly windowFocus?: boolean;
  /** The opened folder starts untrusted, in Restricted Mode, as VS Code opens a folder it does not know. */
  readonly workspaceTrust?: boolean;
}

export interface Workbench {
  readonly page: Page;
  /** Undefined only while the project has no emulator build. */
  readonly emulator: Emulator | undefined;
  readonly server: CodeServer;
  /** Saves `test-results/ui/<scenario>/<name>.png`; call it at the key steps. */
  screenshot(name: string): Promise<string>;
}

const sessions: Set<Session> = ((globalThis as Record<symbol, unknown>)[Symbol.for('wsa.harness.sessions')] ??=
  new Set<Session>()) as Set<Session>;

/** Every session still open (the UI runner closes them on SIGINT/SIGTERM). */
export function openSessions(): Set<Session> {
  return sessions;
}

/**
 * Call inside a `describe`: starts the workbench before its tests, screenshots each failing test,
 * saves the logs when any failed, and shuts everything down after them, pass or fail.
 */
export function useWorkbench(options: WorkbenchOptions = {}): Workbench {
  let session: Session | undefined;
  let anyFailed = false;
  const current = (): Session => {
    if (!session) throw new Error('the workbench is not started: use it inside tests or hooks of the describe that called useWorkbench()');
    return session;
  };

  before(async function () {
    const vsix = (options.extension ?? (process.env.WSA_TEST_VSIX === '1' ? 'vsix' : 'repo')) === 'vsix';
    // Packaging (a production build and vsce) comes first, once per run, on a busy 2-core machine.
    this.timeout(vsix ? 360_000 : 180_000);
    const scenario = slug(this.test?.parent?.fullTitle() ?? 'scenario');
    const started = Date.now();
    // The rest (connect, settings, env, variants) goes to the session as it is.
    const { extension: _, ...sessionOptions } = options;
    session = await startSession({
      suite: `ui/${scenario}`,
      mode: vsix ? 'vsix' : 'installed',
      ...(vsix ? { vsixPath: await packagedVsix() } : {}),
      ...sessionOptions,
    });
    sessions.add(session);
    try {
      await openWorkbench(session.page, session.server.url, session.server.workspaceFolder);
      // What each scenario pays before its first test: where the stage's time goes.
      console.log(`    (workbench ready in ${((Date.now() - started) / 1000).toFixed(1)} s${vsix ? ', packaging included' : ''})`);
    } catch (err) {
      anyFailed = true;
      await session.screenshot('failed-startup').catch(() => undefined);
      throw err;
    }
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !session) return;
    anyFailed = true;
    await session.screenshot(`failed-${slug(this.currentTest.title)}`).catch(() => undefined);
  });

  after(async function () {
    this.timeout(60_000);
    if (!session) return;
    if (anyFailed) session.saveLogs();
    sessions.delete(session);
    await session.close();
    session = undefined;
  });

  return {
    get page() {
      return current().page;
    },
    get emulator() {
      return current().emulator;
    },
    get server() {
      return current().server;
    },
    screenshot: (name) => current().screenshot(name),
  };
}
