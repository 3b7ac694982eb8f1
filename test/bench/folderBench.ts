// Pulling the large workspace into a local folder against its floor: the same GETs, sent bare with
// undici at the engine's concurrency. The pull's own requests are read from the emulator's request
// log, so the floor replays exactly what the pull asked for. Beside it, the files alone: the pulled
// texts written bare, which tells how much of the pull is creating files on this disk. Rounds
// alternate, because this machine is noisy.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Pool } from 'undici';
import { createClient, DEFAULT_CONNECTION } from '../../src/api';
import { LocalFolder } from '../../src/localFolders/engine';
import type { Emulator } from '../harness/lib/emulator';
import { fmt, median, type Row } from './support';

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
      files = report.files?.length ?? files;
      const texts = report.files.map((f) => ({ path: f.path, text: readFileSync(join(folder, f.path), 'utf8') }));
      writeMs.push(await bareWrites(texts, folders));
      const log = (await (await admin('/requests')).json()) as LogEntry[] | { data: LogEntry[] };
      paths = (Array.isArray(log) ? log : log.data).filter((r) => r.method === 'GET').map(withQuery);
      bareMs.push(await bareGets(emu.url, paths, headers));
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
  const pull = median(pullMs);
  const bare = median(bareMs);
  const writes = median(writeMs);
  return [
    {
      what: `pull the large workspace into a folder: ${files} files, ${paths.length} GETs (median of ${ROUNDS})`,
      figure: `${fmt.ms(pull)} (${fmt.ratio(pull / bare)} the floor)`,
      target: '≤ 1.5× the floor',
      met: pull <= 1.5 * bare,
    },
    {
      what: `  the floor, same run: the same ${paths.length} GETs, bare undici, ${CONCURRENCY} at a time`,
      figure: fmt.ms(bare),
      target: 'floor',
    },
    {
      what: `  the files alone, same rounds: the ${files} texts written into a fresh folder with fs writeFile, 16 at a time`,
      figure: `${fmt.ms(writes)}; the pull is ${fmt.ratio(pull / (bare + writes))} the GETs and the writes together`,
      target: 'reported',
    },
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

/** The same GETs with nothing but undici: `concurrency` in flight, each body read whole. */
async function bareGets(base: string, paths: readonly string[], headers: Record<string, string>): Promise<number> {
  const pool = new Pool(new URL(base).origin, { connections: CONCURRENCY });
  const queue = [...paths];
  const t = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const res = await pool.request({ method: 'GET', path, headers });
          await res.body.text();
        }
      }),
    );
    return performance.now() - t;
  } finally {
    await pool.close();
  }
}
