// Publish and restore as the rest of the extension holds them from activation on: a facade whose
// module (revisionOperationsUi.ts, its questions, the operations and the restore by save) loads on
// the first publish, restore or compare. Its history-changed event is there from the start, so
// that the status bar, the explorer and the history panels follow every operation.
import * as vscode from 'vscode';
import type { RevisionHistory } from '../api/schemas';
import { Disposable } from '../util/lifecycle';
import type { HistoryChange, OperationResult, OperationTarget, RevisionOperationsUi } from './revisionOperationsUi';

export interface PublishOperations {
  /** Publishes `revisionId` (default: the draft) after asking. */
  publish(target: OperationTarget, revisionId?: string): Promise<OperationResult>;
  /** Restores `revisionId` after asking: through the service, or by a guarded save where it has none. */
  restore(target: OperationTarget, revisionId: string): Promise<OperationResult>;
  /** Opens the diff of a revision (default: the draft) against the published one. */
  compareWithPublished(target: OperationTarget, revisionId?: string, history?: RevisionHistory): Promise<vscode.Uri[]>;
  /** Whether a restore the service does not offer can be made by saving the revision's text. */
  readonly savesRestores: boolean;
  /** A publish or restore was applied (also one confirmed by reading it back). */
  readonly onDidChangeHistory: vscode.Event<HistoryChange>;
}

export class LazyOperations extends Disposable implements PublishOperations {
  private readonly _onDidChangeHistory = this._register(new vscode.EventEmitter<HistoryChange>());
  readonly onDidChangeHistory = this._onDidChangeHistory.event;
  private loaded: Promise<RevisionOperationsUi> | undefined;

  constructor(
    private readonly load: () => Promise<RevisionOperationsUi>,
    readonly savesRestores: boolean,
  ) {
    super();
  }

  private ui(): Promise<RevisionOperationsUi> {
    this.loaded ??= this.load().then((ui) => {
      this._register(ui);
      this._register(ui.onDidChangeHistory((e) => this._onDidChangeHistory.fire(e)));
      return ui;
    });
    return this.loaded;
  }

  async publish(target: OperationTarget, revisionId?: string): Promise<OperationResult> {
    return (await this.ui()).publish(target, revisionId);
  }

  async restore(target: OperationTarget, revisionId: string): Promise<OperationResult> {
    return (await this.ui()).restore(target, revisionId);
  }

  async compareWithPublished(target: OperationTarget, revisionId?: string, history?: RevisionHistory): Promise<vscode.Uri[]> {
    return (await this.ui()).compareWithPublished(target, revisionId, history);
  }
}
