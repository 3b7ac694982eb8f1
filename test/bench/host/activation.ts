// activate() in the real extension host: the require of dist/main.js and the activate() call (which
// loads dist/extension.js through the code cache in the extension's global storage),
// timed by the staged package's shim (scripts/bench.mjs) with the high-resolution clock, and as
// VS Code's own marks count them ("Developer: Show Running Extensions", 1 ms resolution). The
// module load is also timed on fresh copies of dist/extension.js with its chunks (its top level
// creates nothing, so a copy is harmless), with `require` and through a warm code cache. Then: no
// request may reach the service before a view is shown.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceAutomationApi } from '../../../src/extension';
import { EXTENSION_CHUNK } from '../../../src/extensionEntry';
import { loadWithCodeCache } from '../../../src/util/codeCache';
import { EXTENSION_ID, hostMemory, requestsSince, timed, type BenchContext } from './context';
import { profiled } from './profile';

const FRESH_LOADS = 7;

interface PerfMark {
  name: string;
  startTime: number;
}

function vscodeMarks(): PerfMark[] {
  const marks = (globalThis as { MonacoPerformanceMarks?: { getMarks(): PerfMark[] } }).MonacoPerformanceMarks;
  return marks?.getMarks() ?? [];
}

/** The empty extension with the same activation events that scripts/bench.mjs stages beside ours. */
const FLOOR_ID = `${EXTENSION_ID}-bench-floor`;

function markSpan(marks: PerfMark[], from: string, to: string, id = EXTENSION_ID): number | undefined {
  const a = marks.find((m) => m.name === `code/extHost/${from}/${id}`);
  const b = marks.find((m) => m.name === `code/extHost/${to}/${id}`);
  return a && b ? b.startTime - a.startTime : undefined;
}

/**
 * Waits (at most `maxMs`) until this process has used under 10% of a core for three 200 ms windows
 * in a row. The workbench activates the built-in extensions at startup; their work, interleaved
 * with ours, would land between our activation marks. A user's activation happens the same way,
 * but what the target measures is this extension's own cost.
 */
async function hostQuiet(maxMs = 20_000): Promise<boolean> {
  const started = Date.now();
  let quietWindows = 0;
  while (Date.now() - started < maxMs) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    // eslint-disable-next-line no-restricted-syntax -- a poll for "nothing changed for a while", whose quiet time is the condition
    await new Promise((r) => setTimeout(r, 200));
    const used = process.cpuUsage(cpu);
    const busy = (used.user + used.system) / 1000 / (performance.now() - t);
    quietWindows = busy < 0.1 ? quietWindows + 1 : 0;
    if (quietWindows >= 3) return true;
  }
  return false;
}

export async function measureActivation(ctx: BenchContext): Promise<void> {
  const { figures } = ctx;
  const quiet = await timed(() => hostQuiet());
  figures.add('activation.quietWaitMs', quiet.ms);
  if (!quiet.value)
    figures.note('activation.quietWaitMs', 'The extension host did not become quiet within 20 s; activation was measured anyway.');
  const before = hostMemory();
  if (before.rss !== undefined) figures.add('memory.hostBeforeActivationMiB', before.rss);
  const extension = vscode.extensions.getExtension<WorkspaceAutomationApi>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  if (extension.isActive)
    figures.note(
      'activation.totalMs',
      'The extension was already active when the benchmark started: these marks are from that activation.',
    );

  const activated = await timed(() => profiled('activation', () => extension.activate()));
  const api = activated.value;
  ctx.api = api;
  figures.add('activation.apiCallMs', activated.ms);
  await api.ready;

  // The staged package's shim timed the require of dist/main.js and the activate() call.
  type Timings = { requireMs?: number; activateMs?: number; requireCpuMs?: number; activateCpuMs?: number; settledMs?: number };
  const own = (globalThis as { __workspaceAutomationBench?: Timings }).__workspaceAutomationBench;
  if (own?.requireMs === undefined || own.activateMs === undefined)
    throw new Error('the staged extension did not record its timings (dist/bench-main.js)');
  figures.add('activation.requireMs', own.requireMs);
  figures.add('activation.activateCallMs', own.activateMs);
  figures.add('activation.totalMs', own.requireMs + own.activateMs);
  if (own.settledMs !== undefined) figures.add('activation.settledMs', own.settledMs);
  if (own.requireCpuMs !== undefined && own.activateCpuMs !== undefined) {
    figures.add('activation.requireCpuMs', own.requireCpuMs);
    figures.add('activation.activateCpuMs', own.activateCpuMs);
    figures.add('activation.totalCpuMs', own.requireCpuMs + own.activateCpuMs);
  }

  // VS Code's marks, 1 ms resolution. "Show Running Extensions" shows load + the activate() call,
  // as above; its will/didActivate marks also span awaiting the promise activate() returns, and
  // whatever the host runs meanwhile (messages to the window, a status bar tooltip's markdown).
  const marks = vscodeMarks();
  const t0 = marks.find((m) => m.name.endsWith(`willLoadExtensionCode/${EXTENSION_ID}`))?.startTime ?? 0;
  figures.note(
    'activation.marks',
    marks
      .filter((m) => m.startTime >= t0 - 50 && m.startTime <= t0 + 2000)
      .map((m) => `${m.startTime - t0} ${m.name.replace('code/extHost/', '')}`)
      .join('\n'),
  );
  const codeLoading = markSpan(marks, 'willLoadExtensionCode', 'didLoadExtensionCode');
  const call = markSpan(marks, 'willActivateExtension', 'didActivateExtension');
  if (codeLoading !== undefined && call !== undefined) {
    figures.add('activation.vscodeLoadMs', codeLoading);
    figures.add('activation.vscodeActivateMs', call);
    figures.add('activation.vscodeTotalMs', codeLoading + call);
  }

  await measureFloor(ctx);

  // Nothing is shown yet: activation and reading the settings and key must not talk to the service.
  const requests = await requestsSince(ctx, 0);
  figures.add('requests.activation', requests.length);
  if (requests.length) figures.note('requests.activation', `Requests during activation: ${requests.join(', ')}`);

  const dist = join(extension.extensionPath, 'dist');
  // dist/extension.js with its chunks, in a folder of its own below dist/ (so that `require('vscode')`
  // is still ours): a fresh module for every load, chunks included.
  const copyInto = (dir: string): string => {
    mkdirSync(dir);
    for (const f of ['extension.js', ...readdirSync(dist).filter((f) => EXTENSION_CHUNK.test(`./${f}`))])
      copyFileSync(join(dist, f), join(dir, f));
    return join(dir, 'extension.js');
  };
  // Node's own loader (VS Code's interceptor serves `require('vscode')` inside it, as at activation).
  for (let i = 0; i < FRESH_LOADS; i++) {
    const dir = join(dist, `.bench-load-${process.pid}-${i}`);
    const copy = copyInto(dir);
    const load = createRequire(copy);
    try {
      const { ms } = await timed(() => load(copy) as unknown);
      figures.add('activation.freshRequireMs', ms);
    } finally {
      for (const key of Object.keys(load.cache)) if (key.startsWith(dir)) delete load.cache[key];
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // The same copies through the code cache, as dist/main.js loads the bundle: the first one makes
  // the caches, the others take them.
  const cacheDir = mkdtempSync(join(tmpdir(), 'wsa-bench-code-cache-'));
  try {
    for (let i = 0; i <= FRESH_LOADS; i++) {
      const dir = join(dist, `.bench-cached-${process.pid}-${i}`);
      const copy = copyInto(dir);
      try {
        const { ms, value } = await timed(() => loadWithCodeCache(copy, cacheDir, { storeAfterMs: 0, siblings: EXTENSION_CHUNK }));
        if (i === 0) await value.stored;
        else if (value.cache === 'accepted') figures.add('activation.freshCachedMs', ms);
        else figures.note('activation.freshCachedMs', `copy ${i}: the code cache was ${value.cache}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * The floor, in the same host and run, after ours (so the host's first-extension costs fall on ours,
 * not on it): an empty extension with the same activation events, timed by the same shim.
 */
async function measureFloor(ctx: BenchContext): Promise<void> {
  const floor = vscode.extensions.getExtension(FLOOR_ID);
  if (!floor) {
    ctx.figures.note('activation.floorTotalMs', 'The floor extension was not loaded (run through npm run bench).');
    return;
  }
  await hostQuiet();
  await floor.activate();
  type Timings = { requireMs?: number; activateMs?: number; requireCpuMs?: number; activateCpuMs?: number };
  const own = (globalThis as { __workspaceAutomationFloorBench?: Timings }).__workspaceAutomationFloorBench;
  if (own?.requireMs === undefined || own.activateMs === undefined) return;
  ctx.figures.add('activation.floorTotalMs', own.requireMs + own.activateMs);
  if (own.requireCpuMs !== undefined && own.activateCpuMs !== undefined)
    ctx.figures.add('activation.floorTotalCpuMs', own.requireCpuMs + own.activateCpuMs);
  const marks = vscodeMarks();
  const load = markSpan(marks, 'willLoadExtensionCode', 'didLoadExtensionCode', FLOOR_ID);
  const call = markSpan(marks, 'willActivateExtension', 'didActivateExtension', FLOOR_ID);
  if (load !== undefined && call !== undefined) ctx.figures.add('activation.floorVscodeTotalMs', load + call);
}
