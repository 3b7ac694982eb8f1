// The one message protocol between the history webview and the extension. Both sides import it;
// it imports neither `vscode` nor the DOM.
//
// Messages entering the extension are checked with zod (`parseWebviewMessage`): a message that does
// not match exactly is dropped. The webview checks what the host sends with a small hand-written
// guard (`isHostMessage`) instead, because zod/mini would add ~19 KB to a webview bundle that has
// to stay small, and the host is the trusted side. The zod schemas are built on first use, inside a
// function, so that the webview bundle (which never calls it) leaves zod out entirely.
import * as z from 'zod/mini';
import type { FileView } from '../../model/resourcePath';
import type { HistoryItem, LineStats } from '../../model/history/types';

export type { HistoryItem, LineStats };

// ---- extension → webview

export interface RevisionRefView {
  revisionId: string;
  sequence: number;
}

/** Whether Restore is offered, and if not, why (shown as the disabled button's tooltip). */
export interface RestoreAvailability {
  enabled: boolean;
  reason?: string;
}

export interface HistoryHeader {
  resourceId: string;
  /** The resource's name, or its id while the name is unknown. */
  name: string;
  /** "Dashboard", "Managed database", "Operation handler", "App". */
  kindLabel: string;
  view: FileView;
  /** The opaque version token of the history (spec §2). */
  version: string;
  draft: RevisionRefView;
  published: RevisionRefView | null;
  capabilities: { history: boolean; restore: boolean; publish: boolean };
  restore: RestoreAvailability;
  /** False when the service does not say where dependency revisions live (no `dependencies` field). */
  dependencyLocations: boolean;
}

export interface StatsEntry extends LineStats {
  id: string;
}

export type HostMessage =
  | { type: 'state'; header: HistoryHeader; items: HistoryItem[]; stats: StatsEntry[]; select?: string[] }
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
  | { type: 'copyId'; revisionId: string }
  | { type: 'refresh' }
  /** Line counts wanted for these (visible) revisions. */
  | { type: 'loadStats'; revisionIds: string[] }
  /** The first paint of a state: how many rows were drawn, of how many, and how long it took. */
  | { type: 'rendered'; rows: number; total: number; ms: number };

export type WebviewMessageType = WebviewMessage['type'];

/** At most this many ids in one `loadStats`: a screenful and some. */
export const MAX_STATS_REQUEST = 100;

const REVISION_ID = /^rvsn_[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

let schema: z.ZodMiniType<WebviewMessage> | undefined;

function webviewMessageSchema(): z.ZodMiniType<WebviewMessage> {
  if (schema) return schema;
  const revisionId = z.string().check(z.regex(REVISION_ID));
  const one = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), revisionId });
  const count = z.number().check(z.int(), z.nonnegative());
  schema = z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ready') }),
    one('open'),
    z.strictObject({ type: z.literal('compare'), left: revisionId, right: revisionId }),
    one('compareWithDraft'),
    one('compareWithPublished'),
    one('showChanges'),
    one('restore'),
    one('copyId'),
    z.strictObject({ type: z.literal('refresh') }),
    z.strictObject({ type: z.literal('loadStats'), revisionIds: z.array(revisionId).check(z.maxLength(MAX_STATS_REQUEST)) }),
    z.strictObject({ type: z.literal('rendered'), rows: count, total: count, ms: z.number().check(z.nonnegative()) }),
  ]) as z.ZodMiniType<WebviewMessage>;
  return schema;
}

export type ParsedMessage = { ok: true; message: WebviewMessage } | { ok: false; reason: string };

/** Checks a message from the webview. Anything but an exact protocol message is refused, with why. */
export function parseWebviewMessage(raw: unknown): ParsedMessage {
  const result = webviewMessageSchema().safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at “${issue.path.map(String).join('.')}”` : '';
  return { ok: false, reason: `${issue?.message ?? 'unexpected shape'}${where}` };
}

// ---- the webview's guard for host messages

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isHeader(v: unknown): v is HistoryHeader {
  return isObject(v) && typeof v.resourceId === 'string' && typeof v.name === 'string' && isObject(v.draft) && isObject(v.capabilities) && isObject(v.restore);
}

function isItem(v: unknown): v is HistoryItem {
  return isObject(v) && typeof v.id === 'string' && Array.isArray(v.parents) && typeof v.message === 'string' && typeof v.actorId === 'string' && typeof v.createdAt === 'string';
}

function isStats(v: unknown): v is StatsEntry[] {
  return Array.isArray(v) && v.every((e) => isObject(e) && typeof e.id === 'string' && typeof e.added === 'number' && typeof e.removed === 'number');
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

export function isHostMessage(v: unknown): v is HostMessage {
  if (!isObject(v)) return false;
  switch (v.type) {
    case 'state':
      return isHeader(v.header) && Array.isArray(v.items) && v.items.every(isItem) && isStats(v.stats) && (v.select === undefined || isStringArray(v.select));
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
