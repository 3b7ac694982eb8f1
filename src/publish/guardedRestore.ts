// Restore where the service offers none (`capabilities.restore` false) for the kinds whose revision
// value is their document's text: the old text is saved as a new draft through the same guarded
// save as an edit of the resource's `wsa:` file (its tokens checked, a conflict offered for
// resolution, its checks and refusals at a line). The question before it is the one every restore
// asks (revisionOperationsUi.ts).
import * as vscode from 'vscode';
import { filePath, FILE_SCHEME } from '../kinds/resourcePath';
import { openView, type HistoryKind } from '../kinds/resourceKinds';
import type { RevisionCache } from '../documents/model/revisionCache';
import { isError, type SaveConflict, type SaveResult } from '../documents/model/saveTypes';
import { revisionText } from '../kinds/serialize';
import { confirmation } from '../documents/api';
import { describeError } from '../ui/describeError';
import { WriteDeclinedError } from '../environments/api';

/** The guarded save of `wsa:` files (`files.saveText`) and the conflict offer (`conflicts.offer`). */
export interface GuardedSaver {
  saveText(uri: vscode.Uri, text: string): Promise<SaveResult>;
  offer?(conflict: SaveConflict): unknown;
}

export interface SaveRestoreRequest {
  workspaceId: string;
  kind: HistoryKind;
  resourceId: string;
  /** The id in the `wsa:` path (`oper_` for a dashboard); a restore cannot be saved without it. */
  fileId: string | undefined;
  name: string;
  revisionId: string;
  /** "revision #3": how the question named it. */
  label: string;
}

export type SaveRestoreOutcome =
  | { status: 'saved'; draftRevisionId: string | undefined; message: string }
  /** Declined at the production guard's question: nothing was sent. */
  | { status: 'cancelled' }
  /** `error` and `what` when an error is to be reported with its actions (reportError). */
  | { status: 'failed'; message: string; error?: unknown; what?: string };

export async function restoreBySave(req: SaveRestoreRequest, revisions: RevisionCache, saver: GuardedSaver): Promise<SaveRestoreOutcome> {
  const what = vscode.l10n.t('Could not restore {0} of “{1}”', req.label, req.name);
  if (!req.fileId) {
    const cause = vscode.l10n.t('the file of {0} is not known; open the history from the resource itself to restore', req.resourceId);
    return { status: 'failed', message: `${what}: ${cause}.` };
  }
  try {
    const view = openView(req.kind);
    const revision = await revisions.get(req.resourceId, req.revisionId);
    const uri = vscode.Uri.from({
      scheme: FILE_SCHEME,
      path: filePath({ workspaceId: req.workspaceId, view, id: req.fileId, name: req.name }),
    });
    const result = await saver.saveText(uri, revisionText(view, revision.value));
    switch (result.status) {
      case 'saved':
        return {
          status: 'saved',
          draftRevisionId: result.snapshot.revision?.revisionId,
          message: vscode.l10n.t(
            'Restored {0} of “{1}” as a new draft ({2}){3}.',
            req.label,
            req.name,
            result.snapshot.label,
            confirmation(result),
          ),
        };
      case 'conflict':
        void saver.offer?.(result.conflict);
        return {
          status: 'failed',
          message: vscode.l10n.t(
            '{0}: “{1}” changed on the service (now {2}) while restoring. Nothing was saved.',
            what,
            req.name,
            result.conflict.latest.label,
          ),
        };
      case 'invalid': {
        const first = result.problems.find(isError) ?? result.problems[0];
        const where = first ? vscode.l10n.t(' (line {0}, column {1}: {2})', first.line, first.column, first.message) : '';
        return { status: 'failed', message: vscode.l10n.t('{0}: the service refused its content{1}.', what, where) };
      }
      case 'failed':
        if (result.error instanceof WriteDeclinedError) return { status: 'cancelled' };
        return { status: 'failed', message: describeError(result.error, what).message, error: result.error, what };
    }
  } catch (error) {
    return { status: 'failed', message: describeError(error, what).message, error, what };
  }
}
