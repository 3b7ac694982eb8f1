// The history page's words, in English: the page cannot call vscode.l10n, so the host sends it
// these, translated (src/history/host/translatedPageWords.ts), in a JSON element of the page it writes; the
// page checks what it got (`parsePageText`) and keeps English for anything missing or malformed.

export const PAGE_TEXT = {
  open: 'Open',
  openHint: 'Open this revision read-only (Enter)',
  compare: 'Compare',
  compareHint: 'Compare the two selected revisions',
  compareWithDraft: 'Compare with Draft',
  compareWithDraftHint: 'Compare this revision with the current draft',
  compareWithPublished: 'Compare with Published',
  compareWithPublishedHint: 'Compare this revision with the published revision',
  showChanges: 'Show Changes',
  showChangesHint: 'Show what this revision changed against its parent, dependencies included',
  copyId: 'Copy ID',
  copyIdHint: 'Copy the revision id',
  restore: 'Restore',
  restoreHint: 'Save this revision’s content as a new draft',
  publish: 'Publish…',
  publishHint: 'Publish this revision (asks first, with Compare)',
  selectFirst: 'Select a revision first',
  actsOnOne: 'Acts on one revision: two are selected',
  selectSecond: 'Select a second revision with Space or Ctrl+click',
  isCurrentDraft: 'This is the current draft',
  nothingIsPublished: 'Nothing is published',
  isPublished: 'This is the published revision',
  cannotRestore: 'This resource cannot be restored',
  alreadyDraft: 'This is already the current draft',
  cannotPublish: 'This resource cannot be published',
  twoSelectedAnnounce: '2 revisions selected: {0} and {1}. Enter compares them.',
  comparing: 'Comparing {0} with {1}.',
  opening: 'Opening {0}.',
  comparingDraft: 'Comparing {0} with the draft.',
  comparingPublished: 'Comparing {0} with the published revision.',
  showingChanges: 'Showing the changes of {0}.',
  copyingId: 'Copying the id of {0}.',
  draftNow: 'The draft is now #{0}.',
  publishedNow: 'Published #{0}.',
  nothingPublishedNow: 'Nothing is published now.',
  noMatch: 'No revision matches the filter.',
  matchOne: '{0} of {1} revisions matches.',
  matchOther: '{0} of {1} revisions match.',
  working: 'Working',
  filterPlaceholder: 'Filter by message, actor or id (#12 for a sequence)',
  filterLabel: 'Filter revisions',
  listLabel: 'Revisions, newest first',
  noRevisions: 'This resource has no revisions.',
  toolbarLabel: 'Revision actions',
  refreshHint: 'Reload the history from the service',
  refresh: 'Refresh',
  dismiss: 'Dismiss',
  loadedCount: ' ({0} loaded)',
  filteredCount: '{0} of {1} revisions match{2}',
  marksSecond: 'Space or Ctrl+click marks a second revision to compare',
  twoSelected: '2 selected: Enter compares them',
  capability: '{0}: {1} (from the service’s capabilities)',
  yes: 'yes',
  no: 'no',
  draftIsPublished: 'Draft is published',
  afterPublished: 'Revisions after the published one',
  unpublishedOne: '{0} unpublished revision',
  unpublishedOther: '{0} unpublished revisions',
  loading: 'Loading revision history…',
  published: 'Published',
  nothingPublished: 'Nothing published',
  resourceId: 'Resource id',
  draft: 'Draft',
  versionHint: 'The history’s version token, sent back when restoring or publishing',
  version: 'Version',
  revisionsOne: '{0} revision',
  revisionsOther: '{0} revisions',
  noDependencyLocations: 'The service does not say which resources dependency revisions belong to: Show Changes lists this resource only.',
  rowRevision: 'revision {0}',
  theCurrentDraft: 'the current draft',
  thePublishedRevision: 'the published revision',
  noMessage: 'no message',
  by: 'by {0}',
  unknownActor: 'an unknown actor',
  linesOne: '{0} line added, {1} removed',
  linesOther: '{0} lines added, {1} removed',
  currentDraftTitle: 'The current draft',
  publishedTitle: 'The published revision',
  noMessageShown: '(no message)',
  statsTitle: '{0} lines added, {1} removed, against the parent revision',
  unknown: '(unknown)',
  justNow: 'just now',
} as const;

export type PageTextKey = keyof typeof PAGE_TEXT;
export type PageText = Record<PageTextKey, string>;

/** What the host puts into the page: the words and the display language for Intl. */
export interface PageLocale {
  language: string;
  text: PageText;
}

export const PAGE_LOCALE_ELEMENT_ID = 'wsa-page-locale';

/** `{0}`, `{1}` replaced by the arguments, as vscode.l10n.t does. */
export function formatText(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] === undefined ? whole : String(args[Number(i)])));
}

/** The host's locale, checked: each word a string with the English one's placeholders; English otherwise. */
export function parsePageLocale(value: unknown): PageLocale {
  const text: Record<string, string> = { ...PAGE_TEXT };
  if (typeof value !== 'object' || value === null) return { language: 'en', text: text as PageText };
  const { language, text: given } = value as { language?: unknown; text?: unknown };
  if (typeof given === 'object' && given !== null)
    for (const key of Object.keys(PAGE_TEXT) as PageTextKey[]) {
      const word = (given as Record<string, unknown>)[key];
      if (typeof word === 'string' && placeholders(word) === placeholders(PAGE_TEXT[key])) text[key] = word;
    }
  return { language: typeof language === 'string' && language.length <= 35 ? language : 'en', text: text as PageText };
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{\d+\}/g)]
    .map((m) => m[0])
    .sort()
    .join();
}
