// Composition root. Builds every part of the extension and wires them together; nothing else
// creates long-lived objects. Returns a small API that the integration tests use.
import * as vscode from 'vscode';
import { ConnectionCommands } from './commands/connectionCommands';
import { ExplorerCommands } from './commands/explorerCommands';
import { registerCommand } from './commands/registerCommand';
import { Configuration } from './config';
import { ConnectionManager } from './connection/connectionManager';
import { LocalEmulator } from './connection/emulatorLauncher';
import { SignInFlow } from './connection/signIn';
import { ConnectionStatusBar } from './connection/statusBar';
import { RevisionFileSystem } from './fs/revisionFileSystem';
import { ExplorerModel } from './model/explorer/explorerModel';
import { RevisionCache } from './model/revisionCache';
import { SaveDiagnostics } from './validation/saveDiagnostics';
import { ExplorerView } from './views/tree/explorerTree';

export interface WorkspaceAutomationApi {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionManager;
  readonly revisions: RevisionCache;
  /** The explorer: `model` (vscode-free), `provider` (TreeDataProvider), `view` (TreeView), `poller`. */
  readonly explorer: ExplorerView;
  /** The emulator that Connect to Local Emulator started in this window, if any. */
  readonly localEmulator: LocalEmulator;
  readonly statusBar: ConnectionStatusBar;
  /** Why the last save of a document was refused: diagnostics in the "Workspace Automation" collection. */
  readonly diagnostics: SaveDiagnostics;
  /** Resolves when the connection has read its settings and key. */
  readonly ready: Promise<void>;
}

export function activate(context: vscode.ExtensionContext): WorkspaceAutomationApi {
  const log = vscode.window.createOutputChannel('Workspace Automation', { log: true });
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  own(log);
  own(registerCommand(log, 'workspaceAutomation.showLog', () => log.show()));

  const config = own(new Configuration());
  const connection = own(new ConnectionManager(context.secrets, config, log, context.globalState));
  const revisions = new RevisionCache(() => connection.require().client);
  own(connection.onDidChangeConnection(() => revisions.clear()));
  own(new RevisionFileSystem(connection, revisions));

  // Connection UX and the explorer: nothing here makes a request until the tree is shown.
  const emulatorScript = vscode.Uri.joinPath(context.extensionUri, 'dist', 'emulator.js').fsPath;
  const localEmulator = own(new LocalEmulator(emulatorScript, vscode.Uri.joinPath(context.globalStorageUri, 'emulator').fsPath, log));
  const statusBar = own(new ConnectionStatusBar(connection));
  own(new ConnectionCommands(connection, new SignInFlow(connection, config, log), localEmulator, log));
  const explorerModel = own(new ExplorerModel(connection, { log }));
  explorerModel.setAddedIds(config.read().resources);
  own(config.onDidChange((s) => explorerModel.setAddedIds(s.resources)));
  const explorer = own(new ExplorerView(explorerModel, connection, log));
  own(new ExplorerCommands(explorerModel, explorer, connection, config, log));

  // Why saves were refused, for the file system's saves (ProblemSink) and the conflict resolver.
  const diagnostics = own(new SaveDiagnostics(log));

  const ready = connection.initialize();
  return { log, config, connection, revisions, explorer, localEmulator, statusBar, diagnostics, ready };
}

export function deactivate(): void {}
