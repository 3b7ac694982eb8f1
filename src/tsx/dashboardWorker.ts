// The worker_threads entry of the dashboard language service (bundled as dist/ts-worker.js with
// TypeScript inside). It answers one request at a time: TypeScript is synchronous, so the order of
// the messages is the order of the answers. No vscode.
import { parentPort, workerData } from 'node:worker_threads';
import { DashboardLanguageService } from './dashboardService';
import type { WorkerMethods, WorkerRequest, WorkerResponse } from './dashboardProtocol';

type Handlers = { [M in keyof WorkerMethods]: (params: WorkerMethods[M][0]) => WorkerMethods[M][1] };

export function handlersFor(service: DashboardLanguageService): Handlers {
  return {
    configure: ({ runtime }) => service.configure(runtime),
    update: (u) => service.update(u),
    close: ({ key }) => service.close(key),
    diagnostics: ({ key }) => service.diagnostics(key),
    syntaxDiagnostics: ({ key }) => service.syntaxDiagnostics(key),
    completions: ({ key, offset, trigger }) => service.completions(key, offset, trigger),
    completionDetails: ({ key, offset, entry }) => service.completionDetails(key, offset, entry),
    hover: ({ key, offset }) => service.hover(key, offset),
    signatureHelp: ({ key, offset }) => service.signatureHelp(key, offset),
    highlights: ({ key, offset }) => service.highlights(key, offset),
    definition: ({ key, offset }) => service.definition(key, offset),
    declarationText: ({ path }) => service.declarationText(path),
    symbols: ({ key }) => service.symbols(key),
    folding: ({ key }) => service.folding(key),
    memory: () => {
      const m = process.memoryUsage();
      return { heapUsed: m.heapUsed, rss: m.rss };
    },
  };
}

if (parentPort) {
  const port = parentPort;
  const { typesDir, stall } = workerData as { typesDir: string; stall?: string };
  const handlers = handlersFor(new DashboardLanguageService({ typesDir })) as Record<string, (params: unknown) => unknown>;
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
