// The explorer feature: the vscode-free model of the workspace's resources and the tree that shows
// it. A save moves a resource's draft, so the items that show it are read again after each save.
import * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConnectionProvider } from '../connection/connectionProvider';
import { ExplorerModel } from './model/explorerModel';
import { parseFilePath, VIEWS } from '../kinds/resourcePath';
import { ownedBy } from '../util/lifecycle';
import { ExplorerView } from './vscode/explorerTree';

export interface ExplorerDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  connection: ConnectionProvider;
  /** Saves that reached the service (DocumentSaver.onDidSave). */
  onDidSave: vscode.Event<{ uri: vscode.Uri }>;
}

export function registerExplorer(context: vscode.ExtensionContext, { log, config, connection, onDidSave }: ExplorerDeps): ExplorerView {
  const own = ownedBy(context.subscriptions);
  // Nothing here makes a request until the tree is shown.
  const model = own(new ExplorerModel(connection, { log }));
  model.setAddedIds(config.read().resources);
  own(config.onDidChange((s) => model.setAddedIds(s.resources)));
  const explorer = own(new ExplorerView(model, connection, log));
  own(onDidSave(({ uri }) => void refreshExplorerItems(model, uri, log)));
  return explorer;
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
