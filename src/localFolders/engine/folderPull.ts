// Pull: every resource the service lists (or those asked for) into the folder. A file unchanged
// here since its base takes the service's text; one changed here is kept (a conflict when the
// service moved too); a new resource gets a file named after it. Reads run a few at a time, writes
// behind them; the state file, written once at the end, is the commit point. vscode-free.
import * as l10n from '@vscode/l10n';
import { FILE_VIEWS, KINDS, openView, type ResourceKind } from '../../kinds/resourceKinds';
import { BasePack } from './folderBasePack';
import { kindOfView, sameConnection, type FolderContext } from './folderContext';
import { folderExists, NotRegularFileError } from './folderFiles';
import { describeFailure } from './folderMessages';
import { BackgroundTasks, mapPool } from './folderPool';
import { listRemote, readRemote, remoteMoved, resourceFile, type Listed, type RemoteState } from './folderRemote';
import { PullScope, type ResourceRef } from './folderScope';
import {
  FolderStateError,
  ignoredNotes,
  MAX_STATE_FILES,
  prepareStateDir,
  readLocal,
  resolveInside,
  type FileEntry,
  type FolderConnection,
  type FolderState,
} from './folderState';
import { newPaths } from './folderStatus';
import { sameText, textHash } from './folderText';
import type { PullFileResult, PullReport } from './folderTypes';
import { folderWriter, type FolderWriter } from './folderWriter';

export interface PullOptions {
  /** The connection of a folder pulled for the first time; for a pulled folder it must be the state's. */
  connection?: FolderConnection;
  /** Only these ids (new or already in the folder), of every kind each can name; default: every resource the service lists. */
  ids?: readonly string[];
  /** Only these resources, each of its own kind (an explorer item, a pulled file), besides `ids`. */
  resources?: readonly ResourceRef[];
  /** Every resource of these kinds the service lists (all its pages), besides `ids` and `resources`. */
  kinds?: readonly ResourceKind[];
  signal?: AbortSignal;
}

/** One file of a pull: already in the folder (`entry`), or new (`listed`). */
interface PullWork {
  path: string;
  entry?: FileEntry;
  listed?: Listed;
}

interface PullRun {
  scope: PullScope;
  listing: Awaited<ReturnType<typeof listRemote>>;
  pack: BasePack;
  signal: AbortSignal;
  writer: FolderWriter;
}

/** Pulls into the folder of `ctx` (the caller runs pulls and pushes of one folder one after another). */
export async function pullFolder(ctx: FolderContext, options: PullOptions = {}): Promise<PullReport> {
  const existing = await ctx.readState();
  if (existing && options.connection && !sameConnection(existing.connection, options.connection)) {
    throw new FolderStateError(
      l10n.t(
        'This folder holds workspace {0} of {1}; pull {2} of {3} into another folder.',
        existing.connection.workspaceId,
        existing.connection.baseUrl,
        options.connection.workspaceId,
        options.connection.baseUrl,
      ),
    );
  }
  const connection = existing?.connection ?? options.connection;
  if (!connection) throw new FolderStateError(l10n.t('This folder was never pulled: give the service’s base URL and the workspace.'));
  const state: FolderState = existing ?? { format: 1, connection, files: {} };
  const pack = await BasePack.open(ctx.folder, existing, ctx.layout.basePack);
  const signal = ctx.deadline(options.signal);
  // `kinds` (an explorer group, `--kind`): every resource of those kinds, not only a page of them.
  const scope = new PullScope(options);
  const listing = await listRemote(ctx.client(), scope.kinds, signal);
  const known = new Map(Object.entries(state.files).map(([path, e]) => [`${kindOfView(e)}:${e.id}`, path]));
  const fresh: Listed[] = listing.items.filter((l) => !known.has(`${l.kind}:${l.id}`) && scope.has(l.kind, l.id));
  // A resource named that no list shows (no list endpoint, or past its bounds) is read directly.
  for (const { kind, id } of scope.named)
    if (!known.has(`${kind}:${id}`) && !fresh.some((l) => l.kind === kind && l.id === id)) fresh.push({ kind, id, name: id });
  // A state file names at most MAX_STATE_FILES files: the excess is refused before anything is written.
  const room = Math.max(0, MAX_STATE_FILES - Object.keys(state.files).length - Object.keys(state.ignored ?? {}).length);
  const overLimit = Math.max(0, fresh.length - room);
  if (overLimit) fresh.sort(byKindAndId).splice(room);
  const paths = await newPaths(ctx, state, fresh);
  const work: PullWork[] = [
    ...Object.entries(state.files)
      .filter(([, e]) => scope.has(kindOfView(e), e.id))
      .map(([path, entry]) => ({ path, entry })),
    ...fresh.map((listed) => ({ path: paths.get(`${listed.kind}:${listed.id}`)!, listed })),
  ];
  // The state directory first: the state file, written last, then appears in a directory that
  // existed the whole pull, which file watchers report reliably (a window finds a folder pulled
  // from a terminal by it); a file written an instant after its directory is often not reported.
  await prepareStateDir(ctx.folder);
  const writer = folderWriter(ctx.folder, work.length);
  let report: PullReport;
  try {
    report = await pullWork(ctx, state, connection, work, { scope, listing, pack, signal, writer });
  } finally {
    await writer.close();
  }
  if (!overLimit) return report;
  const note = l10n.t(
    '{0} resources were not pulled: a folder holds at most {1} files. Pull some kinds or ids into another folder (--kind, --id).',
    overLimit,
    MAX_STATE_FILES,
  );
  return { ...report, notes: [...report.notes, note], overLimit };
}

async function pullWork(
  ctx: FolderContext,
  state: FolderState,
  connection: FolderConnection,
  work: readonly PullWork[],
  { scope, listing, pack, signal, writer }: PullRun,
): Promise<PullReport> {
  // Reads run `concurrency` at a time; each file's writes run in the background while the next
  // read goes out. The state file is written once, after every write settled: it is the commit point.
  const writes = new BackgroundTasks(16);
  const folders = await kindFolders(ctx.folder, work);
  const pending = await mapPool(work, ctx.concurrency, async (w): Promise<{ result: Promise<PullFileResult | undefined> }> => {
    const file = w.entry ? ctx.fileOf(state, w.entry) : resourceFile(connection.workspaceId, w.listed!.kind, w.listed!.id, w.listed!.name);
    const base = { path: w.path, kind: FILE_VIEWS[file.view].kind, view: file.view, id: file.id };
    const now = (r: PullFileResult | undefined) => ({ result: Promise.resolve(r) });
    const refused = folders.get(dirOf(w.path));
    if (refused) return now({ ...base, outcome: 'notRegular', message: refused });
    const remote = await readRemote(ctx.reader, file, signal);
    if (remote.status === 'error') return now({ ...base, outcome: 'failed', message: remote.message });
    const write = async (task: () => Promise<PullFileResult['outcome']>) => {
      const { done } = await writes.add(task);
      return {
        result: done.then(
          (outcome): PullFileResult => ({ ...base, outcome }),
          (e: unknown): PullFileResult =>
            e instanceof NotRegularFileError
              ? { ...base, outcome: 'notRegular', message: e.message }
              : { ...base, outcome: 'failed', message: describeFailure(e) },
        ),
      };
    };
    if (!w.entry) {
      // Not found: an id asked for that is not a resource of this kind (an operation that is no dashboard).
      if (remote.status === 'gone')
        return now(
          scope.names(file.id) && !listing.items.some((l) => l.id === file.id && l.kind === base.kind)
            ? undefined
            : { ...base, outcome: 'goneRemote' },
        );
      return write(async () => {
        resolveInside(ctx.folder, w.path);
        await writer.create(w.path, remote.text);
        await ctx.adopt(state, w.path, { view: file.view, id: file.id, name: file.name }, remote, pack);
        return 'added';
      });
    }
    const entry = w.entry;
    return write(() => pullExisting(ctx, state, w.path, entry, remote, { writer, pack }));
  });
  const results = await Promise.all(pending.map((p) => p.result));
  const files = results.filter((r): r is PullFileResult => r !== undefined);
  for (const id of scope.namedIds()) {
    if (files.some((f) => f.id === id)) continue;
    const { kind } = scope.named.find((r) => r.id === id)!;
    files.push({
      path: '',
      kind,
      view: openView(kind),
      id,
      outcome: 'failed',
      message: l10n.t('No resource {0} was found on the service.', id),
    });
  }
  // The bases first: a state file never names a base the pack has lost.
  await pack.save(state);
  await ctx.writeState(state);
  return { files, notListed: listing.notListed, notes: [...ignoredNotes(state), ...listing.notes] };
}

/**
 * The kinds' folders the work writes into, checked before anything is read: per folder that is a
 * link or a file rather than a real directory, why (its files are refused, never written through).
 */
async function kindFolders(folder: string, work: readonly PullWork[]): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  for (const dir of new Set(work.map((w) => dirOf(w.path)))) {
    try {
      await folderExists(folder, dir);
    } catch (e) {
      if (!(e instanceof NotRegularFileError)) throw e;
      refused.set(dir, e.message);
    }
  }
  return refused;
}

async function pullExisting(
  ctx: FolderContext,
  state: FolderState,
  path: string,
  entry: FileEntry,
  remote: RemoteState,
  { writer, pack }: { writer: FolderWriter; pack: BasePack },
): Promise<PullFileResult['outcome']> {
  if (remote.status === 'gone') return 'goneRemote';
  if (remote.status !== 'present') return 'failed';
  // A link or a FIFO here throws NotRegularFileError: reported as such, nothing written.
  const local = await readLocal(ctx.folder, path);
  const moved = remoteMoved(entry, remote);
  if (local === undefined) return moved ? 'conflict' : 'deletedLocally';
  const localChanged = textHash(local) !== entry.hash;
  if (!moved) {
    // Keep the base again when the pack lost it (a fresh clone, a torn pack): later merges need it.
    if (!localChanged && !pack.has(entry.hash)) pack.add(remote.text, entry.hash);
    return localChanged ? 'keptLocal' : 'unchanged';
  }
  if (!localChanged) {
    resolveInside(ctx.folder, path);
    await writer.replace(path, remote.text);
    await ctx.adopt(state, path, entry, remote, pack);
    return 'updated';
  }
  // Both sides made the same change: only the base moves.
  if (sameText(local, remote.text)) {
    await ctx.adopt(state, path, entry, remote, pack);
    return 'unchanged';
  }
  ctx.log.debug(`[Folders] ${path}: changed here and on the service; the local text is kept.`);
  return 'conflict';
}

/** The folder of a state path (`dashboards/x.tsx` → `dashboards`). */
function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at === -1 ? '' : path.slice(0, at);
}

/** The order in which new resources are taken when not all fit: by kind as the registry lists them, then by id. */
function byKindAndId(a: Listed, b: Listed): number {
  return KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
