// Composition root: the features, each registering itself with what it needs from the ones before
// it; nothing else creates long-lived objects. In ExtensionMode.Test it returns the API that the
// integration tests and the benchmark use (src/testApi.ts).
// First: the vscode-free modules below word some labels when they load.
import './ui/localization';
import * as vscode from 'vscode';
import { registerAgents } from './agents/vscode/registerAgents';
import { registerCommands, registerLogCommand } from './commands';
import { Configuration } from './manifest/config';
import { registerConflicts } from './documents';
import { registerConnection } from './connection';
import { registerFiles } from './documents/files/registerFiles';
import { registerDashboardLanguage } from './dashboardLanguage';
import { registerLocalFolders } from './localFolders';
import { registerPublish } from './publish';
import { defaultTunables, testApi, type WorkspaceAutomationApi } from './testApi';
import { ownedBy } from './util/lifecycle';
import { registerHistory } from './history';
import { registerExplorer } from './explorer';

export type { WorkspaceAutomationApi } from './testApi';

export async function activate(context: vscode.ExtensionContext): Promise<WorkspaceAutomationApi | undefined> {
  const own = ownedBy(context.subscriptions);
  const log = own(vscode.window.createOutputChannel('Workspace Automation', { log: true }));
  registerLogCommand(context, log);
  const config = own(new Configuration());
  const tunables = defaultTunables();

  const connection = registerConnection(context, { log, config, options: tunables.connection });
  const files = registerFiles(context, { log, config, connection: connection.manager, options: tunables.files });
  const dashboards = registerDashboardLanguage(context, {
    log,
    config,
    connection: connection.manager,
    baseOf: files.baseOf,
    onDidSave: files.saves.onDidSave,
  });
  const conflicts = registerConflicts(context, { log, files: files.saves, problems: files.diagnostics, options: tunables.conflicts });
  const explorer = registerExplorer(context, { log, config, connection: connection.manager, onDidSave: files.saves.onDidSave });
  const history = registerHistory(context, {
    log,
    connection: connection.manager,
    revisions: files.revisions,
    onDidSave: files.saves.onDidSave,
    options: tunables.history,
  });
  const publish = registerPublish(context, {
    log,
    connection: connection.manager,
    revisions: files.revisions,
    documents: files.documents,
    explorer: explorer.model,
    history,
    onDidSave: files.saves.onDidSave,
    dialogs: () => tunables.publish.dialogs,
    restoreSaver: { saveText: (uri, text) => files.saves.saveText(uri, text), offer: (conflict) => conflicts.offer(conflict) },
  });
  const folders = registerLocalFolders(context, {
    log,
    config,
    connection: connection.manager,
    files,
    conflicts,
    options: tunables.folders,
    dashboards,
  });
  registerCommands(context, { log, config, connection, files, conflicts, explorer, history, publish, folders });
  const agents = registerAgents(context, { log, config, connection: connection.manager, files, options: tunables.agents });

  // VS Code runs the command that activated us only after activate() settles: reading the key
  // (local, no network) first means no command ever meets a connection that is not set up yet.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connection.ready, new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
  clearTimeout(timer);

  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  const { manager, localEmulator, statusBar, ready } = connection;
  const { revisions, diagnostics, saves, fileSystem } = files;
  return testApi(
    {
      log,
      config,
      connection: manager,
      secrets: context.secrets,
      revisions,
      explorer,
      localEmulator,
      statusBar,
      diagnostics,
      files: saves,
      conflicts,
      history,
      publish,
      fileSystem,
      dashboards,
      folders,
      agents,
      ready,
    },
    tunables,
  );
}

export function deactivate(): void {}
