// The extension's side of the dashboard language service worker: starts dist/ts-worker.js the first
// time it is asked (the first dashboard opening), sends typed requests, and ends the worker on
// dispose. No vscode: the bench and the unit tests drive it in plain Node.
import { Worker } from 'node:worker_threads';
import type { WorkerMethod, WorkerMethods, WorkerResponse } from './dashboardProtocol';

export interface WorkerClientOptions {
  /** dist/ts-worker.js. */
  readonly script: string;
  /** dist/ts-types. */
  readonly typesDir: string;
}

export class DashboardWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private disposed = false;

  constructor(private readonly options: WorkerClientOptions) {}

  get started(): boolean {
    return this.worker !== undefined;
  }

  request<M extends WorkerMethod>(method: M, params: WorkerMethods[M][0]): Promise<WorkerMethods[M][1]> {
    if (this.disposed) return Promise.reject(new Error('The dashboard language service has stopped'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, method, params });
    });
  }

  dispose(): void {
    this.disposed = true;
    void this.worker?.terminate();
    this.worker = undefined;
    this.failAll(new Error('The dashboard language service has stopped'));
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.script, { workerData: { typesDir: this.options.typesDir } });
    // An idle worker must not keep the extension host (or a test run) alive by itself.
    worker.on('message', (res: WorkerResponse) => {
      const waiting = this.pending.get(res.id);
      if (!waiting) return;
      this.pending.delete(res.id);
      if (!this.pending.size) worker.unref();
      if (res.error !== undefined) waiting.reject(new Error(res.error));
      else waiting.resolve(res.result);
    });
    // A crashed worker fails what it owed; the next request starts a fresh one (the adapter re-sends state).
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The dashboard language service stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
