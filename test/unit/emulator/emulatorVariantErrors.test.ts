// The variant profiles that change how errors look on the wire: problem-json, conflict-412 and
// validation-400, alone and together, over real HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AdminClient } from '../../../src/emulator/adminClient';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/server';
import { caller, type Reply } from './emulatorSupport';

const started: RunningEmulator[] = [];
async function emulator(variants: string[]) {
  const emu = await startEmulator({ quiet: true, variants });
  started.push(emu);
  return { emu, call: caller(emu), ids: emu.demo.ids, admin: new AdminClient(emu.adminUrl, emu.adminToken) };
}
after(() => Promise.all(started.map((e) => e.close())));

type Emu = Awaited<ReturnType<typeof emulator>>;

/** A dashboard PUT from the current tokens, or from stale ones. */
async function putDashboard({ call, ids }: Emu, source: string, stale = false): Promise<Reply> {
  const current = (await call('GET', `/v1/dashboards/${ids.dashboardId}/source`)).json.data;
  const expectedRevision = stale ? { ...current.revision, sequence: current.revision.sequence - 1 } : current.revision;
  return call('PUT', `/v1/dashboards/${ids.dashboardId}/source`, { source, expectedRevision, expectedDataRunId: current.dataRunId });
}

async function putDatabase({ call, ids }: Emu, tables: unknown[], stale = false): Promise<Reply> {
  const h = (await call('GET', `/v1/resources/${ids.databaseId}/revisions`)).json.data;
  return call('PUT', `/v1/databases/${ids.databaseId}/definition`, { expectedDraft: stale ? null : h.draft, definition: { tables } });
}

const TABLE = { name: 't', columns: [{ name: 'id', type: 'text', nullable: false }], primaryKey: ['id'] };

/** A problem+json answer with the four RFC 9457 members and none of our own error object. */
function assertProblem(r: Reply, status: number, slug: string): void {
  assert.equal(r.status, status, r.text);
  assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  assert.equal(r.json.type, `https://errors.emulator.invalid/${slug}`);
  assert.equal(typeof r.json.title, 'string');
  assert.ok(r.json.title.length > 0);
  assert.equal(r.json.status, status);
  assert.equal(typeof r.json.detail, 'string');
  assert.equal(r.json.error, undefined, 'none of our {error} object');
  assert.equal(r.json.details, undefined);
}

describe('emulator variant problem-json', () => {
  let e: Emu;
  before(async () => (e = await emulator(['problem-json'])));

  test('401, 403, 404, 405 and 400 answer as problems with a type URI, title, status and detail', async () => {
    assertProblem(await e.call('GET', '/v1/operations', undefined, { key: null }), 401, 'unauthorized');
    assertProblem(
      await e.call('GET', '/v1/operations', undefined, { workspace: e.emu.demo.otherWorkspaceId, key: e.emu.demo.editorApiKey }),
      403,
      'forbidden',
    );
    assertProblem(await e.call('GET', '/v1/operations/oper_doesNotExist'), 404, 'not-found');
    assertProblem(await e.call('GET', '/v1/nothing/here'), 404, 'not-found');
    const methodNotAllowed = await e.call('DELETE', '/v1/operations');
    assertProblem(methodNotAllowed, 405, 'method-not-allowed');
    assert.equal(methodNotAllowed.headers.get('allow'), 'GET', 'the Allow header stays');
    assertProblem(await e.call('GET', '/v1/operations', undefined, { workspace: null }), 400, 'workspace-required');
    assertProblem(await e.call('GET', '/v1/operations/wsyn_wrongKind'), 400, 'invalid-id');
  });

  test('a missing permission is said in words only', async () => {
    const r = await putDashboard({ ...e, call: (m, p, b) => e.call(m, p, b, { key: e.emu.demo.readOnlyApiKey }) }, 'export default 1;');
    assertProblem(r, 403, 'forbidden');
    assert.match(r.json.detail, /dashboard write access/);
    assert.doesNotMatch(r.json.detail, /dashboardWrite/);
    assert.deepEqual(Object.keys(r.json).sort(), ['detail', 'status', 'title', 'type']);
  });

  test('a conflict carries no current state: the client must read again', async () => {
    const dashboard = await putDashboard(e, 'export default 1;', true);
    assertProblem(dashboard, 409, 'conflict');
    assert.equal(dashboard.json.title, 'Conflict');
    assert.deepEqual(Object.keys(dashboard.json).sort(), ['detail', 'status', 'title', 'type']);
    assert.doesNotMatch(dashboard.json.detail, /rvsn_|oprn_/);
    const database = await putDatabase(e, [TABLE], true);
    assertProblem(database, 409, 'conflict');
    assert.doesNotMatch(database.text, /rvsn_/);
  });

  test('validation problems point into the body, TSX problems give line and column', async () => {
    const db = await putDatabase(e, [{ ...TABLE, primaryKey: ['nope'] }]);
    assertProblem(db, 422, 'validation-failed');
    assert.deepEqual(db.json.errors, [{ detail: db.json.errors[0].detail, pointer: '/definition/tables/0/primaryKey/0' }]);
    assert.match(db.json.errors[0].detail, /Primary key column "nope"/);
    const fact = await e.call('PUT', `/v1/facts/${e.ids.factId}`, { name: '' }, { workspace: null });
    assertProblem(fact, 422, 'validation-failed');
    assert.equal(fact.json.errors[0].pointer, '/name');
    const tsx = await putDashboard(e, 'export default function X() {\n  return <div>;\n}\n');
    assertProblem(tsx, 422, 'validation-failed');
    assert.equal(tsx.json.errors.length, 1);
    const [where] = tsx.json.errors;
    assert.equal(typeof where.detail, 'string');
    assert.ok(where.line >= 2 && where.column >= 1, JSON.stringify(where));
    assert.equal(where.pointer, undefined);
  });

  test('the body limit, injected statuses and rate limits are problems too; Retry-After stays a header', async () => {
    const big = await e.call('PUT', `/v1/databases/${e.ids.databaseId}/definition`, undefined, { raw: `"${'x'.repeat(5 * 1024 * 1024)}"` });
    assertProblem(big, 413, 'payload-too-large');
    await e.admin.injectFault({ kind: 'status', status: 503, retryAfterSeconds: 3 });
    const unavailable = await e.call('GET', `/v1/operations/${e.ids.publishedOperationId}`);
    assertProblem(unavailable, 503, 'unavailable');
    assert.equal(unavailable.headers.get('retry-after'), '3');
    await e.admin.injectFault({ kind: 'status', status: 500 });
    assertProblem(await e.call('GET', '/v1/apps'), 500, 'internal');
    await e.admin.injectFault({ kind: 'rateLimit', retryAfterSeconds: 2 });
    const limited = await e.call('GET', '/v1/apps');
    assertProblem(limited, 429, 'rate-limited');
    assert.equal(limited.headers.get('retry-after'), '2');
    assert.equal(limited.json.title, 'Too Many Requests');
  });

  test('successes keep their JSON envelope', async () => {
    const r = await e.call('GET', `/v1/operations/${e.ids.publishedOperationId}`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(Object.keys(r.json), ['data']);
  });
});

describe('emulator variants conflict-412 and validation-400', () => {
  test('conflict-412: a stale dashboard revision, data run or database draft is 412 with our error object', async () => {
    const e = await emulator(['conflict-412']);
    const dashboard = await putDashboard(e, 'export default 1;', true);
    assert.equal(dashboard.status, 412);
    assert.equal(dashboard.json.error.code, 'conflict');
    assert.ok(dashboard.json.error.details.current.revision, 'our body keeps the current state');
    const current = (await e.call('GET', `/v1/dashboards/${e.ids.dashboardId}/source`)).json.data;
    await e.admin.startDataRun(e.ids.dashboardId);
    const staleRun = await e.call('PUT', `/v1/dashboards/${e.ids.dashboardId}/source`, {
      source: 'export default 1;',
      expectedRevision: current.revision,
      expectedDataRunId: current.dataRunId,
    });
    assert.equal(staleRun.status, 412);
    assert.equal((await putDatabase(e, [TABLE], true)).status, 412);
    assert.equal((await putDatabase(e, [TABLE])).status, 200, 'a fresh token still saves');
    assert.equal((await putDatabase(e, [{ ...TABLE, name: '' }])).status, 422, 'validation keeps its status');
  });

  test('validation-400: every validation failure is 400 validation_failed', async () => {
    const e = await emulator(['validation-400']);
    const db = await putDatabase(e, [{ ...TABLE, columns: [{ name: 'id', type: 'banana', nullable: false }] }]);
    assert.equal(db.status, 400);
    assert.equal(db.json.error.code, 'validation_failed');
    assert.equal(db.json.error.details.path, '/definition/tables/0/columns/0/type');
    const tsx = await putDashboard(e, 'export default function X() { return <div>; }');
    assert.equal(tsx.status, 400);
    assert.equal(typeof tsx.json.error.details.line, 'number');
    const fact = await e.call('PUT', `/v1/facts/${e.ids.factId}`, { name: 'Margin', formulaType: 'astrology' }, { workspace: null });
    assert.equal(fact.status, 400);
    assert.equal(fact.json.error.details.path, '/formulaType');
    assert.equal((await putDashboard(e, 'export default 1;', true)).status, 409, 'conflicts keep theirs');
  });

  test('together with problem-json: 412 Precondition Failed and 400 Bad Request problems', async () => {
    const e = await emulator(['problem-json', 'conflict-412', 'validation-400']);
    const conflict = await putDatabase(e, [TABLE], true);
    assertProblem(conflict, 412, 'conflict');
    assert.equal(conflict.json.title, 'Precondition Failed');
    const invalid = await putDatabase(e, [{ ...TABLE, name: '' }]);
    assertProblem(invalid, 400, 'validation-failed');
    assert.equal(invalid.json.title, 'Bad Request');
    assert.equal(invalid.json.errors[0].pointer, '/definition/tables/0/name');
  });
});
