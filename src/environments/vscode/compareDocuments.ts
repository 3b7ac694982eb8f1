// The two texts of a comparison across environments, as read-only documents of their own scheme
// (`wsa-compare:`), opened side by side in VS Code's diff editor; a promotion's plan shows what it
// would change the same way. They are kept in memory only, the latest few, and never saved
// anywhere: a comparison is a look, not an edit.
import * as vscode from 'vscode';
import { FILE_VIEWS, openView } from '../../kinds/resourceKinds';
import { safeName } from '../../kinds/resourcePath';
import { notificationText } from '../../util/notify';
import { visible } from '../../util/visibleText';
import { plain } from './comparePicks';
import type { CompareEntry } from '../engine/compareEnvironments';
import type { EditableKind } from '../model/promotionRules';

export const COMPARE_SCHEME = 'wsa-compare';

/** A side of a comparison as its documents name it. */
export interface Side {
  readonly label: string;
  readonly workspaceId: string;
}
/** Texts of older comparisons are dropped: a comparison's editor that is still open shows nothing new. */
const KEPT_TEXTS = 40;

export class CompareDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private seq = 0;
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /**
   * A document of `text`, its path shaped as the resource's `wsa:` path on its side (so that its
   * language is the one its editor has, a dashboard's TSX included), the side and comparison in the
   * query.
   */
  private put(side: Side, id: string, kind: EditableKind, name: string, text: string): vscode.Uri {
    const { folder, suffix } = FILE_VIEWS[openView(kind)];
    const uri = vscode.Uri.from({
      scheme: COMPARE_SCHEME,
      path: `/${side.workspaceId}/${folder}/${id}/${safeName(name, id)}${suffix}`,
      query: `compare=${this.seq}&side=${encodeURIComponent(side.label)}`,
    });
    this.texts.set(uri.toString(), text);
    while (this.texts.size > KEPT_TEXTS) this.texts.delete(this.texts.keys().next().value!);
    return uri;
  }

  /** Opens two texts of one resource kind side by side, under `title`. */
  async openTexts(
    kind: EditableKind,
    name: string,
    left: { side: Side; id: string; text: string },
    right: { side: Side; id: string; text: string },
    title: string,
  ): Promise<{ left: vscode.Uri; right: vscode.Uri }> {
    this.seq++;
    const uris = {
      left: this.put(left.side, left.id, kind, name, left.text),
      right: this.put(right.side, right.id, kind, name, right.text),
    };
    await vscode.commands.executeCommand('vscode.diff', uris.left, uris.right, title, { preview: true });
    return uris;
  }

  /**
   * Opens the diff of a compared entry: the first side left, the second right. The managed fields
   * and the environments' own fields that differ are said apart, in the log and the status bar.
   */
  async open(
    entry: CompareEntry,
    first: Side,
    second: Side,
    log: vscode.LogOutputChannel,
  ): Promise<{ left: vscode.Uri; right: vscode.Uri }> {
    if (!entry.texts) throw new Error(vscode.l10n.t('{0} has no texts to compare: {1}', entry.name, entry.reason));
    const title = vscode.l10n.t('{0} — {1} ↔ {2}', visible(entry.name), visible(first.label), visible(second.label));
    const { left, right } = await this.openTexts(
      entry.kind,
      entry.name,
      { side: first, id: entry.firstId!, text: entry.texts.left },
      { side: second, id: entry.secondId!, text: entry.texts.right },
      title,
    );
    const apart = apartLine(entry);
    log.info(
      `[Environments] Compared ${entry.firstId} (${first.label}) with ${entry.secondId} (${second.label}): ${entry.group}. ${apart}`,
    );
    if (entry.group === 'same')
      void vscode.window.showInformationMessage(
        notificationText(vscode.l10n.t('«{0}» is the same on «{1}» and «{2}». {3}', entry.name, first.label, second.label, apart)),
      );
    // Field names come from the service's documents: shown as text, never as icons.
    else vscode.window.setStatusBarMessage(plain(apart), 15_000);
    return { left, right };
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}

/** The line that says what the diff leaves out: the fields the service manages and each environment's own, where they differ. */
export function apartLine(entry: CompareEntry): string {
  const managed = entry.texts?.managedDiffer ?? [];
  const kept = entry.texts?.keptDiffer ?? [];
  const parts = [
    managed.length ? vscode.l10n.t('managed fields differ: {0}', managed.join(', ')) : vscode.l10n.t('managed fields are the same'),
  ];
  if (kept.length) parts.push(vscode.l10n.t('each environment’s own fields differ: {0}', kept.join(', ')));
  return `${parts.join('; ')}.`;
}
