// The page's keyboard: what a key in the list means (pure, unit-tested), and the keys that move the
// focus between the filter and the list.
import { navigate, type SelectionState } from './selection';

export type ListKeyIntent =
  /** Focus the row at `to`; `extend`: keep the row left selected too (Shift+arrow). */
  | { type: 'move'; to: number; extend: boolean }
  /** Space or Ctrl+Space: mark or unmark the focused row as the second one. */
  | { type: 'mark' }
  /** Enter: open one revision, compare two. */
  | { type: 'enter' }
  /** Escape: drop the second revision. */
  | { type: 'unmark' }
  /** Ctrl/Cmd+C on one revision: copy its id. */
  | { type: 'copyId' };

type Key = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey'>;

/** What `e` asks of the list, or undefined for a key the list leaves alone. */
export function listKeyIntent(e: Key, s: SelectionState, current: number, count: number, pageSize: number): ListKeyIntent | undefined {
  const to = navigate(e.key, current, count, pageSize);
  if (to !== undefined) return { type: 'move', to, extend: e.shiftKey && !!s.focused };
  if (e.key === ' ') return { type: 'mark' };
  if (e.key === 'Enter') return { type: 'enter' };
  if (e.key === 'Escape' && s.marked) return { type: 'unmark' };
  if ((e.ctrlKey || e.metaKey) && e.key === 'c' && s.focused && !s.marked) return { type: 'copyId' };
  return undefined;
}

/**
 * `/` anywhere outside the filter focuses it; Escape or ↓ in the filter goes back to the list (the
 * text stays as typed); the panel taking the focus (opened, or Ctrl+1 back from a diff) lands on the
 * list, not on the page's body, where no key would do anything.
 */
export function wireFocusKeys(filter: HTMLInputElement, list: HTMLElement): void {
  filter.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'Escape') return;
    e.preventDefault();
    list.focus();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.target === filter) return;
    e.preventDefault();
    filter.focus();
    filter.select();
  });
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body || document.activeElement === null) list.focus();
  });
}
