// Where a pulled folder's state file is (the engine's STATE_FILE, `.wsa/state.json`), as a glob for
// the activation event, the file watchers and the search at startup. Its own file, without imports,
// so that activation can watch for it without loading the engine (test/unit/localFolders.test.ts
// holds it to the engine's name).
export const STATE_FILE_GLOB = '**/.wsa/state.json';

/**
 * What the watchers listen to: anything in a state directory. The engine writes the state file by
 * renaming a temporary file over it, which file watchers report as a create, a change or only the
 * directory's creation; any of them means "look again".
 */
export const STATE_DIR_GLOB = '**/.wsa/**';
