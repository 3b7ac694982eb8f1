// The extension's side of the dashboard language service worker: starts dist/ts-worker.js the first
// time it is asked (the first dashboard opening), sends typed requests, and ends the worker on
// dispose. A watchdog restarts a worker that holds one request too long, and the client hands the
// new worker the state the old one had, so language features come back by themselves. No vscode:
// the bench and the unit tests drive it in plain Node.
import { Worker } from 'node:worker_threads';
import {
  FRESHNESS_SLOTS,
  type DashboardUpdate,
  type RuntimeTypes,
  type WorkerMethod,
  type WorkerMethods,
  type WorkerResponse,
} from './dashboardProtocol';

/** How long the worker may take for one request before it is restarted… */
export const WORKER_REQUEST_LIMIT_MS = 10_000;
/** …and how many restarts in a row, without one answer between them, before it stays stopped. */
export const MAX_WORKER_RESTARTS = 3;

export interface WorkerClientOptions {
  /** dist/ts-worker.js, or dist/ts-worker-main.js, which loads it through a code cache in `codeCacheDir`. */
  readonly script: string;
  /** For dist/ts-worker-main.js: the folder of the code cache (the extension's global storage). */
  readonly codeCacheDir?: string;
  /** Tests only: how soon after it loads the worker writes its code cache. */
  readonly codeCacheStoreAfterMs?: number;
  /** dist/ts-types. */
  readonly typesDir: string;
  /** The watchdog's limit for one request (until a worker has loaded TypeScript's program, three times it). */
  readonly requestLimitMs?: number;
  /** Tests only: the first worker hangs on this method, as a type check that never ends would. */
  readonly stallOnceOn?: WorkerMethod;
}

interface Waiting {
  readonly method: WorkerMethod;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/** Requests that only hand the worker state: answering them does not load TypeScript's program. */
const STATE_METHODS: ReadonlySet<WorkerMethod> = new Set(['configure', 'update', 'close', 'memory']);
/** Checks that stop when their text changes or the user asks for something meanwhile. */
const CHECKS: ReadonlySet<WorkerMethod> = new Set(['syntaxDiagnostics', 'regionDiagnostics', 'semanticDiagnostics']);
/**
 * Whether an answer shows the worker has loaded TypeScript's checker and libraries. A parse does
 * not, nor does a check dropped (null) because its text was typed over before it ran: the first
 * real check after them may still take the cold limit.
 */
function loadedTheChecker(method: WorkerMethod, res: WorkerResponse): boolean {
  if (STATE_METHODS.has(method) || method === 'syntaxDiagnostics' || res.error !== undefined) return false;
  return !(CHECKS.has(method) && res.result === null);
}
/** What the user waits for: a check in the way stops for it (as the built-in TypeScript's interrupt does). */
const INTERACTIVE: ReadonlySet<WorkerMethod> = new Set([
  'completions',
  'completionDetails',
  'hover',
  'signatureHelp',
  'highlights',
  'definition',
  'format',
]);

export class DashboardWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Waiting>();
  private disposed = false;
  /** Why the client stopped for good (the worker hung too often), or undefined. */
  private stopped: string | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  /** Whether the current worker answered a language request once (it has loaded TypeScript and the libs). */
  private warm = false;
  private restartsInARow = 0;
  private stalled = false;
  /** What the worker was told, to tell a replacement: the runtime and each open dashboard. */
  private runtime: { runtime: RuntimeTypes | null } | undefined;
  private readonly documents = new Map<string, DashboardUpdate>();
  private readonly limitMs: number;
  /** Shared with every worker: [0] interrupts, [slot] the text version of a document (dashboardProtocol.ts). */
  private readonly freshness = new SharedArrayBuffer(FRESHNESS_SLOTS * Int32Array.BYTES_PER_ELEMENT);
  private readonly cells = new Int32Array(this.freshness);
  private readonly slots = new Map<string, number>();
  private nextSlot = 1;
  /** Checks posted and not yet answered. */
  private checksPending = 0;

  constructor(private readonly options: WorkerClientOptions) {
    this.limitMs = options.requestLimitMs ?? WORKER_REQUEST_LIMIT_MS;
  }

  get started(): boolean {
    return this.worker !== undefined;
  }

  /** The worker's V8 heap (used and reserved bytes), where the runtime can tell; undefined before it starts. What the bench reports of it. */
  async heap(): Promise<{ used: number; total: number } | undefined> {
    const worker = this.worker as
      (Worker & { getHeapStatistics?: () => Promise<{ used_heap_size: number; total_heap_size: number }> }) | undefined;
    const stats = await worker?.getHeapStatistics?.();
    return stats && { used: stats.used_heap_size, total: stats.total_heap_size };
  }

  request<M extends WorkerMethod>(method: M, params: WorkerMethods[M][0]): Promise<WorkerMethods[M][1]> {
    if (this.disposed) return Promise.reject(new Error('The dashboard language service has stopped'));
    if (this.stopped) return Promise.reject(new Error(this.stopped));
    // Started first: a replacement is told the state as it was before this request.
    const worker = this.start();
    this.remember(method, params);
    const key = (params as { key?: string }).key;
    if (method === 'update' && key !== undefined && (params as DashboardUpdate).text !== undefined)
      Atomics.add(this.cells, this.slotOf(key), 1);
    if (INTERACTIVE.has(method) && this.checksPending > 0) Atomics.add(this.cells, 0, 1);
    if (CHECKS.has(method) && key !== undefined) {
      const slot = this.slotOf(key);
      params = { ...params, slot, version: Atomics.load(this.cells, slot), interrupts: Atomics.load(this.cells, 0) };
      this.checksPending++;
    }
    return new Promise<WorkerMethods[M][1]>((resolve, reject) => {
      this.post(worker, method, params, { method, resolve: resolve as (v: unknown) => void, reject });
    }).finally(() => {
      if (CHECKS.has(method)) this.checksPending--;
    });
  }

  /** The shared cell of a document's text version; documents past the cells share them (a check then stops more often, never less). */
  private slotOf(key: string): number {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = 1 + ((this.nextSlot++ - 1) % (FRESHNESS_SLOTS - 1));
      this.slots.set(key, slot);
    }
    return slot;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.watchdog);
    void this.worker?.terminate();
    this.worker = undefined;
    this.failAll(new Error('The dashboard language service has stopped'));
  }

  private post(worker: Worker, method: WorkerMethod, params: unknown, waiting: Waiting = { method, resolve() {}, reject() {} }): void {
    const id = this.nextId++;
    this.pending.set(id, waiting);
    if (this.pending.size === 1) this.arm();
    worker.ref();
    worker.postMessage({ id, method, params });
  }

  /** The state a replacement worker needs: the last runtime and every open dashboard's latest update. */
  private remember(method: WorkerMethod, params: unknown): void {
    if (method === 'configure') this.runtime = params as { runtime: RuntimeTypes | null };
    else if (method === 'update') {
      const u = params as DashboardUpdate;
      this.documents.set(u.key, { ...this.documents.get(u.key), ...u });
    } else if (method === 'close') {
      this.documents.delete((params as { key: string }).key);
      this.slots.delete((params as { key: string }).key);
    }
  }

  /** The worker answers in order: the oldest pending request is the one it works on now. */
  private arm(): void {
    clearTimeout(this.watchdog);
    if (!this.pending.size || !this.worker) return;
    const limit = this.warm ? this.limitMs : 3 * this.limitMs;
    const worker = this.worker;
    this.watchdog = setTimeout(() => this.restart(worker, limit), limit);
    // The watchdog must not keep the extension host (or a test run) alive by itself.
    this.watchdog.unref();
  }

  private restart(worker: Worker, limit: number): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.restartsInARow++;
    const seconds = `${+(limit / 1000).toFixed(1)} s`;
    if (this.restartsInARow >= MAX_WORKER_RESTARTS) {
      this.stopped = `The dashboard language service stopped: it took longer than ${seconds} ${MAX_WORKER_RESTARTS} times in a row`;
    }
    void worker.terminate();
    this.failAll(new Error(`The dashboard language service took longer than ${seconds} and was restarted`));
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const stall = this.options.stallOnceOn && !this.stalled ? this.options.stallOnceOn : undefined;
    this.stalled ||= stall !== undefined;
    const { script, typesDir, codeCacheDir, codeCacheStoreAfterMs } = this.options;
    const worker = new Worker(script, { workerData: { typesDir, stall, freshness: this.freshness, codeCacheDir, codeCacheStoreAfterMs } });
    this.worker = worker;
    this.warm = false;
    // An idle worker must not keep the extension host (or a test run) alive by itself.
    worker.on('message', (res: WorkerResponse) => {
      if (this.worker !== worker) return;
      const waiting = this.pending.get(res.id);
      if (!waiting) return;
      this.pending.delete(res.id);
      if (!STATE_METHODS.has(waiting.method)) this.restartsInARow = 0;
      this.warm ||= loadedTheChecker(waiting.method, res);
      this.arm();
      if (!this.pending.size) worker.unref();
      if (res.error !== undefined) waiting.reject(new Error(res.error));
      else waiting.resolve(res.result);
    });
    // A crashed worker fails what it owed; the next request starts a fresh one, told the state first.
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      clearTimeout(this.watchdog);
      this.failAll(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The dashboard language service stopped (exit code ${code})`)));
    if (this.runtime) this.post(worker, 'configure', this.runtime);
    for (const u of this.documents.values()) this.post(worker, 'update', u);
    return worker;
  }

  private failAll(err: Error): void {
    clearTimeout(this.watchdog);
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(err);
  }
}
