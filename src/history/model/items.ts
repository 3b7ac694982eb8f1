// The service's revision history (spec §4.1) as the rows the history view shows. Pure.
import type { RevisionHistory, RevisionListItem } from '../../api/schemas';
import type { HistoryItem } from '../protocol/historyItem';

/** The position of a revision: the non-spec `sequence` field, else what the draft/published refs say. */
function sequenceOf(item: RevisionListItem, history: RevisionHistory): number | null {
  const own = (item as Record<string, unknown>).sequence;
  if (typeof own === 'number' && Number.isInteger(own)) return own;
  if (history.draft.revisionId === item.id) return history.draft.sequence;
  if (history.published?.revisionId === item.id) return history.published.sequence;
  return null;
}

export function toHistoryItems(history: RevisionHistory): HistoryItem[] {
  return history.items.map((item) => ({
    id: item.id,
    parents: item.parentRevisionId ? [item.parentRevisionId] : [],
    message: item.message,
    actorType: item.actor.type,
    actorId: item.actor.id,
    createdAt: item.createdAt,
    sequence: sequenceOf(item, history),
  }));
}

/** "#12 “Tuned the margin”" — how messages and titles name a revision. */
export function revisionLabel(item: Pick<HistoryItem, 'id' | 'sequence' | 'message'>, maxMessage = 48): string {
  const message = item.message.length > maxMessage ? `${item.message.slice(0, maxMessage - 1)}…` : item.message;
  const head = item.sequence !== null ? `#${item.sequence}` : item.id;
  return message ? `${head} “${message}”` : head;
}
