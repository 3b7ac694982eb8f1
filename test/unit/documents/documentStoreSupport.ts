// Builders for the document store's tests: a workspace state that outlives a store (as VS Code's
// does the extension host), snapshots, and what an editor tells the store.
import { DocumentStore, type EditorFacts } from '../../../src/documents/model/documentStore';
import type { ResourceFile } from '../../../src/kinds/resourcePath';
import { tokensKey, type ResourceContent } from '../../../src/documents/model/resourceReader';
import type { ServerSnapshot } from '../../../src/documents/model/saveTypes';

export const KEY = 'wsa:/wksp_1/dashboards/oper_1/Sales.tsx';
export const file: ResourceFile = { workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_1', name: 'Sales' };

export function snapshot(sequence: number, text: string): ServerSnapshot {
  return {
    text,
    tokens: { kind: 'dashboard', expectedRevision: { revisionId: `rvsn_${sequence}`, sequence }, expectedDataRunId: 'oprn_1' },
    label: `revision ${sequence}`,
  };
}

export const content = (s: ServerSnapshot): ResourceContent => ({ text: s.text, snapshot: s, version: tokensKey(s.tokens) });
export const clean = (text: string): EditorFacts => ({ isDirty: false, text });
export const dirty = (text: string): EditorFacts => ({ isDirty: true, text });

/** The workspace state: values go through JSON, as VS Code stores them. `failing` rejects every update. */
export class MemoryState {
  readonly values = new Map<string, unknown>();
  failing: 'reject' | 'throw' | undefined;

  get<T>(key: string): T | undefined {
    return this.values.has(key) ? (JSON.parse(JSON.stringify(this.values.get(key))) as T) : undefined;
  }

  update(key: string, value: unknown): Promise<void> {
    if (this.failing === 'throw') throw new Error('disk full');
    if (this.failing === 'reject') return Promise.reject(new Error('disk full'));
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

export interface Harness {
  store: DocumentStore;
  state: MemoryState;
  errors: string[];
  clock: { now: number };
  /** A new store over the same workspace state: the window reloaded. */
  restart(): DocumentStore;
}

export function harness(state = new MemoryState()): Harness {
  const errors: string[] = [];
  const clock = { now: Date.UTC(2026, 10, 26) };
  const make = () => new DocumentStore({ state, log: { error: (m) => errors.push(m) }, now: () => clock.now });
  return { store: make(), state, errors, clock, restart: make };
}

/** A store with the file read at revision 1 ('old'). */
export function opened(text = 'old'): Harness {
  const h = harness();
  h.store.loaded(KEY, file, content(snapshot(1, text)));
  return h;
}

/** What VS Code sees of the file, and what its next save is based on. */
export function seen(store: DocumentStore) {
  const s = store.sessions.get(KEY);
  return { text: s?.text, base: s?.base?.label, reloadPending: s?.reloadPending };
}
