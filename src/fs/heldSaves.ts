// Auto saves that did not go to the service (setting `workspaceAutomation.autoSave`): the text and
// the snapshot it is based on, per `wsa:` URI, kept in the workspace state so they survive a
// reload; and the coalescing timers that send them later as one revision.
import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../manifest/contributions';
import type { ServerSnapshot } from '../model/saveTypes';
import { Disposable } from '../util/lifecycle';

const STATE_KEY = 'workspaceAutomation.heldSaves';

export interface HeldSave {
  /** The `wsa:` URI string. */
  readonly uri: string;
  readonly text: string;
  /** The server state `text` is an edit of; the eventual save is guarded by its tokens. */
  readonly base: ServerSnapshot;
  readonly heldAt: number;
  /** Why the last attempt to send it failed, for the decoration's tooltip. */
  readonly lastError?: string;
}

function isHeldSave(v: unknown): v is HeldSave {
  const h = v as Partial<HeldSave> | null;
  return (
    typeof h === 'object' &&
    h !== null &&
    typeof h.uri === 'string' &&
    typeof h.text === 'string' &&
    typeof h.heldAt === 'number' &&
    typeof h.base === 'object' &&
    h.base !== null &&
    typeof h.base.text === 'string' &&
    typeof h.base.tokens?.kind === 'string'
  );
}

export class HeldSaves extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<string[]>());
  /** Fires the URI strings whose held state changed. */
  readonly onDidChange = this._onDidChange.event;
  private readonly entries = new Map<string, HeldSave>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    const stored = state.get<unknown[]>(STATE_KEY) ?? [];
    for (const entry of Array.isArray(stored) ? stored : []) if (isHeldSave(entry)) this.entries.set(entry.uri, entry);
    this._register({ dispose: () => this.timers.forEach((t) => clearTimeout(t)) });
    // An unset context key is false already: the usual start (nothing held) sends no command.
    if (this.entries.size) void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasHeldSaves, true);
  }

  get size(): number {
    return this.entries.size;
  }

  get(uri: string): HeldSave | undefined {
    return this.entries.get(uri);
  }

  all(): HeldSave[] {
    return [...this.entries.values()];
  }

  hold(uri: string, text: string, base: ServerSnapshot): void {
    this.entries.set(uri, { uri, text, base, heldAt: Date.now() });
    this.changed(uri);
  }

  /** The held text is now based on `base` (after a merge). */
  rebase(uri: string, base: ServerSnapshot): void {
    const entry = this.entries.get(uri);
    if (!entry) return;
    this.entries.set(uri, { ...entry, base });
    this.changed(uri);
  }

  /** Keeps the text held and remembers why sending it failed. */
  failed(uri: string, reason: string): void {
    const entry = this.entries.get(uri);
    if (!entry) return;
    this.entries.set(uri, { ...entry, lastError: reason });
    this.changed(uri);
  }

  release(uri: string): void {
    this.cancel(uri);
    if (this.entries.delete(uri)) this.changed(uri);
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

  private changed(uri: string): void {
    this.state
      .update(STATE_KEY, this.all())
      .then(undefined, (e: unknown) => this.log.error(`[Files] Could not store the held auto saves: ${String(e)}`));
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.hasHeldSaves, this.entries.size > 0);
    this._onDidChange.fire([uri]);
  }
}
