// A local folder of workspace files: its status against its base and the service, and pull. Push
// is added in folderPush.ts (LocalFolder). vscode-free.
import * as l10n from '@vscode/l10n';
import type { ServiceClient } from '../api';
import { FILE_VIEWS, KINDS, openView, RESOURCE_KINDS, type ResourceKind } from '../model/resourceKinds';
import { ResourceReader } from '../model/resourceReader';
import type { SaveFlowOptions, SaveLog } from '../model/saveFlow';
import { KeyedQueue } from '../util/async';
import { findBaseText } from './folderBase';
import { BasePack } from './folderBasePack';
import { describeFailure } from './folderMessages';
import { assignPaths, pathKey } from './folderNames';
import { FileTooLargeError, folderExists, listFolder, NotRegularFileError } from './folderFiles';
import { BackgroundTasks, mapPool } from './folderPool';
import { PullScope, type ResourceRef } from './folderScope';
import { listRemote, readRemote, remoteMoved, resourceFile, type Listed, type RemoteState } from './folderRemote';
import {
  FolderStateError,
  ignoredNotes,
  MAX_STATE_FILES,
  prepareStateDir,
  readLocal,
  readState,
  resolveInside,
  writeBaseCopy,
  writeState,
  type FileEntry,
  type FolderConnection,
  type FolderState,
} from './folderState';
import { sameText, textHash } from './folderText';
import type { FileState, FileStatus, FolderStatus, PullFileResult, PullReport } from './folderTypes';
import { folderWriter, type FolderWriter } from './folderWriter';

export interface LocalFolderOptions {
  /** The folder's absolute path. */
  folder: string;
  /** The client of the folder's connection (its base URL and workspace, with the user's key). */
  client: () => ServiceClient;
  /** Local checks before a push sends a file, as for a `wsa:` save (src/validation/validate.ts). */
  validate?: SaveFlowOptions['validate'];
  log?: SaveLog;
  /** How many service reads run at once (default 6). */
  concurrency?: number;
  /** How long all the reads of one status or pull may take together (default 120 s). */
  deadlineMs?: number;
}

export interface StatusOptions {
  /** false: local changes only, nothing asked of the service (for a quick refresh). Default true. */
  remote?: boolean;
  signal?: AbortSignal;
}

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

const silent: SaveLog = { debug() {}, error() {} };

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

/** A local file as a status, pull or push finds it: its text, or why there is none to use. */
export type LocalRead =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  /** A link, a FIFO, a device or a folder where the file or its kind's folder should be: not read. */
  | { kind: 'notRegular'; message: string }
  /** A regular file that cannot be read (larger than the bound, no permission). */
  | { kind: 'unreadable'; message: string };

/** The local file at `path`, never read through a link and never more than the bound. */
export async function readLocalFile(folder: string, path: string): Promise<LocalRead> {
  try {
    const text = await readLocal(folder, path);
    return text === undefined ? { kind: 'missing' } : { kind: 'text', text };
  } catch (e) {
    if (e instanceof NotRegularFileError) return { kind: 'notRegular', message: e.message };
    if (e instanceof FileTooLargeError) return { kind: 'unreadable', message: e.message };
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EIO' || code === 'EISDIR')
      return { kind: 'unreadable', message: describeFailure(e) };
    throw e;
  }
}

export function kindOfView(entry: Pick<FileEntry, 'view'>): ResourceKind {
  return FILE_VIEWS[entry.view].kind;
}

export function sameConnection(a: FolderConnection, b: FolderConnection): boolean {
  return a.baseUrl.replace(/\/+$/, '') === b.baseUrl.replace(/\/+$/, '') && a.workspaceId === b.workspaceId;
}

export class FolderCore {
  readonly folder: string;
  protected readonly reader: ResourceReader;
  protected readonly log: SaveLog;
  /** Pulls and pushes of this folder run one after another: each reads the state the previous one wrote. */
  private readonly writes = new KeyedQueue<'state'>();

  constructor(protected readonly options: LocalFolderOptions) {
    this.folder = options.folder;
    this.reader = new ResourceReader(options.client);
    this.log = options.log ?? silent;
  }

  /** The state file, or undefined when the folder was never pulled. */
  state(): Promise<FolderState | undefined> {
    return readState(this.folder);
  }

  /** The file's base text (for a quick diff or a merge), or undefined when none is known. */
  async baseText(path: string): Promise<string | undefined> {
    const entry = (await this.requireState()).files[path];
    return entry ? findBaseText(this.folder, path, entry, this.options.client) : undefined;
  }

  async status(options: StatusOptions = {}): Promise<FolderStatus> {
    const state = await this.requireState();
    const remote = options.remote ?? true;
    const signal = this.deadline(options.signal);
    const listing = remote ? await listRemote(this.options.client(), KINDS, signal) : { items: [], notListed: [], notes: [] };
    const entries = Object.entries(state.files);
    const files = await mapPool(entries, remote ? this.concurrency : 16, async ([path, entry]): Promise<FileStatus> => {
      const local = await readLocalFile(this.folder, path);
      // A file that cannot be read has no state to compare: the service is not asked about it.
      const r =
        remote && (local.kind === 'text' || local.kind === 'missing')
          ? await readRemote(this.reader, this.fileOf(state, entry), signal)
          : undefined;
      return this.fileStatus(path, entry, local, r);
    });
    const known = new Set(entries.map(([, e]) => `${kindOfView(e)}:${e.id}`));
    const fresh = listing.items.filter((l) => !known.has(`${l.kind}:${l.id}`));
    const paths = await this.newPaths(state, fresh);
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
    return { files, notListed: listing.notListed, notes: [...ignoredNotes(state), ...listing.notes] };
  }

  pull(options: PullOptions = {}): Promise<PullReport> {
    return this.serial(() => this.pullNow(options));
  }

  /** Runs `task` after every pull and push queued before it. */
  protected serial<T>(task: () => Promise<T>): Promise<T> {
    return this.writes.run('state', task);
  }

  private async pullNow(options: PullOptions): Promise<PullReport> {
    const existing = await this.state();
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
    const pack = await BasePack.open(this.folder, existing);
    const signal = this.deadline(options.signal);
    // `kinds` (an explorer group, `--kind`): every resource of those kinds, not only a page of them.
    const scope = new PullScope(options);
    const listing = await listRemote(this.options.client(), scope.kinds, signal);
    const known = new Map(Object.entries(state.files).map(([path, e]) => [`${kindOfView(e)}:${e.id}`, path]));
    const fresh: Listed[] = listing.items.filter((l) => !known.has(`${l.kind}:${l.id}`) && scope.has(l.kind, l.id));
    // A resource named that no list shows (no list endpoint, or past its bounds) is read directly.
    for (const { kind, id } of scope.named)
      if (!known.has(`${kind}:${id}`) && !fresh.some((l) => l.kind === kind && l.id === id)) fresh.push({ kind, id, name: id });
    // A state file names at most MAX_STATE_FILES files: the excess is refused before anything is written.
    const room = Math.max(0, MAX_STATE_FILES - Object.keys(state.files).length - Object.keys(state.ignored ?? {}).length);
    const overLimit = Math.max(0, fresh.length - room);
    if (overLimit) fresh.sort(byKindAndId).splice(room);
    const paths = await this.newPaths(state, fresh);
    const work: PullWork[] = [
      ...Object.entries(state.files)
        .filter(([, e]) => scope.has(kindOfView(e), e.id))
        .map(([path, entry]) => ({ path, entry })),
      ...fresh.map((listed) => ({ path: paths.get(`${listed.kind}:${listed.id}`)!, listed })),
    ];
    // The state directory first: the state file, written last, then appears in a directory that
    // existed the whole pull, which file watchers report reliably (a window finds a folder pulled
    // from a terminal by it); a file written an instant after its directory is often not reported.
    await prepareStateDir(this.folder);
    const writer = folderWriter(this.folder, work.length);
    let report: PullReport;
    try {
      report = await this.pullWork(state, connection, work, { scope, listing, pack, signal, writer });
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

  private async pullWork(
    state: FolderState,
    connection: FolderConnection,
    work: readonly PullWork[],
    { scope, listing, pack, signal, writer }: PullRun,
  ): Promise<PullReport> {
    // Reads run `concurrency` at a time; each file's writes run in the background while the next
    // read goes out. The state file is written once, after every write settled: it is the commit point.
    const writes = new BackgroundTasks(16);
    const folders = await this.kindFolders(work);
    const pending = await mapPool(work, this.concurrency, async (w): Promise<{ result: Promise<PullFileResult | undefined> }> => {
      const file = w.entry
        ? this.fileOf(state, w.entry)
        : resourceFile(connection.workspaceId, w.listed!.kind, w.listed!.id, w.listed!.name);
      const base = { path: w.path, kind: FILE_VIEWS[file.view].kind, view: file.view, id: file.id };
      const now = (r: PullFileResult | undefined) => ({ result: Promise.resolve(r) });
      const refused = folders.get(dirOf(w.path));
      if (refused) return now({ ...base, outcome: 'notRegular', message: refused });
      const remote = await readRemote(this.reader, file, signal);
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
          resolveInside(this.folder, w.path);
          await writer.create(w.path, remote.text);
          await this.adopt(state, w.path, { view: file.view, id: file.id, name: file.name }, remote, pack);
          return 'added';
        });
      }
      const entry = w.entry;
      return write(() => this.pullExisting(state, w.path, entry, remote, { writer, pack }));
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
    await writeState(this.folder, state);
    return { files, notListed: listing.notListed, notes: [...ignoredNotes(state), ...listing.notes] };
  }

  /**
   * The kinds' folders the work writes into, checked before anything is read: per folder that is a
   * link or a file rather than a real directory, why (its files are refused, never written through).
   */
  private async kindFolders(work: readonly PullWork[]): Promise<Map<string, string>> {
    const refused = new Map<string, string>();
    for (const dir of new Set(work.map((w) => dirOf(w.path)))) {
      try {
        await folderExists(this.folder, dir);
      } catch (e) {
        if (!(e instanceof NotRegularFileError)) throw e;
        refused.set(dir, e.message);
      }
    }
    return refused;
  }

  // ---- shared with push

  protected get concurrency(): number {
    return Math.max(1, Math.min(this.options.concurrency ?? 6, 16));
  }

  protected deadline(signal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.deadlineMs ?? 120_000);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }

  protected async requireState(): Promise<FolderState> {
    const state = await this.state();
    if (!state)
      throw new FolderStateError(l10n.t('{0} is not a pulled folder: it has no .wsa/state.json. Pull into it first.', this.folder));
    return state;
  }

  protected fileOf(state: FolderState, entry: FileEntry) {
    return { workspaceId: state.connection.workspaceId, view: entry.view, id: entry.id, name: entry.name };
  }

  /**
   * The entry's base is now what the service holds (`remote`). A pull keeps the text in its pack,
   * written once at its end; a push writes the one file's copy beside the state.
   */
  protected adopt(
    state: FolderState,
    path: string,
    what: Pick<FileEntry, 'view' | 'id' | 'name'>,
    remote: Extract<RemoteState, { status: 'present' }>,
    pack?: BasePack,
  ): Promise<void> {
    const s = remote.snapshot;
    const hash = textHash(remote.text);
    state.files[path] = {
      view: what.view,
      id: what.id,
      name: what.name,
      ...(s ? { tokens: s.tokens, label: s.label } : {}),
      ...(s?.revision ? { revision: s.revision } : {}),
      hash,
    };
    if (!pack) return writeBaseCopy(this.folder, path, remote.text);
    pack.add(remote.text, hash);
    return Promise.resolve();
  }

  private async pullExisting(
    state: FolderState,
    path: string,
    entry: FileEntry,
    remote: RemoteState,
    { writer, pack }: { writer: FolderWriter; pack: BasePack },
  ): Promise<PullFileResult['outcome']> {
    if (remote.status === 'gone') return 'goneRemote';
    if (remote.status !== 'present') return 'failed';
    // A link or a FIFO here throws NotRegularFileError: reported as such, nothing written.
    const local = await readLocal(this.folder, path);
    const moved = remoteMoved(entry, remote);
    if (local === undefined) return moved ? 'conflict' : 'deletedLocally';
    const localChanged = textHash(local) !== entry.hash;
    if (!moved) {
      // Keep the base again when the pack lost it (a fresh clone, a torn pack): later merges need it.
      if (!localChanged && !pack.has(entry.hash)) pack.add(remote.text, entry.hash);
      return localChanged ? 'keptLocal' : 'unchanged';
    }
    if (!localChanged) {
      resolveInside(this.folder, path);
      await writer.replace(path, remote.text);
      await this.adopt(state, path, entry, remote, pack);
      return 'updated';
    }
    // Both sides made the same change: only the base moves.
    if (sameText(local, remote.text)) {
      await this.adopt(state, path, entry, remote, pack);
      return 'unchanged';
    }
    this.log.debug(`[Folders] ${path}: changed here and on the service; the local text is kept.`);
    return 'conflict';
  }

  private fileStatus(path: string, entry: FileEntry, read: LocalRead, remote: RemoteState | undefined): FileStatus {
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

  /** Paths for new resources: never one the state names, nor a file already on disk. */
  private async newPaths(state: FolderState, fresh: readonly Listed[]): Promise<Map<string, string>> {
    const taken = new Set(Object.keys(state.files).map(pathKey));
    const out = new Map<string, string>();
    for (const kind of KINDS) {
      const mine = fresh.filter((l) => l.kind === kind);
      if (!mine.length) continue;
      const { folder, suffix } = RESOURCE_KINDS[kind].files[0];
      // A kind's folder that is a link is not listed: the pull refuses its files (pullNow).
      for (const name of await listFolder(this.folder, folder).catch(() => [] as string[])) taken.add(pathKey(`${folder}/${name}`));
      for (const [id, path] of assignPaths(folder, suffix, mine, taken)) {
        resolveInside(this.folder, path);
        out.set(`${kind}:${id}`, path);
      }
    }
    return out;
  }
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
