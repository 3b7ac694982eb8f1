// Finds pulled folders that appear while the window is open (a pull from a terminal). A file
// watcher does not reliably report files written inside a directory created an instant before, so
// both the state directory's creation and the state file's run, after a quiet moment, one search
// for state files, and once more a few seconds later. Only those two names and the directories made
// at the top level of each workspace folder count: a watcher of every creation would search the
// workspace after each build or package install, and a file saved at the top after each save.
import * as vscode from 'vscode';
import { STATE_DIR } from '../engine/folderChecks';
import { DISCOVERY_GLOBS, STATE_FILE_GLOB, TARGET_STATE_GLOB } from './stateFiles';

/** How long creations settle before the one search: a pull writes dozens of files. */
export const DISCOVERY_DEBOUNCE_MS = 500;
/** The second search after a burst, for a pull that was still writing at the first. */
export const DISCOVERY_AGAIN_MS = 5_000;

/**
 * The state files of the window's pulled folders (at most `max` of each kind): `.wsa/state.json`,
 * and a target's `.wsa/targets/<name>.json` (only candidates: the caller checks them, folderTargets.ts).
 */
export async function findStateFiles(max: number): Promise<vscode.Uri[]> {
  const [own, targets] = await Promise.all([
    vscode.workspace.findFiles(STATE_FILE_GLOB, '**/node_modules/**', max),
    vscode.workspace.findFiles(TARGET_STATE_GLOB, '**/node_modules/**', max),
  ]);
  return [...own, ...targets];
}

export function folderName(folder: vscode.Uri): string {
  return folder.path.split('/').filter(Boolean).pop() ?? folder.fsPath;
}

/** `<root>/.wsa/state.json` (or `<root>/.wsa/targets/<name>.json`) → `<root>`. */
export function rootOf(stateFile: vscode.Uri): vscode.Uri {
  const parts = stateFile.path.split('/');
  const at = parts.lastIndexOf(STATE_DIR);
  return stateFile.with({ path: parts.slice(0, at).join('/') || '/' });
}

/**
 * The folders of the state files found, each once: a folder's own state file counts as it always
 * has; a target's only when `hasState` finds one (its name of the grammar, a regular file).
 */
export async function pulledRoots(found: readonly vscode.Uri[], hasState: (root: vscode.Uri) => Promise<boolean>): Promise<vscode.Uri[]> {
  const roots = new Map<string, vscode.Uri>();
  for (const uri of found) roots.set(rootOf(uri).toString(), rootOf(uri));
  const own = new Set(found.filter((uri) => uri.path.endsWith(`/${STATE_DIR}/state.json`)).map((uri) => rootOf(uri).toString()));
  const counts = await Promise.all([...roots].map(async ([key, root]) => own.has(key) || (await hasState(root).catch(() => false))));
  return [...roots.values()].filter((_, i) => counts[i]);
}

/** Watches for state directories and files created; after each burst, `found` gets the state files found (none: not called). */
export function watchForStateFiles(found: (stateFiles: vscode.Uri[]) => void, log: vscode.LogOutputChannel): vscode.Disposable {
  // Also what appears at the top of a workspace folder (a terminal's `pull ./new-folder`): the
  // watcher reports a new top-level directory even when it misses what is made inside it at once.
  const watch = (glob: vscode.GlobPattern) => vscode.workspace.createFileSystemWatcher(glob, false, true, true);
  const states = DISCOVERY_GLOBS.map(watch);
  const tops = (vscode.workspace.workspaceFolders ?? []).map((f) => watch(new vscode.RelativePattern(f, '*')));
  let timer: NodeJS.Timeout | undefined;
  let again: NodeJS.Timeout | undefined;
  const search = () =>
    findStateFiles(100).then(
      (files) => {
        if (files.length) found(files);
      },
      (e: unknown) => log.warn(`[Folders] Could not look for pulled folders: ${String(e)}`),
    );
  const look = () => {
    clearTimeout(timer);
    clearTimeout(again);
    timer = setTimeout(() => {
      log.debug('[Folders] A state directory, a state file or a top-level directory was created: looking for pulled folders.');
      void search();
      // Once more after a while: a pull still writing when the first search ran has its state file by then.
      again = setTimeout(() => void search(), DISCOVERY_AGAIN_MS);
    }, DISCOVERY_DEBOUNCE_MS);
  };
  const lookIfDirectory = (uri: vscode.Uri) =>
    vscode.workspace.fs.stat(uri).then(
      ({ type }) => {
        if (type & vscode.FileType.Directory) look();
        else log.trace(`[Folders] ${uri.fsPath} was created at the top of the workspace: not a directory, no search.`);
      },
      () => undefined,
    );
  const subscriptions = [...states.map((w) => w.onDidCreate(look)), ...tops.map((w) => w.onDidCreate(lookIfDirectory))];
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    clearTimeout(again);
    for (const d of [...subscriptions, ...states, ...tops]) d.dispose();
  });
}
