// Every command of the extension, registered through the one wrapper (registerCommand.ts). Only the
// composition root imports this folder (eslint.config.mjs): commands are the top layer, and the
// ids live in src/manifest/contributions.ts for everyone else.
import type * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConflictResolver } from '../documents/conflicts/conflictResolver';
import type { ConnectionFeature } from '../connection';
import { COMMANDS } from '../manifest/contributions';
import type { FilesFeature } from '../documents/files/registerFiles';
import type { HistoryPanels } from '../history/host/historyPanels';
import type { ExplorerView } from '../explorer/vscode/explorerTree';
import { ConnectionCommands } from '../connection/connectionCommands';
import { ExplorerCommands } from '../explorer/vscode/explorerCommands';
import { registerCommand, runCommandsAfter } from '../ui/registerCommand';
import { registerSaveCommands } from '../documents/files/saveCommands';
import type { PublishFeature } from '../publish';
import { registerPublishCommands } from '../publish/publishCommands';
import type { LocalFoldersFeature } from '../localFolders';
import { FolderCommands } from '../localFolders/vscode/folderCommands';

export interface CommandDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionFeature;
  files: FilesFeature;
  conflicts: ConflictResolver;
  explorer: ExplorerView;
  history: HistoryPanels;
  publish: PublishFeature;
  folders: LocalFoldersFeature;
}

/** Show Log, first: it works even if a feature fails to start. */
export function registerLogCommand(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(registerCommand(log, COMMANDS.showLog, () => log.show()));
}

/** The commands of the features. */
export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { log, config, connection, files, conflicts, explorer, history, publish, folders } = deps;
  runCommandsAfter(connection.ready);
  context.subscriptions.push(
    new ConnectionCommands(connection.manager, connection.signIn, connection.localEmulator, log),
    new ExplorerCommands(explorer.model, explorer, connection.manager, config, log, folders.look),
    ...registerSaveCommands(log, files.saves, files.held, conflicts),
    registerCommand(log, COMMANDS.showHistory, (arg?: unknown) => history.show(arg)),
    ...registerPublishCommands(log, publish),
    new FolderCommands(folders, log),
  );
}
