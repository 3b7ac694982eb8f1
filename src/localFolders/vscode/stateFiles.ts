// Where a pulled folder's state file is (the engine's STATE_FILE, `.wsa/state.json`), as a glob for
// the activation event, the file watchers and the search at startup. Its own file, without imports,
// so that activation can watch for it without loading the engine (test/unit/localFolders/localFolders.test.ts
// holds it to the engine's name).
export const STATE_FILE_GLOB = '**/.wsa/state.json';

/**
 * A target's state file (the engine's targetLayout: `.wsa/targets/<name>.json`): a folder used with
 * `wsa --target` has only these once its state moved there. What matches is checked before it counts
 * (the name's grammar, a regular file: folderTargets.ts).
 */
export const TARGET_STATE_GLOB = '**/.wsa/targets/*.json';

/**
 * Any path: the deletions a pulled folder's view ends with are its state's, its own, or a folder's
 * above it (a folder deleted whole is one event).
 */
export const ANY_PATH_GLOB = '**/*';

/**
 * What a new pulled folder shows first: its state directory or its state file. Narrow on purpose:
 * a watcher of every creation would run a workspace search after each build or install.
 */
export const DISCOVERY_GLOBS = ['**/.wsa', STATE_FILE_GLOB, TARGET_STATE_GLOB] as const;
