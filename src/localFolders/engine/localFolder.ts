// One local folder of workspace files, as the CLI and the VS Code side use it: its state, a file's
// base text, its status, pull and push. Each of those lives in its own module (folderStatus.ts,
// folderPull.ts, folderPush.ts) on the folder's shared context; this class runs the pulls and
// pushes of one folder one after another, each reading the state the previous one wrote.
// vscode-free.
import { KeyedQueue } from '../../util/async';
import { findBaseText } from './folderBase';
import { FolderContext, type LocalFolderOptions } from './folderContext';
import { pullFolder, type PullOptions } from './folderPull';
import { adoptTheirs, pushFolder, type PushOptions } from './folderPush';
import type { FolderState } from './folderState';
import { readStatus, type StatusOptions } from './folderStatus';
import type { FolderStatus, PullReport, PushReport } from './folderTypes';

export class LocalFolder {
  readonly folder: string;
  private readonly ctx: FolderContext;
  private readonly writes = new KeyedQueue<'state'>();

  constructor(options: LocalFolderOptions) {
    this.ctx = new FolderContext(options);
    this.folder = options.folder;
  }

  /** How many times this engine wrote the folder's state file (what a push costs beside its requests). */
  get stateWrites(): number {
    return this.ctx.stateWrites;
  }

  /** The state file, or undefined when the folder was never pulled. */
  state(): Promise<FolderState | undefined> {
    return this.ctx.readState();
  }

  /** The file's base text (for a quick diff or a merge), or undefined when none is known. */
  async baseText(path: string): Promise<string | undefined> {
    const entry = (await this.ctx.requireState()).files[path];
    return entry ? findBaseText(this.folder, path, entry, this.ctx.options.client, undefined, undefined, this.ctx.layout) : undefined;
  }

  status(options: StatusOptions = {}): Promise<FolderStatus> {
    return readStatus(this.ctx, options);
  }

  pull(options: PullOptions = {}): Promise<PullReport> {
    return this.serial(() => pullFolder(this.ctx, options));
  }

  push(options: PushOptions = {}): Promise<PushReport> {
    return this.serial(() => pushFolder(this.ctx, options));
  }

  /**
   * After a hand merge against the service's text `theirs` (a push's conflict), written into the
   * file: when the service still holds that text, its state becomes the file's base, so the next
   * push sends the merge once instead of merging the same changes again. False when the service
   * moved since (the next push merges with it, as before) or the file has nothing to push.
   */
  adoptTheirs(path: string, theirs: string): Promise<boolean> {
    return this.serial(() => adoptTheirs(this.ctx, path, theirs));
  }

  /** Runs `task` after every pull and push queued before it. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    return this.writes.run('state', task);
  }
}
