// The history's filter box: every whitespace-separated term must occur in the message, the actor
// id or the revision id (case-insensitive); `#12` also matches sequence 12. Pure.
import type { HistoryItem } from './historyItem';

export function filterTerms(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesFilter(item: HistoryItem, terms: readonly string[]): boolean {
  if (!terms.length) return true;
  const haystack = `${item.message}\n${item.actorId}\n${item.id}`.toLowerCase();
  return terms.every((term) => haystack.includes(term) || (/^#\d+$/.test(term) && item.sequence === Number(term.slice(1))));
}

/** Indices (into `items`) of the items the filter text keeps, in order. */
export function filterIndices(items: readonly HistoryItem[], text: string): number[] {
  const terms = filterTerms(text);
  const kept: number[] = [];
  for (let i = 0; i < items.length; i++) if (matchesFilter(items[i]!, terms)) kept.push(i);
  return kept;
}
