// What a status, a pull and a push of one folder share (folderStatus.ts, folderPull.ts,
// folderPush.ts): its path, the service's client and reader, the guarded save, the log, the bounds of
// its reads, and how a file's base moves. vscode-free.
import * as l10n from '@vscode/l10n';
import type { ServiceClient } from '../../api';
import { FILE_VIEWS, type ResourceKind } from '../../kinds/resourceKinds';
import { ResourceReader } from '../../documents/model/resourceReader';
import { SaveFlow, type SaveFlowOptions, type SaveLog } from '../../documents/model/saveFlow';
import type { BasePack } from './folderBasePack';
import { DEFAULT_LAYOUT, type FolderLayout } from './folderLayout';
import { FileTooLargeError, NotRegularFileError } from './folderFiles';
import { describeFailure } from './folderMessages';
import type { RemoteState } from './folderRemote';
import {
  FolderStateError,
  readLocal,
  readState,
  writeBaseCopy,
  writeState,
  type FileEntry,
  type FolderConnection,
  type FolderState,
} from './folderState';
import { textHash } from './folderText';

export interface LocalFolderOptions {
  /** The folder's absolute path. */
  folder: string;
  /** The client of the folder's connection (its base URL and workspace, with the user's key). */
  client: () => ServiceClient;
  /** Local checks before a push sends a file, as for a `wsa:` save (src/documents/validation/validate.ts). */
  validate?: SaveFlowOptions['validate'];
  log?: SaveLog;
  /** How many service reads run at once (default 6). */
  concurrency?: number;
  /** How long all the reads of one status or pull may take together (default 120 s). */
  deadlineMs?: number;
  /** Where the state and the bases are: `.wsa/state.json` and beside it by default, or a target's (folderLayout.ts). */
  layout?: FolderLayout;
}

const silent: SaveLog = { debug() {}, error() {} };

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

export class FolderContext {
  readonly folder: string;
  readonly reader: ResourceReader;
  /** The guarded save a push sends each file through, as a `wsa:` save. */
  readonly flow: SaveFlow;
  readonly log: SaveLog;
  readonly layout: FolderLayout;

  constructor(readonly options: LocalFolderOptions) {
    this.folder = options.folder;
    this.layout = options.layout ?? DEFAULT_LAYOUT;
    this.reader = new ResourceReader(options.client);
    this.log = options.log ?? silent;
    this.flow = new SaveFlow(options.client, this.reader, { ...(options.validate ? { validate: options.validate } : {}), log: this.log });
  }

  client(): ServiceClient {
    return this.options.client();
  }

  get concurrency(): number {
    return Math.max(1, Math.min(this.options.concurrency ?? 6, 16));
  }

  /** `signal`, ended too when all the reads of one status or pull have taken their time. */
  deadline(signal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.deadlineMs ?? 120_000);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }

  /** The state of the folder's layout, or undefined when it has none. */
  readState(): Promise<FolderState | undefined> {
    return readState(this.folder, this.layout.stateFile);
  }

  /** How many times this folder's state file was written: a push checkpoints it, not once per file. */
  stateWrites = 0;

  writeState(state: FolderState): Promise<void> {
    this.stateWrites++;
    return writeState(this.folder, state, this.layout.stateFile);
  }

  async requireState(): Promise<FolderState> {
    const state = await this.readState();
    if (!state)
      throw new FolderStateError(
        l10n.t('{0} is not a pulled folder: it has no {1}. Pull into it first.', this.folder, this.layout.stateFile),
      );
    return state;
  }

  fileOf(state: FolderState, entry: FileEntry) {
    return { workspaceId: state.connection.workspaceId, view: entry.view, id: entry.id, name: entry.name };
  }

  /**
   * The entry's base is now what the service holds (`remote`). A pull keeps the text in its pack,
   * written once at its end; a push writes the one file's copy beside the state.
   */
  adopt(
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
    if (!pack) return writeBaseCopy(this.folder, path, remote.text, this.layout.baseDir);
    pack.add(remote.text, hash);
    return Promise.resolve();
  }
}
