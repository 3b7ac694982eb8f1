// Composition root: the features, each registering its views and commands (its index.ts) with what
// it needs from the ones before it; nothing else creates long-lived objects. In ExtensionMode.Test
// it returns the API that the integration tests and the benchmark use (src/testApi.ts).
// First: the vscode-free modules below word some labels when they load.
import './ui/localization';
import * as vscode from 'vscode';
import { registerAgents } from './agents';
import { Configuration } from './manifest/config';
import { COMMANDS } from './manifest/contributions';
import { registerConnection } from './connection';
import { signInToOrigin } from './connection/api';
import { registerDocuments } from './documents';
import { registerEnvironments } from './environments';
import { registerDashboardLanguage } from './dashboardLanguage';
import { registerLocalFolders } from './localFolders';
import { registerPublish } from './publish';
import { defaultTunables, testApi, type WorkspaceAutomationApi } from './testApi';
import { registerCommand } from './ui/registerCommand';
import { ownedBy } from './util/lifecycle';
import { registerHistory } from './history';
import { registerExplorer } from './explorer';

export type { WorkspaceAutomationApi } from './testApi';

export async function activate(context: vscode.ExtensionContext): Promise<WorkspaceAutomationApi | undefined> {
  const own = ownedBy(context.subscriptions);
  const log = own(vscode.window.createOutputChannel('Workspace Automation', { log: true }));
  // Show Log first: it works even if a feature fails to start.
  own(registerCommand(log, COMMANDS.showLog, () => log.show()));
  const config = own(new Configuration());
  const tunables = defaultTunables();

  const connection = registerConnection(context, { log, config, options: tunables.connection });
  // The production guard: every write path below asks it before sending to a protected connection.
  const environments = registerEnvironments(context, {
    log,
    config,
    connectionsChanged: config.onDidChange,
    clientSettings: () => [connection.manager.userCarriers(), connection.manager.requestTimeoutMs()],
    connection: connection.manager,
    statusBar: connection.statusBar,
    options: tunables.environments,
    compare: {
      connection: connection.manager,
      signIn: (target, ask) => signInToOrigin(connection.manager, log, target, ask),
    },
  });
  const { guard } = environments;
  const documents = registerDocuments(context, {
    log,
    config,
    connection: connection.manager,
    options: { files: tunables.files, conflicts: tunables.conflicts },
    guard,
    pins: environments.pins,
  });
  const dashboards = registerDashboardLanguage(context, {
    log,
    config,
    connection: connection.manager,
    baseOf: documents.baseOf,
    windowOwns: (uri) => documents.documents.windowOwns(uri),
    onDidSave: documents.saves.onDidSave,
  });
  const explorer = registerExplorer(context, {
    log,
    config,
    connection: connection.manager,
    onDidSave: documents.saves.onDidSave,
    windowOwns: (uri) => documents.documents.windowOwns(uri),
    pin: () => environments.pins.authority(),
    others: environments.pins,
  });
  const history = registerHistory(context, {
    log,
    connection: connection.manager,
    revisions: documents.revisions,
    windowOwns: (uri) => documents.documents.windowOwns(uri),
    // An item or document of another connection: its history read through that connection.
    otherConnection: async (arg) => {
      const uri = environments.pins.pinnedUriOf(arg);
      return uri && documents.documents.otherReach(uri, uri.path.split('/')[1] ?? '');
    },
    onDidDropOthers: environments.pins.onDidDrop,
    onDidSave: documents.saves.onDidSave,
    options: tunables.history,
  });
  const publish = registerPublish(context, {
    log,
    connection: connection.manager,
    revisions: documents.revisions,
    documents: documents.documents,
    explorer: explorer.view.model,
    history,
    onDidSave: documents.saves.onDidSave,
    dialogs: () => tunables.publish.dialogs,
    restoreSaver: {
      saveText: (uri, text) => documents.saves.saveText(uri, text, undefined, undefined, 'restore'),
      offer: (conflict) => documents.conflicts.offer(conflict),
    },
    guard,
  });
  const folders = registerLocalFolders(context, {
    log,
    config,
    connection: connection.manager,
    documents,
    options: tunables.folders,
    dashboards,
    lookAgainOn: [explorer.onDidRefreshAll],
    guard,
  });
  const agents = registerAgents(context, {
    log,
    config,
    connection: connection.manager,
    files: documents,
    options: tunables.agents,
    pin: () => environments.pins.authority(),
  });

  // VS Code runs the command that activated us only after activate() settles: reading the key
  // (local, no network) first means no command ever meets a connection that is not set up yet.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connection.ready, new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
  clearTimeout(timer);

  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  const { manager, localEmulator, statusBar, ready } = connection;
  const { revisions, diagnostics, saves, fileSystem, conflicts, heldUi } = documents;
  return testApi(
    {
      log,
      config,
      connection: manager,
      secrets: context.secrets,
      revisions,
      explorer: explorer.view,
      localEmulator,
      statusBar,
      diagnostics,
      files: saves,
      conflicts,
      history,
      publish,
      fileSystem,
      heldUi,
      dashboards,
      folders,
      agents,
      environments,
      ready,
    },
    tunables,
  );
}

export function deactivate(): void {}
