// Finds pulled folders that appear while the window is open (a pull from a terminal). A file
// watcher does not reliably report files written inside a directory created an instant before, so
// both the state directory's creation and the state file's run, after a quiet moment, one search
// for state files. Only those two names are watched: a watcher of every creation would search the
// workspace after each build or package install.
import * as vscode from 'vscode';
import { DISCOVERY_GLOBS, STATE_FILE_GLOB } from './stateFiles';

/** How long creations settle before the one search: a pull writes dozens of files. */
export const DISCOVERY_DEBOUNCE_MS = 500;

/** Calls `found` with the state files of the window's pulled folders (at most `max`). */
export function findStateFiles(max: number): Thenable<vscode.Uri[]> {
  return vscode.workspace.findFiles(STATE_FILE_GLOB, '**/node_modules/**', max);
}

/** Watches for state directories and files created; after each burst, `found` gets the state files found (none: not called). */
export function watchForStateFiles(found: (stateFiles: vscode.Uri[]) => void, log: vscode.LogOutputChannel): vscode.Disposable {
  const watchers = DISCOVERY_GLOBS.map((glob) => vscode.workspace.createFileSystemWatcher(glob, false, true, true));
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      log.debug('[Folders] A state directory or file was created: looking for pulled folders.');
      findStateFiles(100).then(
        (files) => {
          if (files.length) found(files);
        },
        (e: unknown) => log.warn(`[Folders] Could not look for pulled folders: ${String(e)}`),
      );
    }, DISCOVERY_DEBOUNCE_MS);
  };
  const subscriptions = watchers.map((w) => w.onDidCreate(look));
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    for (const d of [...subscriptions, ...watchers]) d.dispose();
  });
}
