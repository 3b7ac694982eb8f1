// The explorer feature: the vscode-free model of the workspace's resources, the tree that shows it
// and its commands. A save moves a resource's draft, so the items that show it are read again after
// each save.
import * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConnectionProvider } from '../connection/api';
import { ExplorerModel } from './model/explorerModel';
import { parseFilePath, VIEWS } from '../kinds/resourcePath';
import { ownedBy } from '../util/lifecycle';
import { ExplorerCommands } from './vscode/explorerCommands';
import type { OtherConnections } from './vscode/connectionRoots';
import { ExplorerView } from './vscode/explorerTree';

export interface ExplorerDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionProvider;
  /** Saves that reached the service (DocumentSaver.onDidSave). */
  onDidSave: vscode.Event<{ uri: vscode.Uri }>;
  /** The authority a document opened from the tree carries: the connection it is pinned to. */
  pin?: () => string;
  /** Whether the window's connection serves a `wsa:` document (DocumentRegistry.windowOwns): another's save refreshes nothing here. */
  windowOwns?: (uri: vscode.Uri) => boolean;
  /** The user's other connections: a root each, beside the window's groups. */
  others?: OtherConnections;
}

export interface ExplorerFeature {
  /** The tree: `model` (vscode-free), `provider`, `view` (TreeView), `poller`. */
  readonly view: ExplorerView;
  /** The user refreshed the whole explorer (Refresh): a feature may look again for what a lost event hid. */
  readonly onDidRefreshAll: vscode.Event<void>;
}

export function registerExplorer(
  context: vscode.ExtensionContext,
  { log, config, connection, onDidSave, pin, windowOwns, others }: ExplorerDeps,
): ExplorerFeature {
  const own = ownedBy(context.subscriptions);
  // Nothing here makes a request until the tree is shown.
  const model = own(new ExplorerModel(connection, { log }));
  model.setAddedIds(config.read().resources);
  own(config.onDidChange((s) => model.setAddedIds(s.resources)));
  const view = own(new ExplorerView(model, connection, log, undefined, others));
  own(onDidSave(({ uri }) => (windowOwns?.(uri) === false ? undefined : void refreshExplorerItems(model, uri, log))));
  const commands = own(new ExplorerCommands(model, view, connection, config, log, pin));
  return { view, onDidRefreshAll: commands.onDidRefreshAll };
}

/** Re-reads the explorer items that show the resource of a saved `wsa:` file, if any are loaded. */
async function refreshExplorerItems(model: ExplorerModel, uri: vscode.Uri, log: vscode.LogOutputChannel): Promise<void> {
  const { id, view } = parseFilePath(uri.path);
  // Only editable files are saved; the node to refresh is the one of the file's kind.
  const kind = VIEWS[view].editable ? VIEWS[view].kind : undefined;
  const node = kind && model.nodesFor(id, kind)[0];
  if (!node) return;
  try {
    await model.refreshResource(node);
  } catch (e) {
    log.debug(`[Explorer] Could not refresh ${id} after its save: ${e instanceof Error ? e.message : String(e)}`);
  }
}
