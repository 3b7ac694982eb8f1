// The local-folders feature, registered at activation but loaded on first need: when the window
// holds a pulled folder (a state file found after activation, or one appearing), or a folder
// command runs. Until then activation runs none of the engine, the Source Control view or the
// watchers of pulled folders (the code is imported dynamically).
import * as vscode from 'vscode';
import type { ConflictResolver } from '../documents/conflicts/conflictResolver';
import type { ConnectionManager } from '../connection/connectionManager';
import type { FilesFeature } from '../documents/files/registerFiles';
import type { DashboardLanguageFeature } from '../dashboardLanguage';
import type { Configuration } from '../manifest/config';
import { validateText } from '../documents/validation/validate';
import type { FolderMergeOptions } from './vscode/folderMerge';
import type { LocalFolders } from './vscode/localFolders';
import { findStateFiles, watchForStateFiles } from './vscode/folderDiscovery';

export interface LocalFoldersFeatureDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionManager;
  files: FilesFeature;
  conflicts: ConflictResolver;
  options: FolderMergeOptions;
  dashboards: Pick<DashboardLanguageFeature, 'adoptPulled'>;
}

export interface LocalFoldersFeature {
  /** The loaded feature (created, and the window's pulled folders found, on the first call). */
  load(): Promise<LocalFolders>;
}

export function registerLocalFolders(context: vscode.ExtensionContext, deps: LocalFoldersFeatureDeps): LocalFoldersFeature {
  let loading: Promise<LocalFolders> | undefined;
  const tsxCheckPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'tsx-check.js').fsPath;
  const load = (): Promise<LocalFolders> =>
    (loading ??= (async () => {
      const { LocalFolders } = await import('./vscode/localFolders');
      const folders = new LocalFolders({
        log: deps.log,
        config: deps.config,
        connection: deps.connection,
        carriers: () => deps.connection.carriers(),
        validate: (view, text) => validateText(view, text, { tsxCheckPath }),
        snapshots: deps.conflicts.snapshots,
        problems: deps.files.diagnostics,
        options: deps.options,
        adoptDashboard: (document, base) => deps.dashboards.adoptPulled(document, base),
      });
      context.subscriptions.push(folders);
      await folders.discover();
      return folders;
    })());

  // After activation, not during it: one search of the workspace for state files, and the narrow
  // watcher that finds a folder pulled from a terminal (the CLI) while the window is open.
  const started = setTimeout(() => {
    context.subscriptions.push(watchForStateFiles(() => void load().then((folders) => folders.discover(false)), deps.log));
    findStateFiles(1).then(
      (found) => {
        if (found.length > 0) void load();
      },
      (e: unknown) => deps.log.warn(`[Folders] Could not look for pulled folders: ${String(e)}`),
    );
  }, 0);
  context.subscriptions.push({ dispose: () => clearTimeout(started) });
  return { load };
}
