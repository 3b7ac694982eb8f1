// The history panel's vocabulary that needs no state: what failed for each request, and its timings.
import type { WebviewMessage } from '../../shared/history/protocol';

/** What failed, in the user's words, for each thing the panel can be asked to do. */
export const FAILURE_SUBJECTS: Partial<Record<WebviewMessage['type'], string>> = {
  open: 'Could not open the revision',
  compare: 'Could not compare the revisions',
  compareWithDraft: 'Could not compare with the draft',
  compareWithPublished: 'Could not compare with the published revision',
  showChanges: 'Could not show the changes',
  publish: 'Could not publish',
  copyId: 'Could not copy the revision id',
  loadStats: 'Could not count the changed lines',
};

export interface PanelTimings {
  /** The list request, ms. */
  listMs?: number;
  /** From the start of the list request to the webview's report of its first paint, ms. */
  firstPaintMs?: number;
  /** The webview's own time from receiving the state to painting it, ms. */
  renderMs?: number;
  /** Rows the webview drew for that paint (the visible ones, not the whole history). */
  rows?: number;
  /** From the start of the list request to the state being handed to the webview, ms. */
  postedMs?: number;
}
