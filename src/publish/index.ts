// The publish feature: Publish… and restore through the service, Compare with Published (their
// commands: publishCommands.ts), the draft/published status bar item; and after a publish or restore, what shows the
// resource reads it again: its explorer items, its open documents (a clean one reloads, one with
// unsaved edits is left to the remote-change rules) and its history panel.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../connection/api';
import type { WriteGuard } from '../environments/api';
import type { DocumentRegistry } from '../documents/api';
import type { ExplorerModel } from '../explorer/model/explorerModel';
import { FILE_SCHEME, parseFilePath, VIEWS } from '../kinds/resourcePath';
import type { RevisionCache } from '../documents/model/revisionCache';
import type { ServerSnapshot } from '../documents/model/saveTypes';
import { ownedBy } from '../util/lifecycle';
import type { HistoryFeature } from '../history/api';
import type { GuardedSaver } from './guardedRestore';
import { OperationTargets } from './operationTargets';
import { registerPublishCommands } from './publishCommands';
import { PublishStatusBar } from './publishStatusBar';
import { draftOfSnapshot } from '../kinds/kindModules';
import type { HistoryChange } from './revisionOperationsUi';
import { VSCODE_OPERATION_DIALOGS, type OperationDialogs } from './operationDialogs';
import { LazyOperations, type PublishOperations } from './operations';

export interface PublishDeps {
  log: vscode.LogOutputChannel;
  connection: ConnectionProvider;
  revisions: RevisionCache;
  documents: DocumentRegistry;
  explorer: ExplorerModel;
  history: Pick<HistoryFeature, 'get' | 'useOperations'>;
  onDidSave: vscode.Event<{ uri: vscode.Uri; snapshot: ServerSnapshot }>;
  /** Read at each question, so that the integration tests can answer in the user's place. */
  dialogs?: () => OperationDialogs;
  /** The guarded save, for restores the service does not offer. */
  restoreSaver?: GuardedSaver;
  /** The production guard, asked before a publish or restore is sent. */
  guard?: WriteGuard;
}

export interface PublishFeature {
  readonly operations: PublishOperations;
  readonly targets: OperationTargets;
  readonly statusBar: PublishStatusBar;
}

export function registerPublish(context: vscode.ExtensionContext, deps: PublishDeps): PublishFeature {
  const own = ownedBy(context.subscriptions);
  // An open dashboard's source read named its resource and draft: the status bar reads neither again.
  const ownRevision = (uri: vscode.Uri) => draftOfSnapshot(deps.documents.sessions.get(uri.toString())?.base);
  const targets = new OperationTargets(
    deps.connection,
    (uri) => draftOfSnapshot(deps.documents.sessions.get(uri)?.base)?.resourceId,
    (uri) => deps.documents.windowOwns(uri),
  );
  own(deps.connection.onDidChangeConnection(() => targets.clear()));
  // The questions and operations load on the first publish, restore or compare.
  const operations = own(
    new LazyOperations(async () => {
      const { RevisionOperationsUi } = await import('./revisionOperationsUi');
      return new RevisionOperationsUi(
        deps.connection,
        deps.revisions,
        deps.log,
        deps.dialogs ?? (() => VSCODE_OPERATION_DIALOGS),
        deps.restoreSaver,
        deps.guard,
      );
    }, deps.restoreSaver !== undefined),
  );
  const statusBar = own(new PublishStatusBar(deps.connection, targets, operations, deps.onDidSave, deps.log, ownRevision));
  own(operations.onDidChangeHistory((change) => void showChange(deps, change)));
  deps.history.useOperations(operations);
  context.subscriptions.push(...registerPublishCommands(deps.log, targets, operations));
  return { operations, targets, statusBar };
}

async function showChange(
  { explorer, documents, history, log }: PublishDeps,
  { target, op, history: after }: HistoryChange,
): Promise<void> {
  const fileId = target.fileId ?? target.resourceId;
  const work: Promise<unknown>[] = [];
  const panel = history.get(target.resourceId);
  // A restore's new draft is selected, as after a restore by the guarded save.
  if (panel) work.push(panel.refresh(op === 'restore' ? [after.draft.revisionId] : undefined));
  const node = explorer.nodesFor(fileId, target.kind)[0];
  if (node) work.push(explorer.refreshResource(node));
  for (const doc of vscode.workspace.textDocuments) {
    if (doc.uri.scheme !== FILE_SCHEME) continue;
    let file;
    try {
      file = parseFilePath(doc.uri.path);
    } catch {
      continue;
    }
    if (file.id === fileId && VIEWS[file.view].kind === target.kind) work.push(documents.refresh(doc.uri));
  }
  for (const r of await Promise.allSettled(work)) {
    if (r.status === 'rejected') log.debug(`[Publish] Could not show the change of ${target.resourceId}: ${String(r.reason)}`);
  }
}
