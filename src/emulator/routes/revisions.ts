// Revision histories (spec §4.1, §4.2): operations, dashboard resources, databases and apps. The
// order and paging of `items` are open points: ours is all items newest first; the oldest-first and
// paged-revisions variants take the other choices.
import type { IdKind } from '../../api/ids';
import { HttpError } from '../core/http';
import * as present from '../core/present';
import type { HistoryRecord, RevisionRecord } from '../core/records';
import type { VariantSet } from '../core/variants';
import type { Route } from './router';

const HISTORY_KINDS: readonly IdKind[] = ['operation', 'dashboardResource', 'database', 'application'];

/** Items per response under the paged-revisions variant. */
export const REVISION_PAGE_SIZE = 25;

function noResource(id: string): HttpError {
  return new HttpError(404, 'not_found', `No resource ${id} with a revision history in this workspace.`);
}

interface Page {
  items: RevisionRecord[];
  /** undefined when paging is off. */
  nextCursor?: string | null;
}

/**
 * The items of one response. A cursor holds the position in the stored list (oldest first, only
 * ever appended to), so a save between two pages neither repeats nor skips an item.
 */
export function revisionPage(h: HistoryRecord, variants: VariantSet, cursor: string | null): Page {
  const all = h.capabilities.history ? h.revisions : [];
  const oldestFirst = variants.has('oldest-first');
  if (!variants.has('paged-revisions')) return { items: oldestFirst ? all.slice() : all.slice().reverse() };
  const start = cursor === null || cursor === '' ? (oldestFirst ? 0 : all.length - 1) : parseCursor(cursor, h, all.length);
  const items: RevisionRecord[] = [];
  let i = start;
  for (; items.length < REVISION_PAGE_SIZE && i >= 0 && i < all.length; i += oldestFirst ? 1 : -1) items.push(all[i]!);
  const more = i >= 0 && i < all.length;
  return { items, nextCursor: more ? encodeCursor(h.resourceId, i) : null };
}

function encodeCursor(resourceId: string, position: number): string {
  return Buffer.from(JSON.stringify({ r: resourceId, p: position })).toString('base64url');
}

function parseCursor(raw: string, h: HistoryRecord, length: number): number {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { r?: unknown; p?: unknown };
    const p = parsed.p;
    if (parsed.r === h.resourceId && typeof p === 'number' && Number.isInteger(p) && p >= 0 && p < length) return p;
  } catch {
    // fall through to the error below
  }
  throw new HttpError(400, 'bad_request', 'cursor is not a cursor this server returned for this resource.');
}

export const revisionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/resources/:resourceId/revisions',
    scope: 'workspace',
    ids: { resourceId: HISTORY_KINDS },
    handle: ({ store, workspace, params, query, variants, envelope }) => {
      const id = params['resourceId']!;
      const history = store.history(id, workspace.id);
      if (!history) throw noResource(id);
      const cursor = variants.has('paged-revisions') ? query.get('cursor') : null;
      // Long histories are served from a body cached per version token (first pages only).
      const cacheable = cursor === null || cursor === '';
      const cached = cacheable ? store.historyBodyCache.get(id) : undefined;
      if (cached && cached.version === history.version) return { body: cached.body };
      const page = revisionPage(history, variants, cursor);
      const body = envelope(present.revisionHistory(history, page.items, variants.has('bare'), page.nextCursor));
      if (cacheable) store.historyBodyCache.set(id, { version: history.version, body });
      return { body };
    },
  },
  {
    method: 'GET',
    path: '/v1/resources/:resourceId/revisions/:revisionId',
    scope: 'workspace',
    ids: { resourceId: HISTORY_KINDS, revisionId: 'revision' },
    handle: ({ store, workspace, params, variants }) => {
      const id = params['resourceId']!;
      const history = store.history(id, workspace.id);
      if (!history) throw noResource(id);
      const revision = store.revisions.get(params['revisionId']!);
      // A revision of another resource does not exist here (spec §7.1, README: 404).
      if (!revision || revision.resourceId !== id) {
        throw new HttpError(404, 'not_found', `Revision ${params['revisionId']} does not belong to resource ${id}.`);
      }
      return { data: present.revisionFull(revision, variants.has('bare')) };
    },
  },
];
