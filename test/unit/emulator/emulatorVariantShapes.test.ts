// The variant profiles that change what successful answers hold: extra-fields, bare, no-lists,
// paged-revisions and oldest-first, over real HTTP.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/server';
import { kindOfId } from '../../../src/api/ids';
import { caller, ISO_MS } from './emulatorSupport';

const started: RunningEmulator[] = [];
async function emulator(variants: string[], large?: number) {
  const emu = await startEmulator({ quiet: true, variants, ...(large ? { large } : {}) });
  started.push(emu);
  return { emu, call: caller(emu), ids: emu.demo.ids };
}
after(() => Promise.all(started.map((e) => e.close())));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRef = (v: Record<string, unknown>) => Object.keys(v).sort().join() === 'revisionId,sequence';

/** Every object in `value` with the key it sits under. */
function objects(value: unknown, key = ''): [string, Record<string, unknown>][] {
  if (Array.isArray(value)) return value.flatMap((v) => objects(v, key));
  if (!isObject(value)) return [];
  return [[key, value], ...Object.entries(value).flatMap(([k, v]) => objects(v, k))];
}

const LIST_PATHS = ['/v1/operations', '/v1/dashboards', '/v1/apps', '/v1/databases', '/v1/write-syncs', '/v1/facts'];

describe('emulator variant extra-fields', () => {
  test('every object, list item and nested object gets fields the spec does not name; revision references stay bare', async () => {
    const { call, ids } = await emulator(['extra-fields']);
    const history = (await call('GET', `/v1/resources/${ids.databaseId}/revisions`)).json;
    assert.deepEqual(Object.keys(history), ['data'], 'the envelope keeps its single data property');
    const refsSeen: string[] = [];
    const paths = [
      `/v1/operations/${ids.publishedOperationId}`,
      `/v1/apps/${ids.failedAppId}`,
      `/v1/write-syncs/${ids.identityLockedWriteSyncId}`,
      `/v1/dashboards/${ids.dashboardId}/source`,
      `/v1/resources/${ids.databaseId}/revisions`,
      `/v1/facts/${ids.factId}`,
      ...LIST_PATHS,
    ];
    for (const path of paths) {
      const data = (await call('GET', path, undefined, path.startsWith('/v1/facts') ? { workspace: null } : {})).json.data;
      assert.deepEqual(data.links, { self: path.split('?')[0] }, path);
      for (const [key, object] of objects(data)) {
        if (['draft', 'published', 'revision'].includes(key)) {
          assert.ok(isRef(object), `${path}: ${key} is a bare reference: ${JSON.stringify(object)}`);
          refsSeen.push(key);
        } else if (key !== 'meta' && key !== 'links' && key !== 'fields' && key !== 'metadata' && key !== 'connector') {
          assert.match(String(object['etag']), /^W\/"[0-9a-f]{8}"$/, `${path}: ${key} ${JSON.stringify(object).slice(0, 80)}`);
          assert.deepEqual(object['labels'], []);
          assert.ok(isObject(object['meta']), 'a nested object among the extras');
        }
      }
    }
    assert.deepEqual([...new Set(refsSeen)].sort(), ['draft', 'published', 'revision']);
  });

  test('the named places get their own extras; data maps are left alone', async () => {
    const { call, ids } = await emulator(['extra-fields']);
    const fact = (await call('GET', `/v1/facts/${ids.factId}`, undefined, { workspace: null })).json.data;
    assert.deepEqual(fact.tags, ['reviewed']);
    assert.match(fact.lastEvaluatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(fact.metadata, { owner: 'Finance', reviewed: '2025-02-14' }, "a fact's own metadata is data");
    const history = (await call('GET', `/v1/resources/${ids.databaseId}/revisions`)).json.data;
    assert.equal(history.capabilities.archive, false);
    assert.equal(typeof history.items[0].actor.displayName, 'string');
    assert.equal(history.items[0].actor.type, 'apiKey');
    const revision = (await call('GET', `/v1/resources/${ids.databaseId}/revisions/${history.draft.revisionId}`)).json.data;
    for (const table of revision.value.tables) {
      assert.equal(table.comment, '');
      for (const column of table.columns) assert.equal(column.comment, '');
    }
    const app = (await call('GET', `/v1/apps/${ids.liveAppId}`)).json.data;
    assert.equal(app.deployment.region, 'eu-central-1');
    const ws = (await call('GET', `/v1/write-syncs/${ids.writeSyncId}`)).json.data;
    for (const part of ['source', 'destination', 'input']) assert.deepEqual(ws.definition[part].connector, { version: 2 }, part);
    assert.deepEqual(
      Object.values(ws.definition.fields).every((v) => typeof v === 'string'),
      true,
      'the field mapping stays strings only',
    );
    assert.deepEqual(Object.keys(ws.definition.fields), ['churned', 'active_customers', 'month']);
  });

  test('a revision reference from a response goes back as a token unchanged', async () => {
    const { call, ids } = await emulator(['extra-fields', 'strict-bodies']);
    const source = (await call('GET', `/v1/dashboards/${ids.dashboardId}/source`)).json.data;
    const saved = await call('PUT', `/v1/dashboards/${ids.dashboardId}/source`, {
      source: 'export default 1;\n',
      expectedRevision: source.revision,
      expectedDataRunId: source.dataRunId,
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.json.data.revision, { revisionId: saved.json.data.revision.revisionId, sequence: source.revision.sequence + 1 });
    const draft = (await call('GET', `/v1/resources/${ids.databaseId}/revisions`)).json.data.draft;
    const table = { name: 't', columns: [{ name: 'id', type: 'text', nullable: false }], primaryKey: ['id'] };
    const db = await call('PUT', `/v1/databases/${ids.databaseId}/definition`, { expectedDraft: draft, definition: { tables: [table] } });
    assert.equal(db.status, 200, db.text);
    assert.match(db.json.data.revisionId, /^rvsn_/);
    assert.equal(typeof db.json.data.etag, 'string', "the save's answer is an object like any other");
  });
});

describe('emulator variant strict, wire rules', () => {
  test("every answer keeps the spec's common rules: {data} only, timestamps with milliseconds, ids with known prefixes", async () => {
    const { call, ids } = await emulator(['strict']);
    const paths = [
      `/v1/operations/${ids.archivedOperationId}`,
      `/v1/apps/${ids.rolledBackAppId}`,
      `/v1/apps/${ids.queuedAppId}`,
      `/v1/write-syncs/${ids.writeSyncId}`,
      `/v1/dashboards/${ids.foreignDashboardId}/source`,
      `/v1/resources/${ids.foreignDatabaseId}/revisions`,
      `/v1/resources/${ids.foreignDashboardResourceId}/revisions`,
      `/v1/facts/${ids.foreignFactId}`,
    ];
    for (const path of paths) {
      const r = await call('GET', path, undefined, path.startsWith('/v1/facts') ? { workspace: null } : {});
      assert.equal(r.status, 200, `${path}: ${r.text}`);
      assert.deepEqual(Object.keys(r.json), ['data']);
      for (const [, object] of objects(r.json.data)) {
        for (const [k, v] of Object.entries(object)) {
          if (k.endsWith('At') && v !== null) assert.match(String(v), ISO_MS, `${path} ${k}`);
          if ((k === 'id' || k.endsWith('Id')) && typeof v === 'string') assert.ok(kindOfId(v), `${path}: ${k}=${v}`);
        }
      }
    }
  });
});

describe('emulator variant bare', () => {
  test("revision list items and full revisions hold only the spec's fields", async () => {
    const { call, ids } = await emulator(['bare']);
    const history = (await call('GET', `/v1/resources/${ids.dashboardResourceId}/revisions`)).json.data;
    assert.deepEqual(Object.keys(history), ['resourceId', 'version', 'draft', 'published', 'capabilities', 'items']);
    for (const item of history.items)
      assert.deepEqual(Object.keys(item), ['id', 'parentRevisionId', 'dependencyRevisionIds', 'actor', 'message', 'createdAt']);
    assert.ok(history.items[0].dependencyRevisionIds.length > 0, "the spec's dependency ids stay");
    const full = (await call('GET', `/v1/resources/${ids.dashboardResourceId}/revisions/${history.draft.revisionId}`)).json.data;
    assert.deepEqual(Object.keys(full), [
      'id',
      'parentRevisionId',
      'dependencyRevisionIds',
      'actor',
      'message',
      'createdAt',
      'resourceId',
      'value',
    ]);
  });

  test('with extra-fields: ours dropped, unknown ones added', async () => {
    const { call, ids } = await emulator(['bare', 'extra-fields']);
    const item = (await call('GET', `/v1/resources/${ids.dashboardResourceId}/revisions`)).json.data.items[0];
    assert.equal(item.sequence, undefined);
    assert.equal(item.dependencies, undefined);
    assert.equal(typeof item.etag, 'string');
  });
});

describe('emulator variant no-lists', () => {
  test('every list endpoint answers 404 like an unknown path; single reads still work', async () => {
    const { call, ids } = await emulator(['no-lists']);
    const unknown = await call('GET', '/v1/no-such-list');
    for (const path of LIST_PATHS) {
      const r = await call('GET', path, undefined, path === '/v1/facts' ? { workspace: null } : {});
      assert.equal(r.status, 404, path);
      assert.equal(r.json.error.code, unknown.json.error.code);
      assert.equal(r.json.error.message, `No endpoint GET ${path}.`);
      assert.equal(r.headers.get('allow'), null);
    }
    assert.equal((await call('GET', `/v1/operations/${ids.publishedOperationId}`)).status, 200);
    assert.equal((await call('GET', `/v1/facts/${ids.factId}`, undefined, { workspace: null })).status, 200);
  });
});

describe('emulator variants paged-revisions and oldest-first', () => {
  /** Follows nextCursor from the first page; returns every page. */
  async function pages(call: ReturnType<typeof caller>, resourceId: string, between?: (page: number) => Promise<void>) {
    // Raw wire pages, read field by field by the assertions below.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out: any[] = [];
    let cursor: string | null = null;
    do {
      const r = await call('GET', `/v1/resources/${resourceId}/revisions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(r.status, 200, r.text);
      out.push(r.json.data);
      cursor = r.json.data.nextCursor;
      assert.ok(cursor === null || typeof cursor === 'string');
      await between?.(out.length);
    } while (cursor !== null);
    return out;
  }

  test('at most 25 items per response; following nextCursor gives every item exactly once, newest first', async () => {
    const { call, ids } = await emulator(['paged-revisions']);
    const all = await pages(call, ids.longHistoryDashboardResourceId);
    assert.equal(all.length, 6, '150 revisions');
    for (const page of all) assert.ok(page.items.length <= 25 && page.items.length > 0);
    const sequences = all.flatMap((p) => p.items.map((i: { sequence: number }) => i.sequence));
    assert.deepEqual(
      sequences,
      Array.from({ length: 150 }, (_, i) => 150 - i),
    );
    assert.equal(all.at(-1).nextCursor, null);
    const short = (await call('GET', `/v1/resources/${ids.databaseId}/revisions`)).json.data;
    assert.equal(short.nextCursor, null, 'a short history is one page with nextCursor null');
  });

  test('a save between two pages neither repeats nor skips an item', async () => {
    const { call, ids } = await emulator(['paged-revisions']);
    const before = (await call('GET', `/v1/resources/${ids.longHistoryDashboardResourceId}/revisions`)).json.data;
    const all = await pages(call, ids.longHistoryDashboardResourceId, async (page) => {
      if (page !== 2) return;
      const src = (await call('GET', `/v1/dashboards/${ids.longHistoryDashboardId}/source`)).json.data;
      const r = await call('PUT', `/v1/dashboards/${ids.longHistoryDashboardId}/source`, {
        source: 'export default 2;\n',
        expectedRevision: src.revision,
        expectedDataRunId: src.dataRunId,
      });
      assert.equal(r.status, 200);
    });
    const seen = all.flatMap((p) => p.items.map((i: { id: string }) => i.id));
    assert.equal(new Set(seen).size, seen.length);
    assert.equal(seen.length, 150);
    assert.equal(seen[0], before.items[0].id);
  });

  test('a cursor this server did not return is 400; without the variant there is no nextCursor', async () => {
    const { call, ids } = await emulator(['paged-revisions']);
    for (const cursor of [
      'garbage',
      Buffer.from('{"r":"rept_other","p":3}').toString('base64url'),
      Buffer.from(JSON.stringify({ r: ids.databaseId, p: 99 })).toString('base64url'),
    ]) {
      const r = await call('GET', `/v1/resources/${ids.databaseId}/revisions?cursor=${cursor}`);
      assert.equal(r.status, 400, cursor);
      assert.match(r.json.error.message, /cursor/);
    }
    const plain = await emulator([]);
    const data = (await plain.call('GET', `/v1/resources/${plain.ids.longHistoryDashboardResourceId}/revisions`)).json.data;
    assert.equal(data.items.length, 150);
    assert.equal('nextCursor' in data, false);
  });

  test('oldest-first orders items oldest first, also page by page', async () => {
    const { call, ids } = await emulator(['oldest-first']);
    const items = (await call('GET', `/v1/resources/${ids.longHistoryDashboardResourceId}/revisions`)).json.data.items;
    assert.deepEqual(
      items.map((i: { sequence: number }) => i.sequence),
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
    assert.equal(items[0].parentRevisionId, null);
    const paged = await emulator(['oldest-first', 'paged-revisions']);
    const all = await pages(paged.call, paged.ids.longHistoryDashboardResourceId);
    assert.deepEqual(
      all.flatMap((p) => p.items.map((i: { sequence: number }) => i.sequence)),
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
  });

  test('5,000 revisions page through quickly', async () => {
    const { call, ids } = await emulator(['paged-revisions'], 5);
    const t0 = Date.now();
    const all = await pages(call, ids['largeDashboardResourceId']!);
    assert.equal(
      all.reduce((n, p) => n + p.items.length, 0),
      5000,
    );
    assert.ok(Date.now() - t0 < 10_000, `${Date.now() - t0} ms`);
  });
});
