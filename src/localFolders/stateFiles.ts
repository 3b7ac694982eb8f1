// Where a pulled folder's state file is (the engine's STATE_FILE, `.wsa/state.json`), as a glob for
// the activation event, the file watchers and the search at startup. Its own file, without imports,
// so that activation can watch for it without loading the engine (test/unit/localFolders.test.ts
// holds it to the engine's name).
export const STATE_FILE_GLOB = '**/.wsa/state.json';

/** Anything in a state directory: its deletion (or its state file's) ends a pulled folder's view. */
export const STATE_DIR_GLOB = '**/.wsa/**';
