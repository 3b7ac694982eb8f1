// How the cost of the per-action work grows with the workspace: each figure at 2,000 resources and
// at 10,000 (`dist/emulator.js --large n`, whose dashboard then has max(5,000, n) revisions), in the
// same run, and the ratio between them. Five times the resources may cost at most 5.5 times as much:
// a cost that is quadratic somewhere (a list scanned per item, a state file rewritten per file, a
// tree rebuilt per page) shows here and nowhere else. Each action runs as the product runs it: the
// folder engine as `wsa` runs it, the explorer's model as the tree drives it, list_resources as an
// agent pages it, the client's history read as the panel makes it; the CLI's pull also in its own
// process, for its peak memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ServiceClient } from '../../src/api';
import { listResources } from '../../src/agents/tools/listResources';
import type { ConnectionProvider } from '../../src/connection/connectionProvider';
import { ExplorerModel } from '../../src/explorer/model/explorerModel';
import { isResourceNode } from '../../src/explorer/model/nodes';
import { LocalFolder } from '../../src/localFolders/engine/engineApi';
import { Emitter } from '../../src/util/events';
import { startEmulator, type Emulator } from '../harness/lib/emulator';
import { fmt, median, type Row } from './support';

/** The sizes compared; the first is the baseline. */
export const SCALE_SIZES = [2000, 10_000] as const;
/** What the larger size may cost, as a multiple of the baseline's figure (5× the resources). */
const MAX_RATIO = 5.5;
/** The CLI's pull of the larger workspace, at its peak (files streamed to disk, not held). */
const MAX_PULL_RSS_MIB = 300;
const ROUNDS = 3;

interface Figures {
  files: number;
  revisions: number;
  pullMs: number;
  statusLocalMs: number;
  statusMs: number;
  pushOneMs: number;
  treeFirstPageMs: number;
  treeToEndMs: number;
  treeItems: number;
  listToEndMs: number;
  listItems: number;
  historyMs: number;
  cliPullRssMiB: number | undefined;
}

export async function runScaleBench(o: { dist: string; say: (line: string) => void }, rows: Row[]): Promise<void> {
  const figures: Figures[] = [];
  for (const size of SCALE_SIZES) {
    o.say(`scale: emulator --large ${size}...`);
    const emu = await startEmulator(
      mkdtempSync(join(tmpdir(), 'wsa-bench-scale-')),
      120_000,
      ['--quiet', '--large', String(size)],
      join(o.dist, 'emulator.js'),
    );
    try {
      figures.push(await measure(emu, o.dist, size, o.say));
    } finally {
      await emu.stop();
    }
  }
  rows.push(...scaleRows(figures[0]!, figures[1]!));
}

async function measure(emu: Emulator, dist: string, size: number, say: (line: string) => void): Promise<Figures> {
  const connection = { baseUrl: emu.url, workspaceId: emu.workspaceId, ...emu.carriers };
  const client = createClient({ ...connection, apiKey: emu.apiKey, timeoutMs: 60_000 });
  const folders: string[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsa-bench-scale-folder-'));
    folders.push(dir);
    return dir;
  };
  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const f: Partial<Figures> = {};
  const samples: Record<'pull' | 'statusLocal' | 'status' | 'pushOne' | 'first' | 'toEnd' | 'list' | 'history', number[]> = {
    pull: [],
    statusLocal: [],
    status: [],
    pushOne: [],
    first: [],
    toEnd: [],
    list: [],
    history: [],
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      say(`  ${size}: round ${round + 1}/${ROUNDS}: pull, status, push of one file...`);
      const dir = newFolder();
      const engine = new LocalFolder({ folder: dir, client: () => client });
      let pulled = 0;
      samples.pull.push(await timed(async () => (pulled = (await engine.pull({ connection })).files.length)));
      f.files = pulled;
      samples.statusLocal.push(await timed(() => engine.status({ remote: false })));
      samples.status.push(await timed(() => engine.status()));
      const state = await engine.state();
      const path = Object.keys(state!.files).find((p) => p.endsWith('.tsx'))!;
      writeFileSync(join(dir, path), `${readFileSync(join(dir, path), 'utf8')}\n// round ${round}\n`);
      samples.pushOne.push(await timed(() => engine.push()));
      say(`  ${size}: round ${round + 1}/${ROUNDS}: the tree's group, list_resources, the history...`);
      const tree = await treeToEnd(client, emu);
      samples.first.push(tree.firstMs);
      samples.toEnd.push(tree.toEndMs);
      f.treeItems = tree.items;
      let items = 0;
      samples.list.push(await timed(async () => (items = await listToEnd(client, emu))));
      f.listItems = items;
      const answer = (await (await fetch(`${emu.adminUrl}/demo`, { headers: { authorization: `Bearer ${emu.adminToken}` } })).json()) as {
        data?: { ids: Record<string, string> };
        ids?: Record<string, string>;
      };
      const demo = answer.data ?? answer;
      let revisions = 0;
      samples.history.push(
        await timed(async () => (revisions = (await client.listRevisions(demo.ids!.largeDashboardResourceId!)).items.length)),
      );
      f.revisions = revisions;
    }
    say(`  ${size}: the CLI's pull in its own process, for its peak memory...`);
    f.cliPullRssMiB = await cliPullPeak(dist, emu, newFolder());
  } finally {
    await client.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  }
  return {
    ...(f as Figures),
    pullMs: median(samples.pull),
    statusLocalMs: median(samples.statusLocal),
    statusMs: median(samples.status),
    pushOneMs: median(samples.pushOne),
    treeFirstPageMs: median(samples.first),
    treeToEndMs: median(samples.toEnd),
    listToEndMs: median(samples.list),
    historyMs: median(samples.history),
  };
}

/** The explorer's Operations group: its first page, then "Load more" until none is offered. */
async function treeToEnd(client: ServiceClient, emu: Emulator): Promise<{ firstMs: number; toEndMs: number; items: number }> {
  const changed = new Emitter<undefined>();
  const provider: ConnectionProvider = {
    current: { client, baseUrl: emu.url, workspaceId: emu.workspaceId, label: 'bench' },
    onDidChangeConnection: changed.event,
    require: () => provider.current!,
  };
  const model = new ExplorerModel(provider);
  try {
    const group = model.group('operations');
    const t = performance.now();
    let children = await model.getChildren(group);
    const firstMs = performance.now() - t;
    while (children.some((c) => c.kind === 'loadMore')) {
      await model.loadMore(group);
      children = await model.getChildren(group);
    }
    return { firstMs, toEndMs: performance.now() - t, items: children.filter(isResourceNode).length };
  } finally {
    model.dispose();
    changed.dispose();
  }
}

/** list_resources, every kind, each page's cursor passed back until there is none. */
async function listToEnd(client: ServiceClient, emu: Emulator): Promise<number> {
  const binding = { origin: new URL(emu.url).origin, workspaceId: emu.workspaceId };
  let items = 0;
  let cursor: string | undefined;
  do {
    const page = await listResources(client, binding, cursor ? { cursor } : {});
    items += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** `wsa pull` of the whole workspace into a new folder; its peak resident memory from /proc, in MiB. */
async function cliPullPeak(dist: string, emu: Emulator, dir: string): Promise<number | undefined> {
  const child = spawn(
    process.execPath,
    [join(dist, 'cli.js'), 'pull', dir, '--base-url', emu.url, '--workspace', emu.workspaceId, '--json'],
    {
      env: { ...process.env, WORKSPACE_AUTOMATION_API_KEY: emu.apiKey, WORKSPACE_AUTOMATION_BASE_URL: emu.url },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let peak: number | undefined;
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const poll = setInterval(() => {
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
      if (Number.isFinite(kb)) peak = Math.max(peak ?? 0, kb / 1024);
    } catch {
      // Gone: the last reading stands.
    }
  }, 20);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`wsa pull exited ${code}: ${stderr.slice(0, 300)}`);
  return peak;
}

function scaleRows(small: Figures, large: Figures): Row[] {
  const pair = (what: string, a: number, b: number): Row => {
    const ratio = b / a;
    return {
      what: `${what} at ${large.files.toLocaleString('en')} files vs ${small.files.toLocaleString('en')}`,
      figure: `${fmt.ms(b)} (${fmt.ratio(ratio)})`,
      floor: `${fmt.ms(a)} at the smaller size`,
      target: `≤ ${MAX_RATIO}× the smaller size's`,
      met: ratio <= MAX_RATIO,
      whyNot: 'the cost grows faster than the workspace: something is scanned or rewritten per item',
    };
  };
  const rows: Row[] = [
    pair('pull into a new folder', small.pullMs, large.pullMs),
    pair('status --local of an unchanged folder', small.statusLocalMs, large.statusLocalMs),
    pair('status of an unchanged folder', small.statusMs, large.statusMs),
    pair('push of one changed file', small.pushOneMs, large.pushOneMs),
    pair("the tree's Operations group, first page", small.treeFirstPageMs, large.treeFirstPageMs),
    pair(
      `the tree's Operations group, "Load more" to the end (${large.treeItems.toLocaleString('en')} items)`,
      small.treeToEndMs,
      large.treeToEndMs,
    ),
    pair(`list_resources paged to the end (${large.listItems.toLocaleString('en')} items)`, small.listToEndMs, large.listToEndMs),
    {
      ...pair(`a history of ${large.revisions.toLocaleString('en')} revisions read whole`, small.historyMs, large.historyMs),
      what: `a history of ${large.revisions.toLocaleString('en')} revisions read whole vs ${small.revisions.toLocaleString('en')}`,
      target: `≤ ${MAX_RATIO}× the smaller size's (${fmt.ratio(large.revisions / small.revisions)} the revisions)`,
    },
  ];
  const rss = large.cliPullRssMiB;
  rows.push({
    what: `wsa pull of ${large.files.toLocaleString('en')} files, peak memory of its process`,
    figure: rss === undefined ? 'n/a' : fmt.mib(rss),
    floor: small.cliPullRssMiB === undefined ? undefined : `${fmt.mib(small.cliPullRssMiB)} at the smaller size`,
    target: `≤ ${MAX_PULL_RSS_MIB} MiB`,
    met: rss !== undefined && rss <= MAX_PULL_RSS_MIB,
    whyNot: 'the pull holds what it wrote: texts or answers are kept past their file',
  });
  return rows;
}
