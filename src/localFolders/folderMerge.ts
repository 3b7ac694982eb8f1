// What a push that met a stale token shows: a clean merge as a diff of the text before it and the
// merged file (the engine wrote it; nothing was sent), and a real conflict in VS Code's merge
// editor on base, the service's text and the local text, whose result is the local file itself.
// The local text is kept as a snapshot (`wsa-snapshot:`) for as long as the extension runs, so
// nothing the user wrote is ever out of reach.
import * as vscode from 'vscode';
import type { SnapshotFileSystem } from '../conflicts/snapshotFileSystem';
import { CONFLICT_START } from '../model/merge';
import { Disposable } from '../util/lifecycle';
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
}

export class FolderMerge extends Disposable {
  /** Files open in the merge editor: a save without conflict markers ends their merge. */
  private readonly merging = new Map<string, FolderConflict>();
  private readonly _onDidMerge = this._register(new vscode.EventEmitter<FolderConflict>());
  /** The user saved a merge result (no conflict markers left) into the local file. */
  readonly onDidMerge = this._onDidMerge.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly snapshots: SnapshotFileSystem,
    private readonly options: FolderMergeOptions = { useMergeEditor: true },
  ) {
    super();
    this._register(
      vscode.workspace.onDidSaveTextDocument((doc) => {
        const conflict = this.merging.get(doc.uri.toString());
        if (!conflict || doc.getText().includes(CONFLICT_START)) return;
        this.merging.delete(doc.uri.toString());
        this.log.info(`[Folders] ${doc.uri.fsPath}: the merge result was saved.`);
        this._onDidMerge.fire(conflict);
      }),
    );
  }

  isMerging(uri: vscode.Uri): boolean {
    return this.merging.has(uri.toString());
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
    this.merging.set(conflict.uri.toString(), conflict);
    if (this.options.useMergeEditor) {
      try {
        await vscode.commands.executeCommand('_open.mergeEditor', {
          base,
          input1: { uri: theirs, title: vscode.l10n.t('Service'), description: conflict.theirsLabel, detail: '' },
          input2: { uri: mine, title: vscode.l10n.t('Yours'), description: vscode.l10n.t('the local file'), detail: '' },
          output: conflict.uri,
        });
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
}

function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? 'document';
}
