// Database definitions, fact replacement, write syncs and app deployments.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitUntil } from '../../harness/lib/processes';
import { startEmulator } from '../../../src/emulator/server';
import { AdminClient } from '../../../src/emulator/adminClient';
import { caller, useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator({ deployDelayMs: 150 });

const ids = () => emu.demo.ids;
const dbPath = () => `/v1/databases/${ids()['databaseId']}/definition`;
const history = async (id: string) => (await call('GET', `/v1/resources/${id}/revisions`)).json.data;
const col = (name: string, type = 'text', nullable = false) => ({ name, type, nullable });
const goodTables = () => [
  { name: 'customers', columns: [col('id'), col('email'), col('score', 'number', true)], primaryKey: ['id'] },
  {
    name: 'events',
    columns: [col('id', 'integer'), col('at', 'timestamp'), col('payload', 'json', true), col('day', 'date'), col('ok', 'boolean')],
    primaryKey: ['id'],
  },
];

describe('emulator database definitions', () => {
  test('a save creates one draft revision with sequence + 1 and returns its revisionId', async () => {
    const before = await history(ids()['databaseId']!);
    const r = await call('PUT', dbPath(), { expectedDraft: before.draft, definition: { tables: goodTables() } });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json.data), ['revisionId']);
    const after = await history(ids()['databaseId']!);
    assert.deepEqual(after.draft, { revisionId: r.json.data.revisionId, sequence: before.draft.sequence + 1 });
    assert.deepEqual(after.published, before.published);
    assert.notEqual(after.version, before.version);
    const saved = (await call('GET', `/v1/resources/${ids()['databaseId']}/revisions/${r.json.data.revisionId}`)).json.data;
    assert.deepEqual(saved.value, { tables: goodTables() });
    assert.equal(saved.parentRevisionId, before.draft.revisionId);
  });

  test('a stale or null expectedDraft is 409 with the current draft', async () => {
    const before = await history(ids()['databaseId']!);
    for (const expectedDraft of [null, { revisionId: before.items[1].id, sequence: before.draft.sequence - 1 }]) {
      const r = await call('PUT', dbPath(), { expectedDraft, definition: { tables: goodTables() } });
      assert.equal(r.status, 409);
      assert.deepEqual(r.json.error.details, { current: { draft: before.draft } });
    }
    assert.equal((await history(ids()['databaseId']!)).version, before.version);
  });

  test('each invalid definition is 422 with a JSON pointer, and nothing is saved', async () => {
    const before = await history(ids()['databaseId']!);
    const cases: [string, (t: ReturnType<typeof goodTables>) => unknown][] = [
      ['/definition/tables/0/name', (t) => ((t[0]!.name = ''), t)],
      ['/definition/tables/1/name', (t) => ((t[1]!.name = 'customers'), t)],
      ['/definition/tables/0/columns/1/name', (t) => ((t[0]!.columns[1]!.name = 'id'), t)],
      ['/definition/tables/0/columns/2/name', (t) => ((t[0]!.columns[2]!.name = '  '), t)],
      ['/definition/tables/1/columns/0/type', (t) => ((t[1]!.columns[0]!.type = 'bigint'), t)],
      ['/definition/tables/1/columns/4/nullable', (t) => ((t[1]!.columns[4] = { name: 'ok', type: 'boolean' } as never), t)],
      ['/definition/tables/0/primaryKey/0', (t) => ((t[0]!.primaryKey = ['nope']), t)],
      ['/definition/tables/0/columns', (t) => ((t[0]!.columns = []), t)],
    ];
    for (const [path, mutate] of cases) {
      const r = await call('PUT', dbPath(), { expectedDraft: before.draft, definition: { tables: mutate(goodTables()) } });
      assert.equal(r.status, 422, path);
      assert.equal(r.json.error.code, 'validation_failed');
      assert.equal(r.json.error.details.path, path);
      assert.ok(r.json.error.message.length > 10);
    }
    assert.deepEqual(await history(ids()['databaseId']!), before);
  });

  test('a body without expectedDraft or tables is 400', async () => {
    const before = await history(ids()['databaseId']!);
    for (const body of [
      { definition: { tables: [] } },
      { expectedDraft: before.draft },
      { expectedDraft: before.draft, definition: { tables: {} } },
      { expectedDraft: 'x', definition: { tables: [] } },
    ]) {
      const r = await call('PUT', dbPath(), body);
      assert.equal(r.status, 400, JSON.stringify(body));
    }
  });
});

describe('emulator facts', () => {
  const factPath = () => `/v1/facts/${ids()['factId']}`;
  const get = async () => (await call('GET', factPath(), undefined, { workspace: null })).json.data;

  test('a replace keeps what is sent and clears what is omitted ("" for strings, null otherwise)', async () => {
    const before = await get();
    const r = await call(
      'PUT',
      factPath(),
      { name: 'Gross margin (GAAP)', formula: '(revenue - cogs) / revenue', formulaType: 'math', unit: '%' },
      { workspace: null },
    );
    assert.equal(r.status, 200);
    const f = r.json.data;
    assert.equal(f.name, 'Gross margin (GAAP)');
    assert.equal(f.formula, '(revenue - cogs) / revenue');
    assert.equal(f.unit, '%');
    assert.equal(f.definition, '');
    for (const k of ['aliases', 'usualValue', 'usualValueMin', 'usualValueMax', 'startDate', 'endDate', 'scope', 'metadata'])
      assert.equal(f[k], null, k);
    // Not editable: identity, key, type, owner and creation time stay.
    for (const k of ['id', 'organizationId', 'ownerId', 'key', 'type', 'createdAt']) assert.equal(f[k], before[k], k);
    assert.ok(Date.parse(f.updatedAt) > Date.parse(before.updatedAt));
    assert.deepEqual(await get(), f);
  });

  test('sending the whole fact back changes only updatedAt', async () => {
    const before = await get();
    const r = await call('PUT', factPath(), before, { workspace: null });
    const { updatedAt, ...rest } = r.json.data;
    const { updatedAt: oldUpdatedAt, ...oldRest } = before;
    assert.deepEqual(rest, oldRest);
    assert.notEqual(updatedAt, oldUpdatedAt);
  });

  test('a missing or empty name and an unknown formulaType are 422; nothing changes', async () => {
    const before = await get();
    for (const [body, path] of [
      [{ formula: 'a' }, '/name'],
      [{ name: '' }, '/name'],
      [{ name: 'x', formulaType: 'regex' }, '/formulaType'],
      [{ name: 'x', formula: 3 }, '/formula'],
    ] as const) {
      const r = await call('PUT', factPath(), body, { workspace: null });
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.equal(r.json.error.details.path, path);
    }
    assert.equal((await call('PUT', factPath(), { name: 'Rule', formulaType: 'logic' }, { workspace: null })).status, 200);
    assert.equal((await call('PUT', factPath(), { name: 'Rule', formulaType: '' }, { workspace: null })).status, 200);
    await emu.reset();
    assert.deepEqual(await get(), before);
  });
});

describe('emulator write syncs and apps', () => {
  test('a write sync has the spec fields; one is identity-locked and writes to a connection', async () => {
    const w = (await call('GET', `/v1/write-syncs/${ids()['identityLockedWriteSyncId']}`)).json.data;
    assert.deepEqual(Object.keys(w).sort(), [
      'automaticEnabled',
      'createdAt',
      'definition',
      'id',
      'identityLocked',
      'isEnabled',
      'name',
      'updatedAt',
      'version',
    ]);
    assert.equal(w.identityLocked, true);
    assert.ok(Number.isInteger(w.version));
    assert.match(w.definition.destination.resourceId, /^conn_/);
    assert.equal(w.definition.input.type, 'operation');
    assert.match(w.definition.input.operationId, /^oper_/);
    assert.match(w.definition.input.revisionId, /^rvsn_/);
    assert.equal((await call('GET', `/v1/write-syncs/${ids()['writeSyncId']}`)).json.data.identityLocked, false);
  });

  test('the seeded failed app carries an error; the live one none', async () => {
    const failed = (await call('GET', `/v1/apps/${ids()['failedAppId']}`)).json.data;
    assert.equal(failed.deployment.status, 'failed');
    assert.equal(typeof failed.deployment.error.message, 'string');
    const live = (await call('GET', `/v1/apps/${ids()['liveAppId']}`)).json.data;
    assert.equal(live.deployment.status, 'live');
    assert.equal(live.deployment.error, null);
    assert.match(live.deployment.url, /^https:\/\//);
  });

  test('the deploying app turns live with a new deployment revision after the deploy delay', async () => {
    const path = `/v1/apps/${ids()['deployingAppId']}`;
    const first = (await call('GET', path)).json.data;
    assert.equal(first.deployment.status, 'deploying');
    const versionBefore = (await history(ids()['deployingAppId']!)).version;
    let app = first;
    await waitUntil(async () => (app = (await call('GET', path)).json.data).deployment.status !== 'deploying', 3000, 25);
    assert.equal(app.deployment.status, 'live');
    assert.notEqual(app.deployment.revisionId, first.deployment.revisionId);
    assert.equal(app.deployment.revisionId, ids()['deployingAppTargetRevisionId']);
    assert.notEqual((await history(ids()['deployingAppId']!)).version, versionBefore);
  });

  test('admin finish-deploy makes the deploying app live at once', async () => {
    const slow = await startEmulator({ quiet: true });
    try {
      const app = await new AdminClient(slow.adminUrl, slow.adminToken).finishDeploy(slow.demo.ids['deployingAppId']!);
      assert.equal((app['deployment'] as { status: string }).status, 'live');
      const read = await caller(slow)('GET', `/v1/apps/${slow.demo.ids['deployingAppId']}`);
      assert.equal(read.json.data.deployment.status, 'live');
    } finally {
      await slow.close();
    }
  });
});
