// What the history webview says to a screen reader and how its keys move, DOM-free: the details a
// row adds to its visible text, the live region's sentences, Shift+arrow selection and the
// toolbar's arrow keys.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  actionAnnouncement,
  filterAnnouncement,
  headerAnnouncement,
  selectionAnnouncement,
  toolbarMove,
} from '../../../src/history/page/announce';
import { listKeyIntent } from '../../../src/history/page/keys';
import { rowDetails } from '../../../src/history/page/rows';
import { EMPTY_SELECTION, extendTo, focus, selectedIds } from '../../../src/history/page/selection';
import { historyHeader, historyItem } from './historySupport';

const seq = (id: string, sequence: number | null) => ({ ...historyItem(id), sequence });

describe('history row for a screen reader', () => {
  test('the details name the sequence, draft and published, the whole actor, the date and the line counts', () => {
    const item = { ...seq('rvsn_d', 12), actorId: 'apik_3f12345678', createdAt: '2026-03-04T05:06:07Z', message: 'Edited layout' };
    const details = rowDetails({ item, isDraft: true, isPublished: true, stats: { id: 'rvsn_d', added: 1, removed: 3 } });
    assert.match(details, /^revision 12, the current draft, the published revision, by apik_3f12345678 \(apiKey\), /);
    assert.match(details, /2026/);
    assert.match(details, /1 line added, 3 removed$/);
  });

  test('a revision without sequence, message or actor still says what it is', () => {
    const item = { ...seq('rvsn_x', null), message: '', actorId: ' ', actorType: '' };
    const details = rowDetails({ item, isDraft: false, isPublished: false, stats: undefined });
    assert.match(details, /^revision rvsn_x, no message, by an unknown actor, /);
    assert.doesNotMatch(details, /draft|published|added/);
  });
});

describe('history live region', () => {
  test('two selected revisions are said with what Enter does; one is not (the row says it)', () => {
    assert.equal(selectionAnnouncement([seq('a', 5), seq('b', 3)]), '2 revisions selected: #5 and #3. Enter compares them.');
    assert.equal(selectionAnnouncement([seq('a', 5)]), undefined);
  });

  test('an action says what it is doing; publish and restore wait for the new history', () => {
    assert.equal(actionAnnouncement('compare', [seq('a', 5), seq('b', 3)]), 'Comparing #3 with #5.');
    assert.equal(actionAnnouncement('open', [seq('a', 5)]), 'Opening #5.');
    assert.equal(actionAnnouncement('copyId', [seq('a', null)]), 'Copying the id of a.');
    assert.equal(actionAnnouncement('publish', [seq('a', 5)]), undefined);
    assert.equal(actionAnnouncement('restore', [seq('a', 5)]), undefined);
  });

  test('a new header says a publish and a new draft (a restore), and nothing for the first or another history', () => {
    const before = historyHeader();
    assert.equal(headerAnnouncement(before, historyHeader({ published: { revisionId: 'rvsn_q', sequence: 2 } })), 'Published #2.');
    assert.equal(headerAnnouncement(before, historyHeader({ draft: { revisionId: 'rvsn_e', sequence: 4 } })), 'The draft is now #4.');
    assert.equal(headerAnnouncement(before, historyHeader({ published: null })), 'Nothing is published now.');
    assert.equal(headerAnnouncement(before, historyHeader()), undefined);
    assert.equal(headerAnnouncement(undefined, before), undefined);
    assert.equal(headerAnnouncement(before, historyHeader({ resourceId: 'rept_2', published: null })), undefined);
  });

  test('the filter says how many revisions match, and nothing without a filter', () => {
    assert.equal(filterAnnouncement('save', 12, 150), '12 of 150 revisions match.');
    assert.equal(filterAnnouncement('save', 1, 150), '1 of 150 revisions matches.');
    assert.equal(filterAnnouncement('zzz', 0, 150), 'No revision matches the filter.');
    assert.equal(filterAnnouncement('  ', 150, 150), undefined);
  });
});

describe('history keys', () => {
  test('Shift+arrow keeps the revision it leaves selected: two in one gesture', () => {
    let s = focus(EMPTY_SELECTION, 'a', false);
    s = extendTo(s, 'b');
    assert.deepEqual(selectedIds(s), ['b', 'a']);
    // Further on, the first end stays; back onto it, one is selected.
    s = extendTo(s, 'c');
    assert.deepEqual(selectedIds(s), ['c', 'a']);
    s = extendTo(s, 'a');
    assert.deepEqual(selectedIds(s), ['a']);
  });

  test('list keys: arrows move, Shift+arrow extends, Space and Ctrl+Space mark, Enter, Escape, Ctrl+C', () => {
    const key = (k: string, mods: { shiftKey?: boolean; ctrlKey?: boolean } = {}) => ({
      key: k,
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      ...mods,
    });
    const one = { focused: 'a', marked: undefined };
    const two = { focused: 'a', marked: 'b' };
    assert.deepEqual(listKeyIntent(key('ArrowDown'), one, 0, 10, 5), { type: 'move', to: 1, extend: false });
    assert.deepEqual(listKeyIntent(key('ArrowDown', { shiftKey: true }), one, 0, 10, 5), { type: 'move', to: 1, extend: true });
    // Nothing focused yet: Shift+arrow only moves.
    assert.deepEqual(listKeyIntent(key('Home', { shiftKey: true }), EMPTY_SELECTION, -1, 10, 5), { type: 'move', to: 0, extend: false });
    assert.deepEqual(listKeyIntent(key(' '), one, 0, 10, 5), { type: 'mark' });
    assert.deepEqual(listKeyIntent(key(' ', { ctrlKey: true }), one, 0, 10, 5), { type: 'mark' });
    assert.deepEqual(listKeyIntent(key('Enter'), two, 0, 10, 5), { type: 'enter' });
    assert.deepEqual(listKeyIntent(key('Escape'), two, 0, 10, 5), { type: 'unmark' });
    assert.equal(listKeyIntent(key('Escape'), one, 0, 10, 5), undefined, 'Escape with one selected is left to VS Code');
    assert.deepEqual(listKeyIntent(key('c', { ctrlKey: true }), one, 0, 10, 5), { type: 'copyId' });
    assert.equal(listKeyIntent(key('c', { ctrlKey: true }), two, 0, 10, 5), undefined);
    assert.equal(listKeyIntent(key('x'), one, 0, 10, 5), undefined);
  });

  test('the toolbar’s arrows wrap around, Home and End go to the ends, other keys are left alone', () => {
    assert.equal(toolbarMove('ArrowRight', 8, 9), 0);
    assert.equal(toolbarMove('ArrowLeft', 0, 9), 8);
    assert.equal(toolbarMove('ArrowRight', 2, 9), 3);
    assert.equal(toolbarMove('Home', 5, 9), 0);
    assert.equal(toolbarMove('End', 0, 9), 8);
    assert.equal(toolbarMove('Enter', 0, 9), undefined);
    assert.equal(toolbarMove('ArrowRight', 0, 0), undefined);
  });
});
