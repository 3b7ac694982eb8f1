// `node out/test/harness/ui.js`: runs the UI scenarios (test/ui/**/*.ui.ts) with Mocha in plain
// Node; each scenario's `useWorkbench()` starts and stops its own emulator, code-server and browser.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { repoRoot, resultsDir } from './lib/paths';
import { installExitHandlers } from './lib/processes';
import { errorText, writeSummary } from './lib/summary';
import { openSessions } from './lib/ui';

const SUITE = 'ui';

installExitHandlers(async () => {
  writeSummary({ suite: SUITE, passed: 0, failed: 0, skipped: 0, failures: [], error: 'interrupted' });
  for (const session of openSessions()) await session.close();
});

/** Bundled scenarios whose source still exists (out/ may hold bundles of deleted files). */
function scenarioFiles(): string[] {
  const outDir = join(repoRoot, 'out', 'test', 'ui');
  if (!existsSync(outDir)) return [];
  return readdirSync(outDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ui.js') && existsSync(join(repoRoot, 'test', 'ui', f.replace(/\.js$/, '.ts'))))
    .sort()
    .map((f) => join(outDir, f));
}

async function main(): Promise<number> {
  rmSync(join(resultsDir, SUITE), { recursive: true, force: true });
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: process.stdout.isTTY,
    timeout: Number(process.env.WSA_UI_TIMEOUT_MS) || 60_000,
    ...(process.env.WSA_TEST_GREP ? { grep: process.env.WSA_TEST_GREP } : {}),
  });
  for (const f of scenarioFiles()) mocha.addFile(f);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const failures: { title: string; error: string }[] = [];
  const skips: string[] = [];
  try {
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on('pass', () => counts.passed++);
      runner.on('pending', (test) => {
        counts.skipped++;
        skips.push(test.fullTitle());
      });
      runner.on('fail', (test, err: Error) => {
        counts.failed++;
        failures.push({ title: test.fullTitle(), error: err?.stack ?? String(err) });
      });
    });
    writeSummary({ suite: SUITE, ...counts, failures, skips });
  } catch (err) {
    writeSummary({ suite: SUITE, ...counts, failures, skips, error: errorText(err) });
    console.error(errorText(err));
    return 1;
  } finally {
    for (const session of openSessions()) await session.close();
  }
  return counts.failed > 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
