// Which revisions are selected in the list: the focused row (it follows clicks and arrow keys) and
// at most one marked row (Space or Ctrl/Cmd-click), so that two revisions can be picked with the
// keyboard alone: mark one with Space, move to the other. Pure, DOM-free.

export interface SelectionState {
  /** The focused, selected revision. */
  focused: string | undefined;
  /** A second selected revision that stays while the focus moves. */
  marked: string | undefined;
}

export const EMPTY_SELECTION: SelectionState = { focused: undefined, marked: undefined };

/** The selected ids: one or two, the focused first. */
export function selectedIds(s: SelectionState): string[] {
  const ids: string[] = [];
  if (s.focused) ids.push(s.focused);
  if (s.marked && s.marked !== s.focused) ids.push(s.marked);
  return ids;
}

/** A plain click or an arrow key: focus `id`; a click also clears the mark. */
export function focus(s: SelectionState, id: string, keepMark: boolean): SelectionState {
  return { focused: id, marked: keepMark ? s.marked : undefined };
}

/** Space on the focused row: mark it, or unmark it when it is the marked one. */
export function toggleMarkFocused(s: SelectionState): SelectionState {
  if (!s.focused) return s;
  return { ...s, marked: s.marked === s.focused ? undefined : s.focused };
}

/** Ctrl/Cmd-click: toggle `id` as the second selection, leaving the focus where it is. */
export function toggleMark(s: SelectionState, id: string): SelectionState {
  if (!s.focused) return { focused: id, marked: undefined };
  if (id === s.focused) return toggleMarkFocused(s);
  return { ...s, marked: s.marked === id ? undefined : id };
}

/**
 * Shift+arrow: move the focus to `id` and keep the revision it leaves (or the one already marked)
 * selected, so two revisions are picked in one gesture.
 */
export function extendTo(s: SelectionState, id: string): SelectionState {
  const marked = s.marked ?? s.focused;
  return { focused: id, marked: marked === id ? undefined : marked };
}

/** Keeps only ids that still exist (after a refresh or a filter). */
export function retain(s: SelectionState, exists: (id: string) => boolean): SelectionState {
  return {
    focused: s.focused && exists(s.focused) ? s.focused : undefined,
    marked: s.marked && exists(s.marked) ? s.marked : undefined,
  };
}

/** Home and End go to the first and the last of `count` items (ARIA listbox and toolbar keys). */
export function edgeMove(key: string, count: number): number | undefined {
  return key === 'Home' ? 0 : key === 'End' ? count - 1 : undefined;
}

/** The row index the focus moves to for a navigation key, or undefined when the key is not one. */
export function navigate(key: string, current: number, count: number, pageSize: number): number | undefined {
  if (count === 0) return undefined;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(current < 0 ? 0 : current + 1);
    case 'ArrowUp':
      return clamp(current < 0 ? 0 : current - 1);
    case 'PageDown':
      return clamp(current + Math.max(1, pageSize - 1));
    case 'PageUp':
      return clamp(current - Math.max(1, pageSize - 1));
    default:
      return edgeMove(key, count);
  }
}
