// The one message protocol between the history webview and the extension: types, constants, the
// packed item list and the page's guard for what the host sends. Both sides import it, so it imports
// only this folder: neither `vscode`, the DOM, zod nor host code (eslint.config.mjs holds that).
//
// Messages entering the extension are checked with zod on the host side
// (src/history/host/messageSchema.ts, `parseWebviewMessage`): a message that does not match
// exactly is dropped. The webview checks what the host sends with a small hand-written guard
// (`isHostMessage`) instead, because zod/mini would grow a webview bundle that has to stay
// small, and the host is the trusted side (test/unit/bundles.test.ts: no zod in the page's bundle).
import type { HistoryItem, LineStats } from './historyItem';

export type { HistoryItem, LineStats };

// ---- extension → webview

export interface RevisionRefView {
  revisionId: string;
  sequence: number;
}

/** Whether Restore or Publish… is offered, and if not, why (shown as the disabled button's tooltip). */
export interface ActionAvailability {
  enabled: boolean;
  reason?: string;
}

export interface HistoryHeader {
  resourceId: string;
  /** The resource's name, or its id while the name is unknown. */
  name: string;
  /** "Dashboard", "Managed database", "Operation handler", "App". */
  kindLabel: string;
  /** The `FileView` of the resource's documents (src/kinds/resourcePath.ts); the page passes it through. */
  view: string;
  /** The opaque version token of the history (spec §2). */
  version: string;
  draft: RevisionRefView;
  published: RevisionRefView | null;
  capabilities: { history: boolean; restore: boolean; publish: boolean };
  restore: ActionAvailability;
  /** Whether Publish… is offered; absent: not offered. */
  publish?: ActionAvailability;
  /** False when the service does not say where dependency revisions live (no `dependencies` field). */
  dependencyLocations: boolean;
}

export interface StatsEntry extends LineStats {
  id: string;
}

/** Everything the list shows. The extension keeps it as is; the webview gets it as a `state` message. */
export interface HistoryState {
  header: HistoryHeader;
  items: HistoryItem[];
  stats: StatsEntry[];
  /** Revisions to select (the focused first), e.g. the new draft after a restore. */
  select?: string[];
}

export type HostMessage =
  /**
   * `items` is packed by `packItems`: thousands of revisions cross two frames as one string. It
   * holds the first screen (`FIRST_SCREEN_ITEMS`) of the `total`; an `items` message follows with
   * the rest, so that the first paint does not wait for the whole history to cross.
   */
  | { type: 'state'; header: HistoryHeader; items: string; total: number; stats: StatsEntry[]; select?: string[] }
  /** The items of the last `state` from position `from` on (packed). */
  | { type: 'items'; from: number; items: string }
  | { type: 'header'; header: HistoryHeader }
  | { type: 'stats'; entries: StatsEntry[] }
  | { type: 'busy'; busy: boolean; label?: string }
  | { type: 'notice'; level: 'error' | 'info'; message: string }
  | { type: 'select'; revisionIds: string[] };

// ---- webview → extension

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'open'; revisionId: string }
  | { type: 'compare'; left: string; right: string }
  | { type: 'compareWithDraft'; revisionId: string }
  | { type: 'compareWithPublished'; revisionId: string }
  | { type: 'showChanges'; revisionId: string }
  | { type: 'restore'; revisionId: string }
  | { type: 'publish'; revisionId: string }
  | { type: 'copyId'; revisionId: string }
  | { type: 'refresh' }
  /** Line counts wanted for these (visible) revisions. */
  | { type: 'loadStats'; revisionIds: string[] }
  /** The first paint of a state: how many rows were drawn, of how many, and how long it took. */
  | { type: 'rendered'; rows: number; total: number; ms: number };

export type WebviewMessageType = WebviewMessage['type'];

/** Where the page carries the messages it starts with (a JSON data block, never executed). */
export const INITIAL_MESSAGES_ELEMENT_ID = 'initial-messages';

/** Revisions in a `state` message: more than any screen shows; the rest follows in `items`. */
export const FIRST_SCREEN_ITEMS = 120;

/** At most this many ids in one `loadStats`: a screenful and some. */
export const MAX_STATS_REQUEST = 100;

// ---- the packed item list of a state message
//
// A long history is megabytes as objects (sizes: README, Performance). The message is cloned on its way from the
// extension host to the webview's frame and again into its inner frame; one string clones much
// faster than 40,000 small strings in objects, and tuples with an actor table halve the bytes.
// `{"v":1,"actors":[[type,id],…],"rows":[[id,[parents…],message,actorIndex,createdAt,sequence|null],…]}`

type PackedRow = [id: string, parents: string[], message: string, actor: number, createdAt: string, sequence: number | null];

/**
 * A state as the messages that carry it: `state` with the first screen, then `items` with the
 * rest (none when the first screen holds everything).
 */
export function stateMessages(state: HistoryState): HostMessage[] {
  const first = firstScreenMessage(state);
  if (state.items.length <= FIRST_SCREEN_ITEMS) return [first];
  return [first, { type: 'items', from: FIRST_SCREEN_ITEMS, items: packItems(state.items.slice(FIRST_SCREEN_ITEMS)) }];
}

/** The `state` message alone: the header and the first screen of items. */
export function firstScreenMessage(state: HistoryState): HostMessage {
  const { items, ...rest } = state;
  return { type: 'state', ...rest, items: packItems(items.slice(0, FIRST_SCREEN_ITEMS)), total: items.length };
}

export function packItems(items: readonly HistoryItem[]): string {
  const actors: [string, string][] = [];
  const actorIndex = new Map<string, number>();
  const rows: PackedRow[] = items.map((item) => {
    const key = `${item.actorType}\n${item.actorId}`;
    let actor = actorIndex.get(key);
    if (actor === undefined) {
      actor = actors.push([item.actorType, item.actorId]) - 1;
      actorIndex.set(key, actor);
    }
    return [item.id, item.parents, item.message, actor, item.createdAt, item.sequence];
  });
  return JSON.stringify({ v: 1, actors, rows });
}

/** The items of a packed list, or undefined when the text is not one. */
export function unpackItems(text: string): HistoryItem[] | undefined {
  let packed: unknown;
  try {
    packed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(packed) || packed.v !== 1 || !Array.isArray(packed.actors) || !Array.isArray(packed.rows)) return undefined;
  const actors = packed.actors;
  if (!actors.every((a) => Array.isArray(a) && a.length === 2 && typeof a[0] === 'string' && typeof a[1] === 'string')) return undefined;
  const items: HistoryItem[] = new Array(packed.rows.length);
  for (let i = 0; i < packed.rows.length; i++) {
    const row: unknown = packed.rows[i];
    if (!Array.isArray(row) || row.length !== 6) return undefined;
    const [id, parents, message, actor, createdAt, sequence] = row as unknown[];
    const who = typeof actor === 'number' ? (actors[actor] as [string, string] | undefined) : undefined;
    if (typeof id !== 'string' || !isStringArray(parents) || typeof message !== 'string' || !who || typeof createdAt !== 'string')
      return undefined;
    if (sequence !== null && typeof sequence !== 'number') return undefined;
    items[i] = { id, parents, message, actorType: who[0], actorId: who[1], createdAt, sequence };
  }
  return items;
}

// ---- the webview's guard for host messages

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isHeader(v: unknown): v is HistoryHeader {
  return (
    isObject(v) &&
    typeof v.resourceId === 'string' &&
    typeof v.name === 'string' &&
    isObject(v.draft) &&
    isObject(v.capabilities) &&
    isObject(v.restore)
  );
}

function isStats(v: unknown): v is StatsEntry[] {
  return (
    Array.isArray(v) &&
    v.every((e) => isObject(e) && typeof e.id === 'string' && typeof e.added === 'number' && typeof e.removed === 'number')
  );
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

export function isHostMessage(v: unknown): v is HostMessage {
  if (!isObject(v)) return false;
  switch (v.type) {
    case 'state':
      // The packed items are checked as they are unpacked (unpackItems).
      return (
        isHeader(v.header) &&
        typeof v.items === 'string' &&
        isCount(v.total) &&
        isStats(v.stats) &&
        (v.select === undefined || isStringArray(v.select))
      );
    case 'items':
      return isCount(v.from) && typeof v.items === 'string';
    case 'header':
      return isHeader(v.header);
    case 'stats':
      return isStats(v.entries);
    case 'busy':
      return typeof v.busy === 'boolean';
    case 'notice':
      return (v.level === 'error' || v.level === 'info') && typeof v.message === 'string';
    case 'select':
      return isStringArray(v.revisionIds);
    default:
      return false;
  }
}
