// The revision history may come in pages (`nextCursor`, then `?cursor=`) and in either order: the
// spec leaves both open (§4.1). The client reads every page, up to a bound, and hands the history
// on newest first. Pure, apart from the page reader it is given.
import type { RevisionHistory, RevisionListItem } from './schemas';

/** At most this many pages are read for one history; a longer one shows its newest part. */
export const MAX_REVISION_PAGES = 400;
/** …and at most this many revisions. */
export const MAX_REVISION_ITEMS = 20_000;

export type PagedHistory = RevisionHistory & { nextCursor?: string | null | undefined };

/**
 * Every page of a history: follows `nextCursor` until it is null, a cursor repeats, or a bound is
 * reached. The first page's header (draft, published, version) describes the history.
 */
export async function readAllPages(first: PagedHistory, next: (cursor: string) => Promise<PagedHistory>): Promise<PagedHistory> {
  let cursor = first.nextCursor ?? null;
  // One page, as most services answer: nothing to merge.
  if (!cursor) return { ...first, items: newestFirst(first.items.slice(0, MAX_REVISION_ITEMS)), nextCursor: cursor };
  const items = [...first.items];
  const ids = new Set(items.map((i) => i.id));
  const cursors = new Set<string>();
  let pages = 1;
  while (cursor && !cursors.has(cursor) && pages < MAX_REVISION_PAGES && items.length < MAX_REVISION_ITEMS) {
    cursors.add(cursor);
    const page = await next(cursor);
    pages++;
    // A revision saved while paging can shift a page: the same item twice counts once.
    for (const item of page.items) {
      if (ids.has(item.id)) continue;
      ids.add(item.id);
      items.push(item);
    }
    cursor = page.nextCursor ?? null;
  }
  return { ...first, items: newestFirst(items.slice(0, MAX_REVISION_ITEMS)), nextCursor: cursor };
}

/**
 * The items newest first by `createdAt`, stable. A list that arrives oldest first is turned round
 * before sorting, so revisions with the same timestamp keep their true order too. When a timestamp
 * does not parse, only the direction is fixed. Each timestamp is parsed once, and the sort compares
 * positions in an array: a history of thousands is read before its first screen is shown (V8's
 * sort passes over a list already in order once).
 */
export function newestFirst(items: readonly RevisionListItem[]): RevisionListItem[] {
  const n = items.length;
  if (n < 2) return [...items];
  // An ISO 8601 date, or one that starts with a name (src/history/protocol/relativeTime.ts, timeOf):
  // Date.parse alone takes "5" for a day in 2001, which would move that revision last.
  const times = items.map((i) => (/^(?:[+-]\d{6}|\d{4})-|^[A-Za-z]/.test(i.createdAt.trim()) ? Date.parse(i.createdAt) : Number.NaN));
  const first = times[0]!;
  const last = times[n - 1]!;
  // Equal (or unreadable) times: a first item without a parent is the oldest revision.
  const oldestFirst = first < last || (!(first > last) && items[0]!.parentRevisionId === null && items[n - 1]!.parentRevisionId !== null);
  const order = Array.from({ length: n }, (_, k) => (oldestFirst ? n - 1 - k : k));
  // Array.prototype.sort is stable: equal times keep the order fixed above.
  if (!times.some(Number.isNaN)) order.sort((a, b) => times[b]! - times[a]!);
  return order.map((i) => items[i]!);
}
