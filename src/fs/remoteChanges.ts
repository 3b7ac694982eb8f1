// Notices changes made on the service by others: when the window regains focus or a `wsa:` editor
// becomes visible again, each visible document without unsaved edits is read once more (one GET,
// at most every few seconds per file), and so is one just reverted; a newer state reloads it. Edited documents are left alone:
// their save meets the change as a conflict.
import * as vscode from 'vscode';
import { FILE_SCHEME } from '../model/resourcePath';
import { Disposable } from '../util/lifecycle';
import type { FileState } from './fileState';

const MIN_INTERVAL_MS = 3_000;

export class RemoteChangeWatcher extends Disposable {
  private readonly lastChecked = new Map<string, number>();
  private visible = new Set<string>();

  constructor(
    private readonly state: FileState,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.visible = this.visibleKeys();
    this._register(vscode.window.onDidChangeWindowState((s) => (s.focused ? this.check([...this.visibleKeys()]) : undefined)));
    this._register(
      vscode.window.onDidChangeVisibleTextEditors(() => {
        const now = this.visibleKeys();
        const appeared = [...now].filter((k) => !this.visible.has(k));
        this.visible = now;
        this.check(appeared);
      }),
    );
    // A revert shows the text the editor was based on; the service may hold something newer.
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme === FILE_SCHEME && !e.document.isDirty && e.contentChanges.length) this.check([e.document.uri.toString()]);
      }),
    );
  }

  private visibleKeys(): Set<string> {
    return new Set(vscode.window.visibleTextEditors.filter((e) => e.document.uri.scheme === FILE_SCHEME).map((e) => e.document.uri.toString()));
  }

  private check(keys: string[]): void {
    const now = Date.now();
    for (const key of keys) {
      const doc = this.state.openDocument(key);
      // A document just read from the service (opening it makes its editor appear) is as fresh as a
      // re-check would make it: reading it again was a second GET for every open.
      const fresh = Math.max(this.lastChecked.get(key) ?? 0, this.state.sessions.get(key)?.loadedAt ?? 0);
      if (!doc || doc.isDirty || now - fresh < MIN_INTERVAL_MS) continue;
      this.lastChecked.set(key, now);
      this.state.refresh(doc.uri).then(
        (outcome) => (outcome === 'changed' ? this.log.info(`[Files] ${doc.uri.path} changed on the service; reloaded.`) : undefined),
        (e: unknown) => this.log.debug(`[Files] Could not re-check ${doc.uri.path}: ${e instanceof Error ? e.message : String(e)}`),
      );
    }
  }
}
