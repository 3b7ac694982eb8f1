// The toolbar's actions and, for the current selection, whether each is available and why not.
// Pure, so the rules are unit-tested; the webview only draws the result.
import type { IconName } from '../../shared/history/icons';
import type { HistoryHeader, HistoryItem, WebviewMessage } from '../../shared/history/protocol';

export type ActionId = 'open' | 'compare' | 'compareWithDraft' | 'compareWithPublished' | 'showChanges' | 'copyId' | 'restore' | 'publish';

export interface ActionSpec {
  id: ActionId;
  label: string;
  icon: IconName;
  /** What it does, for the tooltip when it is available. */
  hint: string;
}

export const ACTIONS: readonly ActionSpec[] = [
  { id: 'open', label: 'Open', icon: 'go-to-file', hint: 'Open this revision read-only (Enter)' },
  { id: 'compare', label: 'Compare', icon: 'diff', hint: 'Compare the two selected revisions' },
  { id: 'compareWithDraft', label: 'Compare with Draft', icon: 'git-compare', hint: 'Compare this revision with the current draft' },
  {
    id: 'compareWithPublished',
    label: 'Compare with Published',
    icon: 'compare-changes',
    hint: 'Compare this revision with the published revision',
  },
  {
    id: 'showChanges',
    label: 'Show Changes',
    icon: 'diff-multiple',
    hint: 'Show what this revision changed against its parent, dependencies included',
  },
  { id: 'copyId', label: 'Copy ID', icon: 'copy', hint: 'Copy the revision id' },
  { id: 'restore', label: 'Restore', icon: 'discard', hint: 'Save this revision’s content as a new draft' },
  { id: 'publish', label: 'Publish…', icon: 'cloud-upload', hint: 'Publish this revision (asks first, with Compare)' },
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
  const none = selected.length === 0 ? 'Select a revision first' : undefined;
  const two = selected.length === 2 ? 'Acts on one revision: two are selected' : undefined;
  const reason = (id: ActionId): string | undefined => {
    if (id === 'compare') return selected.length === 2 ? undefined : 'Select a second revision with Space or Ctrl+click';
    if (!one || !header) return none ?? two ?? 'Select a revision first';
    switch (id) {
      case 'compareWithDraft':
        return one.id === header.draft.revisionId ? 'This is the current draft' : undefined;
      case 'compareWithPublished':
        if (!header.published) return 'Nothing is published';
        return one.id === header.published.revisionId ? 'This is the published revision' : undefined;
      case 'restore':
        if (!header.restore.enabled) return header.restore.reason ?? 'This resource cannot be restored';
        return one.id === header.draft.revisionId ? 'This is already the current draft' : undefined;
      case 'publish':
        if (!header.publish?.enabled) return header.publish?.reason ?? 'This resource cannot be published';
        return one.id === header.published?.revisionId ? 'This is the published revision' : undefined;
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
