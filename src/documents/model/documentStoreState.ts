// The two parts of a `wsa:` document's state that outlive the extension host, kept in the
// workspace state: held auto saves (setting `workspaceAutomation.autoSave`) and the bases of
// editors with unsaved edits (VS Code restores those after a reload, hot exit). vscode-free: the
// workspace state comes in as `PersistedState`, which a `vscode.Memento` satisfies. Only
// DocumentStore (documentStore.ts) changes them; everyone else reads.
import { Emitter } from '../../util/events';
import { tokensKey } from './resourceReader';
import type { ServerSnapshot } from './saveTypes';

/** A key-value store that outlives the extension host (a `vscode.Memento`). */
export interface PersistedState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** Where a failure to persist is told (it never fails the edit itself). */
export interface StoreLog {
  error(message: string): void;
}

const HELD_KEY = 'workspaceAutomation.heldSaves';
const BASES_KEY = 'workspaceAutomation.editBases';
/** Entries of editors that were never restored are dropped after this long. */
export const EDIT_BASE_MAX_AGE_MS = 14 * 24 * 3600_000;

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

/** A snapshot as far as a save needs it: a text and tokens of a kind. Anything else stored is not one. */
function isSnapshot(v: unknown): v is ServerSnapshot {
  const s = v as Partial<ServerSnapshot> | null;
  return typeof s === 'object' && s !== null && typeof s.text === 'string' && typeof s.tokens?.kind === 'string';
}

function isHeldSave(v: unknown): v is HeldSave {
  const h = v as Partial<HeldSave> | null;
  return (
    typeof h === 'object' &&
    h !== null &&
    typeof h.uri === 'string' &&
    typeof h.text === 'string' &&
    typeof h.heldAt === 'number' &&
    isSnapshot(h.base)
  );
}

function persist(state: PersistedState, log: StoreLog, key: string, value: unknown, what: string): void {
  let stored: PromiseLike<void>;
  try {
    stored = state.update(key, value);
  } catch (e) {
    log.error(`[Files] Could not store ${what}: ${String(e)}`);
    return;
  }
  stored.then(undefined, (e: unknown) => log.error(`[Files] Could not store ${what}: ${String(e)}`));
}

/** Auto saves that did not go to the service yet, per URI string. */
export class HeldEntries {
  private readonly _onDidChange = new Emitter<string[]>();
  /** Fires the URI strings whose held state changed. */
  readonly onDidChange = this._onDidChange.event;
  private readonly entries = new Map<string, HeldSave>();

  constructor(
    private readonly state: PersistedState,
    private readonly log: StoreLog,
    private readonly now: () => number = Date.now,
  ) {
    const stored = state.get<unknown>(HELD_KEY);
    for (const entry of Array.isArray(stored) ? (stored as unknown[]) : []) if (isHeldSave(entry)) this.entries.set(entry.uri, entry);
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
    this.entries.set(uri, { uri, text, base, heldAt: this.now() });
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

  /** Returns whether something was held. */
  release(uri: string): boolean {
    if (!this.entries.delete(uri)) return false;
    this.changed(uri);
    return true;
  }

  dispose(): void {
    this._onDidChange.dispose();
  }

  private changed(uri: string): void {
    persist(this.state, this.log, HELD_KEY, this.all(), 'the held auto saves');
    this._onDidChange.fire([uri]);
  }
}

/** The base of every document with unsaved edits, so a restored editor's save stays guarded by it. */
export class EditBases {
  private readonly entries: Map<string, { base: ServerSnapshot; at: number }>;

  constructor(
    private readonly state: PersistedState,
    private readonly log: StoreLog,
    private readonly now: () => number = Date.now,
  ) {
    const stored = state.get<unknown>(BASES_KEY);
    const at = now();
    const values = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? Object.entries(stored) : [];
    this.entries = new Map(
      values.flatMap(([key, e]: [string, unknown]) => {
        const entry = e as { base?: unknown; at?: unknown } | null;
        if (typeof entry !== 'object' || entry === null || typeof entry.at !== 'number' || !isSnapshot(entry.base)) return [];
        return at - entry.at < EDIT_BASE_MAX_AGE_MS ? [[key, { base: entry.base, at: entry.at }] as const] : [];
      }),
    );
  }

  get(key: string): ServerSnapshot | undefined {
    return this.entries.get(key)?.base;
  }

  /** The document `key` has unsaved edits based on `base`. */
  remember(key: string, base: ServerSnapshot): void {
    const known = this.entries.get(key);
    if (known && tokensKey(known.base.tokens) === tokensKey(base.tokens)) return;
    this.entries.set(key, { base, at: this.now() });
    this.store();
  }

  forget(key: string): void {
    if (this.entries.delete(key)) this.store();
  }

  private store(): void {
    persist(this.state, this.log, BASES_KEY, Object.fromEntries(this.entries), 'the bases of unsaved editors');
  }
}
