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
  const items = [...first.items];
  const ids = new Set(items.map((i) => i.id));
  const cursors = new Set<string>();
  let cursor = first.nextCursor ?? null;
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
 * does not parse, only the direction is fixed.
 */
export function newestFirst(items: readonly RevisionListItem[]): RevisionListItem[] {
  if (items.length < 2) return [...items];
  const times = new Map(items.map((i) => [i, Date.parse(i.createdAt)]));
  const first = times.get(items[0]!)!;
  const last = times.get(items.at(-1)!)!;
  // Equal (or unreadable) times: a first item without a parent is the oldest revision.
  const oldestFirst = first < last || (!(first > last) && items[0]!.parentRevisionId === null && items.at(-1)!.parentRevisionId !== null);
  const ordered = oldestFirst ? [...items].reverse() : [...items];
  if ([...times.values()].some(Number.isNaN)) return ordered;
  return ordered.sort((a, b) => times.get(b)! - times.get(a)!);
}
