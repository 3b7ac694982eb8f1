// Publish and restore in VS Code: one modal question that names what will happen, with
// Compare first; the operation sent once with the version token of the state that question showed;
// a stale token read again, said in words and asked again; the outcome told; and one event after a
// success, on which the explorer, open documents, history panels and the status bar read again.
import * as vscode from 'vscode';
import { notificationText } from '../util/notify';
import type { RevisionHistory, RevisionRef } from '../api/schemas';
import type { ConnectionProvider } from '../connection/api';
import type { WriteGuard } from '../environments/api';
import { revisionUri } from '../documents/api';
import { openView, restoresBySave, type HistoryKind } from '../kinds/resourceKinds';
import type { RevisionCache } from '../documents/model/revisionCache';
import { publishQuestion, runRevisionOperation, type RevisionOperation } from './model/revisionOperations';
import { describeError } from '../ui/describeError';
import { reportError } from '../ui/reportError';
import { Disposable } from '../util/lifecycle';
import { restoreBySave, type GuardedSaver } from './guardedRestore';
import { VSCODE_OPERATION_DIALOGS, type OperationDialogs } from './operationDialogs';

/** The resource whose history is acted on (a history target with the workspace and a name). */
export interface OperationTarget {
  workspaceId: string;
  kind: HistoryKind;
  /** The history resource: `rept_` for a dashboard. */
  resourceId: string;
  /** The id in the `wsa:` path (`oper_` for a dashboard), when known. */
  fileId?: string;
  name: string;
}

export type { Answer, OperationDialogs } from './operationDialogs';

export type OperationResult =
  | { status: 'cancelled' | 'compared' | 'notOffered' }
  /** Restored by saving the revision's text (the service offers no restore): the new draft. */
  | { status: 'saved'; draftRevisionId: string | undefined; message: string }
  | { status: 'alreadyPublished'; message: string }
  | { status: 'done'; history: RevisionHistory; readBack: boolean; message: string; questions: number }
  | { status: 'failed'; message: string; questions: number };

export interface HistoryChange {
  target: OperationTarget;
  op: RevisionOperation;
  history: RevisionHistory;
}

/** Questions asked again after stale tokens before giving up: each needs a concurrent change. */
const MAX_QUESTIONS = 5;

const ref = (r: RevisionRef) => ({ revisionId: r.revisionId, sequence: r.sequence });

export class RevisionOperationsUi extends Disposable {
  private readonly _onDidChangeHistory = this._register(new vscode.EventEmitter<HistoryChange>());
  /** A publish or restore was applied (also one confirmed by reading it back). */
  readonly onDidChangeHistory = this._onDidChangeHistory.event;

  constructor(
    private readonly connection: ConnectionProvider,
    private readonly revisions: RevisionCache,
    private readonly log: vscode.LogOutputChannel,
    private readonly dialogs: () => OperationDialogs = () => VSCODE_OPERATION_DIALOGS,
    /** The guarded save, for a restore where the service offers none; without it such a restore is not offered. */
    private readonly saver?: GuardedSaver,
    /** The production guard: a protected connection's publish or restore is asked about once more. */
    private readonly guard?: WriteGuard,
  ) {
    super();
  }

  /** Whether a restore the service does not offer can be made by saving the revision's text. */
  get savesRestores(): boolean {
    return this.saver !== undefined;
  }

  /** Publishes `revisionId` (default: the draft) after asking. */
  publish(target: OperationTarget, revisionId?: string): Promise<OperationResult> {
    return this.run('publish', target, revisionId);
  }

  /**
   * Restores `revisionId` after asking: through the service's restore where its capabilities say
   * so, else, for a kind whose revision value is its text, by saving that text as a new draft.
   */
  restore(target: OperationTarget, revisionId: string): Promise<OperationResult> {
    return this.run('restore', target, revisionId);
  }

  /** The diff published ↔ `revisionId` (default: the draft), the published revision read-only on the left. */
  async compareWithPublished(target: OperationTarget, revisionId?: string, history?: RevisionHistory): Promise<vscode.Uri[]> {
    const h = history ?? (await this.client().revisionState(target.resourceId));
    if (!h.published) {
      throw new Error(vscode.l10n.t('Nothing of “{0}” is published, so there is nothing to compare with.', target.name));
    }
    return this.diff(target, h, h.published, this.refIn(h, revisionId ?? h.draft.revisionId));
  }

  private client() {
    return this.connection.require().client;
  }

  private async run(op: RevisionOperation, target: OperationTarget, revisionId: string | undefined): Promise<OperationResult> {
    const client = this.client();
    let seen = await client.revisionState(target.resourceId);
    if (op === 'restore' && !seen.capabilities.restore && this.saver && restoresBySave(target.kind)) {
      return this.restoreBySave(target, seen, revisionId!, this.saver);
    }
    if (!seen.capabilities[op]) {
      void vscode.window.showInformationMessage(
        notificationText(vscode.l10n.t('The service does not offer {0} for “{1}” (capabilities.{2} is false).', op, target.name, op)),
      );
      return { status: 'notOffered' };
    }
    let changed = '';
    let guarded = false;
    for (let questions = 1; questions <= MAX_QUESTIONS; questions++) {
      const chosen = await this.revisionRef(target, seen, revisionId ?? seen.draft.revisionId);
      // Nothing to do, and a read-back could not tell a lost answer from it.
      if (op === 'publish' && chosen.revisionId === seen.published?.revisionId) {
        const message = vscode.l10n.t(
          '{0}{1} of “{2}” is already the published revision.',
          changed ? `${changed} ` : '',
          this.label(seen, chosen),
          target.name,
        );
        void vscode.window.showInformationMessage(notificationText(message));
        return { status: 'alreadyPublished', message };
      }
      const { message, detail, label } = this.question(op, target, seen, chosen);
      const answer = await this.dialogs().ask(message, changed ? `${changed}\n\n${detail}` : detail, label);
      if (answer === undefined) return { status: 'cancelled' };
      if (answer === 'compare') {
        const left = op === 'publish' ? seen.published : seen.draft;
        await this.diff(target, seen, left ?? chosen, chosen);
        return { status: 'compared' };
      }
      // Once per operation: a question asked again after a stale token is about the same write.
      if (!guarded && this.guard && !(await this.guard.confirmWrite(op))) return { status: 'cancelled' };
      guarded = true;
      const outcome = await runRevisionOperation(client, { op, resourceId: target.resourceId, revisionId: chosen.revisionId, seen });
      const what =
        op === 'publish'
          ? vscode.l10n.t('Could not publish {0} of “{1}”', this.label(seen, chosen), target.name)
          : vscode.l10n.t('Could not restore {0} of “{1}”', this.label(seen, chosen), target.name);
      switch (outcome.status) {
        case 'stale':
          changed = vscode.l10n.t('“{0}” changed on the service since you were asked: {1}.', target.name, outcome.change);
          this.log.info(`[Publish] ${changed}`);
          seen = outcome.latest;
          continue;
        case 'done': {
          const done = this.doneMessage(op, target, seen, chosen, outcome.history, outcome.readBack);
          this.log.info(`[Publish] ${done}`);
          void vscode.window.showInformationMessage(notificationText(done));
          this._onDidChangeHistory.fire({ target, op, history: outcome.history });
          return { status: 'done', history: outcome.history, readBack: outcome.readBack, message: done, questions };
        }
        case 'notApplied':
        case 'unknown': {
          const after =
            outcome.status === 'notApplied'
              ? vscode.l10n.t('Reading the history back shows it was not applied; nothing was sent again.')
              : vscode.l10n.t('Whether it was applied is not known yet; nothing was sent again. Refresh the history to see.');
          const message = `${describeError(outcome.error, what).message} ${after}`;
          void vscode.window.showErrorMessage(notificationText(message));
          this.log.warn(`[Publish] ${message}`);
          return { status: 'failed', message, questions };
        }
        case 'failed':
          reportError(this.log, outcome.error, what);
          return { status: 'failed', message: describeError(outcome.error, what).message, questions };
      }
    }
    const message =
      op === 'publish'
        ? vscode.l10n.t('“{0}” kept changing on the service while you were asked; nothing was published.', target.name)
        : vscode.l10n.t('“{0}” kept changing on the service while you were asked; nothing was restored.', target.name);
    void vscode.window.showWarningMessage(notificationText(message));
    return { status: 'failed', message, questions: MAX_QUESTIONS };
  }

  /** The same question as a restore through the service; then the guarded save of the old text. */
  private async restoreBySave(
    target: OperationTarget,
    seen: RevisionHistory,
    revisionId: string,
    saver: GuardedSaver,
  ): Promise<OperationResult> {
    const chosen = await this.revisionRef(target, seen, revisionId);
    const { message, label } = this.question('restore', target, seen, chosen);
    const detail = vscode.l10n.t(
      'Saved as a new draft (the service offers no restore), checked as a save is; the current draft stays. Compare shows them side by side.',
    );
    const answer = await this.dialogs().ask(message, detail, label);
    if (answer === undefined) return { status: 'cancelled' };
    if (answer === 'compare') {
      await this.diff(target, seen, seen.draft, chosen);
      return { status: 'compared' };
    }
    const outcome = await restoreBySave(
      { ...target, fileId: target.fileId, revisionId, label: this.label(seen, chosen) },
      this.revisions,
      saver,
    );
    if (outcome.status === 'cancelled') return outcome;
    if (outcome.status === 'saved') {
      this.log.info(`[Publish] ${outcome.message}`);
      void vscode.window.showInformationMessage(notificationText(outcome.message));
      return outcome;
    }
    if (outcome.error !== undefined) reportError(this.log, outcome.error, outcome.what);
    else {
      this.log.warn(`[Publish] ${outcome.message}`);
      void vscode.window.showErrorMessage(notificationText(outcome.message));
    }
    return { status: 'failed', message: outcome.message, questions: 1 };
  }

  private question(op: RevisionOperation, target: OperationTarget, h: RevisionHistory, chosen: RevisionRef) {
    if (op === 'publish') {
      return {
        message: publishQuestion(target.name, h, chosen),
        detail: vscode.l10n.t(
          'Compare shows the published revision beside this one. Publishing uses the history you see here; if it changed meanwhile, you are asked again.',
        ),
        label: vscode.l10n.t('Publish'),
      };
    }
    return {
      message: vscode.l10n.t(
        'Restore revision #{0} of «{1}» as a new draft after draft #{2}?',
        chosen.sequence,
        target.name,
        h.draft.sequence,
      ),
      detail: vscode.l10n.t(
        'The service saves its content as a new draft; the current draft stays in the history. Compare shows the current draft beside it.',
      ),
      label: vscode.l10n.t('Restore'),
    };
  }

  private label(h: RevisionHistory, r: RevisionRef): string {
    return r.revisionId === h.draft.revisionId ? vscode.l10n.t('draft #{0}', r.sequence) : vscode.l10n.t('revision #{0}', r.sequence);
  }

  private doneMessage(
    op: RevisionOperation,
    t: OperationTarget,
    seen: RevisionHistory,
    r: RevisionRef,
    after: RevisionHistory,
    readBack: boolean,
  ) {
    const how = readBack ? vscode.l10n.t(' (the answer was lost; confirmed by reading it back)') : '';
    if (op === 'publish') return vscode.l10n.t('Published {0} of “{1}”{2}.', this.label(seen, r), t.name, how);
    return vscode.l10n.t('Restored revision #{0} of “{1}” as draft #{2}{3}.', r.sequence, t.name, after.draft.sequence, how);
  }

  /** The reference of `revisionId` in `h`: the draft, the published one, or looked up in the list. */
  private async revisionRef(target: OperationTarget, h: RevisionHistory, revisionId: string): Promise<RevisionRef> {
    const known = this.refIn(h, revisionId);
    if (known.sequence >= 0) return known;
    // Not on the first page: the whole list has its position.
    const all = await this.client().listRevisions(target.resourceId);
    const item = all.items.find((i) => i.id === revisionId);
    const sequence = (item as { sequence?: unknown } | undefined)?.sequence;
    return {
      revisionId,
      sequence: typeof sequence === 'number' ? sequence : all.items.length - all.items.findIndex((i) => i.id === revisionId),
    };
  }

  private refIn(h: RevisionHistory, revisionId: string): RevisionRef {
    if (h.draft.revisionId === revisionId) return ref(h.draft);
    if (h.published?.revisionId === revisionId) return ref(h.published);
    const i = h.items.findIndex((item) => item.id === revisionId);
    const sequence = (h.items[i] as { sequence?: unknown } | undefined)?.sequence;
    // Without the service's own sequence, revisionRef finds the position in the whole, ordered list.
    return { revisionId, sequence: typeof sequence === 'number' ? sequence : -1 };
  }

  private async diff(target: OperationTarget, h: RevisionHistory, left: RevisionRef, right: RevisionRef): Promise<vscode.Uri[]> {
    const view = openView(target.kind);
    const file = (r: RevisionRef) => ({
      workspaceId: target.workspaceId,
      view,
      resourceId: target.resourceId,
      revisionId: r.revisionId,
      name: `${target.name} #${r.sequence}`,
    });
    // Read first, so that a failure is reported here rather than inside an editor.
    await Promise.all([left, right].map((r) => this.revisions.get(target.resourceId, r.revisionId)));
    const uris = [revisionUri(file(left)), revisionUri(file(right))];
    const name = (r: RevisionRef) =>
      r.revisionId === h.published?.revisionId
        ? vscode.l10n.t('published #{0}', r.sequence)
        : r.revisionId === h.draft.revisionId
          ? vscode.l10n.t('draft #{0}', r.sequence)
          : `#${r.sequence}`;
    const title = vscode.l10n.t('{0}: {1} ↔ {2}', target.name, name(left), name(right));
    await vscode.commands.executeCommand('vscode.diff', uris[0], uris[1], title, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return uris;
  }
}
