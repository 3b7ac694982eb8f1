// The base of every `wsa:` document with unsaved edits, kept in the workspace state. VS Code
// restores unsaved editors after a reload (hot exit); without this, their next save would be based
// on whatever the service holds by then and could overwrite a change made meanwhile, silently.
import type * as vscode from 'vscode';
import { tokensKey } from '../model/resourceReader';
import type { ServerSnapshot } from '../model/saveTypes';

const STATE_KEY = 'workspaceAutomation.editBases';
/** Entries of editors that were never restored are dropped after this long. */
const MAX_AGE_MS = 14 * 24 * 3600_000;

interface Entry {
  base: ServerSnapshot;
  at: number;
}

export class EditBases {
  private readonly entries: Map<string, Entry>;

  constructor(
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const stored = state.get<Record<string, Entry>>(STATE_KEY) ?? {};
    const now = Date.now();
    this.entries = new Map(
      Object.entries(typeof stored === 'object' && stored !== null ? stored : {}).filter(
        ([, e]) =>
          typeof e?.at === 'number' &&
          now - e.at < MAX_AGE_MS &&
          typeof e.base?.text === 'string' &&
          typeof e.base.tokens?.kind === 'string',
      ),
    );
  }

  get(key: string): ServerSnapshot | undefined {
    return this.entries.get(key)?.base;
  }

  /** The document `key` has unsaved edits based on `base`. */
  remember(key: string, base: ServerSnapshot): void {
    const known = this.entries.get(key);
    if (known && tokensKey(known.base.tokens) === tokensKey(base.tokens)) return;
    this.entries.set(key, { base, at: Date.now() });
    this.store();
  }

  forget(key: string): void {
    if (this.entries.delete(key)) this.store();
  }

  private store(): void {
    this.state
      .update(STATE_KEY, Object.fromEntries(this.entries))
      .then(undefined, (e: unknown) => this.log.error(`[Files] Could not store the bases of unsaved editors: ${String(e)}`));
  }
}
