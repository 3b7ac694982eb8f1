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
import { registerSaveCommands } from './commands/saveCommands';
import { ConflictResolver } from './conflicts/conflictResolver';
import { EditBases } from './fs/editBases';
import { FileSaves } from './fs/fileSaves';
import { FileState } from './fs/fileState';
import { HeldSaves } from './fs/heldSaves';
import { HeldSavesUi } from './fs/heldSavesUi';
import { RemoteChangeWatcher } from './fs/remoteChanges';
import { WsaFileSystem } from './fs/wsaFileSystem';
import { RevisionFileSystem } from './fs/revisionFileSystem';
import { ExplorerModel } from './model/explorer/explorerModel';
import { parseFilePath, type FileView } from './model/resourcePath';
import { RevisionCache } from './model/revisionCache';
import { SaveDiagnostics } from './validation/saveDiagnostics';
import { validateText } from './validation/validate';
import { ExplorerView } from './views/tree/explorerTree';
import { HistoryPanels } from './views/history/historyPanels';

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
  /** The `wsa:` files' saves: ConflictFiles (saveText, adoptBase, readLatest, baseOf), refresh, held auto saves. */
  readonly files: FileSaves;
  /** Compare / Merge / Overwrite for a save that met a stale token. */
  readonly conflicts: ConflictResolver;
  /** Revision history panels: `show(arg)`, `get(resourceId)`, `all()`, `useDialogs()` for tests. */
  readonly history: HistoryPanels;
  /** The `wsa:` FileSystemProvider, for the benchmark that times its reads and writes without VS Code's IPC. */
  readonly fileSystem: WsaFileSystem;
  /** Resolves when the connection has read its settings and key. */
  readonly ready: Promise<void>;
}

export async function activate(context: vscode.ExtensionContext): Promise<WorkspaceAutomationApi> {
  const log = vscode.window.createOutputChannel('Workspace Automation', { log: true });
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  own(log);
  own(registerCommand(log, 'workspaceAutomation.showLog', () => log.show()));

  const config = own(new Configuration());
  const connection = own(new ConnectionManager(context.secrets, config, log, context.globalState));
  // Reads the settings and the key (local, no network); it tells its listeners after an await, so
  // everything below is wired by then.
  const ready = connection.initialize();
  const revisions = new RevisionCache(() => connection.require().client);
  own(connection.onDidChangeConnection(() => revisions.clear()));
  own(new RevisionFileSystem(connection, revisions));

  // Connection UX and the explorer: nothing here makes a request until the tree is shown.
  const emulatorScript = vscode.Uri.joinPath(context.extensionUri, 'dist', 'emulator.js').fsPath;
  const localEmulator = own(new LocalEmulator(emulatorScript, vscode.Uri.joinPath(context.globalStorageUri, 'emulator').fsPath, log));
  const statusBar = own(new ConnectionStatusBar(connection, ready));
  own(new ConnectionCommands(connection, new SignInFlow(connection, config, log), localEmulator, log));
  const explorerModel = own(new ExplorerModel(connection, { log }));
  explorerModel.setAddedIds(config.read().resources);
  own(config.onDidChange((s) => explorerModel.setAddedIds(s.resources)));
  const explorer = own(new ExplorerView(explorerModel, connection, log));
  own(new ExplorerCommands(explorerModel, explorer, connection, config, log));

  // Why saves were refused, for the file system's saves (ProblemSink) and the conflict resolver.
  const diagnostics = own(new SaveDiagnostics(log));

  // The `wsa:` files and their guarded saves. Local validation runs before a save is sent; the TSX
  // parser is a separate bundle, required on the first dashboard save only.
  const tsxCheckPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'tsx-check.js').fsPath;
  const validate = (view: FileView, text: string) => validateText(view, text, { tsxCheckPath });
  const held = own(new HeldSaves(context.workspaceState, log));
  const fileState = own(new FileState(connection, revisions, held, new EditBases(context.workspaceState, log), log));
  const files = own(new FileSaves(fileState, config, diagnostics, validate, log));
  const fileSystem = own(new WsaFileSystem(fileState, files));
  own(new RemoteChangeWatcher(fileState, log));
  own(new HeldSavesUi(held));
  const conflicts = own(new ConflictResolver(log, files, diagnostics));
  // A save moves the resource's draft: the explorer items that show it read it again.
  own(files.onDidSave(({ uri }) => void refreshExplorerItems(explorerModel, uri, log)));
  for (const d of registerSaveCommands(log, files, held, conflicts)) own(d);

  // Revision history: one webview panel per resource; Restore saves through the guarded file saves.
  const history = own(
    new HistoryPanels({
      extensionUri: context.extensionUri,
      connection,
      revisions,
      log,
      saver: () => files,
      conflicts: () => conflicts,
      onDidSave: files.onDidSave,
    }),
  );

  // VS Code runs the command that activated us only after activate() settles: reading the key
  // (local, no network) first means no command ever meets a connection that is not set up yet.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
  clearTimeout(timer);
  return { log, config, connection, revisions, explorer, localEmulator, statusBar, diagnostics, files, conflicts, history, fileSystem, ready };
}

/** Re-reads the explorer items that show the resource of a saved `wsa:` file, if any are loaded. */
async function refreshExplorerItems(model: ExplorerModel, uri: vscode.Uri, log: vscode.LogOutputChannel): Promise<void> {
  const { id, view } = parseFilePath(uri.path);
  const kind = view === 'dashboard' || view === 'database' || view === 'fact' ? view : undefined;
  const node = kind && model.nodesFor(id, kind)[0];
  if (!node) return;
  try {
    await model.refreshResource(node);
  } catch (e) {
    log.debug(`[Explorer] Could not refresh ${id} after its save: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function deactivate(): void {}
