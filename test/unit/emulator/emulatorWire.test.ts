// Wire-level rules every endpoint shares: envelope, timestamps, ids, lists, errors, limits.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { kindOfId } from '../../../src/api/ids';
import * as schemas from '../../../src/api/schemas';
import { ISO_MS, useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator({}, { resetEach: false });

function walk(value: unknown, visit: (key: string, v: unknown) => void, key = ''): void {
  visit(key, value);
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit, key));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, visit, k);
}

describe('emulator wire format', () => {
  test('every success is {data} only, timestamps carry milliseconds, ids carry known prefixes', async () => {
    const { ids } = emu.demo;
    const paths = [
      `/v1/operations/${ids['publishedOperationId']}`,
      `/v1/apps/${ids['liveAppId']}`,
      `/v1/write-syncs/${ids['identityLockedWriteSyncId']}`,
      `/v1/dashboards/${ids['dashboardId']}/source`,
      `/v1/resources/${ids['dashboardResourceId']}/revisions`,
      `/v1/resources/${ids['databaseId']}/revisions`,
      `/v1/facts/${ids['factId']}`,
      '/v1/operations',
      '/v1/dashboards',
      '/v1/apps',
      '/v1/databases',
      '/v1/write-syncs',
      '/v1/facts',
    ];
    for (const path of paths) {
      const r = await call('GET', path);
      assert.equal(r.status, 200, path);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(Object.keys(r.json), ['data'], path);
      walk(r.json.data, (k, v) => {
        if (k.endsWith('At') && v !== null) assert.match(String(v), ISO_MS, `${path} ${k}`);
        const idField = k === 'id' || k.endsWith('Id') || k === 'revisionId';
        if (idField && typeof v === 'string' && v !== '') assert.ok(kindOfId(v), `${path}: ${k}=${v} has a known prefix`);
      });
    }
  });

  test("every response parses with the extension's schemas", async () => {
    const { ids } = emu.demo;
    const check = async (path: string, schema: schemas.z.ZodMiniType, workspace?: null) => {
      const r = await call('GET', path, undefined, workspace === null ? { workspace: null } : {});
      assert.equal(r.status, 200, path);
      const parsed = schemas.envelope(schema).safeParse(r.json);
      assert.ok(parsed.success, `${path}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    };
    for (const id of [ids.publishedOperationId, ids.dataFlowOperationId, ids.dataFlowChildOperationId, ids.codeStaleOperationId])
      await check(`/v1/operations/${id}`, schemas.Operation);
    for (const id of [ids.liveAppId, ids.deployingAppId, ids.failedAppId]) await check(`/v1/apps/${id}`, schemas.Application);
    await check(`/v1/write-syncs/${ids.identityLockedWriteSyncId}`, schemas.WriteSync);
    await check(`/v1/facts/${ids.factId}`, schemas.Fact, null);
    await check(`/v1/dashboards/${ids.dashboardId}/source`, schemas.DashboardSource);
    for (const id of [ids.dashboardResourceId, ids.databaseId, ids.liveAppId, ids.publishedOperationId, ids.dataFlowOperationId]) {
      await check(`/v1/resources/${id}/revisions`, schemas.RevisionHistory);
      const h = (await call('GET', `/v1/resources/${id}/revisions`)).json.data;
      await check(`/v1/resources/${id}/revisions/${h.draft.revisionId}`, schemas.Revision);
    }
    const handler = (
      await call(
        'GET',
        `/v1/resources/${ids.publishedOperationId}/revisions/${(await call('GET', `/v1/operations/${ids.publishedOperationId}`)).json.data.draft.revisionId}`,
      )
    ).json.data;
    assert.ok(schemas.OperationHandlerValue.safeParse(handler.value).success);
    await check('/v1/operations', schemas.listPage(schemas.Operation));
    await check('/v1/dashboards', schemas.listPage(schemas.DashboardSummary));
    await check('/v1/apps', schemas.listPage(schemas.Application));
    await check('/v1/databases', schemas.listPage(schemas.DatabaseSummary));
    await check('/v1/write-syncs', schemas.listPage(schemas.WriteSync));
    await check('/v1/facts', schemas.listPage(schemas.Fact), null);
  });

  test('an operation has every spec field; parentDataFlowId links data flow children', async () => {
    const { ids } = emu.demo;
    const child = (await call('GET', `/v1/operations/${ids['dataFlowChildOperationId']}`)).json.data;
    for (const f of [
      'id',
      'name',
      'kind',
      'instructions',
      'dataSourceIds',
      'parentDataFlowId',
      'status',
      'codeStale',
      'draft',
      'published',
    ])
      assert.ok(f in child, f);
    assert.equal(child.parentDataFlowId, ids['dataFlowOperationId']);
    assert.ok(child.dataSourceIds.every((id: string) => id.startsWith('data_')));
    const stale = (await call('GET', `/v1/operations/${ids['codeStaleOperationId']}`)).json.data;
    assert.equal(stale.codeStale, true);
    const published = (await call('GET', `/v1/operations/${ids['publishedOperationId']}`)).json.data;
    assert.deepEqual(Object.keys(published.published).sort(), ['revisionId', 'sequence']);
  });

  test('list endpoints page with limit and cursor and return every item once', async () => {
    const first = await call('GET', '/v1/operations?limit=3');
    assert.equal(first.json.data.items.length, 3);
    assert.equal(typeof first.json.data.nextCursor, 'string');
    const seen = first.json.data.items.map((o: { id: string }) => o.id);
    let cursor: string | null = first.json.data.nextCursor;
    while (cursor) {
      const next = await call('GET', `/v1/operations?limit=3&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...next.json.data.items.map((o: { id: string }) => o.id));
      cursor = next.json.data.nextCursor;
    }
    const all = await call('GET', '/v1/operations');
    assert.equal(all.json.data.nextCursor, null);
    assert.deepEqual(
      seen,
      all.json.data.items.map((o: { id: string }) => o.id),
    );
    assert.equal(new Set(seen).size, seen.length);
    // Only the demo workspace's operations.
    assert.ok(!seen.includes(emu.demo.ids['otherWorkspaceOperationId']));
    assert.equal((await call('GET', '/v1/operations?limit=0')).status, 400);
    assert.equal((await call('GET', '/v1/operations?cursor=garbage')).json.error.code, 'bad_request');
    assert.equal((await call('GET', '/v1/operations?limit=9999')).status, 200);
  });

  test('list items have the README shapes', async () => {
    const d = (await call('GET', '/v1/dashboards')).json.data.items[0];
    assert.deepEqual(Object.keys(d).sort(), ['dashboardId', 'name', 'resourceId', 'revision']);
    const db = (await call('GET', '/v1/databases')).json.data.items[0];
    assert.deepEqual(Object.keys(db).sort(), ['draft', 'id', 'name', 'published']);
    const facts = (await call('GET', '/v1/facts', undefined, { workspace: null })).json.data.items;
    assert.equal(facts.length, 4);
    assert.ok(facts.every((f: { organizationId: string }) => f.organizationId === emu.demo.organizationId));
  });

  test('unknown path is 404 not_found; known path with another method is 405 with Allow', async () => {
    const unknown = await call('GET', '/v1/nothing-here');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'not_found');
    const wrong = await call('DELETE', `/v1/operations/${emu.demo.ids['publishedOperationId']}`);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
    const both = await call('POST', `/v1/facts/${emu.demo.ids['factId']}`);
    assert.equal(both.headers.get('allow'), 'GET, PUT');
  });

  test('a wrong-prefix id is 400 invalid_id naming both kinds', async () => {
    const r = await call('GET', `/v1/operations/${emu.demo.ids['writeSyncId']}`);
    assert.equal(r.status, 400);
    assert.equal(r.json.error.code, 'invalid_id');
    assert.match(r.json.error.message, /operation id \(oper_…\).*write sync id/);
    const malformed = await call('GET', '/v1/apps/appl_');
    assert.equal(malformed.json.error.code, 'invalid_id');
    const revision = await call('GET', `/v1/resources/${emu.demo.ids['dashboardResourceId']}/revisions/${emu.demo.ids['factId']}`);
    assert.equal(revision.json.error.code, 'invalid_id');
  });

  test('malformed JSON is 400 bad_request', async () => {
    const r = await call('PUT', `/v1/facts/${emu.demo.ids['factId']}`, undefined, { raw: '{"name": ', workspace: null });
    assert.equal(r.status, 400);
    assert.equal(r.json.error.code, 'bad_request');
  });

  test('a body over 5 MiB is 413 payload_too_large', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024 + 10) });
    const r = await call('PUT', `/v1/facts/${emu.demo.ids['factId']}`, undefined, { raw: big, workspace: null });
    assert.equal(r.status, 413);
    assert.equal(r.json.error.code, 'payload_too_large');
    const fact = await call('GET', `/v1/facts/${emu.demo.ids['factId']}`, undefined, { workspace: null });
    assert.equal(fact.json.data.name, 'Gross margin');
  });

  test('a streamed body without Content-Length is cut off at 5 MiB too', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${emu.url}/v1/facts/${emu.demo.ids['factId']}`);
      const req = request(
        {
          method: 'PUT',
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { Authorization: `Bearer ${emu.demo.apiKey}`, 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    assert.equal(status, 413);
  });

  test('connections are kept alive', async () => {
    const r = await fetch(`${emu.url}/v1/operations?limit=1`, {
      headers: { Authorization: `Bearer ${emu.demo.apiKey}`, 'X-Workspace-Id': emu.demo.workspaceId },
    });
    await r.text();
    assert.equal(r.headers.get('connection'), 'keep-alive');
  });

  test('the admin surface is not reachable through the public port', async () => {
    for (const path of ['/health', '/faults', '/requests', '/reset', '/v1/faults', '/v1/admin/reset', '/admin/health']) {
      const get = await call('GET', path);
      assert.equal(get.status, 404, path);
      const post = await call('POST', path, {});
      assert.equal(post.status, 404, path);
    }
    assert.equal(new URL(emu.adminUrl).hostname, '127.0.0.1');
    assert.notEqual(new URL(emu.adminUrl).port, new URL(emu.url).port);
  });

  test('the secret key never appears in responses or the request log', async () => {
    const { ids } = emu.demo;
    const texts: string[] = [];
    for (const path of [
      `/v1/resources/${ids['dashboardResourceId']}/revisions`,
      `/v1/operations/${ids['publishedOperationId']}`,
      '/v1/apps',
      '/v1/nope',
    ]) {
      texts.push((await call('GET', path)).text);
    }
    texts.push((await call('GET', '/v1/operations', undefined, { key: `${emu.demo.apiKey}x` })).text);
    const src = (await call('GET', `/v1/dashboards/${ids['dashboardId']}/source`)).json.data;
    texts.push(
      (
        await call('PUT', `/v1/dashboards/${ids['dashboardId']}/source`, {
          source: src.source,
          expectedRevision: src.revision,
          expectedDataRunId: src.dataRunId,
        })
      ).text,
    );
    texts.push((await call('GET', `/v1/resources/${ids['dashboardResourceId']}/revisions`)).text);
    texts.push(JSON.stringify(emu.requests()));
    texts.push(await (await fetch(`${emu.adminUrl}/requests`, { headers: { Authorization: `Bearer ${emu.adminToken}` } })).text());
    const secrets = [emu.demo.apiKey, emu.demo.editorApiKey, emu.demo.readOnlyApiKey, emu.demo.otherWorkspaceOnlyApiKey];
    for (const text of texts) for (const secret of secrets) assert.ok(!text.includes(secret), 'secret leaked');
    const history = JSON.parse(texts[6]!).data;
    assert.equal(history.items[0].actor.type, 'apiKey');
    assert.equal(history.items[0].actor.id, ids['adminKeyActorId']);
    assert.notEqual(history.items[0].actor.id, emu.demo.apiKey);
  });
});
