// The cursors a service pages its lists and histories with, and the page and item bounds a followed
// list keeps, at every boundary: through the client's listAll and listRevisions against a scripted
// loopback server (the emulator pages only well). The bounds are the shipped ones.
// Cases that do not apply: negative (a cursor is text and the bounds count pages and items, which
// have no sign); zero is an empty page, which is followed, not an end.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { MAX_LIST_ITEMS, MAX_LIST_PAGES } from '../../../src/api/listPaging';
import { MAX_REVISION_ITEMS, MAX_REVISION_PAGES } from '../../../src/api/revisionPages';
import { json, useScriptedServer, type ScriptedRequest } from '../../harness/lib/scriptedServer';
import { apiFailure, clientOf, historyAnswer } from './clientSupport';

const SUITE = { timeout: 60_000 };
const db = (n: number) => ({ id: `dbas_${n}`, name: `DB ${n}`, draft: { revisionId: `rvsn_${n}`, sequence: 1 }, published: null });

describe('list cursors and bounds', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());
  const cursorsAsked = () => server.requests.map((r) => r.query.get('cursor'));

  /** Lists the databases; `page(n, req)` answers the n-th request (from 1). */
  async function listAll(page: (n: number, req: ScriptedRequest) => { items: unknown[]; nextCursor?: unknown }) {
    server.answerAll((res, req) => json(200, { data: page(server.requests.length, req) })(res, req));
    const c = clientOf(server.url);
    try {
      return await c.listAll('databases');
    } finally {
      await c.close();
    }
  }

  test('absent or null: the list is one page', async () => {
    for (const end of [undefined, null]) {
      server.reset();
      const all = await listAll(() => ({ items: [db(1)], nextCursor: end }));
      assert.deepEqual(all, { supported: true, items: [db(1)], nextCursor: null });
      assert.equal(server.requests.length, 1);
    }
  });

  test('empty: an empty cursor ends the list; it is not asked for', async () => {
    const all = await listAll(() => ({ items: [db(1)], nextCursor: '' }));
    assert.equal(all.supported && all.items.length, 1);
    assert.deepEqual(cursorsAsked(), [null]);
  });

  test('empty on a later page: the list ends there', async () => {
    const all = await listAll((n) => ({ items: [db(n)], nextCursor: n === 1 ? 'a' : '' }));
    assert.equal(all.supported && all.items.length, 2);
    assert.deepEqual(cursorsAsked(), [null, 'a']);
  });

  test('zero items: a page without items that names a next one is followed', async () => {
    const all = await listAll((n) => (n === 1 ? { items: [], nextCursor: 'c' } : { items: [db(2)], nextCursor: null }));
    assert.equal(all.supported && all.items.length, 1);
    assert.deepEqual(cursorsAsked(), [null, 'c']);
  });

  test('one character: followed', async () => {
    await listAll((n) => ({ items: [db(n)], nextCursor: n === 1 ? 'a' : null }));
    assert.deepEqual(cursorsAsked(), [null, 'a']);
  });

  test('many characters, of any kind: sent back exactly as the service gave it', async () => {
    const cursor = `${'x'.repeat(2_000)}&cursor=evil/%2F+ é?#`;
    await listAll((n) => ({ items: [db(n)], nextCursor: n === 1 ? cursor : null }));
    assert.deepEqual(cursorsAsked(), [null, cursor]);
    assert.equal(server.requests[1]!.query.getAll('cursor').length, 1, 'one cursor parameter, not two');
  });

  test('malformed: a cursor that is not text is an answer of the wrong shape, named', async () => {
    for (const bad of [5, true, { next: 'a' }, ['a']]) {
      server.reset();
      server.script(json(200, { data: { items: [db(1)], nextCursor: bad } }));
      const c = clientOf(server.url);
      const e = await apiFailure(c.listAll('databases'));
      await c.close();
      assert.equal(e.kind, 'invalidResponse', JSON.stringify(bad));
      assert.match(e.message, /matches none of the accepted shapes/);
    }
  });

  test('a cursor that comes back: followed once, then the list ends and says why', async () => {
    const all = await listAll((n) => ({ items: [db(n)], nextCursor: 'again' }));
    assert.equal(all.supported && all.stopped, 'repeatedCursor');
    assert.deepEqual(cursorsAsked(), [null, 'again']);
  });

  test(`the maximum pages: ${MAX_LIST_PAGES} are read`, async () => {
    const all = await listAll((n) => ({ items: [db(n)], nextCursor: n < MAX_LIST_PAGES ? `c${n}` : null }));
    assert.equal(server.requests.length, MAX_LIST_PAGES);
    assert.equal(all.supported && all.stopped, undefined);
  });

  test('past the maximum pages: the next page is not read, and the list says why', async () => {
    const all = await listAll((n) => ({ items: [db(n)], nextCursor: `c${n}` }));
    assert.equal(server.requests.length, MAX_LIST_PAGES);
    assert.equal(all.supported && all.stopped, 'pages');
    assert.equal(all.supported && all.items.length, MAX_LIST_PAGES);
  });

  test(`the maximum items: ${MAX_LIST_ITEMS.toLocaleString('en-US')} are all kept`, async () => {
    const page = Array.from({ length: MAX_LIST_ITEMS / 2 }, (_, i) => db(i));
    const all = await listAll((n) => ({ items: page, nextCursor: n === 1 ? 'c' : null }));
    assert.equal(all.supported && all.items.length, MAX_LIST_ITEMS);
    assert.equal(all.supported && all.stopped, undefined);
  });

  test('past the maximum items: one more is not kept, and the list says why', async () => {
    const page = Array.from({ length: MAX_LIST_ITEMS / 2 }, (_, i) => db(i));
    const all = await listAll((n) => ({ items: n === 1 ? page : [...page, db(-1)], nextCursor: n === 1 ? 'c' : null }));
    assert.equal(all.supported && all.items.length, MAX_LIST_ITEMS);
    assert.equal(all.supported && all.stopped, 'items');
  });

  test('at the maximum items with a next page: that page is not read', async () => {
    const page = Array.from({ length: MAX_LIST_ITEMS }, (_, i) => db(i));
    const all = await listAll(() => ({ items: page, nextCursor: 'c' }));
    assert.equal(server.requests.length, 1);
    assert.equal(all.supported && all.stopped, 'items');
  });
});

describe('revision history cursors and bounds', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());
  const cursorsAsked = () => server.requests.map((r) => r.query.get('cursor'));
  const item = (n: number) => ({
    id: `rvsn_${n}`,
    parentRevisionId: null,
    dependencyRevisionIds: [],
    actor: { type: 'apiKey', id: 'apik_1' },
    message: '',
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  });
  const history = historyAnswer;

  async function listRevisions(page: (n: number) => { items: unknown[]; nextCursor?: unknown }) {
    server.answerAll((res, req) => {
      const p = page(server.requests.length);
      json(200, history(p.items, p.nextCursor))(res, req);
    });
    const c = clientOf(server.url);
    try {
      return await c.listRevisions('oper_1');
    } finally {
      await c.close();
    }
  }

  test('absent, null or empty: the history is one page', async () => {
    for (const end of [undefined, null, '']) {
      server.reset();
      const h = await listRevisions(() => ({ items: [item(1)], nextCursor: end }));
      assert.equal(h.items.length, 1);
      assert.equal(server.requests.length, 1, JSON.stringify(end));
    }
  });

  test('empty on a later page: the history ends there', async () => {
    const h = await listRevisions((n) => ({ items: [item(n)], nextCursor: n === 1 ? 'a' : '' }));
    assert.deepEqual(cursorsAsked(), [null, 'a']);
    assert.equal(h.items.length, 2);
  });

  test('one character: followed, and the pages are one history, newest first', async () => {
    const h = await listRevisions((n) => ({ items: [item(n)], nextCursor: n === 1 ? 'a' : null }));
    assert.deepEqual(cursorsAsked(), [null, 'a']);
    assert.deepEqual(
      h.items.map((i) => i.id),
      ['rvsn_2', 'rvsn_1'],
    );
  });

  test('many characters: sent back exactly', async () => {
    const cursor = `${'y'.repeat(2_000)}&x=1/%2F é`;
    await listRevisions((n) => ({ items: [item(n)], nextCursor: n === 1 ? cursor : null }));
    assert.deepEqual(cursorsAsked(), [null, cursor]);
  });

  test('malformed: a cursor that is not text is an answer of the wrong shape', async () => {
    server.script(json(200, history([item(1)], 7)));
    const c = clientOf(server.url);
    const e = await apiFailure(c.listRevisions('oper_1'));
    await c.close();
    assert.equal(e.field, 'data.nextCursor');
  });

  test('a cursor that comes back is followed once; a revision listed twice counts once', async () => {
    const h = await listRevisions((n) => ({ items: n === 1 ? [item(1)] : [item(1), item(2)], nextCursor: 'again' }));
    assert.deepEqual(cursorsAsked(), [null, 'again']);
    assert.deepEqual(
      h.items.map((i) => i.id),
      ['rvsn_2', 'rvsn_1'],
    );
  });

  test(`the maximum pages: ${MAX_REVISION_PAGES} are read, and no more`, async () => {
    const h = await listRevisions((n) => ({ items: [item(n)], nextCursor: `c${n}` }));
    assert.equal(server.requests.length, MAX_REVISION_PAGES);
    assert.equal(h.items.length, MAX_REVISION_PAGES);
  });

  test(`the maximum revisions: ${MAX_REVISION_ITEMS.toLocaleString('en-US')} are kept; past it the next page is not read`, async () => {
    const half = MAX_REVISION_ITEMS / 2;
    const pageOf = (n: number) => Array.from({ length: half }, (_, i) => item((n - 1) * half + i));
    const h = await listRevisions((n) => ({ items: pageOf(n), nextCursor: `c${n}` }));
    assert.equal(server.requests.length, 2, 'the third page is not read');
    assert.equal(h.items.length, MAX_REVISION_ITEMS);
  });

  test('past the maximum revisions in one page: the newest are kept', async () => {
    const many = Array.from({ length: MAX_REVISION_ITEMS + 1 }, (_, i) => item(MAX_REVISION_ITEMS - i));
    const h = await listRevisions(() => ({ items: many, nextCursor: null }));
    assert.equal(h.items.length, MAX_REVISION_ITEMS);
    assert.equal(h.items[0]!.id, `rvsn_${MAX_REVISION_ITEMS}`);
  });
});
