// Pulling the large workspace into a local folder against its floor: what any correct pull must
// do, measured in the same rounds. The floor sends the same GETs (read from the emulator's request
// log, so it replays exactly what the pull asked for) with undici at the engine's concurrency,
// JSON.parse of each answer, then writes the same files into a fresh folder. The same GETs with
// their bodies dropped are a second column. Rounds repeat, because this machine is noisy.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Pool } from 'undici';
import { createClient, DEFAULT_CONNECTION } from '../../src/api';
import { LocalFolder } from '../../src/localFolders/engine/engineApi';
import type { Emulator } from '../harness/lib/emulator';
import { median, type Row } from './support';
import { pullRow } from './verdicts';

/** The engine's default: how many service reads a pull runs at once. */
const CONCURRENCY = 6;
const ROUNDS = 3;

interface LogEntry {
  method: string;
  path: string;
  query?: Record<string, string>;
}

const withQuery = (r: LogEntry) => (r.query && Object.keys(r.query).length ? `${r.path}?${new URLSearchParams(r.query)}` : r.path);

export async function folderPullBench(emu: Emulator, say: (line: string) => void): Promise<Row[]> {
  const admin = (path: string, method = 'GET') =>
    fetch(`${emu.adminUrl}${path}`, { method, headers: { authorization: `Bearer ${emu.adminToken}` } });
  const headers = {
    [DEFAULT_CONNECTION.authHeader]: `${DEFAULT_CONNECTION.authScheme} ${emu.apiKey}`.trim(),
    [DEFAULT_CONNECTION.workspaceHeader]: emu.workspaceId,
  };
  const connection = { ...DEFAULT_CONNECTION, baseUrl: emu.url, workspaceId: emu.workspaceId };
  const pullMs: number[] = [];
  const bareMs: number[] = [];
  const readsMs: number[] = [];
  const writeMs: number[] = [];
  let paths: string[] = [];
  let files = 0;
  // Every folder is removed after the last round: on this machine's disk, deleting 2,000 files
  // slows the writes that follow for seconds (the file system discards the freed blocks).
  const folders: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      say(`  pull round ${round + 1}/${ROUNDS}...`);
      const folder = mkdtempSync(join(tmpdir(), 'wsa-bench-folder-'));
      folders.push(folder);
      const client = createClient({ ...connection, apiKey: emu.apiKey, timeoutMs: 30_000 });
      await admin('/requests', 'DELETE');
      const t = performance.now();
      const report = await new LocalFolder({ folder, client: () => client, concurrency: CONCURRENCY }).pull({ connection });
      pullMs.push(performance.now() - t);
      await client.close();
      files = report.files?.length ?? files;
      const texts = report.files.map((f) => ({ path: f.path, text: readFileSync(join(folder, f.path), 'utf8') }));
      const log = (await (await admin('/requests')).json()) as LogEntry[] | { data: LogEntry[] };
      paths = (Array.isArray(log) ? log : log.data).filter((r) => r.method === 'GET').map(withQuery);
      // The floor: the GETs with each answer parsed, then the files.
      readsMs.push(await bareGets(emu.url, paths, headers, true));
      writeMs.push(await bareWrites(texts, folders));
      bareMs.push(await bareGets(emu.url, paths, headers, false));
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
  const floors = readsMs.map((r, i) => r + writeMs[i]!);
  return [
    pullRow({
      files,
      gets: paths.length,
      rounds: ROUNDS,
      pullMs: median(pullMs),
      floorMs: median(floors),
      floorReadsMs: median(readsMs),
      floorWritesMs: median(writeMs),
      bareGetsMs: median(bareMs),
    }),
  ];
}

/** The pulled texts written with nothing but `fs`: each directory made once, 16 writes in flight. */
async function bareWrites(files: readonly { path: string; text: string }[], folders: string[]): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'wsa-bench-writes-'));
  folders.push(folder);
  const queue = [...files];
  const made = new Set<string>();
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
        const dir = dirname(join(folder, f.path));
        if (!made.has(dir)) {
          await mkdir(dir, { recursive: true });
          made.add(dir);
        }
        await writeFile(join(folder, f.path), f.text, { flag: 'wx' });
      }
    }),
  );
  return performance.now() - t;
}

/** The same GETs with nothing but undici: `concurrency` in flight, each body read whole (and parsed, for the floor). */
async function bareGets(base: string, paths: readonly string[], headers: Record<string, string>, parse: boolean): Promise<number> {
  const pool = new Pool(new URL(base).origin, { connections: CONCURRENCY });
  const queue = [...paths];
  const t = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const res = await pool.request({ method: 'GET', path, headers });
          const body = await res.body.text();
          if (parse) JSON.parse(body);
        }
      }),
    );
    return performance.now() - t;
  } finally {
    await pool.close();
  }
}
