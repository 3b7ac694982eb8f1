// Held auto saves (setting `workspaceAutomation.autoSave`) as VS Code sees them: the store
// (src/documents/model/documentStore.ts) owns what is held and decides when it is dropped; this adapter adds
// the context key, a vscode event for the decorations and status bar, and the coalescing timers
// that send held saves later as one revision.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../../manifest/contributions';
import type { DocumentStore, HeldSave } from '../model/documentStore';
import { Disposable } from '../../util/lifecycle';

export type { HeldSave } from '../model/documentStore';

export class HeldSaves extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<string[]>());
  /** Fires the URI strings whose held state changed. */
  readonly onDidChange = this._onDidChange.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly store: DocumentStore) {
    super();
    this._register({ dispose: () => this.timers.forEach((t) => clearTimeout(t)) });
    this._register(
      store.held.onDidChange((uris) => {
        // A save sent or dropped needs no timer any more.
        for (const uri of uris) if (!store.held.get(uri)) this.cancel(uri);
        void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasHeldSaves, store.held.size > 0);
        this._onDidChange.fire(uris);
      }),
    );
    // An unset context key is false already: the usual start (nothing held) sends no command.
    if (store.held.size) void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasHeldSaves, true);
  }

  get size(): number {
    return this.store.held.size;
  }

  get(uri: string): HeldSave | undefined {
    return this.store.held.get(uri);
  }

  all(): HeldSave[] {
    return this.store.held.all();
  }

  /** Forgets what is held for `uri` without sending it (tests start clean with it). */
  release(uri: string): void {
    this.cancel(uri);
    this.store.heldForgotten(uri);
  }

  /** Runs `send` once no further schedule for `uri` came for `delayMs` (coalescing auto saves). */
  schedule(uri: string, delayMs: number, send: () => void): void {
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      send();
    }, delayMs);
    this.timers.set(uri, timer);
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
