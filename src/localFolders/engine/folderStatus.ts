// A folder's status: per file, its state against its base (content hashes, never timestamps) and,
// when asked, the service's; the resources the service lists that the folder does not hold yet.
// vscode-free.
import { FILE_VIEWS, KINDS, openView, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { kindOfView, readLocalFile, type FolderContext, type LocalRead } from './folderContext';
import { listFolder } from './folderFiles';
import { assignPaths, pathKey } from './folderNames';
import { mapPool } from './folderPool';
import { listRemote, readRemote, remoteMoved, type Listed, type RemoteState } from './folderRemote';
import { ignoredNotes, resolveInside, type FileEntry, type FolderState } from './folderState';
import { sameText, textHash } from './folderText';
import type { FileState, FileStatus, FolderStatus } from './folderTypes';

export interface StatusOptions {
  /** false: local changes only, nothing asked of the service (for a quick refresh). Default true. */
  remote?: boolean;
  signal?: AbortSignal;
}

export async function readStatus(ctx: FolderContext, options: StatusOptions = {}): Promise<FolderStatus> {
  const state = await ctx.requireState();
  const remote = options.remote ?? true;
  const signal = ctx.deadline(options.signal);
  const listing = remote ? await listRemote(ctx.client(), KINDS, signal) : { items: [], notListed: [], notes: [] };
  const entries = Object.entries(state.files);
  const files = await mapPool(entries, remote ? ctx.concurrency : 16, async ([path, entry]): Promise<FileStatus> => {
    const local = await readLocalFile(ctx.folder, path);
    // A file that cannot be read has no state to compare: the service is not asked about it.
    const r =
      remote && (local.kind === 'text' || local.kind === 'missing')
        ? await readRemote(ctx.reader, ctx.fileOf(state, entry), signal)
        : undefined;
    return fileStatus(path, entry, local, r);
  });
  const known = new Set(entries.map(([, e]) => `${kindOfView(e)}:${e.id}`));
  const fresh = listing.items.filter((l) => !known.has(`${l.kind}:${l.id}`));
  const paths = await newPaths(ctx, state, fresh);
  for (const l of fresh) {
    const view = FILE_VIEWS[openView(l.kind)];
    files.push({
      path: paths.get(`${l.kind}:${l.id}`)!,
      kind: l.kind,
      view: view.view,
      id: l.id,
      name: l.name,
      state: 'newRemote',
      ...(view.readOnly ? { readOnly: view.readOnly } : {}),
      remoteChecked: true,
    });
  }
  const ignored = ignoredNotes(state);
  return { files, notListed: listing.notListed, notes: [...ignored, ...listing.notes], ignored };
}

function fileStatus(path: string, entry: FileEntry, read: LocalRead, remote: RemoteState | undefined): FileStatus {
  const view = FILE_VIEWS[entry.view];
  const out = {
    path,
    kind: view.kind,
    view: entry.view,
    id: entry.id,
    name: entry.name,
    ...(view.readOnly ? { readOnly: view.readOnly } : {}),
    remoteChecked: remote !== undefined && remote.status !== 'error',
    ...(remote?.status === 'error' ? { remoteError: remote.message } : {}),
  };
  if (read.kind === 'notRegular' || read.kind === 'unreadable') return { ...out, state: read.kind, localError: read.message };
  const local = read.kind === 'text' ? read.text : undefined;
  const state = ((): FileState => {
    if (remote?.status === 'gone') return 'goneRemote';
    if (local === undefined) return 'deletedLocally';
    const localChanged = textHash(local) !== entry.hash;
    const moved = remote?.status === 'present' && remoteMoved(entry, remote);
    if (localChanged && moved) return sameText(local, (remote as { text: string }).text) ? 'remoteChange' : 'conflict';
    return localChanged ? 'localChange' : moved ? 'remoteChange' : 'unchanged';
  })();
  return { ...out, state };
}

/** Paths for new resources: never one the state names, nor a file (or a link) already on disk. */
export async function newPaths(ctx: FolderContext, state: FolderState, fresh: readonly Listed[]): Promise<Map<string, string>> {
  const taken = new Set(Object.keys(state.files).map(pathKey));
  const out = new Map<string, string>();
  for (const kind of KINDS) {
    const mine = fresh.filter((l) => l.kind === kind);
    if (!mine.length) continue;
    const { folder, suffix } = RESOURCE_KINDS[kind].files[0];
    // A kind's folder that is a link is not listed: the pull refuses its files.
    for (const name of await listFolder(ctx.folder, folder).catch(() => [] as string[])) taken.add(pathKey(`${folder}/${name}`));
    for (const [id, path] of assignPaths(folder, suffix, mine, taken)) {
      resolveInside(ctx.folder, path);
      out.set(`${kind}:${id}`, path);
    }
  }
  return out;
}
