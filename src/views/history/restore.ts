// Restore: re-save an older revision's value as a new draft through the same guarded save as an
// edit of the resource's `wsa:` file (expected tokens, conflicts offered for resolution), after a
// confirmation that names the revision. Only dashboards and managed databases can be restored:
// the spec has no restore or update endpoint for operations and apps.
import * as vscode from 'vscode';
import { notificationText } from '../../util/notify';
import { revisionLabel } from '../../model/history/items';
import type { HistoryItem } from '../../shared/history/historyItem';
import { FILE_SCHEME, filePath, type FileView } from '../../model/resourcePath';
import type { RevisionCache } from '../../model/revisionCache';
import { isError, type SaveConflict, type SaveResult } from '../../model/saveTypes';
import { revisionText } from '../../model/serialize';
import { confirmation } from '../../fs/saveMessages';
import type { HistoryKind } from './historyTarget';
import type { RestoreAvailability } from '../../shared/history/protocol';
import { describeError } from '../../ui/describeError';
import { reportError } from '../../ui/reportError';

/** The guarded save of `wsa:` files (`files.saveText`): tokens checked, conflicts offered. */
export interface RestoreSaver {
  saveText(uri: vscode.Uri, text: string): Promise<SaveResult>;
}

/** Conflict resolution (`conflicts.offer`): Compare, Merge or Overwrite. */
export interface ConflictHandler {
  offer(conflict: SaveConflict): unknown;
}

/**
 * The service's revision operations (src/publish), as the history panel uses them: each
 * asks, sends once with the version token, and tells the outcome.
 */
export interface ServiceOperations {
  publish(target: ServiceOperationTarget, revisionId: string): Promise<unknown>;
  restore(target: ServiceOperationTarget, revisionId: string): Promise<unknown>;
}

export interface ServiceOperationTarget {
  workspaceId: string;
  kind: HistoryKind;
  resourceId: string;
  fileId?: string;
  name: string;
}

/** Publish is offered where the capabilities say so (and the service operations are wired). */
export function publishAvailability(capabilities: { publish: boolean }, hasOperations: boolean): RestoreAvailability {
  if (!capabilities.publish)
    return {
      enabled: false,
      reason: vscode.l10n.t('The service reports that this resource cannot be published (capabilities.publish is false).'),
    };
  return hasOperations ? { enabled: true } : { enabled: false, reason: vscode.l10n.t('Publishing is not available.') };
}

/**
 * Restore through the service where the capabilities say restore; otherwise, for the
 * kinds the extension can save, today's guarded save of the old value.
 */
export function restoreAvailability(
  kind: HistoryKind,
  capabilities: { restore: boolean },
  canSave: boolean,
  serviceRestore = false,
): RestoreAvailability {
  if (capabilities.restore && serviceRestore) return { enabled: true };
  if (kind === 'operation')
    return {
      enabled: false,
      reason: vscode.l10n.t(
        'Operations cannot be restored: the service interface has no restore or update endpoint for operation handlers. Open or compare their revisions instead.',
      ),
    };
  if (kind === 'app')
    return {
      enabled: false,
      reason: vscode.l10n.t(
        'Apps cannot be restored: the service interface has no restore or update endpoint for apps. Open or compare their revisions instead.',
      ),
    };
  if (!capabilities.restore)
    return {
      enabled: false,
      reason: vscode.l10n.t('The service reports that this resource cannot be restored (capabilities.restore is false).'),
    };
  if (!canSave)
    return {
      enabled: false,
      reason: vscode.l10n.t('Restore needs the guarded save of Workspace Automation files, which is not available.'),
    };
  return { enabled: true };
}

export interface RestoreRequest {
  workspaceId: string;
  kind: HistoryKind;
  view: FileView;
  resourceId: string;
  /** The id in the `wsa:` path; for a dashboard found from its resource when unknown. */
  fileId: () => Promise<string | undefined>;
  name: string;
  item: HistoryItem;
  draftSequence: number;
}

export interface RestoreDeps {
  revisions: RevisionCache;
  saver: RestoreSaver;
  conflicts: ConflictHandler | undefined;
  confirm(message: string, detail: string): Promise<boolean>;
}

export type RestoreOutcome =
  | { status: 'cancelled' }
  | { status: 'saved'; draftRevisionId: string | undefined; message: string }
  | { status: 'conflict'; offered: boolean; message: string }
  | { status: 'invalid'; message: string }
  | { status: 'failed'; error: unknown; what: string };

export async function restoreRevision(req: RestoreRequest, deps: RestoreDeps, busy: (on: boolean) => void): Promise<RestoreOutcome> {
  const label = revisionLabel(req.item);
  const confirmed = await deps.confirm(
    vscode.l10n.t('Restore revision {0} of “{1}”?', label, req.name),
    vscode.l10n.t(
      'Its content is saved as a new draft after the current draft #{0}, with the same checks as saving the file. The current draft stays in the history.',
      req.draftSequence,
    ),
  );
  if (!confirmed) return { status: 'cancelled' };
  const what = vscode.l10n.t('Could not restore {0}', label);
  busy(true);
  try {
    const fileId = await req.fileId();
    if (!fileId) {
      return {
        status: 'failed',
        what,
        error: new Error(
          vscode.l10n.t(
            'the dashboard (oper_…) of {0} is not known; open the history from the dashboard itself to restore',
            req.resourceId,
          ),
        ),
      };
    }
    const revision = await deps.revisions.get(req.resourceId, req.item.id);
    const uri = vscode.Uri.from({
      scheme: FILE_SCHEME,
      path: filePath({ workspaceId: req.workspaceId, view: req.view, id: fileId, name: req.name }),
    });
    const result = await deps.saver.saveText(uri, revisionText(req.view, revision.value));
    switch (result.status) {
      case 'saved':
        return {
          status: 'saved',
          draftRevisionId: result.snapshot.revision?.revisionId,
          message: vscode.l10n.t('Restored {0} as a new draft ({1}){2}.', label, result.snapshot.label, confirmation(result)),
        };
      case 'conflict':
        if (deps.conflicts) void deps.conflicts.offer(result.conflict);
        return {
          status: 'conflict',
          offered: !!deps.conflicts,
          message: vscode.l10n.t(
            '{0}: “{1}” changed on the service (now {2}) while restoring. Nothing was saved.',
            what,
            req.name,
            result.conflict.latest.label,
          ),
        };
      case 'invalid': {
        const first = result.problems.find(isError) ?? result.problems[0];
        const where = first ? ` (line ${first.line}, column ${first.column}: ${first.message})` : '';
        return { status: 'invalid', message: vscode.l10n.t('{0}: the service refused its content{1}.', what, where) };
      }
      case 'failed':
        return { status: 'failed', error: result.error, what };
    }
  } catch (error) {
    return { status: 'failed', error, what };
  } finally {
    busy(false);
  }
}

/** What the panel does with a guarded-save restore's outcome: tell it, and show the new state. */
export async function showRestoreOutcome(
  outcome: RestoreOutcome,
  panel: {
    log: vscode.LogOutputChannel;
    notice(message: string): void;
    refresh(select?: string[]): Promise<void>;
    reload(): Promise<void>;
  },
): Promise<void> {
  switch (outcome.status) {
    case 'cancelled':
      return;
    case 'saved':
      panel.log.info(`[History] ${outcome.message}`);
      void vscode.window.showInformationMessage(notificationText(outcome.message));
      await panel.refresh(outcome.draftRevisionId ? [outcome.draftRevisionId] : undefined);
      return;
    case 'conflict':
    case 'invalid':
      panel.log.warn(`[History] ${outcome.message}`);
      panel.notice(outcome.message);
      if (outcome.status === 'invalid' || !outcome.offered) void vscode.window.showErrorMessage(notificationText(outcome.message));
      await panel.reload();
      return;
    case 'failed':
      panel.notice(describeError(outcome.error, outcome.what).message);
      reportError(panel.log, outcome.error, outcome.what);
      return;
  }
}
