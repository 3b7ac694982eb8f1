// The local-folders feature, registered at activation but loaded on first need: when the window
// holds a pulled folder (a state file found after activation, or one appearing), or a folder
// command runs. Until then activation runs none of the engine, the Source Control view or the
// watchers of pulled folders (the code is imported dynamically).
// A pulled folder is found by a file watcher, and a watcher's event can be lost (inotify's limits,
// a loaded host), so the window also looks again when it gets focus back, when the explorer is
// refreshed (an event the composition root passes in) and when a folder command runs: each is one
// search for state files.
import * as vscode from 'vscode';
import type { ConnectionFeature } from '../connection';
import type { DocumentsFeature } from '../documents';
import type { DashboardLanguageFeature } from '../dashboardLanguage';
import type { Configuration } from '../manifest/config';
import type { WriteGuard } from '../environments/api';
import { validateText } from '../documents/validation/validate';
import type { FolderMergeOptions } from './vscode/folderMerge';
import type { LocalFolders } from './vscode/localFolders';
import { FolderCommands } from './vscode/folderCommands';
import { findStateFiles, watchForStateFiles } from './vscode/folderDiscovery';

export interface LocalFoldersFeatureDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionFeature['manager'];
  /** Where a pulled file's problems show, and the conflicts' snapshots a push's merge opens. */
  documents: Pick<DocumentsFeature, 'diagnostics' | 'conflicts'>;
  options: FolderMergeOptions;
  dashboards: Pick<DashboardLanguageFeature, 'adoptPulled'>;
  /** Each firing looks for pulled folders again (the explorer's Refresh): a watcher's event may have been lost. */
  lookAgainOn: readonly vscode.Event<void>[];
  /** The production guard, asked before a push is sent. */
  guard?: WriteGuard;
}

export interface LocalFoldersFeature {
  /** The loaded feature, with the window's pulled folders looked for again (created on the first call). */
  load(): Promise<LocalFolders>;
  /** Looks for pulled folders again; one found loads the feature. Never rejects: a failure is logged. */
  look(): Promise<void>;
  /** Stops the watcher that finds new pulled folders until the answer is disposed (tests: events lost). */
  pauseWatching(): vscode.Disposable;
}

export function registerLocalFolders(context: vscode.ExtensionContext, deps: LocalFoldersFeatureDeps): LocalFoldersFeature {
  let loading: Promise<LocalFolders> | undefined;
  const tsxCheckPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'tsx-check.js').fsPath;
  const warn = (e: unknown) => deps.log.warn(`[Folders] Could not look for pulled folders: ${String(e)}`);
  const load = async (): Promise<LocalFolders> => {
    if (!loading) return create();
    const folders = await loading;
    await folders.discover(false);
    return folders;
  };
  // Before the feature is loaded, one state file is enough to load it (which finds them all).
  const look = async (): Promise<void> => {
    try {
      if (loading) await load();
      else if ((await findStateFiles(1)).length > 0) await load();
    } catch (e) {
      warn(e);
    }
  };
  const create = (): Promise<LocalFolders> =>
    (loading ??= (async () => {
      const { LocalFolders } = await import('./vscode/localFolders');
      const folders = new LocalFolders({
        log: deps.log,
        config: deps.config,
        connection: deps.connection,
        carriers: () => deps.connection.carriers(),
        validate: (view, text) => validateText(view, text, { tsxCheckPath }),
        snapshots: deps.documents.conflicts.snapshots,
        problems: deps.documents.diagnostics,
        options: deps.options,
        adoptDashboard: (document, base) => deps.dashboards.adoptPulled(document, base),
        workspaceState: context.workspaceState,
      });
      context.subscriptions.push(folders);
      await folders.discover();
      return folders;
    })());

  // After activation, not during it: one search of the workspace for state files, and the narrow
  // watcher that finds a folder pulled from a terminal (the CLI) while the window is open.
  let watcher: vscode.Disposable | undefined;
  const watch = () => (watcher ??= watchForStateFiles(() => void load().catch(warn), deps.log));
  const started = setTimeout(() => {
    watch();
    void look();
  }, 0);
  // The event also fires when only `active` (recent input) changes: look only when focus comes back.
  let focused = vscode.window.state.focused;
  const focus = vscode.window.onDidChangeWindowState((state) => {
    const regained = state.focused && !focused;
    focused = state.focused;
    if (regained) void look();
  });
  const stopWatching = () => {
    watcher?.dispose();
    watcher = undefined;
  };
  const pauseWatching = () => (stopWatching(), new vscode.Disposable(watch));
  context.subscriptions.push(
    focus,
    ...deps.lookAgainOn.map((event) => event(() => void look())),
    { dispose: () => (clearTimeout(started), stopWatching()) },
    new FolderCommands(load, deps.log, deps.guard),
  );
  return { load, look, pauseWatching };
}
