// Pulling the large workspace into a local folder against its floor: the same GETs, sent bare with
// undici at the engine's concurrency. The pull's own requests are read from the emulator's request
// log, so the floor replays exactly what the pull asked for. Rounds alternate, because this
// machine is noisy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createClient, DEFAULT_CONNECTION } from '../../src/api';
import { LocalFolder } from '../../src/folders';
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
  let paths: string[] = [];
  let files = 0;
  for (let round = 0; round < ROUNDS; round++) {
    say(`  pull round ${round + 1}/${ROUNDS}...`);
    const folder = mkdtempSync(join(tmpdir(), 'wsa-bench-folder-'));
    const client = createClient({ ...connection, apiKey: emu.apiKey, timeoutMs: 30_000 });
    try {
      await admin('/requests', 'DELETE');
      const t = performance.now();
      const report = await new LocalFolder({ folder, client: () => client, concurrency: CONCURRENCY }).pull({ connection });
      pullMs.push(performance.now() - t);
      files = report.files?.length ?? files;
      const log = (await (await admin('/requests')).json()) as LogEntry[] | { data: LogEntry[] };
      paths = (Array.isArray(log) ? log : log.data).filter((r) => r.method === 'GET').map(withQuery);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    bareMs.push(await bareGets(emu.url, paths, headers));
  }
  const pull = median(pullMs);
  const bare = median(bareMs);
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
  ];
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
