// Fault injection through the admin surface: each kind does what its name says, for exactly the
// matching requests, `count` times. Also the request log.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useEmulator } from './emulatorSupport';

const fixture = useEmulator();
const { emu, call } = fixture;

const opPath = () => `/v1/operations/${emu.demo.ids['publishedOperationId']}`;

describe('emulator faults', () => {
  test('latency delays the matching request, then answers normally', async () => {
    await fixture.admin.injectFault({ kind: 'latency', latencyMs: 200, match: { path: '/v1/operations/' } });
    const started = Date.now();
    const r = await call('GET', opPath());
    assert.ok(Date.now() - started >= 190);
    assert.equal(r.status, 200);
    const quick = Date.now();
    await call('GET', opPath());
    assert.ok(Date.now() - quick < 150, 'only the next request');
  });

  test('status answers with that status and the README error body, count times', async () => {
    await fixture.admin.injectFault({ kind: 'status', status: 503, count: 2, match: { method: 'GET', path: '/v1/operations' } });
    for (let i = 0; i < 2; i++) {
      const r = await call('GET', opPath());
      assert.equal(r.status, 503);
      assert.equal(r.json.error.code, 'unavailable');
    }
    assert.equal((await call('GET', opPath())).status, 200);
    await fixture.admin.injectFault({ kind: 'status' });
    assert.equal((await call('GET', opPath())).json.error.code, 'internal');
  });

  test('rateLimit is 429 rate_limited with Retry-After', async () => {
    await fixture.admin.injectFault({ kind: 'rateLimit', retryAfterSeconds: 7 });
    const r = await call('GET', opPath());
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), '7');
    assert.equal(r.json.error.code, 'rate_limited');
  });

  test('drop closes the connection without a response', async () => {
    await fixture.admin.injectFault({ kind: 'drop' });
    await assert.rejects(call('GET', opPath()));
    assert.equal((await call('GET', opPath())).status, 200);
  });

  test('dropMidBody sends the status and part of the body, then cuts the connection', async () => {
    await fixture.admin.injectFault({ kind: 'dropMidBody' });
    const res = await fetch(emu.url + opPath(), {
      headers: { Authorization: `Bearer ${emu.demo.apiKey}`, 'X-Workspace-Id': emu.demo.workspaceId },
    });
    assert.equal(res.status, 200);
    await assert.rejects(res.text());
  });

  test('malformedJson answers 200 application/json that does not parse', async () => {
    await fixture.admin.injectFault({ kind: 'malformedJson' });
    const r = await call('GET', opPath());
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(r.json, undefined);
    assert.throws(() => JSON.parse(r.text));
  });

  test('html answers an HTML page (502 unless a status is given)', async () => {
    await fixture.admin.injectFault({ kind: 'html' });
    const r = await call('GET', opPath());
    assert.equal(r.status, 502);
    assert.match(r.headers.get('content-type') ?? '', /text\/html/);
    assert.match(r.text, /<html>/);
    await fixture.admin.injectFault({ kind: 'html', status: 200 });
    assert.equal((await call('GET', opPath())).status, 200);
  });

  test('schemaViolation answers 200 {data} whose fields have the wrong types', async () => {
    await fixture.admin.injectFault({ kind: 'schemaViolation' });
    const r = await call('GET', opPath());
    assert.equal(r.status, 200);
    assert.equal(typeof r.json.data.id, 'number');
    assert.equal(typeof r.json.data.codeStale, 'string');
    assert.ok(!Array.isArray(r.json.data.dataSourceIds));
  });

  test('faults match by method and by path regex; clearing disarms them', async () => {
    await fixture.admin.injectFault({ kind: 'status', status: 500, match: { method: 'PUT' } });
    assert.equal((await call('GET', opPath())).status, 200);
    await fixture.admin.injectFault({ kind: 'status', status: 500, match: { path: '^/v1/apps/appl_[A-Za-z0-9]+$' } });
    assert.equal((await call('GET', '/v1/apps')).status, 200);
    assert.equal((await call('GET', `/v1/apps/${emu.demo.ids['liveAppId']}`)).status, 500);
    assert.equal((await fixture.admin.faults()).length, 1);
    await fixture.admin.clearFaults();
    assert.deepEqual(await fixture.admin.faults(), []);
    assert.equal((await call('PUT', `/v1/facts/${emu.demo.ids['factId']}`, { name: 'x' }, { workspace: null })).status, 200);
  });

  test('an invalid fault spec is 400', async () => {
    await assert.rejects(fixture.admin.injectFault({ kind: 'explode' as never }), /400/);
    await assert.rejects(fixture.admin.injectFault({ kind: 'status', match: { path: '^(' } }), /400/);
  });

  test('in-process helpers mirror the admin surface', async () => {
    emu.injectFault({ kind: 'status', status: 418 });
    assert.equal((await call('GET', opPath())).status, 418);
    emu.clearRequests();
    await call('GET', opPath());
    assert.equal(emu.requests().length, 1);
  });
});

describe('emulator request log', () => {
  test('entries record method, path, query, workspace, actor id, shortened body, status and fault', async () => {
    await fixture.admin.clearRequests();
    await call('GET', '/v1/operations?limit=2');
    const long = 'x'.repeat(5000);
    await call('PUT', `/v1/facts/${emu.demo.ids['factId']}`, { name: 'Logged', definition: long }, { workspace: null });
    await fixture.admin.injectFault({ kind: 'drop' });
    await call('GET', opPath()).catch(() => undefined);
    const log = await fixture.admin.requests();
    assert.equal(log.length, 3);
    const [list, put, dropped] = log;
    assert.deepEqual(
      { ...list, at: undefined, seq: undefined },
      {
        seq: undefined,
        at: undefined,
        method: 'GET',
        path: '/v1/operations',
        query: { limit: '2' },
        workspace: emu.demo.workspaceId,
        actorId: emu.demo.ids['adminKeyActorId'],
        body: null,
        status: 200,
      },
    );
    assert.equal(put!.workspace, null);
    assert.equal((put!.body as { name: string }).name, 'Logged');
    const definition = (put!.body as { definition: string }).definition;
    assert.ok(definition.length < 1100 && /truncated, 5000 chars/.test(definition));
    assert.equal(dropped!.status, null);
    assert.equal(dropped!.fault, 'drop');
    assert.ok(put!.seq > list!.seq);
    assert.equal((await fixture.admin.requests(put!.seq)).length, 1);
  });

  test('admin reset restores the seed, clears faults and the log', async () => {
    await call('PUT', `/v1/facts/${emu.demo.ids['factId']}`, { name: 'Changed' }, { workspace: null });
    await fixture.admin.injectFault({ kind: 'status', count: 5 });
    await fixture.admin.reset();
    assert.deepEqual(await fixture.admin.faults(), []);
    assert.deepEqual(await fixture.admin.requests(), []);
    const fact = await call('GET', `/v1/facts/${emu.demo.ids['factId']}`, undefined, { workspace: null });
    assert.equal(fact.json.data.name, 'Gross margin');
    const health = await fixture.admin.health();
    assert.equal(health.ok, true);
    assert.equal(health.url, emu.url);
    assert.deepEqual(await fixture.admin.demo(), emu.demo);
  });
});
