// Benchmarks that need no VS Code: bundle sizes, the client's GET overhead against a bare undici
// request, and the emulator's throughput against a bare node:http server. Every ratio is measured
// in the same run, interleaved, because this machine is noisy. Prints a table; exits 0 whatever the
// figures (benchmarks are not tests).
import { spawn } from 'node:child_process';
import { statSync, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { createClient } from '../../src/api';
import { fmt, median, peakRssMiB, percentile, printTable, spawnEmulator, stopChild, type Row } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{ requests: { average: number }; latency: { p99: number; p50: number }; errors: number; non2xx: number }>;

function size(path: string): number | undefined {
  return existsSync(path) ? statSync(path).size : undefined;
}

function bundleRows(): Row[] {
  const rows: Row[] = [];
  const ext = size('dist/extension.js');
  if (ext !== undefined) rows.push({ what: 'dist/extension.js (minified, loaded at activation)', figure: fmt.kb(ext), target: '≤ 700 KB', met: ext <= 700 * 1024 });
  const tsx = size('dist/tsx-check.js');
  if (tsx !== undefined) rows.push({ what: 'dist/tsx-check.js (lazy: loaded on first dashboard save)', figure: fmt.kb(tsx), target: 'lazy chunk' });
  const web = size('dist/webview/history.js');
  if (web !== undefined) rows.push({ what: 'dist/webview/history.js (webview script)', figure: fmt.kb(web), target: '≤ 60 KB', met: web <= 60 * 1024 });
  const emu = size('dist/emulator.js');
  if (emu !== undefined) rows.push({ what: 'dist/emulator.js (spawned by Connect to Local Emulator)', figure: fmt.kb(emu), target: 'separate process' });
  return rows;
}

async function clientOverhead(url: string, apiKey: string, workspaceId: string, operationId: string): Promise<Row[]> {
  const client = createClient({ baseUrl: url, apiKey, workspaceId, authHeader: 'Authorization', authScheme: 'Bearer', workspaceHeader: 'X-Workspace-Id', timeoutMs: 10_000 });
  const origin = new URL(url);
  const pool = new Pool(origin.origin, { connections: 6, keepAliveTimeout: 30_000 });
  const headers = { authorization: `Bearer ${apiKey}`, 'x-workspace-id': workspaceId, accept: 'application/json' };
  const bare = async () => {
    const res = await pool.request({ method: 'GET', path: `/v1/operations/${operationId}`, headers });
    JSON.parse(await res.body.text());
  };
  const typed = async () => {
    await client.getOperation(operationId);
  };
  const time = async (fn: () => Promise<void>, n: number) => {
    const started = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return (performance.now() - started) / n;
  };
  await time(bare, 300);
  await time(typed, 300);
  const bareRounds: number[] = [];
  const typedRounds: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < 15; round++) {
    // Alternate the order so that neither side always runs on a warmer machine.
    let t: number;
    let r: number;
    if (round % 2) {
      t = await time(typed, 150);
      r = await time(bare, 150);
    } else {
      r = await time(bare, 150);
      t = await time(typed, 150);
    }
    typedRounds.push(t);
    bareRounds.push(r);
    ratios.push(t / r);
  }
  await client.close();
  await pool.destroy();
  const ratio = median(ratios);
  return [
    { what: 'GET operation, bare undici request + JSON.parse (median per call)', figure: fmt.ms(median(bareRounds)), target: 'baseline' },
    { what: 'GET operation, client call incl. schema validation', figure: fmt.ms(median(typedRounds)), target: '' },
    { what: 'client GET overhead (median ratio of 15 interleaved rounds)', figure: fmt.ratio(ratio), target: '≤ 1.15×', met: ratio <= 1.15 },
  ];
}

async function bareServer(body: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
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
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).on('line', (l) => l.startsWith('PORT=') && resolve(l.slice(5))));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

async function emulatorLoad(url: string, apiKey: string, workspaceId: string, operationId: string, pid: number): Promise<Row[]> {
  const headers = { authorization: `Bearer ${apiKey}`, 'x-workspace-id': workspaceId };
  const path = `/v1/operations/${operationId}`;
  const body = await (await fetch(url + path, { headers })).text();
  const bare = await bareServer(body);
  const run = (target: string) => autocannon({ url: target + path, headers, connections: 10, duration: 4, pipelining: 1 });
  const emu: { rps: number; p99: number }[] = [];
  const base: { rps: number; p99: number }[] = [];
  await run(url); // warm-up
  for (let round = 0; round < 3; round++) {
    for (const [target, into] of (round % 2 ? [[bare.url, base], [url, emu]] : [[url, emu], [bare.url, base]]) as [string, typeof emu][]) {
      const r = await run(target);
      if (r.errors || r.non2xx) throw new Error(`load run against ${target} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
      into.push({ rps: r.requests.average, p99: r.latency.p99 });
    }
  }
  await bare.stop();
  const emuRps = median(emu.map((e) => e.rps));
  const baseRps = median(base.map((e) => e.rps));
  const ratio = emuRps / baseRps;
  const peak = await peakRssMiB(pid);
  return [
    { what: 'bare node:http server, same body: requests/s (10 connections)', figure: `${baseRps.toFixed(0)}/s, p99 ${percentile(base.map((b) => b.p99), 50)} ms`, target: 'baseline' },
    { what: 'emulator GET operation: requests/s', figure: `${emuRps.toFixed(0)}/s, p99 ${percentile(emu.map((e) => e.p99), 50)} ms`, target: '' },
    { what: 'emulator throughput vs bare node:http', figure: fmt.ratio(ratio), target: '≥ 0.5×', met: ratio >= 0.5 },
    { what: 'emulator peak memory (--large 2000, after load)', figure: peak === undefined ? 'n/a' : `${peak.toFixed(0)} MiB`, target: '' },
  ];
}

async function main(): Promise<void> {
  const rows = bundleRows();
  const emu = await spawnEmulator(['--large', '2000']);
  try {
    const ops = (await (await fetch(`${emu.url}/v1/operations?limit=1`, { headers: { authorization: `Bearer ${emu.apiKey}`, 'x-workspace-id': emu.workspaceId } })).json()) as { data: { items: { id: string }[] } };
    const operationId = ops.data.items[0]!.id;
    rows.push(...(await clientOverhead(emu.url, emu.apiKey, emu.workspaceId, operationId)));
    rows.push(...(await emulatorLoad(emu.url, emu.apiKey, emu.workspaceId, operationId, emu.child.pid!)));
  } finally {
    await emu.stop();
  }
  printTable('Node-side benchmarks (npm run bench)', rows);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
