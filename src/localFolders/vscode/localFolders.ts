// The pulled folders of the window: one Source Control per folder that holds the engine's state
// file, their badges and status bar item, and Pull / Push with what each outcome shows. Loaded on
// first use (../index.ts): a window without pulled folders never runs this. In
// Restricted Mode a folder shows its local status only, and Pull, Push and a merge say that the
// workspace must be trusted; once it is, the service is asked at once.
import * as vscode from 'vscode';
import type { SnapshotFileSystem } from '../../documents/api';
import type { ConnectionProvider } from '../../connection/api';
import type { DashboardBase } from '../../dashboardLanguage/api';
import type { Configuration } from '../../manifest/config';
import { CONTEXT_KEYS } from '../../manifest/contributions';
import type { TextProblem } from '../../documents/model/saveTypes';
import { RestrictedModeError } from '../../ui/restrictedMode';
import { notificationText } from '../../util/notify';
import { Disposable } from '../../util/lifecycle';
import { isWithin } from '../../util/uriPath';
import { BaseDocuments } from './baseDocuments';
import { FolderDecorations } from './folderDecorations';
import { ANY_PATH_GLOB } from './stateFiles';
import { findStateFiles, folderName, pulledRoots, rootOf } from './folderDiscovery';
import { FolderTargetPicker } from './folderTargetPicker';
import { EngineAdapter, STATE_DIR, type FileStatus, type PullReport, type PullWhat, type PushReport, type Validate } from './engineAdapter';
import { FolderMerge, type FolderConflict, type FolderMergeOptions } from './folderMerge';
import { pullMessage, pushMessage, type Severity } from './syncMessages';
import { FolderRepository } from './folderRepository';
import { FolderStatusBar } from './folderStatusBar';
import { PulledChecks } from './pulledChecks';
import { PulledLanguages } from './pulledLanguages';

export interface LocalFoldersDeps {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionProvider;
  /** The header names of the signed-in connection, for a new folder's state file. */
  readonly carriers: () => { authHeader: string; authScheme: string; workspaceHeader: string };
  readonly validate: Validate;
  readonly snapshots: SnapshotFileSystem;
  /** Where a refused push shows its problems (the save diagnostics). */
  readonly problems: { set(uri: vscode.Uri, problems: readonly TextProblem[]): void; get(uri: vscode.Uri): readonly vscode.Diagnostic[] };
  readonly options: FolderMergeOptions;
  /** Opens a pulled dashboard as Dashboard TSX, checked against `base` (again when the base moved). */
  readonly adoptDashboard: (document: vscode.TextDocument, base: Promise<DashboardBase>) => void;
  /** Where each folder's chosen target is kept (the workspace's state, never settings). */
  readonly workspaceState?: vscode.Memento;
}

/** One folder's push or pull, as a script sees it. */
export interface FolderPushResult {
  readonly folder: string;
  readonly report: PushReport;
}

export class LocalFolders extends Disposable {
  private readonly repositories = new Map<string, FolderRepository>();
  private readonly _onDidChange = this._register(new vscode.EventEmitter<FolderRepository>());
  /** A folder's status was read again (or a folder came or went). */
  readonly onDidChange = this._onDidChange.event;
  private readonly engine: EngineAdapter;
  private readonly decorations: FolderDecorations;
  private readonly statusBar: FolderStatusBar;
  private readonly bases: BaseDocuments;
  private readonly languages: PulledLanguages;
  private readonly checks: PulledChecks;
  readonly merge: FolderMerge;
  /** The target each folder used with targets is in: Choose Target…, and a push's question. */
  readonly targets: FolderTargetPicker;
  private interval: NodeJS.Timeout | undefined;

  constructor(private readonly deps: LocalFoldersDeps) {
    super();
    this.targets = new FolderTargetPicker(deps.workspaceState, deps.log, deps.options);
    this.engine = new EngineAdapter(deps.validate, deps.carriers, () => vscode.workspace.isTrusted, this.targets.targetOf);
    this.decorations = this._register(new FolderDecorations((uri) => this.repositoryOf(uri)?.fileAt(uri)));
    this.statusBar = this._register(new FolderStatusBar());
    this.bases = this._register(
      new BaseDocuments(async (file) => {
        const repo = this.repositoryOf(file);
        const rel = repo?.relative(file);
        return repo && rel !== undefined ? this.engine.baseText(repo.root.fsPath, rel, deps.connection.current) : undefined;
      }),
    );
    this.languages = this._register(
      new PulledLanguages({
        fileOf: (uri) => this.pulledFileAt(uri),
        baseOf: (uri) => {
          const repo = this.repositoryOf(uri);
          const rel = repo?.relative(uri);
          return repo && rel !== undefined
            ? this.engine.languageBase(repo.root.fsPath, rel, deps.connection.current)
            : Promise.resolve(undefined);
        },
        adoptDashboard: deps.adoptDashboard,
      }),
    );
    this.checks = this._register(
      new PulledChecks({
        fileOf: (uri) => this.pulledFileAt(uri),
        validate: deps.validate,
        read: (uri) => this.readPulled(uri),
        problems: deps.problems,
        log: deps.log,
      }),
    );
    this.merge = this._register(
      new FolderMerge(deps.log, deps.snapshots, deps.options, {
        read: (uri) => this.readPulled(uri),
        write: (uri, text) => this.writePulled(uri, text),
      }),
    );
    this._register(this.merge.onDidMerge((c) => void this.merged(c)));
    // New pulled folders are found by the feature's watcher (../index.ts); removed ones here. Every deletion
    // is heard: a folder deleted whole is reported as that one deletion, not file by file, so its
    // state file's never comes. Each is only compared with the known roots.
    const removals = this._register(vscode.workspace.createFileSystemWatcher(ANY_PATH_GLOB, true, true, false));
    this._register(removals.onDidDelete((uri) => this.removeDeleted(uri)));
    // The event also fires when only `active` (recent input) changes: ask the service only when focus comes back.
    let focused = vscode.window.state.focused;
    this._register(
      vscode.window.onDidChangeWindowState((s) => {
        const regained = s.focused && !focused;
        focused = s.focused;
        if (regained) void this.refreshAll(true);
      }),
    );
    this._register(deps.config.onDidChange(() => this.schedule()));
    this._register(
      deps.connection.onDidChangeConnection(() => {
        // The open dashboards' tokens belong to the connection before: read again for this one.
        this.languages.changed();
        void this.refreshAll(true);
      }),
    );
    this._register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        deps.log.info('[Folders] The workspace is trusted now: asking the service for the status of the pulled folders.');
        // The open dashboards may use their tokens now.
        this.languages.changed();
        void this.refreshAll(true);
      }),
    );
    this._register({ dispose: () => clearInterval(this.interval) });
    this.schedule();
  }

  /** Refuses `what` in Restricted Mode (RestrictedModeError, with Manage Workspace Trust). */
  private requireTrust(what: string): void {
    if (!vscode.workspace.isTrusted) throw new RestrictedModeError(what);
  }

  /** A pulled file's text with the engine's rules (bounded, never through a link); undefined when missing. */
  private readPulled(uri: vscode.Uri): Promise<string | undefined> {
    return this.engine.readFile(...this.pulledPath(uri));
  }

  private writePulled(uri: vscode.Uri, text: string): Promise<void> {
    return this.engine.writeFile(...this.pulledPath(uri), text);
  }

  private pulledPath(uri: vscode.Uri): [folder: string, path: string] {
    const repo = this.repositoryOf(uri);
    const rel = repo?.relative(uri);
    if (!repo || !rel) throw new Error(vscode.l10n.t('{0} is not a file of a pulled folder.', uri.fsPath));
    return [repo.root.fsPath, rel];
  }

  /** Refresh Folder Status: asks the service; in Restricted Mode reads the local status and says why not more. */
  async refreshFromCommand(): Promise<void> {
    await this.refreshAll(vscode.workspace.isTrusted);
    this.requireTrust(vscode.l10n.t('ask the service for the status of a pulled folder'));
  }

  /** Finds the pulled folders of the window; `again`: reads the status of known ones too. */
  async discover(again = true): Promise<void> {
    const roots = await pulledRoots(await findStateFiles(100), (root) => this.targets.hasState(root));
    await Promise.all(roots.map((root) => this.add(root, again)));
  }

  /**
   * The file a pulled folder's status names at `uri`. Only where a pull writes such files: the engine
   * ignores a state entry naming any other file of the folder (the state comes with the folder).
   */
  private pulledFileAt(uri: vscode.Uri): FileStatus | undefined {
    return this.repositoryOf(uri)?.fileAt(uri);
  }

  /** The badge a file shows in the explorer and on its tab. */
  decorationOf(uri: vscode.Uri): vscode.FileDecoration | undefined {
    return this.decorations.provideFileDecoration(uri);
  }

  /** What the status bar item shows (↑ to push, ↓ to pull, conflicts). */
  get statusBarText(): string {
    return this.statusBar.item.text;
  }

  get all(): readonly FolderRepository[] {
    return [...this.repositories.values()];
  }

  /** The pulled folder holding `uri` (the innermost one). */
  repositoryOf(uri: vscode.Uri): FolderRepository | undefined {
    let best: FolderRepository | undefined;
    for (const repo of this.repositories.values())
      if (repo.relative(uri, true) !== undefined && (!best || repo.root.path.length > best.root.path.length)) best = repo;
    return best;
  }

  /** Adds the folder (if new) and reads its status (`remote`: asking the service); `again`: also when it is known. */
  async add(root: vscode.Uri, again = true, remote = true): Promise<FolderRepository> {
    let repo = this.repositories.get(root.toString());
    if (repo && !again) return repo;
    if (!repo) {
      const created: FolderRepository = new FolderRepository(root, {
        engine: this.engine,
        connection: () => this.deps.connection.current,
        log: this.deps.log,
        trusted: () => vscode.workspace.isTrusted,
        beforeRead: () => this.targets.load(created),
        hasState: () => this.targets.hasState(root),
      });
      repo = created;
      this.repositories.set(root.toString(), created);
      this._register(created);
      this._register(created.onDidLoseState(() => this.remove(root)));
      this._register(
        created.onDidChange((uris) => {
          this.decorations.changed(uris);
          // A status read moves no base: the open dashboards keep theirs (a pull or push tells them).
          this.bases.changed(uris);
          this.checks.changed(uris);
          this.updateStatusBar();
          this._onDidChange.fire(created);
        }),
      );
      void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasLocalFolders, true);
    }
    await repo.refresh(remote);
    // Its files already open (before a pull, or before the window found the folder) are now known.
    this.languages.changed();
    this.checks.changed();
    return repo;
  }

  /** Drops the pulled folders a deletion ended: their state directory or file, the folder, or a folder above it. */
  private removeDeleted(uri: vscode.Uri): void {
    if (uri.path.endsWith(`/${STATE_DIR}`)) return this.remove(rootOf(uri));
    // A state file gone (or moved to a target's by `wsa --target`): the folder stays while it has another.
    if (uri.path.includes(`/${STATE_DIR}/`) && uri.path.endsWith('.json'))
      return void this.repositories.get(rootOf(uri).toString())?.refresh(false);
    for (const { root } of this.all) if (root.scheme === uri.scheme && isWithin(root.path, uri.path)) this.remove(root);
  }

  private remove(root: vscode.Uri): void {
    const repo = this.repositories.get(root.toString());
    if (!repo) return;
    this.repositories.delete(root.toString());
    this.targets.forget(root);
    repo.dispose();
    this.updateStatusBar();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasLocalFolders, this.repositories.size > 0);
  }

  refreshAll(remote: boolean): Promise<void[]> {
    return Promise.all(this.all.map((r) => r.refresh(remote)));
  }

  /** Pulls into `folder` (a new or a pulled one): everything, or the given ids, resources and kinds. */
  async pullInto(folder: vscode.Uri, what: PullWhat = {}, { offerToOpen = false } = {}): Promise<PullReport> {
    this.requireTrust(vscode.l10n.t('pull into a folder'));
    const connection = this.deps.connection.require();
    const report = await this.engine.pull(folder.fsPath, connection, what);
    // The pull read every file: its status is local, not a second read of each.
    const repo = await this.add(folder, true, false);
    this.basesMoved(report.files.map((f) => repo.uriOf(f.path)));
    const open = vscode.l10n.t('Add Folder to Workspace');
    const outside = !vscode.workspace.getWorkspaceFolder(folder);
    const [severity, text] = pullMessage(report, folderName(folder));
    void this.tell(severity, text, ...(offerToOpen && outside ? [open] : [])).then((choice) => {
      if (choice !== open) return;
      const at = vscode.workspace.workspaceFolders?.length ?? 0;
      vscode.workspace.updateWorkspaceFolders(at, 0, { uri: folder });
    });
    return report;
  }

  /** Pulls a pulled folder again: every file, or the given ones (their resources). */
  async pull(repo: FolderRepository, paths?: readonly string[]): Promise<PullReport> {
    this.requireTrust(vscode.l10n.t('pull into this folder'));
    // Each file's own resource: a dashboard's file does not bring its operation's file along.
    const resources = paths
      ?.map((p) => repo.fileAt(repo.uriOf(p)))
      .filter((f) => f !== undefined)
      .map(({ kind, id }) => ({ kind, id }));
    const report = await this.engine.pull(repo.root.fsPath, this.deps.connection.require(), resources ? { resources } : {});
    this.basesMoved(report.files.map((f) => repo.uriOf(f.path)));
    // The pull read every file it names: the status after it is local (the engine keeps what the pull saw).
    await repo.refresh(false);
    void this.tell(...pullMessage(report, folderName(repo.root)));
    return report;
  }

  /** Pushes a folder's changed files (or the given ones) and shows each merge and conflict. */
  async push(repo: FolderRepository, paths?: readonly string[]): Promise<PushReport> {
    this.requireTrust(vscode.l10n.t('push this folder'));
    const connection = this.deps.connection.require();
    const candidates = paths ?? [...repo.filesIn('local'), ...repo.filesIn('conflicts')].map((f) => f.path);
    // The texts as they were before the push: a clean merge is shown against them.
    const before = new Map<string, string>();
    for (const path of candidates) {
      // Deleted here, a link or too large: the engine reports it.
      const text = await this.engine.readFile(repo.root.fsPath, path).catch(() => undefined);
      if (text !== undefined) before.set(path, text);
    }
    const report = await this.engine.push(repo.root.fsPath, connection, paths);
    const nameOf = (path: string) => repo.fileAt(repo.uriOf(path))?.name ?? path.split('/').pop() ?? path;
    for (const file of report.files) {
      const uri = repo.uriOf(file.path);
      if (file.outcome === 'refused' && file.problems) this.deps.problems.set(uri, file.problems);
      else if (file.outcome === 'pushed') this.deps.problems.set(uri, []);
    }
    this.basesMoved(report.files.map((f) => repo.uriOf(f.path)));
    await repo.refresh(true);
    void this.tell(...pushMessage(report, nameOf));
    for (const file of report.files) {
      const uri = repo.uriOf(file.path);
      if (file.outcome === 'merged') await this.merge.showMerged(uri, nameOf(file.path), before.get(file.path) ?? '', file.message ?? '');
      if (file.outcome === 'conflict' && file.conflict) {
        const { base, theirs, mine, theirsLabel } = file.conflict;
        await this.merge.open({ uri, name: nameOf(file.path), ...(base !== undefined ? { base } : {}), theirs, theirsLabel, mine });
      }
    }
    return report;
  }

  /** Complete Merge wrote the result: the service's text it merged with becomes the base, so one push sends it. */
  private async merged(conflict: FolderConflict): Promise<void> {
    const repo = this.repositoryOf(conflict.uri);
    const rel = repo?.relative(conflict.uri);
    if (!repo || !rel) return;
    try {
      await this.engine.adoptTheirs(repo.root.fsPath, rel, conflict.theirs, this.deps.connection.current);
    } catch (e) {
      // The next push merges with the service again, as before: nothing is lost.
      this.deps.log.warn(`[Folders] Could not move the base of ${rel} after the merge: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.basesMoved([conflict.uri]);
    await repo.refresh(false);
  }

  /** A conflict in the view was clicked: the merge editor on base, the service's text and the file. */
  async openConflict(uri: vscode.Uri): Promise<boolean> {
    const repo = this.repositoryOf(uri);
    const file = repo?.fileAt(uri);
    if (!repo || !file) throw new Error(vscode.l10n.t('{0} is not a file of a pulled folder.', uri.fsPath));
    this.requireTrust(vscode.l10n.t('merge with the service'));
    const connection = this.deps.connection.require();
    const [base, latest, mine] = await Promise.all([
      this.engine.baseText(repo.root.fsPath, file.path, connection),
      this.engine.latest(connection, file),
      this.engine.readFile(repo.root.fsPath, file.path).then((t) => t ?? ''),
    ]);
    return this.merge.open({
      uri,
      name: file.name,
      ...(base !== undefined ? { base } : {}),
      theirs: latest.text,
      theirsLabel: latest.label,
      mine,
    });
  }

  /** The bases of these files may have moved (a pull, a push, a merge): the diffs and the open files follow. */
  private basesMoved(files: readonly vscode.Uri[]): void {
    this.bases.changed(files);
    this.languages.changed(files);
  }

  /** The one notification of an operation; resolves with the action chosen (nobody waits for it). */
  private tell(severity: Severity, text: string, ...actions: string[]): Thenable<string | undefined> {
    this.deps.log.info(`[Folders] ${text}`);
    if (severity === 'error') return vscode.window.showErrorMessage(notificationText(text), ...actions);
    if (severity === 'warning') return vscode.window.showWarningMessage(notificationText(text), ...actions);
    return vscode.window.showInformationMessage(notificationText(text), ...actions);
  }

  private updateStatusBar(): void {
    this.statusBar.update(
      this.all.map((r) => r.counts),
      this.all.map((r) => r.remoteError).find((e) => e !== undefined),
    );
  }

  /** The interval setting: the service asked every N seconds, or only on focus and on demand. */
  private schedule(): void {
    clearInterval(this.interval);
    const seconds = this.deps.config.read().folderStatusIntervalSeconds;
    this.interval = seconds > 0 ? setInterval(() => void this.refreshAll(true), seconds * this.deps.options.intervalSecondMs) : undefined;
  }
}
