// The variant profiles that change what requests must look like or what the data holds:
// strict-bodies, foreign-values and alt-carriers; `strict`, which combines every profile; and fault
// injection and persistence under it. Over real HTTP.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminClient } from '../../../src/emulator/adminClient';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator/server';
import { caller, type Reply } from './emulatorSupport';

const started: RunningEmulator[] = [];
async function emulator(variants: string[], options: EmulatorOptions = {}) {
  const emu = await startEmulator({ quiet: true, variants, ...options });
  started.push(emu);
  return { emu, call: caller(emu), ids: emu.demo.ids, admin: new AdminClient(emu.adminUrl, emu.adminToken) };
}
after(() => Promise.all(started.map((e) => e.close())));

type Emu = Awaited<ReturnType<typeof emulator>>;
const col = (name: string, type: string, nullable = false) => ({ name, type, nullable });

async function putDatabase({ call }: Emu, id: string, definition: unknown, extra: Record<string, unknown> = {}): Promise<Reply> {
  const expectedDraft = (await call('GET', `/v1/resources/${id}/revisions`)).json.data.draft;
  return call('PUT', `/v1/databases/${id}/definition`, { expectedDraft, definition, ...extra });
}

async function putDashboard({ call, ids }: Emu, extra: Record<string, unknown>): Promise<Reply> {
  const s = (await call('GET', `/v1/dashboards/${ids.dashboardId}/source`)).json.data;
  return call('PUT', `/v1/dashboards/${ids.dashboardId}/source`, {
    source: 'export default 1;\n',
    expectedRevision: s.revision,
    expectedDataRunId: s.dataRunId,
    ...extra,
  });
}

const FACT_BODY = {
  name: 'Gross margin',
  definition: 'd',
  formula: 'a / b',
  formulaType: 'math',
  aliases: null,
  usualValue: null,
  usualValueMin: null,
  usualValueMax: null,
  unit: null,
  startDate: null,
  endDate: null,
  scope: null,
  metadata: null,
};

describe('emulator variant strict-bodies', () => {
  test('an unknown field at the top level is 400 naming it and its pointer; nothing is saved', async () => {
    const e = await emulator(['strict-bodies']);
    const before = (await e.call('GET', `/v1/dashboards/${e.ids.dashboardId}/source`)).json.data.revision;
    const r = await putDashboard(e, { message: 'my save' });
    assert.equal(r.status, 400);
    assert.equal(r.json.error.code, 'bad_request');
    assert.match(r.json.error.message, /"message" \(at \/message\)/);
    assert.deepEqual(r.json.error.details, { path: '/message', unknownFields: ['/message'] });
    assert.deepEqual((await e.call('GET', `/v1/dashboards/${e.ids.dashboardId}/source`)).json.data.revision, before);
    assert.equal((await putDashboard(e, {})).status, 200, "the spec's fields alone save");
    const ref = await putDashboard(e, { expectedRevision: { revisionId: before.revisionId, sequence: before.sequence, etag: 'x' } });
    assert.deepEqual(ref.json.error.details.unknownFields, ['/expectedRevision/etag']);
  });

  test('unknown keys at any level of a database definition are refused, each named', async () => {
    const e = await emulator(['strict-bodies']);
    const table = {
      name: 't',
      columns: [col('id', 'text'), { ...col('note', 'text', true), comment: '' }],
      primaryKey: ['id'],
      labels: [],
    };
    const r = await putDatabase(e, e.ids.databaseId, { tables: [table], meta: {} });
    assert.equal(r.status, 400);
    assert.deepEqual(r.json.error.details.unknownFields, [
      '/definition/tables/0/columns/1/comment',
      '/definition/tables/0/labels',
      '/definition/meta',
    ]);
    assert.equal(r.json.error.details.path, '/definition/tables/0/columns/1/comment');
    const clean = await putDatabase(e, e.ids.databaseId, { tables: [{ name: 't', columns: [col('id', 'text')], primaryKey: ['id'] }] });
    assert.equal(clean.status, 200, clean.text);
    assert.equal(
      (await putDatabase(e, e.ids.databaseId, { tables: [] }, { expectedDraft: null })).status,
      409,
      'expectedDraft null is a known value',
    );
  });

  test("a fact PUT takes exactly the README's editable fields", async () => {
    const e = await emulator(['strict-bodies']);
    const path = `/v1/facts/${e.ids.factId}`;
    assert.equal((await e.call('PUT', path, FACT_BODY, { workspace: null })).status, 200);
    const fact = (await e.call('GET', path, undefined, { workspace: null })).json.data;
    const echoed = await e.call('PUT', path, fact, { workspace: null });
    assert.equal(echoed.status, 400, 'sending the read fact back is refused');
    assert.deepEqual(echoed.json.error.details.unknownFields, ['/id', '/organizationId', '/ownerId', '/key', '/createdAt', '/updatedAt']);
  });

  test('in problem-json form each unknown field is an errors item with a pointer', async () => {
    const e = await emulator(['strict-bodies', 'problem-json']);
    const r = await putDashboard(e, { message: 'x', dryRun: true });
    assert.equal(r.status, 400);
    assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.deepEqual(
      r.json.errors.map((x: { pointer: string }) => x.pointer),
      ['/message', '/dryRun'],
    );
    assert.match(r.json.errors[1].detail, /"dryRun"/);
  });
});

describe('emulator variant foreign-values', () => {
  test("the seed holds values outside the extension's lists, beside the usual demo content", async () => {
    const e = await emulator(['foreign-values']);
    const plain = await emulator([]);
    for (const [name, id] of Object.entries(plain.ids)) assert.equal(e.ids[name], id, `demo id ${name} unchanged`);
    const { ids, call } = e;
    const archived = (await call('GET', `/v1/operations/${ids.archivedOperationId}`)).json.data;
    assert.deepEqual([archived.kind, archived.status], ['pipeline', 'archived']);
    assert.equal((await call('GET', `/v1/operations/${ids.scheduledOperationId}`)).json.data.status, 'scheduled');
    const types = (await call('GET', `/v1/resources/${ids.foreignDatabaseId}/revisions`)).json.data;
    const value = (await call('GET', `/v1/resources/${ids.foreignDatabaseId}/revisions/${types.draft.revisionId}`)).json.data.value;
    const columnTypes = value.tables.flatMap((t: { columns: { type: string }[] }) => t.columns.map((c) => c.type));
    for (const t of ['uuid', 'decimal(12,2)', 'varchar(80)', 'timestamptz']) assert.ok(columnTypes.includes(t), t);
    const actors = types.items.map((i: { actor: { type: string; id: string } }) => i.actor);
    assert.deepEqual(actors.map((a: { type: string }) => a.type).sort(), ['serviceAccount', 'user']);
    for (const a of actors) assert.match(a.id, /^user_/);
    const dashActors = (await call('GET', `/v1/resources/${ids.foreignDashboardResourceId}/revisions`)).json.data.items.map(
      (i: { actor: { type: string } }) => i.actor.type,
    );
    assert.deepEqual(dashActors.sort(), ['apiKey', 'serviceAccount', 'user']);
    const fact = (await call('GET', `/v1/facts/${ids.foreignFactId}`, undefined, { workspace: null })).json.data;
    assert.equal(fact.formulaType, 'lookup');
    const queued = (await call('GET', `/v1/apps/${ids.queuedAppId}`)).json.data.deployment;
    assert.deepEqual([queued.status, queued.error], ['queued', null]);
    const rolledBack = (await call('GET', `/v1/apps/${ids.rolledBackAppId}`)).json.data.deployment;
    assert.equal(rolledBack.status, 'rolledBack');
    assert.equal(typeof rolledBack.error, 'string');
    const listed = (await call('GET', '/v1/databases')).json.data.items.map((d: { id: string }) => d.id);
    assert.ok(listed.includes(ids.databaseId) && listed.includes(ids.foreignDatabaseId));
    assert.equal(plain.ids['foreignDatabaseId'], undefined, 'only under the variant');
  });

  test('the service accepts them on save and still refuses what it does not know', async () => {
    const e = await emulator(['foreign-values']);
    const uuid = {
      tables: [
        {
          name: 'people',
          columns: [col('id', 'uuid'), col('balance', 'numeric(10,2)'), col('name', 'varchar(80)', true)],
          primaryKey: ['id'],
        },
      ],
    };
    const saved = await putDatabase(e, e.ids.databaseId, uuid);
    assert.equal(saved.status, 200, saved.text);
    const revision = (await e.call('GET', `/v1/resources/${e.ids.databaseId}/revisions/${saved.json.data.revisionId}`)).json.data;
    assert.deepEqual(revision.value, uuid);
    const banana = await putDatabase(e, e.ids.databaseId, { tables: [{ name: 't', columns: [col('id', 'banana')], primaryKey: ['id'] }] });
    assert.equal(banana.status, 422);
    assert.equal(banana.json.error.details.path, '/definition/tables/0/columns/0/type');
    const fact = await e.call(
      'PUT',
      `/v1/facts/${e.ids.foreignFactId}`,
      { ...FACT_BODY, name: 'Preferred supplier', formulaType: 'lookup' },
      { workspace: null },
    );
    assert.equal(fact.status, 200, fact.text);
    const plain = await emulator([]);
    assert.equal((await putDatabase(plain, plain.ids.databaseId, uuid)).status, 422, 'our own choice does not know uuid');
  });
});

describe('emulator variant alt-carriers', () => {
  test('the key travels bare in X-Api-Key and the workspace in X-WSA-Workspace; the default carriers are refused', async () => {
    const e = await emulator(['alt-carriers']);
    assert.deepEqual(e.emu.carriers, { authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-WSA-Workspace' });
    const path = `/v1/operations/${e.ids.publishedOperationId}`;
    const ok = await e.call('GET', path, undefined, {
      key: null,
      workspace: null,
      headers: { 'X-Api-Key': e.emu.demo.apiKey, 'X-WSA-Workspace': e.emu.demo.workspaceId },
    });
    assert.equal(ok.status, 200);
    const bearer = { Authorization: `Bearer ${e.emu.demo.apiKey}`, 'X-Workspace-Id': e.emu.demo.workspaceId };
    assert.equal((await e.call('GET', path, undefined, { key: null, workspace: null, headers: bearer })).status, 401);
    const oldWorkspace = await e.call('GET', path, undefined, { workspace: null, headers: { 'X-Workspace-Id': e.emu.demo.workspaceId } });
    assert.equal(oldWorkspace.status, 400);
    assert.equal(oldWorkspace.json.error.code, 'workspace_required');
    assert.match(oldWorkspace.json.error.message, /x-wsa-workspace/i);
    const schemed = await e.call('GET', path, undefined, { key: null, headers: { 'X-Api-Key': `Bearer ${e.emu.demo.apiKey}` } });
    assert.equal(schemed.status, 401, 'a bare key, no scheme');
  });

  test('explicit carrier options win over the profile', async () => {
    const e = await emulator(['alt-carriers'], { authHeader: 'X-Key' });
    assert.deepEqual(e.emu.carriers, { authHeader: 'X-Key', authScheme: '', workspaceHeader: 'X-WSA-Workspace' });
    assert.equal((await e.call('GET', '/v1/apps')).status, 200);
  });
});

describe('emulator variant strict', () => {
  test('combines every profile', async () => {
    const e = await emulator(['strict']);
    const report = await e.admin.variants();
    assert.deepEqual(report.names, ['strict']);
    assert.equal(report.active.length, 13);
    assert.ok(!report.active.includes('fact-all-fields'), 'the opposite reading of fact-four-fields stays out');
    assert.deepEqual(report.carriers, e.emu.carriers);
    const { call, ids } = e;
    assert.equal(e.emu.carriers.authHeader, 'X-Api-Key', 'alt-carriers');
    const list = await call('GET', '/v1/operations');
    assert.equal(list.status, 404, 'no-lists');
    assert.equal(list.headers.get('content-type'), 'application/problem+json; charset=utf-8', 'problem-json');
    const history = (await call('GET', `/v1/resources/${ids.longHistoryDashboardResourceId}/revisions`)).json.data;
    assert.equal(history.items.length, 25, 'paged-revisions');
    assert.equal(typeof history.nextCursor, 'string');
    assert.equal(history.items[0].parentRevisionId, null, 'oldest-first');
    assert.equal(history.items[0].sequence, undefined, 'bare');
    assert.equal(typeof history.items[0].etag, 'string', 'extra-fields');
    assert.deepEqual(Object.keys(history.draft).sort(), ['revisionId', 'sequence']);
    assert.equal((await call('GET', `/v1/operations/${ids.archivedOperationId}`)).json.data.status, 'archived', 'foreign-values');
    assert.equal((await call('GET', '/v1/dashboard-runtime/types')).status, 404, 'no-types');
    const stale = await putDatabase(e, ids.foreignDatabaseId!, { tables: [] }, { expectedDraft: null });
    assert.equal(stale.status, 412, 'conflict-412');
    const invalid = await putDatabase(e, ids.foreignDatabaseId!, { tables: [{ name: '', columns: [], primaryKey: [] }] });
    assert.equal(invalid.status, 400, 'validation-400');
    assert.equal(invalid.json.errors[0].pointer, '/definition/tables/0/name');
    const unknown = await putDashboard(e, { message: 'x' });
    assert.deepEqual(
      unknown.json.errors.map((x: { pointer: string }) => x.pointer),
      ['/message'],
      'strict-bodies',
    );
    // strict-bodies takes the fact's documented fields, fact-four-fields only the four body fields.
    const fact = await call('PUT', `/v1/facts/${ids.factId}`, { name: 'n', formula: 'a', unit: 'x', type: 'formula' }, { workspace: null });
    assert.equal(fact.status, 400, 'fact-four-fields');
    assert.deepEqual(
      fact.json.errors.map((x: { pointer: string }) => x.pointer),
      ['/unit', '/type'],
    );
    assert.equal(
      (await putDatabase(e, ids.foreignDatabaseId!, { tables: [{ name: 'p', columns: [col('id', 'uuid')], primaryKey: ['id'] }] })).status,
      200,
    );
  });

  test('fault injection works under it', async () => {
    const e = await emulator(['strict']);
    const path = `/v1/apps/${e.ids.queuedAppId}`;
    await e.admin.injectFault({ kind: 'status', status: 409, match: { path } });
    const injected = await e.call('GET', path);
    assert.equal(injected.status, 409, 'an injected status is sent as given');
    assert.equal(injected.json.type, 'https://errors.emulator.invalid/conflict');
    await e.admin.injectFault({ kind: 'schemaViolation', match: { path } });
    assert.equal(typeof (await e.call('GET', path)).json.data.id, 'number');
    await e.admin.injectFault({ kind: 'dropMidBody', match: { path } });
    await assert.rejects(e.call('GET', path));
    await e.admin.injectFault({ kind: 'html', match: { path } });
    assert.equal((await e.call('GET', path)).headers.get('content-type'), 'text/html; charset=utf-8');
    const log = await e.admin.requests();
    assert.deepEqual(
      log.slice(-4).map((x) => x.fault),
      ['status', 'schemaViolation', 'dropMidBody', 'html'],
    );
    assert.equal((await e.call('GET', path)).status, 200);
  });

  test('a save survives a restart with the same data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wsa-variant-'));
    try {
      const first = await emulator(['strict'], { dataDir });
      const definition = { tables: [{ name: 'people', columns: [col('id', 'uuid')], primaryKey: ['id'] }] };
      const saved = await putDatabase(first, first.ids.foreignDatabaseId!, definition);
      assert.equal(saved.status, 200, saved.text);
      await first.emu.close();
      const second = await emulator(['strict'], { dataDir });
      const full = await second.call('GET', `/v1/resources/${second.ids.foreignDatabaseId}/revisions/${saved.json.data.revisionId}`);
      assert.equal(full.status, 200);
      assert.equal(full.json.data.value.tables[0].columns[0].type, 'uuid');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
