// The opaque strings the tools hand out and take back: baseRevision (which resource and view a text
// was read as, and the save tokens of that state) and the list cursors (where a listing goes on).
// A model sees them as strings to pass back unchanged; whatever it passes is input, so each is
// decoded strictly: its own prefix, base64url JSON of a bounded size, every field of the expected
// type. Each names the connection it was made on (the service's origin and the workspace): one
// from another connection is refused before anything is read. The tokens inside a baseRevision are
// never trusted as such: a save compares them with what the service holds before anything is sent
// (agentSave.ts). Pure.
import * as l10n from '@vscode/l10n';
import { createHash } from 'node:crypto';
import { isIdOf, kindOfId } from '../../api';
import { isEditable, type FileView } from '../../kinds/resourcePath';
import { FILE_VIEWS } from '../../kinds/resourceKinds';
import type { SaveTokens } from '../../documents/model/saveTypes';
import { ToolInputError } from './toolArgs';
import { TOOL_KINDS } from './toolSpecs';

const MAX_TOKEN_CHARS = 4096;

/** The connection a token belongs to: the service's origin and the workspace. */
export interface Binding {
  readonly origin: string;
  readonly workspaceId: string;
}

const notGiven = (what: string) =>
  new ToolInputError(l10n.t('The {0} is not one these tools gave: pass it back exactly as it was answered.', what));

/** The connection as a token carries it: a hash of its origin and workspace, short enough for a model's budget. */
export function bindingId(binding: Binding): string {
  return createHash('sha256').update(`${binding.origin}\n${binding.workspaceId}`, 'utf8').digest('base64url').slice(0, 16);
}

/** Throws unless `v` was made on `binding`'s connection. */
function checkBinding(v: Record<string, unknown>, binding: Binding, what: string): void {
  if (typeof v.b !== 'string') throw notGiven(what);
  if (v.b !== bindingId(binding))
    throw new ToolInputError(
      l10n.t(
        'The {0} was given on another connection (another service or workspace): nothing was read or sent. Start again on this one.',
        what,
      ),
    );
}

function encode(prefix: string, value: object): string {
  return `${prefix}${Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')}`;
}

function decode(prefix: string, token: string, what: string): Record<string, unknown> {
  const bad = () => notGiven(what);
  if (token.length > MAX_TOKEN_CHARS || !token.startsWith(prefix)) throw bad();
  const body = token.slice(prefix.length);
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad();
  return value as Record<string, unknown>;
}

// ---- baseRevision

export interface BaseRevision {
  readonly id: string;
  readonly view: FileView;
  /** The save tokens of the state the text was read at; null for a view that cannot be saved. */
  readonly tokens: SaveTokens | null;
  /** Where the service gave no token (a fact without `updatedAt`): a hash of the editable fields read. */
  readonly fields?: string;
}

const BASE_PREFIX = 'wsa-base.2.';
const HASH = /^[0-9a-f]{64}$/;

export function encodeBase(base: BaseRevision, binding: Binding): string {
  return encode(BASE_PREFIX, {
    b: bindingId(binding),
    id: base.id,
    view: base.view,
    tokens: base.tokens,
    ...(base.fields !== undefined ? { f: base.fields } : {}),
  });
}

export function decodeBase(token: string, binding: Binding): BaseRevision {
  const what = 'baseRevision';
  const value = decode(BASE_PREFIX, token, what);
  const { id, view, tokens, f } = value;
  const bad = notGiven(what);
  if (typeof id !== 'string' || kindOfId(id) === undefined) throw bad;
  if (typeof view !== 'string' || !Object.hasOwn(FILE_VIEWS, view)) throw bad;
  if (f !== undefined && (typeof f !== 'string' || !HASH.test(f))) throw bad;
  checkBinding(value, binding, what);
  if (tokens === null) return { id, view: view as FileView, tokens: null };
  // Tokens of another view, or of a view that is never saved, cannot come from a read.
  if (typeof tokens !== 'object' || Array.isArray(tokens) || (tokens as { kind?: unknown }).kind !== view || !isEditable(view as FileView))
    throw bad;
  return { id, view: view as FileView, tokens: tokens as SaveTokens, ...(f !== undefined ? { fields: f } : {}) };
}

/** Whether two token sets name the same server state: equal JSON with the keys in any order. */
export function sameTokens(a: SaveTokens | null, b: SaveTokens | null): boolean {
  return canonical(a) === canonical(b);
}

/** `value` as JSON with the keys of every object sorted: equal values, equal strings. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

// ---- list cursors

/** Where list_resources goes on: which kind of the listing, the service's cursor and how far into its page. */
export interface ResourceCursor {
  readonly kind: string | null;
  readonly query: string | null;
  /** Index into the listing's kinds. */
  readonly index: number;
  /** The service cursor of the page being read (null: its first page). */
  readonly page: string | null;
  /** Items of that page already handed out. */
  readonly skip: number;
  /** Pages of this kind read so far (a listing stops at MAX_KIND_PAGES, whatever the service's cursors do). */
  readonly pages: number;
}

const RESOURCE_PREFIX = 'wsa-list.2.';

export function encodeResourceCursor(c: ResourceCursor, binding: Binding): string {
  return encode(RESOURCE_PREFIX, {
    b: bindingId(binding),
    k: c.kind,
    q: c.query,
    i: c.index,
    c: c.page,
    s: c.skip,
    n: c.pages,
  });
}

const isCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

export function decodeResourceCursor(token: string, binding: Binding): ResourceCursor {
  const v = decode(RESOURCE_PREFIX, token, 'cursor');
  const bad = notGiven('cursor');
  const kind = v.k;
  const query = v.q;
  const page = v.c;
  if (kind !== null && !(TOOL_KINDS as readonly unknown[]).includes(kind)) throw bad;
  if (query !== null && (typeof query !== 'string' || query.length > 200)) throw bad;
  if (page !== null && (typeof page !== 'string' || page.length > 1000)) throw bad;
  if (!isCount(v.i, TOOL_KINDS.length) || !isCount(v.s, 100_000) || !isCount(v.n, 10_000)) throw bad;
  checkBinding(v, binding, 'cursor');
  return { kind: kind as string | null, query: query as string | null, index: v.i, page: page as string | null, skip: v.s, pages: v.n };
}

/**
 * Where list_revisions goes on: which history, the kept read of it the pages come from, how many
 * of its items were handed out and the last one (where a read again goes on when the kept one is gone).
 */
export interface RevisionCursor {
  readonly id: string;
  readonly kind: string;
  /** The kept read of the history (opaque, random). */
  readonly snapshot: string;
  readonly skip: number;
  /** The id of the last revision handed out. */
  readonly last: string;
}

const REVISION_PREFIX = 'wsa-revs.2.';

export function encodeRevisionCursor(c: RevisionCursor, binding: Binding): string {
  return encode(REVISION_PREFIX, { b: bindingId(binding), id: c.id, k: c.kind, r: c.snapshot, s: c.skip, l: c.last });
}

export function decodeRevisionCursor(token: string, binding: Binding): RevisionCursor {
  const v = decode(REVISION_PREFIX, token, 'cursor');
  const bad = notGiven('cursor');
  if (typeof v.id !== 'string' || kindOfId(v.id) === undefined) throw bad;
  if (!(TOOL_KINDS as readonly unknown[]).includes(v.k) || !isCount(v.s, 1_000_000)) throw bad;
  if (typeof v.r !== 'string' || !/^[0-9a-f]{32}$/.test(v.r) || typeof v.l !== 'string' || !isIdOf('revision', v.l)) throw bad;
  checkBinding(v, binding, 'cursor');
  return { id: v.id, kind: v.k as string, snapshot: v.r, skip: v.s, last: v.l };
}
