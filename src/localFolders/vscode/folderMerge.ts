// What a push that met a stale token shows: a clean merge as a diff of the text before it and the
// merged file (the engine wrote it; nothing was sent), and a real conflict in VS Code's merge
// editor on base, the service's text and the local text. Its result is a writable snapshot, not the
// file: the merge editor sets up (and may save) its result with conflict markers, which must never
// land on the user's file. Complete Merge (an explicit save of the result) writes it into the local
// file. The local text is also kept as a snapshot, so nothing the user wrote is out of reach.
import * as vscode from 'vscode';
import type { TargetDialogs } from './folderTargetPicker';
import { SNAPSHOT_SCHEME, type SnapshotFileSystem } from '../../documents/api';
import { mergeTexts } from '../../documents/model/merge';
import { notificationText } from '../../util/notify';
import { Disposable } from '../../util/lifecycle';
import { baseUri } from './baseDocuments';

export interface FolderConflict {
  /** The local file. */
  readonly uri: vscode.Uri;
  readonly name: string;
  /** The base text, when known; else the merge is two-way (the base side shows the local text). */
  readonly base?: string;
  readonly theirs: string;
  readonly theirsLabel: string;
  readonly mine: string;
}

export interface FolderMergeOptions {
  /** False: no merge editor even where it exists (the diff of the service's text and the file instead). */
  useMergeEditor: boolean;
  /** How long one second of the status interval setting lasts: 1,000 ms; tests run the interval faster. */
  intervalSecondMs: number;
  /** The question before a push to a protected target; unset: VS Code's modal (tests answer it). */
  targetDialogs?: TargetDialogs | undefined;
}

/** How a merge reads and writes the local file: with the engine's rules (bounded, never through a link). */
export interface PulledFiles {
  read(uri: vscode.Uri): Promise<string | undefined>;
  write(uri: vscode.Uri, text: string): Promise<void>;
}

export class FolderMerge extends Disposable {
  /** Why each merge result is being saved: auto saves of a merge in progress are not Complete Merge. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** Local files in the merge editor, and their result snapshot. */
  private readonly merging = new Map<string, vscode.Uri>();
  private readonly _onDidMerge = this._register(new vscode.EventEmitter<FolderConflict>());
  /** Complete Merge wrote the result into the local file. */
  readonly onDidMerge = this._onDidMerge.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly snapshots: SnapshotFileSystem,
    private readonly options: Pick<FolderMergeOptions, 'useMergeEditor'>,
    private readonly files: PulledFiles,
  ) {
    super();
    this._register(
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.document.uri.scheme === SNAPSHOT_SCHEME) this.saveReasons.set(e.document.uri.toString(), e.reason);
      }),
    );
  }

  /** The merge result snapshot of a local file in the merge editor, if any. */
  resultOf(uri: vscode.Uri): vscode.Uri | undefined {
    return this.merging.get(uri.toString());
  }

  /** The clean merge the engine wrote into the file, beside the text the file held before it. */
  async showMerged(uri: vscode.Uri, name: string, before: string, theirsLabel: string): Promise<void> {
    const left = this.snapshots.put(vscode.l10n.t('Yours'), fileName(uri), before);
    await vscode.commands.executeCommand(
      'vscode.diff',
      left,
      uri,
      vscode.l10n.t('«{0}»: Yours (before the merge) ↔ Merged with {1}', name, theirsLabel),
      { preview: false },
    );
  }

  /** Opens the merge editor (or, without it, the service's text beside the file); returns whether the merge editor opened. */
  async open(conflict: FolderConflict): Promise<boolean> {
    const name = fileName(conflict.uri);
    const mine = this.snapshots.put(vscode.l10n.t('Yours'), name, conflict.mine);
    const theirs = this.snapshots.put(vscode.l10n.t('Service'), name, conflict.theirs);
    const base = conflict.base !== undefined ? baseUri(conflict.uri) : mine;
    if (this.options.useMergeEditor) {
      const withMarkers = mergeTexts(conflict.base ?? conflict.mine, conflict.mine, conflict.theirs, {
        mine: vscode.l10n.t('Yours'),
        theirs: vscode.l10n.t('Service'),
      }).text;
      const output = this.snapshots.putWritable(vscode.l10n.t('Merged'), name, withMarkers, (text) => {
        const reason = this.saveReasons.get(output.toString());
        this.saveReasons.delete(output.toString());
        // An auto save of a merge in progress stays in the snapshot; Complete Merge hands it over.
        if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) return;
        void this.complete(conflict, text).catch((e: unknown) =>
          this.log.error(`[Folders] Could not write the merge result into ${conflict.uri.fsPath}: ${String(e)}`),
        );
      });
      try {
        await vscode.commands.executeCommand('_open.mergeEditor', {
          base,
          input1: { uri: theirs, title: vscode.l10n.t('Service'), description: conflict.theirsLabel, detail: '' },
          input2: { uri: mine, title: vscode.l10n.t('Yours'), description: vscode.l10n.t('the local file'), detail: '' },
          output,
        });
        this.merging.set(conflict.uri.toString(), output);
        this.log.info(`[Folders] Opened the merge editor for ${conflict.uri.fsPath}.`);
        return true;
      } catch (e) {
        this.log.warn(`[Folders] The merge editor is not available (${e instanceof Error ? e.message : String(e)}); a diff instead.`);
      }
    }
    await vscode.commands.executeCommand(
      'vscode.diff',
      theirs,
      conflict.uri,
      vscode.l10n.t('«{0}»: Service ({1}) ↔ Local file', conflict.name, conflict.theirsLabel),
      { preview: false },
    );
    return false;
  }

  /** Complete Merge: the result becomes the local file's text (asking first if the file changed meanwhile). */
  private async complete(conflict: FolderConflict, merged: string): Promise<void> {
    // Only an open document with unsaved edits holds the file's text: a clean one may not have caught
    // up with the disk yet (VS Code reloads it when the file watcher reports the change; seconds on a
    // loaded machine), and comparing it would ask about a change nobody made, and wait for the answer.
    const open = vscode.workspace.textDocuments.find((d) => d.isDirty && d.uri.toString() === conflict.uri.toString());
    const now = open ? open.getText() : await this.files.read(conflict.uri);
    if (now !== conflict.mine) {
      const replace = vscode.l10n.t('Replace');
      const choice = await vscode.window.showWarningMessage(
        notificationText(vscode.l10n.t('«{0}» changed while you were merging. Replace it with the merge result?', conflict.name)),
        replace,
      );
      if (choice !== replace) return;
    }
    if (open) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(open.uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), merged);
      if (!(await vscode.workspace.applyEdit(edit)) || !(await open.save()))
        throw new Error(vscode.l10n.t('VS Code refused to change «{0}».', conflict.name));
    } else await this.files.write(conflict.uri, merged);
    this.merging.delete(conflict.uri.toString());
    this.log.info(`[Folders] Wrote the merge result into ${conflict.uri.fsPath}.`);
    void vscode.window.showInformationMessage(
      notificationText(vscode.l10n.t('Merged «{0}» into the local file: push it to send the merge.', conflict.name)),
    );
    this._onDidMerge.fire(conflict);
  }
}

function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? 'document';
}
