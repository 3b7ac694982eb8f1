// The in-host half of `npm run bench`: VS Code loads this as `extensionTestsPath` (the runner is
// test/bench/hostBench.ts). The steps run one after another, activation first, before anything
// else touches the extension; each records figures, and a failing step is recorded without
// stopping the others. The results go to $WSA_TEST_RESULTS_FILE after every step.
import { renameSync, writeFileSync } from 'node:fs';
import { emulatorAdmin, emulatorFromEnv } from '../../harness/lib/env';
import { measureActivation } from './activation';
import { closeEverything, Figures, hostMemory, type BenchContext } from './context';
import { measureLargeHistory } from './history';
import { measureLargeFile } from './largeFile';
import { measureMemory } from './memory';
import { measureRequests } from './requests';
import { STEP_NAMES, stepRuns } from './steps';
import { measureTree } from './tree';

export const BENCH_BANNER = '[bench host]';

const STEP_TIMEOUT_MS = 180_000;

const STEPS: { name: string; run: (ctx: BenchContext) => Promise<void> }[] = [
  { name: STEP_NAMES.activation, run: measureActivation },
  { name: STEP_NAMES.requests, run: measureRequests },
  { name: STEP_NAMES.largeFile, run: measureLargeFile },
  { name: STEP_NAMES.history, run: measureLargeHistory },
  { name: STEP_NAMES.tree, run: measureTree },
  // Last: the timed steps run on a host this one has not filled.
  { name: STEP_NAMES.memory, run: measureMemory },
];

export async function run(): Promise<void> {
  const emulator = emulatorFromEnv();
  if (!emulator) throw new Error('no emulator in the environment (WSA_EMULATOR_URL...)');
  const admin = emulatorAdmin(emulator);
  const figures = new Figures();
  const ctx: BenchContext = { figures, emulator, admin, ids: (await admin.demo()).ids as Record<string, string> };
  const save = (running?: string) => {
    const file = process.env.WSA_TEST_RESULTS_FILE;
    if (!file) return;
    figures.results.running = running;
    figures.results.done = running === undefined;
    writeFileSync(`${file}.tmp`, JSON.stringify(figures.results, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  // WSA_BENCH_STEPS=<name,...> (main.js --steps=) runs only those (activation always: it activates).
  for (const step of STEPS.filter((s) => stepRuns(s.name, process.env.WSA_BENCH_STEPS))) {
    console.log(`${BENCH_BANNER} ${step.name}...`);
    save(step.name);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        step.run(ctx),
        new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error(`no result within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS)),
        ),
      ]);
      console.log(`${BENCH_BANNER} ${step.name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      figures.results.errors.push({ step: step.name, error });
      console.log(`${BENCH_BANNER} ${step.name}: FAILED: ${error}`);
    } finally {
      clearTimeout(timer);
    }
  }
  await closeEverything(ctx.api).catch(() => undefined);
  const memory = hostMemory();
  if (memory.peak !== undefined) figures.add('memory.hostPeakMiB', memory.peak);
  if (memory.rss !== undefined) figures.add('memory.hostEndMiB', memory.rss);
  save();
}
