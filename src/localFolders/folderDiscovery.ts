// Finds pulled folders that appear while the window is open (a pull from a terminal). A file
// watcher does not reliably report files written inside a directory created an instant before
// (the pull creates the folder, `.wsa/` and the state file in one burst): often only the new
// directory is reported. So any creation in the workspace, after a quiet moment, runs one search
// for state files.
import * as vscode from 'vscode';
import { STATE_FILE_GLOB } from './stateFiles';

/** How long creations settle before the one search: a pull writes dozens of files. */
export const DISCOVERY_DEBOUNCE_MS = 500;

/** Calls `found` with the state files of the window's pulled folders (at most `max`). */
export function findStateFiles(max: number): Thenable<vscode.Uri[]> {
  return vscode.workspace.findFiles(STATE_FILE_GLOB, '**/node_modules/**', max);
}

/** Watches for creations; after each burst, `found` gets the state files found (none: not called). */
export function watchForStateFiles(found: (stateFiles: vscode.Uri[]) => void, log: vscode.LogOutputChannel): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, true);
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      findStateFiles(100).then(
        (files) => {
          if (files.length) found(files);
        },
        (e: unknown) => log.warn(`[Folders] Could not look for pulled folders: ${String(e)}`),
      );
    }, DISCOVERY_DEBOUNCE_MS);
  };
  const subscription = watcher.onDidCreate(look);
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    subscription.dispose();
    watcher.dispose();
  });
}
