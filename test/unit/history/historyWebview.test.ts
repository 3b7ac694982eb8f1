// The webview's DOM-free logic: selection with the keyboard and the mouse, and which toolbar
// actions the selection allows (and why not).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { actionMessage, actionStates } from '../../../src/history/page/actions';
import { EMPTY_SELECTION, focus, navigate, retain, selectedIds, toggleMark, toggleMarkFocused } from '../../../src/history/page/selection';
import { historyHeader, historyItem } from './historySupport';

const item = historyItem;
const header = historyHeader;

describe('history selection', () => {
  test('Space marks the focused revision; moving on selects a second one', () => {
    let s = focus(EMPTY_SELECTION, 'a', true);
    s = toggleMarkFocused(s);
    s = focus(s, 'b', true);
    assert.deepEqual(selectedIds(s), ['b', 'a']);
    s = focus(s, 'a', true);
    assert.deepEqual(selectedIds(s), ['a']);
  });

  test('a plain click selects one; Ctrl-click toggles the second', () => {
    let s = focus(EMPTY_SELECTION, 'a', false);
    s = toggleMark(s, 'c');
    assert.deepEqual(selectedIds(s), ['a', 'c']);
    s = toggleMark(s, 'c');
    assert.deepEqual(selectedIds(s), ['a']);
    s = toggleMark(s, 'c');
    s = focus(s, 'd', false);
    assert.deepEqual(selectedIds(s), ['d']);
    assert.deepEqual(selectedIds(toggleMark(EMPTY_SELECTION, 'x')), ['x']);
  });

  test('revisions that disappear leave the selection', () => {
    assert.deepEqual(
      retain({ focused: 'a', marked: 'b' }, (id) => id === 'b'),
      { focused: undefined, marked: 'b' },
    );
  });

  test('navigation keys stay inside the list', () => {
    assert.equal(navigate('ArrowDown', -1, 10, 5), 0);
    assert.equal(navigate('ArrowDown', 9, 10, 5), 9);
    assert.equal(navigate('ArrowUp', 0, 10, 5), 0);
    assert.equal(navigate('PageDown', 0, 10, 5), 4);
    assert.equal(navigate('End', 0, 10, 5), 9);
    assert.equal(navigate('Home', 7, 10, 5), 0);
    assert.equal(navigate('x', 0, 10, 5), undefined);
    assert.equal(navigate('ArrowDown', 0, 0, 5), undefined);
  });
});

describe('history toolbar actions', () => {
  test('nothing selected: everything is off and says to select', () => {
    const states = actionStates(header(), []);
    for (const s of Object.values(states)) assert.equal(s.enabled, false);
    assert.match(states.open.title, /Select a revision/);
  });

  test('one old revision: all single actions on, Compare asks for a second', () => {
    const states = actionStates(header(), [item('rvsn_x')]);
    for (const id of ['open', 'compareWithDraft', 'compareWithPublished', 'showChanges', 'copyId', 'restore'] as const)
      assert.ok(states[id].enabled, id);
    assert.equal(states.compare.enabled, false);
    assert.deepEqual(actionMessage('restore', [item('rvsn_x')]), { type: 'restore', revisionId: 'rvsn_x' });
  });

  test('the draft cannot be compared with or restored onto itself', () => {
    const states = actionStates(header(), [item('rvsn_d')]);
    assert.deepEqual(states.compareWithDraft, { enabled: false, title: 'This is the current draft' });
    assert.equal(states.restore.enabled, false);
  });

  test('no published revision; restore unavailable with the reason as tooltip', () => {
    const states = actionStates(header({ published: null, restore: { enabled: false, reason: 'Operations have no restore endpoint' } }), [
      item('rvsn_x'),
    ]);
    assert.deepEqual(states.compareWithPublished, { enabled: false, title: 'Nothing is published' });
    assert.deepEqual(states.restore, { enabled: false, title: 'Operations have no restore endpoint' });
  });

  test('two selected: Compare only, older on the left as marked', () => {
    const states = actionStates(header(), [item('rvsn_b'), item('rvsn_a')]);
    assert.ok(states.compare.enabled);
    assert.equal(states.open.enabled, false);
    assert.deepEqual(actionMessage('compare', [item('rvsn_b'), item('rvsn_a')]), { type: 'compare', left: 'rvsn_a', right: 'rvsn_b' });
    assert.equal(actionMessage('open', [item('rvsn_b'), item('rvsn_a')]), undefined);
  });
});
