// Merge, the second answer to a stale save: a three-way merge with the revision the user opened as
// the base, the user's current text as "mine" and the service's text as "theirs".
//
//  - clean: the merged text replaces the editor's text (dirty, for review) and becomes based on the
//    service's state, so the next save sends the latest tokens;
//  - conflicting: VS Code's merge editor on the three texts. Its result is a `wsa-snapshot:` file,
//    not the document itself: the merge editor saves its result file before it opens (workspace
//    mode), and saving the dirty `wsa:` document there would send the user's text over the
//    service's — a silent overwrite. Complete Merge saves the result file; that text then goes
//    into the editor like a clean merge.
//  - no merge editor (it is internal API): standard conflict markers in the editor; local
//    validation refuses to save while any remain.
//  - texts too large to merge on the extension host's thread (model/merge.ts): the merge editor,
//    whose diff runs outside the host, or else one conflict block of all of yours against all of theirs.
import * as vscode from 'vscode';
import { notificationText } from '../../util/notify';
import { mergeTexts } from '../model/merge';
import type { SaveConflict, ServerSnapshot } from '../model/saveTypes';
import type { SaveTarget } from '../files/saveTarget';
import { revisionUri } from '../files/revisionFileSystem';
import { cleanMergeMessage, markersMessage, mergeEditorMessage, serviceSide } from './conflictText';
import { Disposable } from '../../util/lifecycle';
import { SNAPSHOT_SCHEME, type SnapshotFileSystem } from './snapshotFileSystem';

export type MergeChoiceOutcome = 'merged' | 'mergeEditor' | 'markers';

/** A URI showing `snapshot`: its `wsa-revision:` document when it has one, else a snapshot. */
export function snapshotUri(snapshots: SnapshotFileSystem, conflict: SaveConflict, snapshot: ServerSnapshot, role: string): vscode.Uri {
  if (snapshot.revision) {
    const { workspaceId, view, name } = conflict.file;
    return revisionUri({ workspaceId, view, name, resourceId: snapshot.revision.resourceId, revisionId: snapshot.revision.revisionId });
  }
  return snapshots.put(role, fileNameOf(conflict), snapshot.text);
}

export function fileNameOf(conflict: SaveConflict): string {
  return vscode.Uri.parse(conflict.uri).path.split('/').pop() ?? 'document';
}

export function openDocument(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}

export interface ConflictMergeOptions {
  /** False writes conflict markers even where the merge editor exists; read at each merge. */
  readonly useMergeEditor: boolean;
}

export class ConflictMerge extends Disposable {
  /** Why each snapshot document is being saved: auto saves of a merge result are not Complete Merge. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly files: SaveTarget,
    private readonly snapshots: SnapshotFileSystem,
    /** Whether `conflict` is still the one pending for its document (the user may have moved on). */
    private readonly isCurrent: (conflict: SaveConflict) => boolean,
    /** Called once the document's text is based on the service's latest state. */
    private readonly onMerged: (conflict: SaveConflict, outcome: MergeChoiceOutcome) => void,
    private readonly options: ConflictMergeOptions = { useMergeEditor: true },
  ) {
    super();
    this._register(
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.document.uri.scheme === SNAPSHOT_SCHEME) this.saveReasons.set(e.document.uri.toString(), e.reason);
      }),
    );
  }

  async merge(conflict: SaveConflict): Promise<MergeChoiceOutcome> {
    const uri = vscode.Uri.parse(conflict.uri);
    const document = openDocument(conflict.uri) ?? (await vscode.workspace.openTextDocument(uri));
    // The user may have typed since the save failed: merge what the editor holds now (an auto save
    // the file system held back leaves the editor clean but still holding the user's text).
    const mine = document.getText();
    const result = mergeTexts(conflict.base.text, mine, conflict.latest.text, {
      mine: vscode.l10n.t('Yours'),
      theirs: serviceSide(conflict),
    });
    if (result.clean) {
      await this.apply(document, result.text, conflict);
      this.log.info(`[Conflicts] Merged ${conflict.uri} cleanly with ${conflict.latest.label}.`);
      void vscode.window.showInformationMessage(notificationText(cleanMergeMessage(conflict)));
      this.onMerged(conflict, 'merged');
      return 'merged';
    }
    if (result.tooLarge)
      this.log.info(`[Conflicts] ${conflict.uri}: ${result.tooLarge}; the merge editor (or one block of markers) instead.`);
    else this.log.info(`[Conflicts] ${conflict.uri}: ${result.conflicts} conflicting change(s) with ${conflict.latest.label}.`);
    const mineUri = this.snapshots.put(vscode.l10n.t('Yours'), fileNameOf(conflict), mine);
    if (this.options.useMergeEditor && (await this.openMergeEditor(conflict, document, mine, mineUri, result.text))) {
      void vscode.window.showInformationMessage(notificationText(mergeEditorMessage(conflict, result.conflicts)));
      return 'mergeEditor';
    }
    await this.apply(document, result.text, conflict);
    this.onMerged(conflict, 'markers');
    void vscode.window
      .showWarningMessage(notificationText(markersMessage(conflict, result.conflicts)), vscode.l10n.t('Show Your Text'))
      .then((choice) => {
        if (choice)
          void vscode.commands.executeCommand(
            'vscode.diff',
            mineUri,
            uri,
            vscode.l10n.t('«{0}»: Yours (before the merge) ↔ Merged', conflict.file.name),
          );
      });
    return 'markers';
  }

  private async openMergeEditor(
    conflict: SaveConflict,
    document: vscode.TextDocument,
    mine: string,
    mineUri: vscode.Uri,
    withMarkers: string,
  ): Promise<boolean> {
    const output = this.snapshots.putWritable(vscode.l10n.t('Merged'), fileNameOf(conflict), withMarkers, (text) => {
      const reason = this.saveReasons.get(output.toString());
      this.saveReasons.delete(output.toString());
      if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) {
        // Auto save of a merge in progress: kept in the snapshot; only Complete Merge (or an
        // explicit save) hands the result over.
        this.log.debug(`[Conflicts] Kept an auto-saved, unfinished merge result of ${conflict.uri}.`);
        return;
      }
      void this.completeMerge(conflict, document, mine, text).catch((e: unknown) =>
        this.log.error(`[Conflicts] Could not apply the merge result: ${String(e)}`),
      );
    });
    try {
      await vscode.commands.executeCommand('_open.mergeEditor', {
        base: snapshotUri(this.snapshots, conflict, conflict.base, vscode.l10n.t('Base')),
        input1: {
          uri: snapshotUri(this.snapshots, conflict, conflict.latest, vscode.l10n.t('Service')),
          title: vscode.l10n.t('Service'),
          description: conflict.latest.label,
          detail: conflict.latest.actor ?? '',
        },
        input2: { uri: mineUri, title: vscode.l10n.t('Yours'), description: vscode.l10n.t('your unsaved text'), detail: '' },
        output,
      });
      this.log.info(`[Conflicts] Opened the merge editor for ${conflict.uri}.`);
      return true;
    } catch (e) {
      this.log.warn(
        `[Conflicts] The merge editor is not available (${e instanceof Error ? e.message : String(e)}); writing conflict markers instead.`,
      );
      return false;
    }
  }

  /** Complete Merge saved the result file: it becomes the editor's text. */
  private async completeMerge(conflict: SaveConflict, document: vscode.TextDocument, mine: string, merged: string): Promise<void> {
    if (!this.isCurrent(conflict)) {
      this.log.info(`[Conflicts] A merge result for ${conflict.uri} arrived after the conflict was settled otherwise; ignored.`);
      return;
    }
    const current = document.isClosed ? undefined : document;
    if (current && current.getText() !== mine) {
      // Typed into the editor while merging: replacing that would lose it. Ask.
      const choice = await vscode.window.showWarningMessage(
        notificationText(
          vscode.l10n.t('«{0}» changed in its editor while you were merging. Replace it with the merge result?', conflict.file.name),
        ),
        vscode.l10n.t('Replace'),
      );
      if (choice !== vscode.l10n.t('Replace')) return;
    }
    const target = current ?? (await vscode.workspace.openTextDocument(vscode.Uri.parse(conflict.uri)));
    await this.apply(target, merged, conflict);
    await vscode.window.showTextDocument(target, { preview: false });
    this.log.info(`[Conflicts] Applied the merge editor's result to ${conflict.uri}.`);
    void vscode.window.showInformationMessage(notificationText(cleanMergeMessage(conflict)));
    this.onMerged(conflict, 'merged');
  }

  /** Replaces the document's text and bases it on the service's latest state. */
  private async apply(document: vscode.TextDocument, text: string, conflict: SaveConflict): Promise<void> {
    if (document.getText() !== text) {
      const edit = new vscode.WorkspaceEdit();
      const all = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
      edit.replace(document.uri, all, text);
      const applied = await vscode.workspace.applyEdit(edit);
      if (!applied) throw new Error(vscode.l10n.t('VS Code refused to change «{0}».', conflict.file.name));
    }
    this.files.adoptBase(document.uri, conflict.latest);
  }
}
