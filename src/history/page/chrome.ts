// The page's parts around the revision list: its landmarks, the toolbar of actions, the dismissible
// notice, the status line, and the view state VS Code keeps while the panel is hidden.
import { t, tCount } from './wordLookup';
import type { HistoryHeader, HistoryItem } from '../protocol/protocol';
import { ACTIONS, actionStates, hiddenAction, type ActionId } from './actions';
import { toolbarMove } from './announce';
import { h, icon } from './dom';

export interface Toolbar {
  readonly element: HTMLElement;
  /** Enables and titles each action button for the selected revisions. */
  update(header: HistoryHeader | undefined, selected: readonly HistoryItem[]): void;
}

/**
 * The page in landmarks: the header (banner) on `top`, the main part (the filter, which gets its
 * search landmark, then the rest) and the footer (contentinfo). Content outside them is missed
 * by landmark navigation.
 */
export function layOutPage(root: HTMLElement, parts: { top: Node[]; main: [HTMLInputElement, ...Node[]]; footer: Node }): void {
  const [filter, ...rest] = parts.main;
  const main = h('main', { class: 'main' }, h('div', { class: 'filter-row', role: 'search' }, icon('filter'), filter), ...rest);
  root.replaceChildren(...parts.top, main, parts.footer);
}

/**
 * The toolbar is one Tab stop (the ARIA toolbar pattern): arrows, Home and End move between its
 * buttons, Escape goes back to the list. Buttons are named by their visible label (a screen
 * reader user and a voice-control user say the same words).
 */
export function toolbar(run: (id: ActionId) => void, refresh: () => void, escape: () => void): Toolbar {
  const element = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('toolbarLabel') });
  const buttons = new Map<ActionId, HTMLButtonElement>();
  for (const action of ACTIONS) {
    const button = h(
      'button',
      { class: `action action-${action.id}`, type: 'button', 'data-action': action.id, tabindex: '-1' },
      icon(action.icon),
      h('span', { class: 'label' }, action.label),
    );
    button.addEventListener('click', () => run(action.id));
    buttons.set(action.id, button);
    element.append(button);
  }
  const refreshButton = h(
    'button',
    { class: 'action action-refresh', type: 'button', title: t('refreshHint'), tabindex: '-1' },
    icon('refresh'),
    h('span', { class: 'sr-only' }, t('refresh')),
  );
  refreshButton.addEventListener('click', refresh);
  element.append(refreshButton);
  const all = [...buttons.values(), refreshButton];
  let current: HTMLButtonElement = all[0]!;
  const shown = () => all.filter((b) => !b.hidden);
  const rove = (to: HTMLButtonElement) => {
    current.tabIndex = -1;
    current = to;
    current.tabIndex = 0;
  };
  rove(current);
  element.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLButtonElement) rove(e.target);
  });
  element.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      escape();
      return;
    }
    const visible = shown();
    const next = toolbarMove(e.key, visible.indexOf(current), visible.length);
    if (next === undefined) return;
    e.preventDefault();
    rove(visible[next]!);
    current.focus();
  });
  return {
    element,
    update(header, selected) {
      const states = actionStates(header, [...selected]);
      for (const [id, button] of buttons) {
        const state = states[id];
        // aria-disabled rather than disabled: the button keeps its tooltip saying why, and its focus.
        button.setAttribute('aria-disabled', String(!state.enabled));
        button.title = state.title;
        button.hidden = hiddenAction(id, header);
      }
      // The Tab stop never rests on a hidden button.
      if (current.hidden) rove(shown()[0] ?? refreshButton);
    },
  };
}

export function showNotice(noticeEl: HTMLElement, level: 'error' | 'info', text: string): void {
  const close = h(
    'button',
    { class: 'notice-close', type: 'button', title: t('dismiss') },
    icon('close'),
    h('span', { class: 'sr-only' }, t('dismiss')),
  );
  close.addEventListener('click', () => (noticeEl.hidden = true));
  noticeEl.className = `notice ${level}`;
  noticeEl.replaceChildren(icon(level === 'error' ? 'error' : 'info'), h('span', { class: 'notice-text' }, text), close);
  noticeEl.hidden = false;
}

/** The footer: how many revisions (match), how many are loaded, and what the selection allows. */
export function statusText(o: {
  total: number;
  loaded: number;
  complete: boolean;
  filtering: boolean;
  shown: number;
  selected: number;
}): string {
  const loaded = o.complete ? '' : t('loadedCount', o.loaded);
  const count = o.filtering
    ? t('filteredCount', o.shown, o.total, loaded)
    : tCount('revisionsOne', 'revisionsOther', o.total, o.total) + loaded;
  const hint = o.selected === 1 ? t('marksSecond') : o.selected === 2 ? t('twoSelected') : '';
  return hint ? `${count} · ${hint}` : count;
}

/** What the panel remembers while hidden. */
export interface ViewState {
  filter: string;
  focused?: string;
  marked?: string;
  scrollTop: number;
}

/** The remembered state, with anything malformed left at its default. */
export function restoredViewState(saved: unknown): Partial<ViewState> & { filter: string } {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<ViewState>;
  return {
    filter: typeof s.filter === 'string' ? s.filter : '',
    ...(s.focused !== undefined ? { focused: s.focused } : {}),
    ...(s.marked !== undefined ? { marked: s.marked } : {}),
    ...(typeof s.scrollTop === 'number' ? { scrollTop: s.scrollTop } : {}),
  };
}
