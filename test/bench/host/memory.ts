// Where the extension host's memory goes over the large workspace, part by part, and whether it
// comes back. Runs last, after the timed steps (so that none of them is measured on a host this
// step filled). Each part is the change of what the host holds across it, read after a
// full garbage collection and a moment's quiet, so that a figure is what stays, not what a part
// allocated in passing. The parts are read from the host's live V8 heap (used, plus external
// memory): the resident set stays at its high-water mark once the timed steps ran, so a part's RSS
// change is zero whatever it keeps. The parts: the language service worker (its V8 heap, and the host with it), the
// document store (300 operation files open, then closed), the revision cache (2,000 revision reads
// through a cache bounded at 1,000), history panels (3 of the 5,000-revision dashboard open, then
// closed) and the explorer's pages (the 2,000 operations loaded to the end). Then the same work
// again 10 times: what a repeat leaves behind.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { HistoryPanel } from '../../../src/history/host/historyPanel';
import { resourceUri } from '../../../src/documents/files/documentRegistry';
import { closeEverything, eventToPromise, hostMemory, requireApi, type BenchContext } from './context';

const FILES = 300;
const REVISION_READS = 2_000;
const PANELS = 3;
export const REPEATS = 10;

/** V8's own collector, exposed for this process (the host runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** A few turns of the event loop: finalizers and the host's own queued work run. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

export async function measureMemory(ctx: BenchContext): Promise<void> {
  const api = requireApi(ctx);
  const { figures, ids } = ctx;
  const gc = collector();
  /** The live heap (used + external) once what can be collected was: MiB. */
  const settled = async (): Promise<number> => {
    for (let i = 0; i < 3; i++) {
      gc();
      await turns(20);
    }
    const { heapUsed, external } = process.memoryUsage();
    return (heapUsed + external) / 1048576;
  };
  await closeEverything(api);
  const client = api.connection.require().client;
  const workspaceId = api.connection.require().workspaceId;

  const heap = await api.dashboards.worker.heap();
  if (heap) {
    figures.add('memory.workerHeapMiB', heap.total / 1048576);
    figures.add('memory.workerHeapUsedMiB', heap.used / 1048576);
  }

  // The document store: operation files, opened as VS Code opens a file (stat + readFile through the provider).
  const operations = await client.listAll('operations');
  if (!operations.supported) throw new Error('the emulator lists no operations');
  const files = operations.items
    .slice(0, FILES)
    .map((o) => resourceUri({ workspaceId, view: 'operationHandler', id: o.id, name: o.name ?? o.id }));
  const openFiles = async (uris: readonly vscode.Uri[]) => {
    for (const uri of uris) await vscode.workspace.openTextDocument(uri);
  };
  let before = await settled();
  await openFiles(files);
  let after = await settled();
  figures.add('memory.documentsOpenMiB', after - before);
  await closeEverything(api);
  figures.add('memory.documentsClosedMiB', (await settled()) - before);

  // The revision cache: each revision read once, twice the cache's bound.
  const resourceId = ids.largeDashboardResourceId;
  if (!resourceId) throw new Error('the emulator has no large dashboard (start it with --large)');
  const history = await client.listRevisions(resourceId);
  const revisionIds = history.items.map((r) => r.id);
  before = await settled();
  for (const [i, id] of revisionIds.slice(0, REVISION_READS).entries()) {
    await api.revisions.get(resourceId, id);
    if (i === REVISION_READS / 2 - 1) figures.add('memory.revisionsHalfMiB', (await settled()) - before);
  }
  figures.add('memory.revisionsMiB', (await settled()) - before);
  figures.add('memory.revisionReads', Math.min(REVISION_READS, revisionIds.length));

  // History panels of the 5,000-revision dashboard, open and then closed.
  const openPanels = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await closeEverything(api);
      const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
        kind: 'dashboard',
        id: ids.largeDashboardId,
        resourceId,
        name: `Large history dashboard ${i}`,
      }))!;
      await eventToPromise(panel.onDidRender);
      await panel.whenIdle();
    }
  };
  before = await settled();
  await openPanels(1);
  figures.add('memory.historyOpenMiB', (await settled()) - before);
  await closeEverything(api);
  figures.add('memory.historyClosedMiB', (await settled()) - before);

  // The explorer's pages: the Operations group loaded to its end.
  const { model, provider } = api.explorer;
  before = await settled();
  await model.refresh();
  const group = (await provider.getChildren()).find((n) => n.kind === 'group' && n.group.id === 'operations');
  if (!group || group.kind !== 'group') throw new Error('no Operations group');
  for (let pages = 0; pages < 100; pages++) {
    const children = await provider.getChildren(group);
    for (const child of children) provider.getTreeItem(child);
    if (!children.some((n) => n.kind === 'loadMore')) break;
    await model.loadMore(group);
  }
  after = await settled();
  figures.add('memory.explorerMiB', after - before);

  // The same work again and again: what stays after the first round, against what stays after the last.
  const round = async () => {
    await openFiles(files.slice(0, FILES / 3));
    await openPanels(PANELS);
    await closeEverything(api);
    await model.refresh();
  };
  await round();
  const first = await settled();
  for (let i = 1; i < REPEATS; i++) await round();
  const last = await settled();
  figures.add('memory.repeatFirstMiB', first);
  figures.add('memory.repeatLastMiB', last);
  await closeEverything(api);
  figures.add('memory.hostHeapEndMiB', await settled());
  const rss = hostMemory().rss;
  if (rss !== undefined) figures.add('memory.hostSettledEndMiB', rss);
}
