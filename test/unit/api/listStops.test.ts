// Where a followed list stops whatever the service's cursors do, and what the explorer says then.
// Pure: the explorer and the client's listAll ask this trail before each page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CursorTrail, listStopMessage, MAX_LIST_ITEMS, MAX_LIST_PAGES } from '../../../src/api/listPaging';

describe('a followed list', () => {
  test('by default at most 100 pages and 10,000 items', () => {
    const trail = new CursorTrail();
    assert.equal(trail.maxPages, 100);
    assert.equal(trail.maxItems, 10_000);
    assert.equal(MAX_LIST_PAGES, 100);
    assert.equal(MAX_LIST_ITEMS, 10_000);
  });

  test('new cursors are followed until the page bound; the first page counts', () => {
    const trail = new CursorTrail(3, 100);
    assert.equal(trail.stopBefore('a', 0), undefined);
    trail.follow('a');
    assert.equal(trail.stopBefore('b', 10), undefined);
    trail.follow('b');
    assert.equal(trail.stopBefore('c', 20), 'pages');
  });

  test('a cursor seen before stops the list', () => {
    const trail = new CursorTrail(100, 100);
    trail.follow('a');
    assert.equal(trail.stopBefore('a', 1), 'repeatedCursor');
    assert.equal(trail.stopBefore('b', 1), undefined);
  });

  test('the item bound stops the list once reached, before any other reason', () => {
    const trail = new CursorTrail(2, 5);
    assert.equal(trail.stopBefore('a', 4), undefined);
    assert.equal(trail.stopBefore('a', 5), 'items');
    trail.follow('a');
    assert.equal(trail.stopBefore('a', 6), 'items');
  });

  test('what the explorer says for each stop, numbers grouped', () => {
    const trail = new CursorTrail(1_500, 12_000);
    assert.equal(listStopMessage('items', 'facts', 12_000, trail), 'The service listed more than 12,000 facts; showing the first 12,000.');
    assert.equal(
      listStopMessage('pages', 'databases', 2_345, trail),
      'The service listed databases in more than 1,500 pages; showing the first 2,345.',
    );
    assert.equal(
      listStopMessage('repeatedCursor', 'write syncs', 1_234, trail),
      'The service listed a page of write syncs twice; showing the 1,234 listed before it.',
    );
  });
});
