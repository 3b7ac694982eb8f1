// The extension-host half of `npm run bench`, from the Node side: a harness session (emulator with
// --large, code-server, headless Chromium) per run, with the staged production build loaded as the
// development extension and test/bench/host/index.ts as its test entry. Each run activates the
// extension once, so activation is measured once per run; the rest repeats inside each run.
// Run 1 starts as after an install, without the extension's code cache; each later run gets the
// cache the run before it wrote (in the extension's global storage), as a window opened again does.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { format } from 'node:util';
import { resultsDir } from '../harness/lib/paths';
import { startSession, type Session } from '../harness/lib/session';
import { peakRssMiB } from './support';
import type { HostResults } from './host/context';

export interface HostBenchOptions {
  /** The staged extension: package.json, media/ and the production dist/. */
  readonly extensionDir: string;
  /** The bundled test/bench/host/index.ts. */
  readonly hostEntry: string;
  /** The floor extension (scripts/bench.mjs), loaded beside it when given. */
  readonly floorDir?: string;
  readonly runs: number;
  /** Operations the emulator generates (`--large n`; it adds the 5,000-revision dashboard too). */
  readonly large: number;
  readonly timeoutMs?: number;
  /** Host steps (name prefixes) to record a Chromium trace of, in the first run (`--browser-trace=`). */
  readonly browserTrace?: readonly string[];
  readonly say: (line: string) => void;
}

export interface HostRun {
  readonly results: HostResults | undefined;
  readonly emulatorPeakMiB: number | undefined;
  /** Whether the extension started with the code cache of the run before (`warm`) or without (`cold`). */
  readonly codeCache: 'cold' | 'warm';
  /** Why the run gave no (or partial) results. */
  readonly error?: string;
}

const BANNER = '[bench host]';

export async function runHostBench(o: HostBenchOptions): Promise<HostRun[]> {
  const runs: HostRun[] = [];
  // Logs of failed runs and CPU profiles (--profile) of this benchmark only.
  rmSync(join(resultsDir, 'bench-host'), { recursive: true, force: true });
  const carried: CodeCacheCarry = { dir: mkdtempSync(join(tmpdir(), 'wsa-bench-code-cache-')) };
  try {
    for (let i = 1; i <= o.runs; i++) {
      o.say(`extension host run ${i} of ${o.runs}: starting the emulator (--large ${o.large}), code-server and Chromium...`);
      const started = Date.now();
      runs.push(await oneRun(o, i === 1 ? (o.browserTrace ?? []) : [], carried));
      // Every sample and note of the run, beside the table's medians.
      mkdirSync(join(resultsDir, 'bench-host'), { recursive: true });
      writeFileSync(join(resultsDir, 'bench-host', `run-${i}.json`), JSON.stringify(runs.at(-1), null, 2));
      const run = runs.at(-1)!;
      o.say(
        `extension host run ${i} (code cache ${run.codeCache}): ${run.error ?? 'done'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  } finally {
    rmSync(carried.dir, { recursive: true, force: true });
  }
  return runs;
}

/** The code cache one run leaves for the next: its files, and where under the run directory they were. */
interface CodeCacheCarry {
  readonly dir: string;
  at?: string;
}

const CODE_CACHE_DIR = 'code-cache';

/** The extension's code-cache directory in a run's user data (its global storage), if it has a cache file. */
function findCodeCache(userData: string): string | undefined {
  if (!existsSync(userData)) return undefined;
  for (const entry of readdirSync(userData, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.cache') && entry.parentPath.endsWith(CODE_CACHE_DIR)) return entry.parentPath;
  }
  return undefined;
}

let current: Session | undefined;
/** Stops the running session (on Ctrl-C). */
export async function stopHostBench(): Promise<void> {
  await current?.close();
}

async function oneRun(o: HostBenchOptions, traced: readonly string[], carried: CodeCacheCarry): Promise<HostRun> {
  const timeoutMs = o.timeoutMs ?? 10 * 60_000;
  let session: Session | undefined;
  const codeCache = carried.at ? 'warm' : 'cold';
  try {
    session = current = await startSession({
      suite: 'bench-host',
      mode: 'development',
      emulatorArgs: ['--large', String(o.large)],
      emulatorScript: join(o.extensionDir, 'dist', 'emulator.js'),
      motion: true,
    });
    const { page, server, emulator } = session;
    if (!emulator) throw new Error('the emulator did not start');
    let finish!: (code: number) => void;
    const exited = new Promise<number>((resolve) => (finish = resolve));
    // A Chromium trace (all processes: the workbench, the webviews' frames, the GPU) of the steps
    // named, from the host's "<step>..." line to its "<step>: done" line; open it in
    // chrome://tracing or https://ui.perfetto.dev.
    let tracing: string | undefined;
    let traceWork: Promise<void> = Promise.resolve();
    const browser = page.context().browser();
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      traceWork = traceWork.then(() => logged(args));
    });
    const logged = async (args: unknown[]) => {
      const line = format(...(args as [unknown, ...unknown[]]));
      if (!line.startsWith(BANNER)) return;
      const said = line.slice(BANNER.length + 1);
      o.say(`  ${said}`);
      const step = traced.find((name) => said.startsWith(name));
      if (!step || !browser) return;
      try {
        if (said.endsWith('...') && !tracing) {
          tracing = join(resultsDir, 'bench-host', `${step.replace(/[^a-z0-9]+/gi, '-')}.trace.json`);
          await browser.startTracing(page, { screenshots: false });
        } else if (tracing && /: (done|FAILED)/.test(said)) {
          const file = tracing;
          tracing = undefined;
          const trace = await browser.stopTracing();
          mkdirSync(join(resultsDir, 'bench-host'), { recursive: true });
          writeFileSync(file, trace);
          o.say(`  Chromium trace: ${file}`);
        }
      } catch (e) {
        o.say(`  Chromium trace failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    // A trace being written is finished before the session closes.
    await page.exposeFunction('codeAutomationExit', (code: number) => void traceWork.then(() => finish(code)));
    const remote = (path: string) => `vscode-remote://${server.authority}${path}`;
    // The floor as an installed extension of this session (code-server loads one development path):
    // it is scanned when the extension host starts, which the page below makes happen.
    if (o.floorDir)
      cpSync(o.floorDir, join(session.runDir, 'extensions', 'workspace-automation.workspace-automation-bench-floor-0.1.0'), {
        recursive: true,
      });
    if (carried.at) cpSync(carried.dir, join(session.runDir, carried.at), { recursive: true });
    const payload = [
      ['extensionDevelopmentPath', remote(o.extensionDir)],
      ['extensionTestsPath', remote(o.hostEntry)],
    ];
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(server.workspaceFolder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([exited, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)))]);
    clearTimeout(timer);
    const emulatorPeakMiB = await peakRssMiB(emulator.pid);
    const results = existsSync(session.resultsFile) ? (JSON.parse(readFileSync(session.resultsFile, 'utf8')) as HostResults) : undefined;
    let error: string | undefined;
    if (outcome === 'timeout') error = `no result within ${timeoutMs / 1000} s${results?.running ? `, in "${results.running}"` : ''}`;
    else if (!results?.done)
      error = `the extension host ended (code ${outcome}) before the benchmark finished${results?.running ? `, in "${results.running}"` : ''}`;
    else if (results.errors.length) error = `${results.errors.length} step(s) failed: ${results.errors.map((e) => e.step).join(', ')}`;
    if (error) session.saveLogs();
    const written = findCodeCache(join(session.runDir, 'user-data'));
    if (written) {
      rmSync(carried.dir, { recursive: true, force: true });
      cpSync(written, carried.dir, { recursive: true });
      carried.at = relative(session.runDir, written);
    } else o.say(`  the extension wrote no code cache in this run (looked under ${join(session.runDir, 'user-data')})`);
    return { results, emulatorPeakMiB, codeCache, ...(error ? { error } : {}) };
  } catch (e) {
    session?.saveLogs();
    return { results: undefined, emulatorPeakMiB: undefined, codeCache, error: e instanceof Error ? e.message : String(e) };
  } finally {
    await session?.close();
    current = undefined;
  }
}
