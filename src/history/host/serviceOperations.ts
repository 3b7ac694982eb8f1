// What the history panel offers for publish and restore, and why not when it does not. Both run
// through the revision operations (src/publish): one question, the service's operation where its
// capabilities say so, else, for a restore of a kind whose revision value is its text, the guarded
// save of that text.
import * as vscode from 'vscode';
import { restoresBySave } from '../../kinds/resourceKinds';
import type { HistoryKind } from './historyTarget';
import type { ActionAvailability } from '../protocol/protocol';

/**
 * The service's revision operations (src/publish), as the history panel uses them: each
 * asks, sends once with the version token, and tells the outcome.
 */
export interface ServiceOperations {
  publish(target: ServiceOperationTarget, revisionId: string): Promise<unknown>;
  /** `saved`: restored by saving the revision's text; the panel selects the new draft. */
  restore(target: ServiceOperationTarget, revisionId: string): Promise<{ status: string; draftRevisionId?: string | undefined }>;
  /** Whether a restore the service does not offer can be made by saving the revision's text. */
  readonly savesRestores: boolean;
}

export interface ServiceOperationTarget {
  workspaceId: string;
  kind: HistoryKind;
  resourceId: string;
  fileId?: string;
  name: string;
}

/** Publish is offered where the capabilities say so (and the service operations are wired). */
export function publishAvailability(capabilities: { publish: boolean }, hasOperations: boolean): ActionAvailability {
  if (!capabilities.publish)
    return {
      enabled: false,
      reason: vscode.l10n.t('The service reports that this resource cannot be published (capabilities.publish is false).'),
    };
  return hasOperations ? { enabled: true } : { enabled: false, reason: vscode.l10n.t('Publishing is not available.') };
}

/**
 * Restore through the service where the capabilities say restore; otherwise, for the kinds whose
 * revision value is their text, by saving that text.
 */
export function restoreAvailability(
  kind: HistoryKind,
  capabilities: { restore: boolean },
  operations: Pick<ServiceOperations, 'savesRestores'> | undefined,
): ActionAvailability {
  if (!operations) return { enabled: false, reason: vscode.l10n.t('Restoring is not available.') };
  if (capabilities.restore) return { enabled: true };
  if (!restoresBySave(kind))
    return {
      enabled: false,
      reason: vscode.l10n.t(
        'No restore here (capabilities.restore is false), and its revisions cannot be saved as a new draft. Open or compare them instead.',
      ),
    };
  if (!operations.savesRestores)
    return {
      enabled: false,
      reason: vscode.l10n.t('Restore needs the guarded save of Workspace Automation files, which is not available.'),
    };
  return { enabled: true };
}
