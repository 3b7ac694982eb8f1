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
import { integrationPasses, type IntegrationPass } from './lib/passes';
import { debug, startSession, type Session } from './lib/session';
import { errorText, writeSummary, type SuiteSummary } from './lib/summary';

const SUITE = 'integration';
// Both passes together. The reliability soak alone (1,000 saves, 1,000 history panels) takes 5-10
// min of the default pass on a busy 2-core machine; the strict pass about 4 min.
const timeoutMs = Number(process.env.WSA_INTEGRATION_TIMEOUT_MS) || 28 * 60_000;
const deadline = Date.now() + timeoutMs;

let session: Session | undefined;
installExitHandlers(async () => {
  writeSummary({ suite: SUITE, passed: 0, failed: 0, skipped: 0, failures: [], error: 'interrupted' });
  await session?.close();
});

/** One pass's outcome, as the stage's summary lists it. */
interface PassSummary extends SuiteSummary {
  readonly ms: number;
}

async function main(): Promise<SuiteSummary> {
  const passes = integrationPasses(process.env);
  for (const pass of passes) rmSync(join(resultsDir, pass.suite), { recursive: true, force: true });
  const done: PassSummary[] = [];
  for (const pass of passes) {
    const started = Date.now();
    if (passes.length > 1)
      console.log(
        `\n[integration] ${pass.name} pass${pass.variants.length ? ` (emulator --variant ${pass.variants.join(',')})` : ''}: tests matching /${pass.grep}/`,
      );
    const summary = await runPass(pass).catch((err: unknown) => ({ suite: pass.suite, ...counts0(), error: errorText(err) }));
    await finishPass(summary);
    done.push({ ...summary, ms: Date.now() - started });
    if (passes.length > 1)
      console.log(
        `[integration] ${pass.name} pass: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    if (pass.suite !== SUITE) writeSummary(summary, { stage: false });
  }
  // Every test counts once per pass it ran in; a failure of the strict pass says so.
  const label = (s: SuiteSummary) => (s.suite === SUITE ? '' : `[${s.suite.replace(/^integration-/, '')}] `);
  const errors = done.filter((s) => s.error !== undefined).map((s) => `${label(s)}${s.error}`);
  return {
    suite: SUITE,
    passed: done.reduce((n, s) => n + s.passed, 0),
    failed: done.reduce((n, s) => n + s.failed, 0),
    skipped: done.reduce((n, s) => n + s.skipped, 0),
    failures: done.flatMap((s) => s.failures.map((f) => ({ ...f, title: `${label(s)}${f.title}` }))),
    skips: done.flatMap((s) => (s.skips ?? []).map((t) => `${label(s)}${t}`)),
    ...(errors.length ? { error: errors.join('\n') } : {}),
    passes: done.map(({ suite, passed, failed, skipped, ms, error }) => ({
      suite,
      passed,
      failed,
      skipped,
      ms,
      ...(error ? { error } : {}),
    })),
  };
}

/** Screenshot and logs of a failed pass, then its servers stopped. */
async function finishPass(summary: SuiteSummary): Promise<void> {
  const failed = summary.failed > 0 || summary.error !== undefined;
  if (failed && session) {
    await session.screenshot('failure').catch(() => undefined);
    session.saveLogs();
  }
  if (summary.error) console.error(`\n[integration] ${summary.error}`);
  await session?.close();
  session = undefined;
}

async function runPass(pass: IntegrationPass): Promise<SuiteSummary> {
  const passTimeoutMs = deadline - Date.now();
  if (passTimeoutMs < 60_000)
    return { suite: pass.suite, ...counts0(), error: 'not run: the time limit of both passes was reached (WSA_INTEGRATION_TIMEOUT_MS)' };
  session = await startSession({
    suite: pass.suite,
    mode: 'development',
    variants: pass.variants,
    env: { WSA_TEST_GREP: pass.grep, ...(process.stdout.isTTY ? { WSA_TEST_COLOR: '1' } : {}) },
  });
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
  await page.goto(
    `${server.url}/?folder=${encodeURIComponent(server.workspaceFolder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
  );

  debug('workbench loaded');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([exited, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), passTimeoutMs)))]);
  clearTimeout(timer);
  debug(`codeAutomationExit(${code})`);

  const { resultsFile } = session;
  const results = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as RunnerResults) : undefined;
  if (results) copyFileSync(resultsFile, join(session.artifactsDir, 'results.json'));
  const counts = results
    ? { passed: results.passed, failed: results.failed, skipped: results.skipped, failures: results.failures, skips: results.skips ?? [] }
    : counts0();
  if (code === 'timeout') {
    const where = results?.running ? ` while running "${results.running}"` : '';
    return {
      suite: pass.suite,
      ...counts,
      failed: counts.failed + 1,
      error: `no result within ${Math.round(passTimeoutMs / 1000)} s${where} (WSA_INTEGRATION_TIMEOUT_MS, both passes)`,
    };
  }
  if (!results?.running && !results?.done) {
    // The runner or a test file failed to load. The workbench logged why, but may end before that
    // log reaches codeAutomationLog: its page console has it for sure.
    console.log(`The test runner did not start. Errors in the workbench's console:\n${consoleErrors(session.runDir)}`);
  }
  if (!results?.done)
    return {
      suite: pass.suite,
      ...counts,
      error: `the extension host ended (code ${code}) before the test runner finished${results?.running ? `, in "${results.running}"` : ''}: see logs/`,
    };
  if (code !== 0 && results.failed === 0)
    return { suite: pass.suite, ...counts, error: `the test runner failed (code ${code}) although no test failed: see logs/` };
  return { suite: pass.suite, ...counts };
}

/** What test/integration/index.ts writes. */
interface RunnerResults {
  passed: number;
  failed: number;
  skipped: number;
  failures: { title: string; error: string }[];
  skips?: string[];
  running?: string;
  done: boolean;
}

const WORKBENCH_NOISE =
  /^Ignoring fetching additional builtin extensions|^Updating additional builtin extensions cache|^No search provider registered for scheme|^\[AccountPolicyGate\]/;

/** The `[error]` entries of the page console from the runner's banner on (or the last three), stacks shortened. */
function consoleErrors(runDir: string): string {
  const file = join(runDir, 'browser-console.log');
  if (!existsSync(file)) return '  (no console output)';
  const entries = readFileSync(file, 'utf8').split(/\n(?=\[)/);
  const banner = entries.findIndex((e) => e.includes(RUNNER_BANNER));
  const errors = entries
    .slice(banner + 1)
    .filter((e) => /^\[(error|pageerror)\]/.test(e) && !/Failed to load resource|authentication provider|Canceled/.test(e));
  // The same error arrives twice (the workbench's logger and the extension host's console).
  const unique = [
    ...new Set(
      errors.map((e) =>
        e
          .replace(/^\[\w+\] (%c\s*ERR color: #\w+ )?/, '')
          .split('\n')
          .slice(0, 6)
          .join('\n  '),
      ),
    ),
  ];
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
  // A pass that ended in an error has said so already (finishPass); this is what main() itself threw.
  if (summary.error && !summary.passes) console.error(`\n[integration] ${summary.error}`);
  writeSummary(summary);
  await session?.close();
  return summary.failed > 0 || summary.error !== undefined ? 1 : 0;
}

void run().then((code) => process.exit(code));
