// `node out/test/harness/integration.js`: runs test/integration/** inside the extension host of a
// real VS Code (code-server in headless Chromium). The page URL's `payload` loads the repo as the
// development extension and out/test/integration/index.js as its test runner; the workbench reports
// the end through `codeAutomationExit`, the runner's counts through results.json.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { repoRoot, resultsDir } from './lib/paths';
import { installExitHandlers } from './lib/processes';
import { RUNNER_BANNER } from './lib/env';
import { debug, startSession, type Session } from './lib/session';
import { errorText, writeSummary, type SuiteSummary } from './lib/summary';

const SUITE = 'integration';
// The reliability soak alone (1,000 saves, 1,000 history panels) takes 5-10 min on a busy 2-core machine.
const timeoutMs = Number(process.env.WSA_INTEGRATION_TIMEOUT_MS) || 25 * 60_000;

let session: Session | undefined;
installExitHandlers(async () => {
  writeSummary({ suite: SUITE, passed: 0, failed: 0, skipped: 0, failures: [], error: 'interrupted' });
  await session?.close();
});

async function main(): Promise<SuiteSummary> {
  rmSync(join(resultsDir, SUITE), { recursive: true, force: true });
  session = await startSession({ suite: SUITE, mode: 'development', env: process.stdout.isTTY ? { WSA_TEST_COLOR: '1' } : {} });
  const { page, server } = session;

  let finish!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (finish = resolve));
  // The workbench's own start-up chatter goes here too (it is in the saved logs): print from the
  // runner's first line on.
  let relaying = false;
  await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
    const line = format(...(args as [unknown, ...unknown[]]));
    if (line.startsWith(RUNNER_BANNER)) relaying = true;
    if (relaying && !WORKBENCH_NOISE.test(line)) console.log(line);
  });
  await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));

  const remote = (path: string) => `vscode-remote://${server.authority}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(repoRoot)],
    ['extensionTestsPath', remote(join(repoRoot, 'out', 'test', 'integration', 'index.js'))],
  ];
  await page.goto(`${server.url}/?folder=${encodeURIComponent(server.workspaceFolder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);

  debug('workbench loaded');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)))]);
  clearTimeout(timer);
  debug(`codeAutomationExit(${code})`);

  const { resultsFile } = session;
  const results = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as RunnerResults) : undefined;
  if (results) copyFileSync(resultsFile, join(session.artifactsDir, 'results.json'));
  const counts = results ? { passed: results.passed, failed: results.failed, skipped: results.skipped, failures: results.failures } : counts0();
  if (code === 'timeout') {
    const where = results?.running ? ` while running "${results.running}"` : '';
    return { suite: SUITE, ...counts, failed: counts.failed + 1, error: `no result within ${timeoutMs / 1000} s${where} (WSA_INTEGRATION_TIMEOUT_MS)` };
  }
  if (!results?.running && !results?.done) {
    // The runner or a test file failed to load. The workbench logged why, but may end before that
    // log reaches codeAutomationLog: its page console has it for sure.
    console.log(`The test runner did not start. Errors in the workbench's console:\n${consoleErrors(session.runDir)}`);
  }
  if (!results?.done) return { suite: SUITE, ...counts, error: `the extension host ended (code ${code}) before the test runner finished${results?.running ? `, in "${results.running}"` : ''}: see logs/` };
  if (code !== 0 && results.failed === 0) return { suite: SUITE, ...counts, error: `the test runner failed (code ${code}) although no test failed: see logs/` };
  return { suite: SUITE, ...counts };
}

/** What test/integration/index.ts writes. */
interface RunnerResults {
  passed: number;
  failed: number;
  skipped: number;
  failures: { title: string; error: string }[];
  running?: string;
  done: boolean;
}

const WORKBENCH_NOISE = /^Ignoring fetching additional builtin extensions|^Updating additional builtin extensions cache|^No search provider registered for scheme|^\[AccountPolicyGate\]/;

/** The `[error]` entries of the page console from the runner's banner on (or the last three), stacks shortened. */
function consoleErrors(runDir: string): string {
  const file = join(runDir, 'browser-console.log');
  if (!existsSync(file)) return '  (no console output)';
  const entries = readFileSync(file, 'utf8').split(/\n(?=\[)/);
  const banner = entries.findIndex((e) => e.includes(RUNNER_BANNER));
  const errors = entries.slice(banner + 1).filter((e) => /^\[(error|pageerror)\]/.test(e) && !/Failed to load resource|authentication provider|Canceled/.test(e));
  // The same error arrives twice (the workbench's logger and the extension host's console).
  const unique = [...new Set(errors.map((e) => e.replace(/^\[\w+\] (%c\s*ERR color: #\w+ )?/, '').split('\n').slice(0, 6).join('\n  ')))];
  const shown = (banner >= 0 ? unique : unique.slice(-3)).slice(0, 3);
  return shown.length ? shown.map((e) => `  ${e}`).join('\n') : '  (none)';
}

function counts0() {
  return { passed: 0, failed: 0, skipped: 0, failures: [] };
}


async function run(): Promise<number> {
  let summary: SuiteSummary;
  try {
    summary = await main();
  } catch (err) {
    summary = { suite: SUITE, ...counts0(), error: errorText(err) };
  }
  const failed = summary.failed > 0 || summary.error !== undefined;
  if (failed && session) {
    await session.screenshot('failure').catch(() => undefined);
    session.saveLogs();
  }
  if (summary.error) console.error(`\n[integration] ${summary.error}`);
  writeSummary(summary);
  await session?.close();
  return failed ? 1 : 0;
}

void run().then((code) => process.exit(code));
