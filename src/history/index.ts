// The revision history feature: one webview panel per resource, and Show History. Publish and
// restore run through the revision operations (src/publish), which the publish feature hands over
// (useOperations).
import type * as vscode from 'vscode';
import { COMMANDS } from '../manifest/contributions';
import { registerCommand } from '../ui/registerCommand';
import type { ConnectionProvider } from '../connection/api';
import type { RevisionCache } from '../documents/model/revisionCache';
import { HistoryPanels, type HistoryPanelsDeps, type HistoryPanelsOptions } from './host/historyPanels';

export interface HistoryDeps {
  log: vscode.LogOutputChannel;
  connection: ConnectionProvider;
  revisions: RevisionCache;
  onDidSave: HistoryPanelsDeps['onDidSave'];
  options?: HistoryPanelsOptions;
}

export function registerHistory(context: vscode.ExtensionContext, { options, ...deps }: HistoryDeps): HistoryPanels {
  const panels = new HistoryPanels({ extensionUri: context.extensionUri, ...deps }, options);
  context.subscriptions.push(
    panels,
    registerCommand(deps.log, COMMANDS.showHistory, (arg?: unknown) => panels.show(arg)),
  );
  return panels;
}
