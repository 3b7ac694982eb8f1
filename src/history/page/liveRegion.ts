// The page's polite live region: one sentence after an action (what announce.ts words), said once.
import type { HistoryItem } from '../protocol/protocol';
import { selectionAnnouncement } from './announce';
import { h } from './dom';

/** The filter's result count is said once typing pauses, not for every key. */
const FILTER_DELAY_MS = 500;

export class LiveRegion {
  readonly element = h('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  /** The selection last said (ids joined), so a redraw of the same selection is not said again. */
  private lastSelection = '';
  private filterTimer: ReturnType<typeof setTimeout> | undefined;

  /** Says `text` (the same text twice is still said twice); nothing for undefined. */
  say(text: string | undefined): void {
    if (!text) return;
    this.element.textContent = this.element.textContent === text ? `${text}\u00a0` : text;
  }

  /** Says a new selection of two revisions (one is read from its row). */
  selection(selected: readonly HistoryItem[]): void {
    const ids = selected.map((i) => i.id).join();
    if (ids === this.lastSelection) return;
    this.lastSelection = ids;
    this.say(selectionAnnouncement(selected));
  }

  /** Says what `text()` gives once the filter has not changed for a moment. */
  filterSoon(text: () => string | undefined): void {
    clearTimeout(this.filterTimer);
    this.filterTimer = setTimeout(() => this.say(text()), FILTER_DELAY_MS);
  }
}
