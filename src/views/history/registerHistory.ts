// The revision history feature: one webview panel per resource. Restore saves through the guarded
// file saves and hands a conflict to the conflict resolver.
import type * as vscode from 'vscode';
import type { ConnectionProvider } from '../../connection/connectionProvider';
import type { RevisionCache } from '../../model/revisionCache';
import { HistoryPanels, type HistoryPanelsDeps, type HistoryPanelsOptions } from './historyPanels';
import type { ConflictHandler, RestoreSaver } from './restore';

export interface HistoryDeps {
  log: vscode.LogOutputChannel;
  connection: ConnectionProvider;
  revisions: RevisionCache;
  saver: RestoreSaver;
  conflicts: ConflictHandler;
  onDidSave: HistoryPanelsDeps['onDidSave'];
  options?: HistoryPanelsOptions;
}

export function registerHistory(context: vscode.ExtensionContext, { options, ...deps }: HistoryDeps): HistoryPanels {
  const panels = new HistoryPanels({ extensionUri: context.extensionUri, ...deps }, options);
  context.subscriptions.push(panels);
  return panels;
}
