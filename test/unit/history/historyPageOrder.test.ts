// The history view's order and extent: every page of a history is read up to a bound, each revision
// once, and shown newest first whatever order and paging the service chose (spec §4.1 leaves both
// open). Pure: the pages come from a reader given here, as the client's paged GET gives them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_REVISION_ITEMS, MAX_REVISION_PAGES, newestFirst, readAllPages, type PagedHistory } from '../../../src/api/revisionPages';
import type { RevisionListItem } from '../../../src/api/schemas';

const item = (id: string, createdAt: string, parentRevisionId: string | null = 'rvsn_parent'): RevisionListItem => ({
  id,
  parentRevisionId,
  dependencyRevisionIds: [],
  actor: { type: 'user', id: 'user_1' },
  message: id,
  createdAt,
});
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const page = (items: RevisionListItem[], nextCursor?: string | null): PagedHistory => ({
  resourceId: 'oper_1',
  version: 'v7',
  draft: { revisionId: 'rvsn_draft', sequence: 9 },
  published: null,
  capabilities: { history: true, restore: true, publish: true },
  items,
  ...(nextCursor === undefined ? {} : { nextCursor }),
});
const ids = (items: readonly RevisionListItem[]) => items.map((i) => i.id);

describe('reading a paged history', () => {
  test('a history of one page is read with one request and keeps its header', async () => {
    let reads = 0;
    const history = await readAllPages(page([item('rvsn_b', at(2)), item('rvsn_a', at(1))]), () => {
      reads++;
      return Promise.resolve(page([]));
    });
    assert.equal(reads, 0);
    assert.deepEqual(ids(history.items), ['rvsn_b', 'rvsn_a']);
    assert.equal(history.version, 'v7');
    assert.deepEqual(history.draft, { revisionId: 'rvsn_draft', sequence: 9 });
    assert.equal(history.nextCursor, null);
  });

  test('every page is followed until the service says there is no next one; a revision on two pages (the first one too) counts once', async () => {
    const pages: Record<string, PagedHistory> = {
      c2: page([item('rvsn_4', at(4)), item('rvsn_3', at(3)), item('rvsn_2', at(2))], 'c3'),
      c3: page([item('rvsn_2', at(2)), item('rvsn_1', at(1), null)], null),
    };
    const asked: string[] = [];
    const history = await readAllPages(page([item('rvsn_4', at(4))], 'c2'), (cursor) => {
      asked.push(cursor);
      return Promise.resolve(pages[cursor]!);
    });
    assert.deepEqual(asked, ['c2', 'c3']);
    assert.deepEqual(ids(history.items), ['rvsn_4', 'rvsn_3', 'rvsn_2', 'rvsn_1']);
    assert.equal(history.nextCursor, null);
  });

  test('a cursor that comes back ends the history instead of looping', async () => {
    const asked: string[] = [];
    let n = 0;
    const history = await readAllPages(page([item('rvsn_0', at(59))], 'again'), (cursor) => {
      asked.push(cursor);
      n++;
      return Promise.resolve(page([item(`rvsn_${n}`, at(59 - n))], n < 5 ? 'again' : null));
    });
    assert.deepEqual(asked, ['again']);
    assert.deepEqual(ids(history.items), ['rvsn_0', 'rvsn_1']);
    assert.equal(history.nextCursor, 'again', 'the cursor not followed is handed on');
  });

  test(`a history of endless pages stops after ${MAX_REVISION_PAGES} pages, newest part first`, async () => {
    let n = 0;
    const history = await readAllPages(page([item('rvsn_p0', at(0))], 'p1'), (cursor) => {
      n++;
      assert.equal(cursor, `p${n}`);
      return Promise.resolve(page([item(`rvsn_p${n}`, new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString())], `p${n + 1}`));
    });
    assert.equal(n, MAX_REVISION_PAGES - 1, 'the first page counts');
    assert.equal(history.items.length, MAX_REVISION_PAGES);
    assert.equal(history.items[0]!.id, 'rvsn_p0');
    assert.equal(history.nextCursor, `p${MAX_REVISION_PAGES}`);
  });

  test(`a history stops at ${MAX_REVISION_ITEMS} revisions, even within a page`, async () => {
    const big = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => item(`rvsn_${from + i}`, new Date(Date.UTC(2026, 0, 1) - (from + i) * 1_000).toISOString()));
    let reads = 0;
    const history = await readAllPages(page(big(0, 15_000), 'next'), (cursor) => {
      reads++;
      return Promise.resolve(page(big(15_000 * reads, 15_000), `${cursor}+`));
    });
    assert.equal(reads, 1, 'no page is read once the bound is reached');
    assert.equal(history.items.length, MAX_REVISION_ITEMS);
    assert.equal(history.items[0]!.id, 'rvsn_0');
    assert.equal(history.items.at(-1)!.id, `rvsn_${MAX_REVISION_ITEMS - 1}`);
  });

  test(`one page of more than ${MAX_REVISION_ITEMS} revisions keeps the newest ${MAX_REVISION_ITEMS}; a first page of exactly that many reads no other`, async () => {
    const big = (count: number) =>
      Array.from({ length: count }, (_, i) => item(`rvsn_${i}`, new Date(Date.UTC(2026, 0, 1) - i * 1_000).toISOString()));
    const one = await readAllPages(page(big(MAX_REVISION_ITEMS + 5)), () => Promise.reject(new Error('no other page')));
    assert.equal(one.items.length, MAX_REVISION_ITEMS);
    assert.equal(one.items.at(-1)!.id, `rvsn_${MAX_REVISION_ITEMS - 1}`);
    let reads = 0;
    const full = await readAllPages(page(big(MAX_REVISION_ITEMS), 'next'), () => {
      reads++;
      return Promise.resolve(page([], null));
    });
    assert.equal(reads, 0, 'the bound is reached on the first page');
    assert.equal(full.items.length, MAX_REVISION_ITEMS);
    assert.equal(full.nextCursor, 'next', 'the cursor not followed is handed on');
  });
});

describe('newest first', () => {
  test('a list that comes oldest first is turned round; one that comes newest first stays', () => {
    const oldest = [item('rvsn_1', at(1)), item('rvsn_2', at(2)), item('rvsn_3', at(3))];
    assert.deepEqual(ids(newestFirst(oldest)), ['rvsn_3', 'rvsn_2', 'rvsn_1']);
    assert.deepEqual(ids(newestFirst([...oldest].reverse())), ['rvsn_3', 'rvsn_2', 'rvsn_1']);
  });

  test('times out of order are sorted, newest first', () => {
    const mixed = [item('rvsn_2', at(2)), item('rvsn_4', at(4)), item('rvsn_1', at(1)), item('rvsn_3', at(3))];
    assert.deepEqual(ids(newestFirst(mixed)), ['rvsn_4', 'rvsn_3', 'rvsn_2', 'rvsn_1']);
  });

  test('revisions saved in the same second keep their true order: a first one without a parent is the oldest', () => {
    const same = at(5);
    const oldestFirst = [item('rvsn_root', same, null), item('rvsn_child', same, 'rvsn_root'), item('rvsn_grandchild', same, 'rvsn_child')];
    assert.deepEqual(ids(newestFirst(oldestFirst)), ['rvsn_grandchild', 'rvsn_child', 'rvsn_root']);
    const newest = [item('rvsn_grandchild', same, 'rvsn_child'), item('rvsn_child', same, 'rvsn_root'), item('rvsn_root', same, null)];
    assert.deepEqual(ids(newestFirst(newest)), ['rvsn_grandchild', 'rvsn_child', 'rvsn_root']);
  });

  test('same times with a parent at both ends are taken as newest first', () => {
    const same = at(5);
    assert.deepEqual(ids(newestFirst([item('rvsn_x', same, 'rvsn_p'), item('rvsn_y', same, 'rvsn_q')])), ['rvsn_x', 'rvsn_y']);
  });

  test('a time that does not parse fixes only the direction', () => {
    const odd = [item('rvsn_1', at(1)), item('rvsn_bad', 'yesterday'), item('rvsn_3', at(3)), item('rvsn_2', at(2))];
    assert.deepEqual(ids(newestFirst(odd)), ['rvsn_2', 'rvsn_3', 'rvsn_bad', 'rvsn_1']);
    const unreadableEnds = [item('rvsn_root', 'then', null), item('rvsn_next', 'later', 'rvsn_root')];
    assert.deepEqual(ids(newestFirst(unreadableEnds)), ['rvsn_next', 'rvsn_root']);
  });

  test('one revision or none is the list as it is, a copy', () => {
    const one = [item('rvsn_1', at(1))];
    const result = newestFirst(one);
    assert.deepEqual(ids(result), ['rvsn_1']);
    assert.notEqual(result, one);
    assert.deepEqual(newestFirst([]), []);
  });

  test('two revisions: the newer comes first', () => {
    assert.deepEqual(ids(newestFirst([item('rvsn_1', at(1)), item('rvsn_2', at(2))])), ['rvsn_2', 'rvsn_1']);
  });
});
