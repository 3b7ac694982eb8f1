// Write sync and app updates in the emulator: the tokens, the identity lock, the
// definition's rules, the app's history and deployment, persistence and the variant profiles.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../../harness/lib/processes';
import { startEmulator } from '../../../src/emulator/server';
import { caller, useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator({ deployDelayMs: 150 });

const ids = () => emu.demo.ids;
const wsPath = (id = ids()['writeSyncId']!) => `/v1/write-syncs/${id}`;
const appPath = (id = ids()['liveAppId']!) => `/v1/apps/${id}`;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any field of a body
type Json = any;

async function readSync(c = call, id?: string): Promise<Json> {
  return (await c('GET', wsPath(id))).json.data;
}

const endpointOf = (e: Json) => ({ resourceId: e.resourceId, object: e.object, scope: e.scope });

/** The update body for what was read (the spec's names only), with `change` applied. */
function syncBody(ws: Json, change: (b: Json) => void = () => {}): Json {
  const d = ws.definition;
  const { type, operationId, revisionId, table } = d.input;
  const body = {
    expectedVersion: ws.version,
    name: ws.name,
    definition: {
      source: endpointOf(d.source),
      destination: endpointOf(d.destination),
      input: { type, operationId, revisionId, table },
      keyColumn: d.keyColumn,
      fields: { ...d.fields },
    },
    isEnabled: ws.isEnabled,
    automaticEnabled: ws.automaticEnabled,
  };
  change(body);
  return body;
}

describe('emulator write sync updates', () => {
  test('an update stores the mapping and switches and answers the write sync with version + 1', async () => {
    const ws = await readSync();
    const r = await call(
      'PUT',
      wsPath(),
      syncBody(ws, (b) => {
        b.name = 'Churn → SF';
        b.definition.fields.churn_rate = 'Churn_Rate__c';
        b.isEnabled = false;
        b.automaticEnabled = true;
      }),
    );
    assert.equal(r.status, 200);
    assert.equal(r.json.data.version, ws.version + 1);
    assert.equal(r.json.data.name, 'Churn → SF');
    assert.equal(r.json.data.definition.fields.churn_rate, 'Churn_Rate__c');
    assert.equal(r.json.data.isEnabled, false);
    assert.equal(r.json.data.automaticEnabled, true);
    assert.notEqual(r.json.data.updatedAt, ws.updatedAt);
    assert.deepEqual(await readSync(), r.json.data);
  });

  test('a stale version is 409 carrying the current write sync, and nothing changes', async () => {
    const ws = await readSync();
    const r = await call(
      'PUT',
      wsPath(),
      syncBody(ws, (b) => ((b.expectedVersion = ws.version - 1), (b.name = 'x'))),
    );
    assert.equal(r.status, 409);
    assert.equal(r.json.error.code, 'conflict');
    assert.deepEqual(r.json.error.details.current, ws);
    assert.deepEqual(await readSync(), ws);
  });

  test('an update is not idempotent: the same body sent twice meets a conflict the second time', async () => {
    const ws = await readSync();
    assert.equal((await call('PUT', wsPath(), syncBody(ws))).status, 200);
    assert.equal((await call('PUT', wsPath(), syncBody(ws))).status, 409);
  });

  test('a missing or non-integer expectedVersion is 400', async () => {
    const ws = await readSync();
    for (const v of [undefined, '4', 1.5]) {
      const r = await call(
        'PUT',
        wsPath(),
        syncBody(ws, (b) => (b.expectedVersion = v)),
      );
      assert.equal(r.status, 400, String(v));
    }
  });

  test('each rule of the definition is a 422 that points at the part', async () => {
    const ws = await readSync();
    const cases: [string, (b: Json) => void][] = [
      ['/name', (b) => (b.name = ' ')],
      ['/definition', (b) => (b.definition = [])],
      ['/definition/source', (b) => (b.definition.source = 'crm')],
      ['/definition/source/object', (b) => (b.definition.source.object = 1)],
      ['/definition/destination/resourceId', (b) => delete b.definition.destination.resourceId],
      ['/definition/destination/scope', (b) => (b.definition.destination.scope = null)],
      ['/definition/input', (b) => delete b.definition.input],
      ['/definition/input/type', (b) => (b.definition.input.type = 3)],
      ['/definition/input/table', (b) => (b.definition.input.table = ['t'])],
      ['/definition/input/operationId', (b) => delete b.definition.input.operationId],
      ['/definition/fields', (b) => (b.definition.fields = ['a'])],
      ['/definition/fields/churned', (b) => (b.definition.fields.churned = 2)],
      ['/definition/keyColumn', (b) => (b.definition.keyColumn = '')],
      ['/definition/keyColumn', (b) => (b.definition.keyColumn = 'not_mapped')],
      ['/isEnabled', (b) => (b.isEnabled = 'yes')],
      ['/automaticEnabled', (b) => delete b.automaticEnabled],
    ];
    for (const [path, change] of cases) {
      const r = await call('PUT', wsPath(), syncBody(ws, change));
      assert.equal(r.status, 422, path);
      assert.equal(r.json.error.details.path, path);
    }
    assert.deepEqual(await readSync(), ws);
  });

  test('an input type the spec does not show is taken as it comes', async () => {
    const ws = await readSync();
    const r = await call(
      'PUT',
      wsPath(),
      syncBody(ws, (b) => (b.definition.input = { type: 'table', table: 'x' })),
    );
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.data.definition.input, { type: 'table', table: 'x' });
  });

  test('on a locked write sync each identity field is refused by name; the switches and names still change', async () => {
    const id = ids()['identityLockedWriteSyncId']!;
    const ws = await readSync(call, id);
    assert.equal(ws.identityLocked, true);
    const cases: [string, RegExp, (b: Json) => void][] = [
      ['/definition/source', /source/, (b) => (b.definition.source.object = 'leads')],
      ['/definition/destination', /destination/, (b) => (b.definition.destination.resourceId = ids()['erpConnectionId'])],
      ['/definition/keyColumn', /key column/, (b) => ((b.definition.keyColumn = 'email'), (b.definition.fields.email = 'Email'))],
      ['/definition/fields/customer_id', /matching field/, (b) => (b.definition.fields.customer_id = 'Customer_Key__c')],
      ['/definition/fields', /managed field names/, (b) => (b.definition.fields.phone = 'Phone')],
      ['/definition/fields', /managed field names/, (b) => (b.definition.fields.email = 'Email__c')],
    ];
    for (const [path, named, change] of cases) {
      const r = await call('PUT', wsPath(id), syncBody(ws, change));
      assert.equal(r.status, 422, path);
      assert.equal(r.json.error.details.path, path);
      assert.match(r.json.error.message, named);
    }
    const r = await call(
      'PUT',
      wsPath(id),
      syncBody(ws, (b) => ((b.name = 'Contacts'), (b.automaticEnabled = false))),
    );
    assert.equal(r.status, 200);
    assert.equal(r.json.data.automaticEnabled, false);
    assert.equal(r.json.data.version, ws.version + 1);
  });

  test('the same changes are accepted on a write sync that is not locked', async () => {
    const ws = await readSync();
    const r = await call(
      'PUT',
      wsPath(),
      syncBody(ws, (b) => ((b.definition.destination.object = 'Lead'), (b.definition.keyColumn = 'churned'))),
    );
    assert.equal(r.status, 200);
    assert.equal(r.json.data.definition.keyColumn, 'churned');
  });
});

describe('emulator app updates', () => {
  const readApp = async (id?: string) => (await call('GET', appPath(id))).json.data;
  const history = async (id: string) => (await call('GET', `/v1/resources/${id}/revisions`)).json.data;

  test('an update answers the app with a new draft, grows its history and deploys the draft', async () => {
    const id = ids()['liveAppId']!;
    const app = await readApp();
    const before = await history(id);
    const r = await call('PUT', appPath(), { expectedDraft: app.draft, name: 'Customer portal 2', description: 'Track orders.' });
    assert.equal(r.status, 200);
    const saved = r.json.data;
    assert.equal(saved.name, 'Customer portal 2');
    assert.equal(saved.description, 'Track orders.');
    assert.equal(saved.draft.sequence, app.draft.sequence + 1);
    assert.equal(saved.deployment.status, 'deploying');
    const after = await history(id);
    assert.equal(after.items.length, before.items.length + 1);
    assert.deepEqual(after.draft, saved.draft);
    const revision = (await call('GET', `/v1/resources/${id}/revisions/${saved.draft.revisionId}`)).json.data;
    assert.equal(revision.parentRevisionId, app.draft.revisionId);
    assert.match(revision.message, /renamed to “Customer portal 2”; description changed/i);
    assert.deepEqual(revision.value, { name: 'Customer portal 2', description: 'Track orders.' });
    let live = await readApp();
    await waitUntil(async () => (live = await readApp()).deployment.status !== 'deploying', 5000, 25);
    assert.equal(live.deployment.status, 'live');
    assert.equal(live.deployment.revisionId, saved.draft.revisionId);
  });

  test('a stale draft is 409 carrying the current app; the history does not grow', async () => {
    const app = await readApp();
    assert.equal((await call('PUT', appPath(), { expectedDraft: app.draft, name: 'A', description: '' })).status, 200);
    const current = await readApp();
    const r = await call('PUT', appPath(), { expectedDraft: app.draft, name: 'B', description: '' });
    assert.equal(r.status, 409);
    assert.deepEqual(r.json.error.details.current.draft, current.draft);
    assert.equal(r.json.error.details.current.name, 'A');
    assert.equal((await readApp()).name, 'A');
  });

  test('a missing draft is 400; an empty name or a non-string description is 422 at its field', async () => {
    const app = await readApp();
    assert.equal((await call('PUT', appPath(), { name: 'A', description: '' })).status, 400);
    const r1 = await call('PUT', appPath(), { expectedDraft: app.draft, name: '', description: '' });
    assert.equal(r1.status, 422);
    assert.equal(r1.json.error.details.path, '/name');
    const r2 = await call('PUT', appPath(), { expectedDraft: app.draft, name: 'A', description: 3 });
    assert.equal(r2.json.error.details.path, '/description');
    assert.deepEqual(await readApp(), app);
  });
});

describe('emulator updates under variant profiles and persistence', () => {
  test('strict: 412 for a stale token, 400 problem+json with a pointer for a lock, unknown body fields refused', async () => {
    const strict = await startEmulator({ quiet: true, variants: ['strict'] });
    try {
      const c = caller(strict);
      const id = strict.demo.ids['identityLockedWriteSyncId']!;
      const ws = (await c('GET', `/v1/write-syncs/${id}`)).json.data;
      // Responses carry unknown fields under strict; a body built from the spec's names is accepted.
      const clean = syncBody(ws);
      const stale = await c('PUT', `/v1/write-syncs/${id}`, { ...clean, expectedVersion: ws.version + 7 });
      assert.equal(stale.status, 412);
      assert.match(stale.headers.get('content-type') ?? '', /problem\+json/);
      const locked = await c(
        'PUT',
        `/v1/write-syncs/${id}`,
        syncBody(ws, (b) => (b.definition.keyColumn = 'email')),
      );
      assert.equal(locked.status, 400);
      assert.equal(locked.json.errors[0].pointer, '/definition/keyColumn');
      const extra = await c('PUT', `/v1/write-syncs/${id}`, { ...clean, identityLocked: false });
      assert.equal(extra.status, 400);
      assert.equal(extra.json.errors[0].pointer, '/identityLocked');
      const app = (await c('GET', `/v1/apps/${strict.demo.ids['liveAppId']}`)).json.data;
      const appExtra = await c('PUT', `/v1/apps/${app.id}`, { expectedDraft: app.draft, name: 'A', description: '', id: app.id });
      assert.equal(appExtra.status, 400);
      const ok = await c('PUT', `/v1/apps/${app.id}`, {
        expectedDraft: { revisionId: app.draft.revisionId, sequence: app.draft.sequence },
        name: 'A',
        description: '',
      });
      assert.equal(ok.status, 200);
    } finally {
      await strict.close();
    }
  });

  test('updates persist across a restart with a data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wsa-updates-'));
    try {
      const first = await startEmulator({ quiet: true, dataDir });
      const c1 = caller(first);
      const ws = (await c1('GET', `/v1/write-syncs/${first.demo.ids['writeSyncId']}`)).json.data;
      await c1(
        'PUT',
        `/v1/write-syncs/${ws.id}`,
        syncBody(ws, (b) => (b.name = 'Persisted sync')),
      );
      const app = (await c1('GET', `/v1/apps/${first.demo.ids['liveAppId']}`)).json.data;
      await c1('PUT', `/v1/apps/${app.id}`, { expectedDraft: app.draft, name: 'Persisted app', description: '' });
      await first.close();
      const second = await startEmulator({ quiet: true, dataDir });
      try {
        const c2 = caller(second);
        const ws2 = (await c2('GET', `/v1/write-syncs/${ws.id}`)).json.data;
        assert.equal(ws2.name, 'Persisted sync');
        assert.equal(ws2.version, ws.version + 1);
        const app2 = (await c2('GET', `/v1/apps/${app.id}`)).json.data;
        assert.equal(app2.name, 'Persisted app');
        assert.equal(app2.draft.sequence, app.draft.sequence + 1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
