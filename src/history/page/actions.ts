// The toolbar's actions and, for the current selection, whether each is available and why not.
// Pure, so the rules are unit-tested; the webview only draws the result.
import { t } from './wordLookup';
import type { IconName } from '../protocol/icons';
import type { HistoryHeader, HistoryItem, WebviewMessage } from '../protocol/protocol';

export type ActionId = 'open' | 'compare' | 'compareWithDraft' | 'compareWithPublished' | 'showChanges' | 'copyId' | 'restore' | 'publish';

export interface ActionSpec {
  id: ActionId;
  label: string;
  icon: IconName;
  /** What it does, for the tooltip when it is available. */
  hint: string;
}

export const ACTIONS: readonly ActionSpec[] = [
  { id: 'open', label: t('open'), icon: 'go-to-file', hint: t('openHint') },
  { id: 'compare', label: t('compare'), icon: 'diff', hint: t('compareHint') },
  { id: 'compareWithDraft', label: t('compareWithDraft'), icon: 'git-compare', hint: t('compareWithDraftHint') },
  {
    id: 'compareWithPublished',
    label: t('compareWithPublished'),
    icon: 'compare-changes',
    hint: t('compareWithPublishedHint'),
  },
  {
    id: 'showChanges',
    label: t('showChanges'),
    icon: 'diff-multiple',
    hint: t('showChangesHint'),
  },
  { id: 'copyId', label: t('copyId'), icon: 'copy', hint: t('copyIdHint') },
  { id: 'restore', label: t('restore'), icon: 'discard', hint: t('restoreHint') },
  { id: 'publish', label: t('publish'), icon: 'cloud-upload', hint: t('publishHint') },
];

/** Actions the toolbar leaves out altogether for this history: Publish… where the service does not offer it. */
export function hiddenAction(id: ActionId, header: HistoryHeader | undefined): boolean {
  return id === 'publish' && !header?.publish?.enabled;
}

export interface ActionState {
  enabled: boolean;
  /** The tooltip: the hint when enabled, the reason when not. */
  title: string;
}

/** `selected`: the focused revision first, then the marked one. */
export function actionStates(header: HistoryHeader | undefined, selected: readonly HistoryItem[]): Record<ActionId, ActionState> {
  const states = {} as Record<ActionId, ActionState>;
  const one = selected.length === 1 ? selected[0] : undefined;
  const none = selected.length === 0 ? t('selectFirst') : undefined;
  const two = selected.length === 2 ? t('actsOnOne') : undefined;
  const reason = (id: ActionId): string | undefined => {
    if (id === 'compare') return selected.length === 2 ? undefined : t('selectSecond');
    if (!one || !header) return none ?? two ?? t('selectFirst');
    switch (id) {
      case 'compareWithDraft':
        return one.id === header.draft.revisionId ? t('isCurrentDraft') : undefined;
      case 'compareWithPublished':
        if (!header.published) return t('nothingIsPublished');
        return one.id === header.published.revisionId ? t('isPublished') : undefined;
      case 'restore':
        if (!header.restore.enabled) return header.restore.reason ?? t('cannotRestore');
        return one.id === header.draft.revisionId ? t('alreadyDraft') : undefined;
      case 'publish':
        if (!header.publish?.enabled) return header.publish?.reason ?? t('cannotPublish');
        return one.id === header.published?.revisionId ? t('isPublished') : undefined;
      default:
        return undefined;
    }
  };
  for (const action of ACTIONS) {
    const why = reason(action.id);
    states[action.id] = { enabled: why === undefined, title: why ?? action.hint };
  }
  return states;
}

/** The message an available action sends, or undefined when it is not available. */
export function actionMessage(id: ActionId, selected: readonly HistoryItem[]): WebviewMessage | undefined {
  const [first, second] = selected;
  if (id === 'compare') {
    if (!first || !second) return undefined;
    return { type: 'compare', left: second.id, right: first.id };
  }
  if (!first || second) return undefined;
  return { type: id, revisionId: first.id };
}
