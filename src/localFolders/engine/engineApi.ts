// Local folders: a workspace pulled into ordinary files, edited with any tool, and pushed back with
// the concurrency tokens, never losing an edit. The public surface of the engine, for the CLI
// (src/cli/wsa.ts) and the VS Code side. vscode-free. Signatures here stay stable: add, do not rename.
//
//   const folder = new LocalFolder({ folder: '/abs/path', client: () => client, validate });
//   await folder.pull({ connection });            // the first pull names the connection
//   const { files } = await folder.status();      // per file: unchanged, localChange, remoteChange, conflict…
//   await folder.push();                          // or push({ files: ['dashboards/Sales.tsx'] })
//   await folder.baseText('dashboards/Sales.tsx') // the base a quick diff compares with
//
// Layout: one folder per kind (the registry's folder names), a file per resource named after it;
// `.wsa/state.json` (commit it; never holds the key), the base texts in `.wsa/bases.json` (a pull's)
// and `.wsa/base/` (a push's copies), both ignored by `.wsa/.gitignore`.
// A target of a folder several share (`wsa --target`) has its own: `layout: targetLayout(name)`
// (`.wsa/targets/<name>.json` and its bases beside it, folderLayout.ts).
export { LocalFolder } from './localFolder';
export type { PushOptions } from './folderPush';
export type { PullOptions } from './folderPull';
export type { StatusOptions } from './folderStatus';
export { sameConnection, type LocalFolderOptions } from './folderContext';
export type { ResourceRef } from './folderScope';
export {
  BASE_DIR,
  FolderStateError,
  MAX_STATE_FILES,
  STATE_DIR,
  STATE_FILE,
  readState,
  readLocal,
  writeLocal,
  type FileEntry,
  type FolderConnection,
  type FolderState,
} from './folderState';
export { DEFAULT_LAYOUT, moveState, TARGET_NAME, TARGETS_DIR, targetLayout, type FolderLayout } from './folderLayout';
export { fileSafeName, inLayout } from './folderNames';
export { normalizeEol, textHash } from './folderText';
export { describeFailure } from './folderMessages';
export { MAX_FOLDER_FILES } from './folderRemote';
export type * from './folderTypes';
