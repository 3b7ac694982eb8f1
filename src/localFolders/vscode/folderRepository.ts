// One pulled folder in the Source Control view: its groups (Conflicts, Local changes, Remote
// changes, and Not used for what stands where a pulled file should be but is not a regular file we
// may read), the gutter's quick diff against the base, a line above the groups for what the folder
// cannot do (Restricted Mode, state entries it ignores), and the status it re-reads when files
// change, the window gets focus, or on demand. The engine decides every state (content hashes);
// this class only shows them. Names and paths come from the folder: shown with their control,
// bidi and zero-width characters escaped.
import * as vscode from 'vscode';
import type { Connection } from '../../connection/api';
import { COMMANDS, SOURCE_CONTROL } from '../../manifest/contributions';
import { FILE_SCHEME, filePath } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import { visible } from '../../util/visibleText';
import { baseUri } from './baseDocuments';
import { STATE_DIR, STATE_FILE, type FileState, type FileStatus, type EngineAdapter } from './engineAdapter';

export type GroupId = keyof typeof SOURCE_CONTROL.groups;

const GROUP_OF: Partial<Record<FileState, GroupId>> = {
  localChange: 'local',
  deletedLocally: 'local',
  remoteChange: 'remote',
  newRemote: 'remote',
  goneRemote: 'remote',
  conflict: 'conflicts',
  notRegular: 'unusable',
  unreadable: 'unusable',
};

/** How long file events settle before the status runs again: a save writes several. */
export const WATCH_DEBOUNCE_MS = 300;

export interface RepositoryDeps {
  readonly engine: EngineAdapter;
  readonly connection: () => Connection | undefined;
  readonly log: vscode.LogOutputChannel;
  /** Whether the workspace is trusted: until then the service is not asked and nothing is written. */
  readonly trusted: () => boolean;
  /** Before each status: the folder's targets read again (which one it is used in). */
  readonly beforeRead?: () => Promise<void>;
  /** Whether the folder still has a state: its own or a target's (default: its own state file). */
  readonly hasState?: () => Promise<boolean>;
}

export interface FolderCounts {
  readonly local: number;
  readonly remote: number;
  readonly conflicts: number;
}

export class FolderRepository extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<readonly vscode.Uri[]>());
  /** The status was read again; the URIs whose state changed. */
  readonly onDidChange = this._onDidChange.event;
  private readonly _onDidLoseState = this._register(new vscode.EventEmitter<void>());
  /**
   * A status read found no state file: the folder, or its state, was deleted. The watchers usually
   * report that first; this is for a deletion they missed (a folder outside the workspace, or one
   * made and deleted an instant apart), found at the next refresh (focus, a file event, on demand).
   */
  readonly onDidLoseState = this._onDidLoseState.event;
  readonly sourceControl: vscode.SourceControl;
  private readonly groups: Record<GroupId, vscode.SourceControlResourceGroup>;
  private files = new Map<string, FileStatus>();
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private queuedRemote = false;
  private timer: NodeJS.Timeout | undefined;
  private _remoteError: string | undefined;
  private ignored: readonly string[] = [];

  constructor(
    readonly root: vscode.Uri,
    private readonly deps: RepositoryDeps,
  ) {
    super();
    const name = root.path.split('/').filter(Boolean).pop() ?? root.fsPath;
    this.sourceControl = this._register(vscode.scm.createSourceControl(SOURCE_CONTROL.id, vscode.l10n.t('Workspace Automation'), root));
    this.sourceControl.inputBox.visible = false;
    this.sourceControl.quickDiffProvider = { provideOriginalResource: (uri) => this.originalOf(uri) };
    this.sourceControl.statusBarCommands = [];
    const group = (id: GroupId, label: string) => {
      const g = this._register(this.sourceControl.createResourceGroup(SOURCE_CONTROL.groups[id], label));
      g.hideWhenEmpty = id !== 'local';
      return g;
    };
    this.groups = {
      conflicts: group('conflicts', vscode.l10n.t('Conflicts')),
      local: group('local', vscode.l10n.t('Local changes')),
      remote: group('remote', vscode.l10n.t('Remote changes')),
      unusable: group('unusable', vscode.l10n.t('Not used (not regular files)')),
    };
    this.showNotice();
    this.deps.log.info(`[Folders] Watching ${root.fsPath} (${name}).`);
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, '**/*')));
    const onFile = (uri: vscode.Uri) => {
      const rel = this.relative(uri, true);
      if (rel !== undefined) this.scheduleRefresh();
    };
    this._register(watcher.onDidChange(onFile));
    this._register(watcher.onDidCreate(onFile));
    this._register(watcher.onDidDelete(onFile));
    this._register({ dispose: () => clearTimeout(this.timer) });
  }

  get counts(): FolderCounts {
    const count = (id: GroupId) => this.groups[id].resourceStates.length;
    return { local: count('local'), remote: count('remote'), conflicts: count('conflicts') };
  }

  /** Why the last status had no remote part (signed out, the service unreachable), if so. */
  get remoteError(): string | undefined {
    return this._remoteError;
  }

  /** The line above the groups (the input box, disabled), or undefined when there is nothing to say. */
  get notice(): string | undefined {
    const box = this.sourceControl.inputBox;
    return box.visible ? box.placeholder : undefined;
  }

  /** The state entries the engine ignores (outside the layout a pull writes), one sentence each. */
  get ignoredEntries(): readonly string[] {
    return this.ignored;
  }

  /**
   * Says in a few words what the folder cannot do, above its groups (the sidebar is narrow): in
   * Restricted Mode, that only its local status is read (VS Code's own status bar item opens the
   * trust editor, and every refused action offers it); else how many state entries it ignores,
   * which the log names.
   */
  private showNotice(): void {
    const line = !this.deps.trusted()
      ? vscode.l10n.t('Restricted Mode: local status only')
      : this.ignored.length
        ? vscode.l10n.t('{0} state entries ignored (see the log)', this.ignored.length)
        : undefined;
    const box = this.sourceControl.inputBox;
    box.visible = line !== undefined;
    box.enabled = false;
    box.placeholder = line ?? '';
  }

  /**
   * The path relative to the folder (`/`; '' for the folder itself), or undefined outside it or in
   * the state directory (but for its state file, with `withState`).
   */
  relative(uri: vscode.Uri, withState = false): string | undefined {
    if (uri.scheme !== 'file') return undefined;
    if (uri.path === this.root.path) return '';
    const root = this.root.path.endsWith('/') ? this.root.path : `${this.root.path}/`;
    if (!uri.path.startsWith(root)) return undefined;
    const rel = uri.path.slice(root.length);
    if (rel === STATE_DIR || rel.startsWith(`${STATE_DIR}/`)) return withState && rel === STATE_FILE ? rel : undefined;
    return rel;
  }

  uriOf(path: string): vscode.Uri {
    return vscode.Uri.joinPath(this.root, ...path.split('/'));
  }

  fileAt(uri: vscode.Uri): FileStatus | undefined {
    const rel = this.relative(uri);
    return rel === undefined ? undefined : this.files.get(rel);
  }

  /** The paths a group of the view shows, in its order. */
  shown(group: GroupId): string[] {
    return this.groups[group].resourceStates.map((r) => this.relative(r.resourceUri) ?? r.resourceUri.fsPath);
  }

  /** Files in a state, for Push (local changes) and Pull. */
  filesIn(group: GroupId): FileStatus[] {
    return [...this.files.values()].filter((f) => GROUP_OF[f.state] === group);
  }

  /** Runs the status again soon: file events come in bursts. */
  scheduleRefresh(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(false), WATCH_DEBOUNCE_MS);
  }

  /**
   * Reads the status again; `remote` asks the service too (else the last remote answer stands).
   * One at a time: a call while one runs waits for one more run after it (which sees everything
   * that changed meanwhile, and asks the service if any waiting call wanted it); calls while that
   * waits share it.
   */
  refresh(remote: boolean): Promise<void> {
    if (!this.running) {
      this.running = this.read(remote).finally(() => (this.running = undefined));
      return this.running;
    }
    this.queuedRemote ||= remote;
    this.queued ??= this.running.then(() => {
      const wanted = this.queuedRemote;
      this.queued = undefined;
      this.queuedRemote = false;
      return this.refresh(wanted);
    });
    return this.queued;
  }

  private async read(remote: boolean): Promise<void> {
    if (this.isDisposed) return;
    let status;
    try {
      await this.deps.beforeRead?.();
      status = await this.deps.engine.status(this.root.fsPath, this.deps.connection(), remote);
    } catch (e) {
      if (this.isDisposed) return;
      if (await this.stateGone()) {
        this.deps.log.info(`[Folders] ${this.root.fsPath} has no ${STATE_FILE} any more: it leaves Source Control.`);
        this._onDidLoseState.fire();
        return;
      }
      this.deps.log.warn(`[Folders] Could not read the status of ${this.root.fsPath}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    if (this.isDisposed) return;
    this._remoteError = status.remoteError;
    if (status.ignored.join('\n') !== this.ignored.join('\n'))
      for (const note of status.ignored) this.deps.log.warn(`[Folders] ${this.root.fsPath}: ${visible(note)}`);
    this.ignored = status.ignored;
    this.showNotice();
    const next = new Map(status.files.map((f) => [f.path, f]));
    const changed = [...new Set([...this.files.keys(), ...next.keys()])]
      .filter((p) => this.files.get(p)?.state !== next.get(p)?.state)
      .map((p) => this.uriOf(p));
    this.files = next;
    for (const id of Object.keys(this.groups) as GroupId[]) {
      this.groups[id].resourceStates = this.filesIn(id)
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((f) => this.resourceState(f));
    }
    const { local, conflicts } = this.counts;
    this.sourceControl.count = local + conflicts;
    this._onDidChange.fire(changed);
  }

  /** Whether the state file is missing (not unreadable, nor broken: those are errors to show). */
  private stateGone(): Promise<boolean> {
    const { hasState } = this.deps;
    if (hasState)
      return hasState().then(
        (has) => !has,
        () => false,
      );
    return Promise.resolve(vscode.workspace.fs.stat(this.uriOf(STATE_FILE))).then(
      () => false,
      (e: unknown) => e instanceof vscode.FileSystemError && e.code === 'FileNotFound',
    );
  }

  private resourceState(file: FileStatus): vscode.SourceControlResourceState {
    const uri = this.uriOf(file.path);
    const title = (what: string) => vscode.l10n.t('«{0}»: {1}', visible(file.name), what);
    const why = file.localError ?? file.readOnly;
    const tooltip = why ? `${statusText(file.state)} — ${visible(why)}` : statusText(file.state);
    switch (file.state) {
      case 'notRegular':
      case 'unreadable':
        // Nothing to open or compare: the engine neither reads nor writes it.
        return { resourceUri: uri, decorations: { tooltip, strikeThrough: true, faded: true } };
      case 'conflict':
        return {
          resourceUri: uri,
          decorations: { tooltip },
          command: { command: COMMANDS.openFolderConflict, title: vscode.l10n.t('Resolve in Merge Editor'), arguments: [uri] },
        };
      case 'deletedLocally':
        return { resourceUri: uri, decorations: { tooltip, strikeThrough: true } };
      case 'newRemote':
        return { resourceUri: uri, decorations: { tooltip, faded: true } };
      case 'goneRemote':
        return { resourceUri: uri, decorations: { tooltip, faded: true }, command: openCommand(uri) };
      case 'remoteChange': {
        // The service's text is the file's `wsa:` document, while signed in to the folder's workspace.
        const workspaceId = this._remoteError === undefined ? this.deps.connection()?.workspaceId : undefined;
        if (!workspaceId) return { resourceUri: uri, decorations: { tooltip }, command: openCommand(uri) };
        const service = vscode.Uri.from({
          scheme: FILE_SCHEME,
          path: filePath({ workspaceId, view: file.view, id: file.id, name: file.name }),
        });
        return {
          resourceUri: uri,
          decorations: { tooltip },
          command: {
            command: 'vscode.diff',
            title: vscode.l10n.t('Open Changes'),
            arguments: [baseUri(uri), service, title(vscode.l10n.t('Base ↔ Service'))],
          },
        };
      }
      default:
        return {
          resourceUri: uri,
          decorations: { tooltip },
          command: {
            command: 'vscode.diff',
            title: vscode.l10n.t('Open Changes'),
            arguments: [baseUri(uri), uri, title(vscode.l10n.t('Base ↔ Local'))],
          },
        };
    }
  }

  private originalOf(uri: vscode.Uri): vscode.Uri | undefined {
    const file = this.fileAt(uri);
    // Files the engine does not track (notes, a README) have no base: no gutter marks.
    // Nor does one that is not a regular file: what the editor shows is not what the engine tracks.
    return file && file.state !== 'newRemote' && GROUP_OF[file.state] !== 'unusable' ? baseUri(uri) : undefined;
  }
}

function openCommand(uri: vscode.Uri): vscode.Command {
  return { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [uri] };
}

/** What a state means, for tooltips and decorations. */
export function statusText(status: FileState): string {
  switch (status) {
    case 'localChange':
      return vscode.l10n.t('Changed here since the last pull or push');
    case 'deletedLocally':
      return vscode.l10n.t('Deleted here; the service still has it');
    case 'remoteChange':
      return vscode.l10n.t('Changed on the service since the last pull');
    case 'newRemote':
      return vscode.l10n.t('New on the service: Pull adds it');
    case 'goneRemote':
      return vscode.l10n.t('Gone from the service; kept here');
    case 'conflict':
      return vscode.l10n.t('Changed here and on the service');
    case 'notRegular':
      return vscode.l10n.t('Not a regular file (a link, a FIFO, a device or a folder): neither read nor written');
    case 'unreadable':
      return vscode.l10n.t('Cannot be read (larger than the bound, or no permission): not pushed');
    default:
      return vscode.l10n.t('Unchanged');
  }
}
