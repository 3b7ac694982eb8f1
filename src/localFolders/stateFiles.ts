// Where a pulled folder's state file is (the engine's STATE_FILE, `.wsa/state.json`), as a glob for
// the activation event, the file watchers and the search at startup. Its own file, without imports,
// so that activation can watch for it without loading the engine (test/unit/localFolders.test.ts
// holds it to the engine's name).
export const STATE_FILE_GLOB = '**/.wsa/state.json';

/** Anything in a state directory: its deletion (or its state file's) ends a pulled folder's view. */
export const STATE_DIR_GLOB = '**/.wsa/**';

/**
 * What a new pulled folder shows first: its state directory or its state file. Narrow on purpose:
 * a watcher of every creation would run a workspace search after each build or install.
 */
export const DISCOVERY_GLOBS = ['**/.wsa', STATE_FILE_GLOB] as const;
