// The benchmarks that need no VS Code: bundle sizes, the client's GET overhead against a bare undici
// request, and the emulator's throughput against a bare node:http server. Every ratio is measured
// in the same run, interleaved, because this machine is noisy.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Pool, type Dispatcher } from 'undici';
import { createClient } from '../../src/api';
import { startEmulator } from '../harness/lib/emulator';
import { mcpReadBench } from './agentBench';
import { folderPullBench } from './folderBench';
import { loadedAtActivation, type MetafileOutputs } from '../harness/lib/bundleGraph';
import { fmt, median, peakRssMiB, stopChild, type Row } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (
  opts: Record<string, unknown>,
) => Promise<{ requests: { average: number }; latency: { p99: number; p50: number }; errors: number; non2xx: number }>;

export interface NodeBenchOptions {
  /** The production build to measure (`dist/` of the staged extension). */
  readonly dist: string;
  readonly large: number;
  readonly say: (line: string) => void;
}

/** Appends to `rows` as it goes, so that the figures before a failure are kept. */
export async function runNodeBench(o: NodeBenchOptions, rows: Row[]): Promise<void> {
  rows.push(...bundleRows(o.dist));
  o.say(`emulator (--large ${o.large}) for the client and load benchmarks...`);
  const emu = await startEmulator(
    mkdtempSync(join(tmpdir(), 'wsa-bench-emulator-')),
    30_000,
    ['--quiet', '--large', String(o.large)],
    join(o.dist, 'emulator.js'),
  );
  try {
    const headers = { authorization: `Bearer ${emu.apiKey}`, 'x-workspace-id': emu.workspaceId };
    const ops = (await (await fetch(`${emu.url}/v1/operations?limit=1`, { headers })).json()) as { data: { items: { id: string }[] } };
    const operationId = ops.data.items[0]!.id;
    o.say('client GET overhead (interleaved with bare undici requests)...');
    rows.push(...(await clientOverhead(emu.url, emu.apiKey, emu.workspaceId, operationId)));
    o.say('pull into a local folder (interleaved with the same GETs, bare)...');
    rows.push(...(await folderPullBench(emu, o.say)));
    o.say('read_resource over MCP (interleaved with the CLI pull of the same dashboard)...');
    const dashboards = (await (await fetch(`${emu.url}/v1/dashboards?limit=1`, { headers })).json()) as {
      data: { items: { dashboardId: string }[] };
    };
    rows.push(...(await mcpReadBench(emu, o.dist, dashboards.data.items[0]!.dashboardId, o.say)));
    o.say('emulator under load (autocannon, interleaved with a bare node:http server)...');
    rows.push(...(await emulatorLoad(emu.url, headers, operationId)));
    const peak = await peakRssMiB(emu.pid);
    rows.push({
      what: `emulator peak memory (--large ${o.large}, after the load runs)`,
      figure: peak === undefined ? 'n/a' : fmt.mib(peak),
      target: 'reported',
    });
  } finally {
    await emu.stop();
  }
}

/** The files dist/extension.js requires as it loads (its metafile, which esbuild.mjs writes beside it); undefined without one. */
function activationFiles(dist: string): string[] | undefined {
  const file = join(dist, 'meta-extension.json');
  if (!existsSync(file)) return undefined;
  const outputs = (JSON.parse(readFileSync(file, 'utf8')) as { outputs: MetafileOutputs }).outputs;
  const entry = Object.keys(outputs).find((o) => basename(o) === 'extension.js');
  return entry ? loadedAtActivation(outputs, entry).map((o) => basename(o)) : undefined;
}

function bundleRows(dist: string): Row[] {
  const size = (path: string) => (existsSync(join(dist, path)) ? statSync(join(dist, path)).size : undefined);
  const rows: Row[] = [];
  // dist/extension.js alone is a stub that requires the chunk activation runs: the figure is both.
  const loaded = activationFiles(dist);
  const total = loaded?.reduce((sum, f) => sum + (size(f) ?? 0), 0);
  rows.push({
    what: `what activation loads (minified): dist/extension.js and the ${loaded ? loaded.length - 1 : '?'} chunk(s) it requires as it loads`,
    figure: total === undefined ? 'no metafile' : fmt.kb(total),
    target: '≤ 150 KB',
    met: total !== undefined && total <= 150 * 1024,
    whyNot: 'code every window loads that a feature could load on first use (test/unit/bundles.test.ts lists the folders)',
  });
  const pool = size('undici-pool.js');
  if (pool !== undefined)
    rows.push({ what: 'dist/undici-pool.js (lazy chunk: first request)', figure: fmt.kb(pool), target: 'listed apart' });
  const schemas = size('schemas.js');
  if (schemas !== undefined)
    rows.push({
      what: 'dist/schemas.js (lazy chunk: zod and the response schemas, first response)',
      figure: fmt.kb(schemas),
      target: 'listed apart',
    });
  const tsx = size('tsx-check.js');
  if (tsx !== undefined)
    rows.push({ what: 'dist/tsx-check.js (lazy chunk: first dashboard save)', figure: fmt.kb(tsx), target: 'listed apart' });
  const web = size('webview/history.js');
  rows.push({
    what: 'dist/webview/history.js (webview script)',
    figure: web === undefined ? 'missing' : fmt.kb(web),
    target: '≤ 60 KB',
    met: web !== undefined && web <= 60 * 1024,
    whyNot: 'the page bundles more than its own code and src/history/protocol (bundles.test.ts lists what it holds)',
  });
  const emu = size('emulator.js');
  if (emu !== undefined)
    rows.push({ what: 'dist/emulator.js (own process, not loaded by the extension)', figure: fmt.kb(emu), target: 'listed apart' });
  return rows;
}

/** Median latency of each of two calls made alternately (order flipped every pair), per block. */
async function interleaved(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  blocks: number,
  pairs: number,
): Promise<{ a: number[]; b: number[]; ratios: number[] }> {
  const out = { a: [] as number[], b: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < 300; i++) {
    await a();
    await b();
  }
  for (let block = 0; block < blocks; block++) {
    const la: number[] = [];
    const lb: number[] = [];
    for (let i = 0; i < pairs; i++) {
      for (const [fn, into] of (i % 2
        ? [
            [b, lb],
            [a, la],
          ]
        : [
            [a, la],
            [b, lb],
          ]) as [() => Promise<unknown>, number[]][]) {
        const started = performance.now();
        await fn();
        into.push(performance.now() - started);
      }
    }
    out.a.push(median(la));
    out.b.push(median(lb));
    out.ratios.push(median(la) / median(lb));
  }
  return out;
}

async function clientOverhead(url: string, apiKey: string, workspaceId: string, operationId: string): Promise<Row[]> {
  const client = createClient({
    baseUrl: url,
    apiKey,
    workspaceId,
    authHeader: 'Authorization',
    authScheme: 'Bearer',
    workspaceHeader: 'X-Workspace-Id',
    timeoutMs: 10_000,
  });
  const pool = new Pool(new URL(url).origin, { connections: 6, keepAliveTimeout: 30_000 });
  const path = `/v1/operations/${operationId}`;
  const headers = { authorization: `Bearer ${apiKey}`, 'x-workspace-id': workspaceId, accept: 'application/json' };
  const bare = async () => {
    const res = await pool.request({ method: 'GET', path, headers });
    JSON.parse(await res.body.text());
  };
  const typed = () => client.getOperation(operationId);
  const BLOCKS = 7;
  const PAIRS = 1000;
  const main = await interleaved(typed, bare, BLOCKS, PAIRS);

  // The client is built on undici's dispatch(), which skips request()'s body stream: against a bare
  // dispatch() the figure is what the client's own layers (timer, schema, errors, log) cost.
  const dispatched = () =>
    new Promise<void>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: () => undefined,
        onResponseData: (_c, chunk) => void chunks.push(chunk),
        onResponseEnd: () => {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve();
        },
        onResponseError: (_c, e) => reject(e),
      };
      pool.dispatch({ method: 'GET', path, headers }, handler);
    });
  const layers = await interleaved(typed, dispatched, 3, PAIRS);
  await client.close();
  await pool.destroy();

  const ratio = median(main.ratios);
  const spread = `${Math.min(...main.ratios).toFixed(2)}–${Math.max(...main.ratios).toFixed(2)}`;
  return [
    {
      what: `client GET overhead: a client call, schema check included (median of ${BLOCKS} blocks × ${PAIRS} interleaved pairs; spread ${spread})`,
      figure: `${fmt.ratio(ratio)} (${fmt.ms(median(main.a))} a call)`,
      floor: `bare undici request() + JSON.parse: ${fmt.ms(median(main.b))}`,
      target: '≤ 1.15×',
      met: ratio <= 1.15,
      whyNot: `${fmt.ratio(ratio)}: the client's own layers (timer, schema check, error classification, log) cost more than 15 % of a GET`,
    },
    {
      what: '  the same against a bare undici dispatch() (the API the client uses; 3 blocks)',
      figure: fmt.ratio(median(layers.ratios)),
      target: 'reported',
    },
  ];
}

async function bareServer(body: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY);
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 30000;
    server.listen(0, '127.0.0.1', () => console.log('PORT=' + server.address().port));
    process.on('SIGTERM', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).on('line', (l) => l.startsWith('PORT=') && resolve(l.slice(5))),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

async function emulatorLoad(url: string, headers: Record<string, string>, operationId: string): Promise<Row[]> {
  const path = `/v1/operations/${operationId}`;
  const body = await (await fetch(url + path, { headers })).text();
  const bare = await bareServer(body);
  const run = (target: string) => autocannon({ url: target + path, headers, connections: 10, duration: 4, pipelining: 1 });
  const emu: { rps: number; p99: number }[] = [];
  const base: { rps: number; p99: number }[] = [];
  await run(url); // warm-up
  const ROUNDS = 3;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [target, into] of (round % 2
      ? [
          [bare.url, base],
          [url, emu],
        ]
      : [
          [url, emu],
          [bare.url, base],
        ]) as [string, typeof emu][]) {
      const r = await run(target);
      if (r.errors || r.non2xx) throw new Error(`load run against ${target} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
      into.push({ rps: r.requests.average, p99: r.latency.p99 });
    }
  }
  await bare.stop();
  const emuRps = median(emu.map((e) => e.rps));
  const baseRps = median(base.map((e) => e.rps));
  const ratio = median(emu.map((e, i) => e.rps / base[i]!.rps));
  return [
    {
      what: 'emulator GET operation under load (autocannon, 10 connections, 4 s × 3): throughput, median ratio of the rounds',
      figure: `${fmt.ratio(ratio)} (${emuRps.toFixed(0)}/s, p99 ${median(emu.map((e) => e.p99))} ms)`,
      floor: `a bare node:http server, same body: ${baseRps.toFixed(0)}/s, p99 ${median(base.map((b) => b.p99))} ms`,
      target: '≥ 0.5×',
      met: ratio >= 0.5,
      whyNot: `${fmt.ratio(ratio)}: the emulator's routing, key check and presentation cost more than a bare server's whole answer`,
    },
  ];
}
