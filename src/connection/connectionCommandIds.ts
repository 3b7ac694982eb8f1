// The commands of src/connection/connectionCommands.ts: index.ts registers them at activation and
// loads that file (a chunk of its own) when one first runs.
import { COMMANDS } from '../manifest/contributions';

export const CONNECTION_COMMANDS = [
  COMMANDS.signIn,
  COMMANDS.switchWorkspace,
  COMMANDS.signOut,
  COMMANDS.connectEmulator,
  COMMANDS.showConnectionMenu,
  COMMANDS.signInToFolderService,
  COMMANDS.useMyKeyForFolderService,
  COMMANDS.acceptFolderHeaders,
  COMMANDS.allowPlainHttp,
] as const;

export type ConnectionCommandId = (typeof CONNECTION_COMMANDS)[number];
