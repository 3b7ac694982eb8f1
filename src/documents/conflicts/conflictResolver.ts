// A save that met a stale token ends here: one notification naming the resource and who changed it,
// with Compare, Merge and Overwrite. The user's text stays in the dirty editor whatever they pick
// (or if they pick nothing) until a save succeeds.
//
// One conflict, one prompt: while a document's notification is showing, a newer conflict for it
// (another save attempt) only replaces what the buttons act on.
import * as vscode from 'vscode';
import { notificationText } from '../../util/notify';
import { reportError } from '../../ui/reportError';
import { WriteDeclinedError } from '../../environments/api';
import type { ProblemSink, SaveTarget } from '../files/saveTarget';
import type { SaveConflict } from '../model/saveTypes';
import { Disposable } from '../../util/lifecycle';
import { refusalMessage } from '../validation/validate';
import { ConflictMerge, openDocument, snapshotUri, type ConflictMergeOptions, type MergeChoiceOutcome } from './conflictMerge';
import { compareTitle, conflictPrompt, overwrittenMessage } from './conflictText';
import { SnapshotFileSystem } from './snapshotFileSystem';

/** The document a tab edits: a text editor's, or the right side of a diff (Compare's). */
function editedUri(tab: vscode.Tab): string | undefined {
  if (tab.input instanceof vscode.TabInputText) return tab.input.uri.toString();
  if (tab.input instanceof vscode.TabInputTextDiff) return tab.input.modified.toString();
  return undefined;
}

/** Whether an editor tab (text or diff) shows `uri`. */
function isShown(uri: string): boolean {
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => editedUri(t) === uri));
}

export type ConflictChoice = 'Compare' | 'Merge' | 'Overwrite';
const CHOICES: ConflictChoice[] = ['Compare', 'Merge', 'Overwrite'];
// The buttons in the display language; the choice stays the English word the code switches on.
const choiceLabel = (choice: ConflictChoice): string =>
  ({ Compare: vscode.l10n.t('Compare'), Merge: vscode.l10n.t('Merge'), Overwrite: vscode.l10n.t('Overwrite') })[choice];

export type ConflictOutcome = MergeChoiceOutcome | 'overwritten' | 'conflictAgain' | 'refused' | 'failed' | 'compared';

interface Pending {
  conflict: SaveConflict;
  /** Set while a notification for this document is on screen and unanswered. */
  prompt?: number;
}

export interface ConflictEvent {
  conflict: SaveConflict;
}

export interface ResolvedEvent {
  conflict: SaveConflict;
  outcome: ConflictOutcome;
}

export class ConflictResolver extends Disposable implements vscode.Disposable {
  private readonly _onDidPrompt = this._register(new vscode.EventEmitter<ConflictEvent>());
  /** A conflict notification was shown (tests wait on it; the notification itself is UI). */
  readonly onDidPrompt = this._onDidPrompt.event;
  private readonly _onDidSettle = this._register(new vscode.EventEmitter<ResolvedEvent>());
  /** A choice finished: what it did. */
  readonly onDidSettle = this._onDidSettle.event;

  private readonly pendingByUri = new Map<string, Pending>();
  private promptCounter = 0;
  readonly snapshots: SnapshotFileSystem;
  private readonly merger: ConflictMerge;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly files: SaveTarget,
    /** Where an overwrite's refused text shows its problems (SaveDiagnostics). */
    private readonly problems?: ProblemSink,
    options?: ConflictMergeOptions,
  ) {
    super();
    this.snapshots = this._register(new SnapshotFileSystem());
    this.merger = this._register(
      new ConflictMerge(
        log,
        files,
        this.snapshots,
        (c) => this.pendingByUri.get(c.uri)?.conflict === c,
        (c, outcome) => this.settle(c, outcome),
        options,
      ),
    );
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri.toString())));
    // Closing the last editor of a document without unsaved text ends its conflict too (the
    // document itself may stay loaded for a while), whether that editor is its own or Compare's diff.
    this._register(
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        for (const tab of e.closed) {
          const uri = editedUri(tab);
          if (uri && this.pendingByUri.has(uri) && !isShown(uri) && !openDocument(uri)?.isDirty) this.forget(uri);
        }
      }),
    );
  }

  /** The conflict waiting for a choice for a `wsa:` URI string, if any. */
  pending(uri: string): SaveConflict | undefined {
    return this.pendingByUri.get(uri)?.conflict;
  }

  /** The `wsa:` URI strings with a conflict waiting for a choice. */
  get pendingUris(): string[] {
    return [...this.pendingByUri.keys()];
  }

  /** Whether a notification for `uri` is on screen and unanswered. */
  isPrompting(uri: string): boolean {
    return this.pendingByUri.get(uri)?.prompt !== undefined;
  }

  /** Shows the conflict's notification, unless one for the same document is already showing. Never blocks. */
  offer(conflict: SaveConflict): void {
    const existing = this.pendingByUri.get(conflict.uri);
    this.pendingByUri.set(conflict.uri, { conflict, ...(existing?.prompt !== undefined ? { prompt: existing.prompt } : {}) });
    const by = conflict.latest.actor ? ` by ${conflict.latest.actor}` : '';
    this.log.info(
      `[Conflicts] ${conflict.uri}: the service holds ${conflict.latest.label}${by}; the edit was based on ${conflict.base.label}.`,
    );
    if (existing?.prompt !== undefined) {
      // The toast may have slid into the notification center: show that rather than a second prompt.
      this.log.debug(`[Conflicts] ${conflict.uri}: a notification is already showing; it now acts on ${conflict.latest.label}.`);
      void vscode.commands.executeCommand('notifications.showList');
      return;
    }
    this.prompt(conflict.uri);
  }

  private prompt(uri: string): void {
    const pending = this.pendingByUri.get(uri);
    if (!pending) return;
    const id = ++this.promptCounter;
    pending.prompt = id;
    this._onDidPrompt.fire({ conflict: pending.conflict });
    const labels = CHOICES.map(choiceLabel);
    void vscode.window.showWarningMessage(notificationText(conflictPrompt(pending.conflict)), ...labels).then((label) => {
      const choice = label === undefined ? undefined : CHOICES[labels.indexOf(label)];
      const current = this.pendingByUri.get(uri);
      if (current?.prompt === id) delete current.prompt;
      // A button of an answered notification still acts on what is pending now, if anything.
      if (choice && current) void this.choose(uri, choice);
      else if (choice)
        void vscode.window.showInformationMessage(
          notificationText(
            vscode.l10n.t('«{0}» has no conflict to resolve any more: it was saved, merged or closed since.', pending.conflict.file.name),
          ),
        );
    });
  }

  /** Runs a choice for the pending conflict of `uri`, as its notification button does. */
  async choose(uri: string, choice: ConflictChoice): Promise<ConflictOutcome | undefined> {
    const pending = this.pendingByUri.get(uri);
    if (!pending) return undefined;
    // Answered, whether from the notification or directly.
    delete pending.prompt;
    const { conflict } = pending;
    this.log.info(`[Conflicts] ${uri}: ${choice}.`);
    try {
      switch (choice) {
        case 'Compare':
          return await this.compare(conflict);
        case 'Merge': {
          const outcome = await this.merger.merge(conflict);
          // Still pending until Complete Merge hands the result back.
          if (outcome === 'mergeEditor') this.settle(conflict, outcome, false);
          return outcome;
        }
        case 'Overwrite':
          return await this.overwrite(conflict);
      }
    } catch (e) {
      reportError(this.log, e, vscode.l10n.t('Could not {0} «{1}»', choiceLabel(choice).toLowerCase(), conflict.file.name));
      this.settle(conflict, 'failed', false);
      return 'failed';
    }
  }

  /** The service's version on the left, the user's editor on the right; then the choices again. */
  private async compare(conflict: SaveConflict): Promise<ConflictOutcome> {
    const left = snapshotUri(this.snapshots, conflict, conflict.latest, vscode.l10n.t('Service'));
    await vscode.commands.executeCommand('vscode.diff', left, vscode.Uri.parse(conflict.uri), compareTitle(conflict), { preview: false });
    this._onDidSettle.fire({ conflict, outcome: 'compared' });
    // Still unresolved: offer Merge and Overwrite (and Compare) again beside the diff.
    this.prompt(conflict.uri);
    return 'compared';
  }

  /** Saves the user's current text against the service's latest tokens, in one request. */
  private async overwrite(conflict: SaveConflict): Promise<ConflictOutcome> {
    const uri = vscode.Uri.parse(conflict.uri);
    const document = openDocument(conflict.uri);
    // The editor's text now (a held auto save leaves it clean but still the user's).
    const text = document ? document.getText() : conflict.mine;
    const result = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Saving your text of «{0}» over {1}…', conflict.file.name, conflict.latest.label),
      },
      () => this.files.saveText(uri, text, conflict.latest, undefined, 'merge'),
    );
    switch (result.status) {
      case 'saved':
        // saveText saves an editor holding exactly `text` clean; this covers a race with that.
        if (document && !document.isClosed && document.isDirty && document.getText() === text) await document.save();
        // The save's own warnings stay shown (the file saves set them); refusals of earlier attempts go.
        this.problems?.set(uri, result.warnings);
        this.log.info(`[Conflicts] ${overwrittenMessage(conflict, result)}`);
        vscode.window.setStatusBarMessage(`$(check) ${overwrittenMessage(conflict, result)}`, 8000);
        this.settle(conflict, 'overwritten');
        return 'overwritten';
      case 'conflict':
        // Someone saved again in between: the same choice against the newer state.
        this.log.info(`[Conflicts] ${conflict.uri} changed again before the overwrite arrived.`);
        this._onDidSettle.fire({ conflict, outcome: 'conflictAgain' });
        this.offer(result.conflict);
        return 'conflictAgain';
      case 'invalid':
        this.problems?.set(uri, result.problems);
        void vscode.window.showErrorMessage(notificationText(refusalMessage(conflict.file.name, result.problems)));
        this.settle(conflict, 'refused', false);
        return 'refused';
      case 'failed':
        // Declined at the production guard's question: nothing was sent, and that is all there is to say.
        if (result.error instanceof WriteDeclinedError) vscode.window.setStatusBarMessage(`$(shield) ${result.error.message}`, 8000);
        else reportError(this.log, result.error, vscode.l10n.t('Could not overwrite «{0}»', conflict.file.name));
        this.settle(conflict, 'failed', false);
        return 'failed';
    }
  }

  /** A choice finished; `resolved` drops the pending conflict (the document no longer conflicts). */
  private settle(conflict: SaveConflict, outcome: ConflictOutcome, resolved = true): void {
    if (resolved && this.pendingByUri.get(conflict.uri)?.conflict === conflict) this.pendingByUri.delete(conflict.uri);
    this._onDidSettle.fire({ conflict, outcome });
  }

  private forget(uri: string): void {
    if (this.pendingByUri.delete(uri)) this.log.debug(`[Conflicts] ${uri} closed; its pending conflict is dropped.`);
  }
}
