// The worker_threads entry of the dashboard language service (bundled as dist/ts-worker.js with
// TypeScript inside). It answers one request at a time: TypeScript is synchronous, so the order of
// the messages is the order of the answers. A check reads shared memory the client writes as the
// user types, so one that fell behind is dropped or stopped rather than finished. No vscode.
import { parentPort, workerData } from 'node:worker_threads';
import { DashboardLanguageService } from './dashboardService';
import type { Freshness, WorkerMethods, WorkerRequest, WorkerResponse } from './dashboardProtocol';

type Handlers = { [M in keyof WorkerMethods]: (params: WorkerMethods[M][0]) => WorkerMethods[M][1] };

/** Whether a check is stale, read from the cells the client bumps (FRESHNESS_SLOTS); never without them. */
export function stalenessOf(cells: Int32Array | undefined): (f: Freshness) => boolean {
  return (f) =>
    !!cells &&
    f.slot !== undefined &&
    ((f.version !== undefined && Atomics.load(cells, f.slot) !== f.version) ||
      (f.interrupts !== undefined && Atomics.load(cells, 0) !== f.interrupts));
}

export function handlersFor(service: DashboardLanguageService, stale: (f: Freshness) => boolean = () => false): Handlers {
  return {
    configure: ({ runtime }) => service.configure(runtime),
    update: (u) => service.update(u),
    close: ({ key }) => service.close(key),
    diagnostics: ({ key }) => service.diagnostics(key),
    // A check that fell behind the typing is dropped before it starts, and stops if it goes stale.
    syntaxDiagnostics: (f) => (stale(f) ? null : service.syntaxDiagnostics(f.key)),
    semanticDiagnostics: (f) => (stale(f) ? null : service.semanticDiagnostics(f.key, () => stale(f))),
    regionDiagnostics: (f) => (stale(f) ? null : service.regionDiagnostics(f.key, f.ranges, () => stale(f))),
    completions: ({ key, offset, trigger }) => service.completions(key, offset, trigger),
    completionDetails: ({ key, offset, entry }) => service.completionDetails(key, offset, entry),
    hover: ({ key, offset }) => service.hover(key, offset),
    signatureHelp: ({ key, offset }) => service.signatureHelp(key, offset),
    highlights: ({ key, offset }) => service.highlights(key, offset),
    definition: ({ key, offset }) => service.definition(key, offset),
    declarationText: ({ path }) => service.declarationText(path),
    symbols: ({ key }) => service.symbols(key),
    folding: ({ key }) => service.folding(key),
    format: ({ key, options, range }) => service.format(key, options, range),
    memory: () => {
      const m = process.memoryUsage();
      return { heapUsed: m.heapUsed, rss: m.rss };
    },
  };
}

if (parentPort) {
  const port = parentPort;
  const { typesDir, stall, freshness } = workerData as { typesDir: string; stall?: string; freshness?: SharedArrayBuffer };
  const cells = freshness ? new Int32Array(freshness) : undefined;
  const handlers = handlersFor(new DashboardLanguageService({ typesDir }), stalenessOf(cells)) as Record<
    string,
    (params: unknown) => unknown
  >;
  port.on('message', (req: WorkerRequest) => {
    let response: WorkerResponse;
    try {
      const handler = handlers[req.method];
      if (!handler) throw new Error(`Unknown method ${req.method}`);
      // Tests only (WorkerClientOptions.stallOnceOn): hang as a type check that never ends would.
      if (req.method === stall) for (;;);
      response = { id: req.id, result: handler(req.params) };
    } catch (err) {
      response = { id: req.id, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(response);
  });
}
