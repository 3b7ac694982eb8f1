// The bounds every followed list keeps, whatever the service's cursors do: a cursor that comes back
// ends the list (followed, it would loop forever), and so do a page count and an item count. Pure.
import * as l10n from '@vscode/l10n';

/** At most this many pages of one list are read… */
export const MAX_LIST_PAGES = 100;
/** …and at most this many items of one kind are shown. */
export const MAX_LIST_ITEMS = 10_000;

export type ListStop = 'repeatedCursor' | 'pages' | 'items';

/** The cursors a list has followed so far. The first page was read without one. */
export class CursorTrail {
  private readonly seen = new Set<string>();
  private pages = 1;

  constructor(
    readonly maxPages = MAX_LIST_PAGES,
    readonly maxItems = MAX_LIST_ITEMS,
  ) {}

  /** Why the page at `cursor` must not be read with `items` already held; undefined: read it. */
  stopBefore(cursor: string, items: number): ListStop | undefined {
    if (items >= this.maxItems) return 'items';
    if (this.seen.has(cursor)) return 'repeatedCursor';
    if (this.pages >= this.maxPages) return 'pages';
    return undefined;
  }

  /** The page at `cursor` is being read. */
  follow(cursor: string): void {
    this.seen.add(cursor);
    this.pages++;
  }
}

/** What a list that stopped early says in its view, e.g. "The service listed more than 10,000 facts; showing the first 10,000." */
export function listStopMessage(stop: ListStop, noun: string, shown: number, trail: CursorTrail): string {
  const n = (v: number) => v.toLocaleString('en-US');
  switch (stop) {
    case 'items':
      return l10n.t('The service listed more than {0} {1}; showing the first {2}.', n(trail.maxItems), noun, n(trail.maxItems));
    case 'pages':
      return l10n.t('The service listed {0} in more than {1} pages; showing the first {2}.', noun, n(trail.maxPages), n(shown));
    case 'repeatedCursor':
      return l10n.t('The service listed a page of {0} twice; showing the {1} listed before it.', noun, n(shown));
  }
}
