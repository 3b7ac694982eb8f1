// Debian's Chromium driven by playwright-core (no browser download): its headless shell, or the full
// browser where a test switches windows (see CHROMIUM_SHELL). Started through launchServer so the
// harness knows the browser's process group and can sweep it like the servers.
import type { Browser, BrowserServer, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_SHELL } from './paths';
import { killGroup, trackGroup } from './processes';

export const VIEWPORT = { width: 1400, height: 900 };

export interface BrowserHandle {
  readonly browser: Browser;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * `windowFocus`: the page loses focus when another is brought to the front (the full browser).
 * `motion`: the workbench keeps its CSS animations and transitions, as a user has it (the benchmark).
 */
export async function launchBrowser({ windowFocus = false, motion = false } = {}): Promise<BrowserHandle> {
  const server: BrowserServer = await chromium.launchServer({
    executablePath: windowFocus ? CHROMIUM : CHROMIUM_SHELL,
    headless: true,
    // The harness owns cleanup (see processes.ts); Playwright's own handlers would exit the process.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // Without it Chromium looks up Google hosts at start; this machine has no such network.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  const pid = server.process().pid;
  if (pid) trackGroup(pid);
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    const context = await browser.newContext({
      viewport: VIEWPORT,
      // code-server compresses each answer with Brotli as it sends it (workbench.js: 1.2 s against
      // 0.16 s uncompressed). Over loopback that gains nothing and the page is the same; three UI
      // scenarios took 15.5 s of code-server CPU without it against 19.8 s with it.
      extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
    });
    // The workbench's CSS animations and transitions (a spinning icon while an app deploys,
    // progress bars, scrollbars fading, hover and focus fades) redraw the page up to 60 times a
    // second while they run, in software on this machine. The integration pass alone, CPU from
    // /proc: Chromium's GPU process 43-50 s with them, 37 s without the animations, 20 s without
    // both; 292-330 s of CPU in all against 281 s. No test looks at that motion, so the
    // workbench's own document does without it; webviews keep theirs (the history page's
    // reduced-motion test reads its animation). The benchmark keeps them: it measures what a
    // user waits for.
    if (!motion)
      await context.addInitScript(() => {
        if (window.top !== window) return;
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
          document.head.append(style);
        });
      });
    // Playwright's 30 s default makes a missing element slow to report; the workbench answers sooner.
    // Loading the workbench is another matter on a busy 2-core machine.
    context.setDefaultTimeout(Number(process.env.WSA_UI_STEP_TIMEOUT_MS) || 20_000);
    context.setDefaultNavigationTimeout(120_000);
    const page = await context.newPage();
    return {
      browser,
      page,
      async close() {
        await browser.close().catch(() => undefined);
        await server.close().catch(() => undefined);
        if (pid) await killGroup(pid, 2000);
      },
    };
  } catch (err) {
    await server.close().catch(() => undefined);
    if (pid) await killGroup(pid, 2000);
    throw err;
  }
}
