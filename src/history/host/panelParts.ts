// The history panel's vocabulary that needs no state: its page, what failed for each request, and its timings.
import * as l10n from '@vscode/l10n';
import { HISTORY_ICONS } from '../protocol/icons';
import type { WebviewMessage } from '../protocol/protocol';
import { HISTORY_PAGE_DATA } from './translatedPageWords';

/** The history page: its script, stylesheets and the codicons it shows (the benchmark opens it bare too). */
export const HISTORY_PAGE = {
  script: 'history.js',
  styles: ['dist/webview/codicon.css', 'media/history.css'],
  icons: HISTORY_ICONS,
  pageData: HISTORY_PAGE_DATA,
} as const;

/** What failed, in the user's words, for each thing the panel can be asked to do. */
export const FAILURE_SUBJECTS: Partial<Record<WebviewMessage['type'], string>> = {
  open: l10n.t('Could not open the revision'),
  compare: l10n.t('Could not compare the revisions'),
  compareWithDraft: l10n.t('Could not compare with the draft'),
  compareWithPublished: l10n.t('Could not compare with the published revision'),
  showChanges: l10n.t('Could not show the changes'),
  publish: l10n.t('Could not publish'),
  copyId: l10n.t('Could not copy the revision id'),
  loadStats: l10n.t('Could not count the changed lines'),
};

/** The panel's own notices and busy labels. */
export const PANEL_TEXT = {
  notLoaded: l10n.t('The revision history has not loaded yet.'),
  loading: l10n.t('Loading revisions…'),
  loadFailed: l10n.t('Could not load the revision history'),
  cannotRestore: l10n.t('This resource cannot be restored.'),
  restoring: l10n.t('Restoring…'),
  title: (name: string) => l10n.t('History: {0}', name),
  more: (count: number) =>
    l10n.t('Showing the newest {0} revisions: the service lists more than are read (a repeated cursor, or past 20,000).', count),
};

/**
 * The rest of a history follows its first screen once the page says it painted it; at the latest
 * this long after (a page that never paints, e.g. in a window that does not draw, still gets it).
 */
export const REST_AT_THE_LATEST_MS = 1000;

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
