// Notices changes made on the service by others: when the window regains focus or a `wsa:` editor
// becomes visible again, each visible document without unsaved edits is read once more (one GET,
// at most every few seconds per file), and so is one just reverted; a newer state reloads it. Edited documents are left alone:
// their save meets the change as a conflict.
import * as vscode from 'vscode';
import { FILE_SCHEME } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import type { DocumentRegistry } from './documentRegistry';

const MIN_INTERVAL_MS = 3_000;
/**
 * The first editor of a newly opened document shows what opening it just read, however slowly the
 * editor appeared: within this long of that read it is not read again.
 */
const FIRST_SHOW_FRESH_MS = 30_000;

export class RemoteChangeWatcher extends Disposable {
  private readonly lastChecked = new Map<string, number>();
  private visible = new Set<string>();
  /** Documents whose editor has been visible since they were opened. */
  private readonly shown = new Set<string>();

  constructor(
    private readonly documents: DocumentRegistry,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.visible = this.visibleKeys();
    for (const key of this.visible) this.shown.add(key);
    this._register(vscode.window.onDidChangeWindowState((s) => (s.focused ? this.check([...this.visibleKeys()]) : undefined)));
    this._register(
      vscode.window.onDidChangeVisibleTextEditors(() => {
        const now = this.visibleKeys();
        const appeared = [...now].filter((k) => !this.visible.has(k));
        this.visible = now;
        const first = appeared.filter((k) => !this.shown.has(k));
        for (const key of first) this.shown.add(key);
        this.check(appeared.filter((k) => !first.includes(k)));
        this.check(first, FIRST_SHOW_FRESH_MS);
      }),
    );
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.shown.delete(d.uri.toString())));
    // A revert shows the text the editor was based on; the service may hold something newer. The
    // first edit of a clean document also arrives with isDirty still false (VS Code tells the dirty
    // state in a second event): only a change back to the file's own text is a revert, else every
    // first keystroke read the whole file again.
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== FILE_SCHEME || e.document.isDirty || !e.contentChanges.length) return;
        const key = e.document.uri.toString();
        if (e.document.getText() === this.documents.sessions.get(key)?.text) this.check([key]);
      }),
    );
  }

  private visibleKeys(): Set<string> {
    return new Set(
      vscode.window.visibleTextEditors.filter((e) => e.document.uri.scheme === FILE_SCHEME).map((e) => e.document.uri.toString()),
    );
  }

  private check(keys: string[], freshMs = MIN_INTERVAL_MS): void {
    const now = Date.now();
    for (const key of keys) {
      const doc = this.documents.openDocument(key);
      // A document just read from the service is as fresh as a re-check would make it: opening a
      // file made its editor appear, which read it a second time.
      const fresh = Math.max(this.lastChecked.get(key) ?? 0, this.documents.sessions.get(key)?.loadedAt ?? 0);
      if (!doc || doc.isDirty || now - fresh < freshMs) continue;
      this.lastChecked.set(key, now);
      this.documents.refresh(doc.uri).then(
        (outcome) => (outcome === 'changed' ? this.log.info(`[Files] ${doc.uri.path} changed on the service; reloaded.`) : undefined),
        (e: unknown) => this.log.debug(`[Files] Could not re-check ${doc.uri.path}: ${e instanceof Error ? e.message : String(e)}`),
      );
    }
  }
}
