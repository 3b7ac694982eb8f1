// The explorer's "Load more…" against a service whose list pages misbehave (a tiny node:http server
// on loopback): a repeated cursor and a list past the item bound end the group with a message that
// says so, instead of a "Load more…" that never ends.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import { isResourceNode, type ExplorerNode } from '../../../src/explorer/model/nodes';
import { TestConnection } from './explorerSupport';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';

const db = (i: number) => ({ id: `dbse_${i}`, name: `DB ${i}`, draft: { revisionId: `rvsn_${i}`, sequence: 1 }, published: null });

describe('explorer lists stay bounded', () => {
  const server = useScriptedServer();
  /** How the next page is made, from the cursor asked for (null: the first page). */
  let page: (cursor: string | null) => { items: unknown[]; nextCursor: string | null };
  server.answerAll(json(404, {}));
  server.route('/v1/databases', (res, req) => json(200, { data: page(req.query.get('cursor')) })(res, req));

  async function loadAll(model: ExplorerModel): Promise<ExplorerNode[]> {
    const group = model.group('databases');
    // Bounded: a list that never ends fails the test instead of hanging it.
    for (let i = 0; i < 50; i++) {
      const items = await model.getChildren(group);
      if (!items.some((n) => n.kind === 'loadMore')) return items;
      await model.loadMore(group);
    }
    assert.fail('"Load more…" was still offered after 50 pages');
  }

  test('a page that repeats its cursor ends the group with a message', async () => {
    page = (cursor) => (cursor === null ? { items: [db(1), db(2)], nextCursor: 'c1' } : { items: [db(3)], nextCursor: 'c1' });
    const connection = new TestConnection(server.url, 'k', 'wksp_1');
    const model = new ExplorerModel(connection, { pageSize: 2 });
    try {
      const items = await loadAll(model);
      assert.deepEqual(
        items.filter(isResourceNode).map((n) => n.id),
        ['dbse_1', 'dbse_2', 'dbse_3'],
      );
      const message = items.find((n) => n.kind === 'message');
      assert.equal(
        message?.kind === 'message' && message.label,
        'The service listed a page of databases twice; showing the 3 listed before it.',
      );
    } finally {
      model.dispose();
      await connection.close();
    }
  });

  test('a list past the item bound shows the first items and says the service listed more', async () => {
    let n = 0;
    page = () => ({ items: [db(++n), db(++n)], nextCursor: `c${n}` });
    const connection = new TestConnection(server.url, 'k', 'wksp_1');
    const model = new ExplorerModel(connection, { pageSize: 2, maxItems: 5 });
    try {
      const items = await loadAll(model);
      assert.equal(items.filter(isResourceNode).length, 5);
      const message = items.find((n) => n.kind === 'message');
      assert.equal(message?.kind === 'message' && message.label, 'The service listed more than 5 databases; showing the first 5.');
      assert.equal(model.nodesFor('dbse_6').length, 0, 'an item past the bound is not kept');
    } finally {
      model.dispose();
      await connection.close();
    }
  });

  test('a list of endless pages stops after the page bound', async () => {
    let n = 0;
    page = () => ({ items: [db(++n)], nextCursor: `c${n}` });
    const connection = new TestConnection(server.url, 'k', 'wksp_1');
    const model = new ExplorerModel(connection, { pageSize: 1, maxPages: 4 });
    try {
      const items = await loadAll(model);
      assert.equal(items.filter(isResourceNode).length, 4);
      const message = items.find((n) => n.kind === 'message');
      assert.equal(message?.kind === 'message' && message.label, 'The service listed databases in more than 4 pages; showing the first 4.');
    } finally {
      model.dispose();
      await connection.close();
    }
  });
});
