// What the page says to a screen reader after an action (the polite live region), and the rules
// that are pure enough to unit-test: the toolbar's arrow-key movement among its buttons.
import { t, tCount } from './wordLookup';
import type { HistoryHeader, HistoryItem } from '../protocol/protocol';
import type { ActionId } from './actions';
import { edgeMove } from './selection';

/** "#12", or the id of a revision the service gave no sequence. */
export function revisionName(item: Pick<HistoryItem, 'id' | 'sequence'>): string {
  return item.sequence !== null ? `#${item.sequence}` : item.id;
}

/** A new selection of two (the focused first) is worth saying; one is read from the row itself. */
export function selectionAnnouncement(selected: readonly Pick<HistoryItem, 'id' | 'sequence'>[]): string | undefined {
  const [a, b] = selected;
  if (!a || !b) return undefined;
  return t('twoSelectedAnnounce', revisionName(a), revisionName(b));
}

/** What an action the page just asked the extension for is doing. */
export function actionAnnouncement(id: ActionId, selected: readonly Pick<HistoryItem, 'id' | 'sequence'>[]): string | undefined {
  const [a, b] = selected.map(revisionName);
  switch (id) {
    case 'compare':
      return a && b ? t('comparing', b, a) : undefined;
    case 'open':
      return a && t('opening', a);
    case 'compareWithDraft':
      return a && t('comparingDraft', a);
    case 'compareWithPublished':
      return a && t('comparingPublished', a);
    case 'showChanges':
      return a && t('showingChanges', a);
    case 'copyId':
      return a && t('copyingId', a);
    // Both ask first in a dialog; what happened is said when the new history arrives.
    case 'restore':
    case 'publish':
      return undefined;
  }
}

/**
 * What changed between two headers of the same history: a publish moves `published`, a restore (or
 * any save) makes a new draft. Undefined for the first header or another resource's.
 */
export function headerAnnouncement(before: HistoryHeader | undefined, after: HistoryHeader): string | undefined {
  if (!before || before.resourceId !== after.resourceId) return undefined;
  const parts: string[] = [];
  if (after.draft.revisionId !== before.draft.revisionId) parts.push(t('draftNow', after.draft.sequence));
  if ((after.published?.revisionId ?? null) !== (before.published?.revisionId ?? null))
    parts.push(after.published ? t('publishedNow', after.published.sequence) : t('nothingPublishedNow'));
  return parts.length ? parts.join(' ') : undefined;
}

/** "12 of 150 revisions match" while filtering, undefined otherwise. */
export function filterAnnouncement(filter: string, shown: number, total: number): string | undefined {
  if (!filter.trim()) return undefined;
  if (shown === 0) return t('noMatch');
  return tCount('matchOne', 'matchOther', shown, shown, total);
}

/** The toolbar button a key moves to (ARIA toolbar: arrows, Home, End), or undefined for other keys. */
export function toolbarMove(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    default:
      return edgeMove(key, count);
  }
}
