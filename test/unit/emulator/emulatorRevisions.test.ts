// Revision histories and dashboard source saves (spec §4.1, §4.2, §4.6; README conflicts and 422).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useEmulator } from './emulatorSupport';

const fixture = useEmulator();
const { emu, call } = fixture;

const ids = () => emu.demo.ids;

async function readSource(dashboardId = ids()['dashboardId']!) {
  return (await call('GET', `/v1/dashboards/${dashboardId}/source`)).json.data;
}

describe('emulator revision histories', () => {
  test('items are newest first, linked by parentRevisionId, with the draft first', async () => {
    const h = (await call('GET', `/v1/resources/${ids()['dashboardResourceId']}/revisions`)).json.data;
    assert.equal(h.resourceId, ids()['dashboardResourceId']);
    assert.equal(h.items[0].id, h.draft.revisionId);
    assert.equal(h.items[h.items.length - 1].parentRevisionId, null);
    for (let i = 0; i < h.items.length - 1; i++) assert.equal(h.items[i].parentRevisionId, h.items[i + 1].id);
    assert.deepEqual(h.capabilities, { history: true, restore: true, publish: true });
    assert.equal(h.published, null);
  });

  test("dashboard revisions depend on their operation's handler revision, and say where it lives", async () => {
    const h = (await call('GET', `/v1/resources/${ids()['dashboardResourceId']}/revisions`)).json.data;
    const op = (await call('GET', `/v1/operations/${ids()['dashboardId']}`)).json.data;
    assert.deepEqual(h.items[0].dependencyRevisionIds, [op.draft.revisionId]);
    assert.deepEqual(h.items[0].dependencies, [{ resourceId: ids()['dashboardId'], revisionId: op.draft.revisionId }]);
    const dep = await call('GET', `/v1/resources/${ids()['dashboardId']}/revisions/${op.draft.revisionId}`);
    assert.equal(dep.status, 200);
    for (const field of ['source', 'instructions', 'referencedDataSourceIds', 'resolvedDataSourceIds', 'dependencyOperationIds'])
      assert.ok(field in dep.json.data.value, field);
  });

  test('a full revision carries resourceId and value; dashboard value is {source}', async () => {
    const src = await readSource();
    const r = (await call('GET', `/v1/resources/${src.resourceId}/revisions/${src.revision.revisionId}`)).json.data;
    assert.equal(r.resourceId, src.resourceId);
    assert.deepEqual(r.value, { source: src.source });
    assert.equal(r.actor.type, 'apiKey');
  });

  test('a revision of another resource is 404', async () => {
    const src = await readSource();
    const other = await call('GET', `/v1/resources/${ids()['churnDashboardResourceId']}/revisions/${src.revision.revisionId}`);
    assert.equal(other.status, 404);
    assert.equal(other.json.error.code, 'not_found');
    const unknown = await call('GET', `/v1/resources/${src.resourceId}/revisions/rvsn_doesNotExist0000`);
    assert.equal(unknown.status, 404);
  });

  test('a data flow root can publish and has no history items', async () => {
    const h = (await call('GET', `/v1/resources/${ids()['dataFlowOperationId']}/revisions`)).json.data;
    assert.equal(h.capabilities.publish, true);
    assert.equal(h.capabilities.history, false);
    assert.deepEqual(h.items, []);
    assert.equal(typeof h.draft.revisionId, 'string');
  });

  test('the long-history dashboard has ~150 revisions and branches where a revision was restored', async () => {
    const h = (await call('GET', `/v1/resources/${ids()['longHistoryDashboardResourceId']}/revisions`)).json.data;
    assert.ok(h.items.length >= 150);
    const branches = h.items.filter(
      (item: { parentRevisionId: string | null }, i: number) =>
        item.parentRevisionId !== null && item.parentRevisionId !== h.items[i + 1]?.id,
    );
    assert.ok(branches.length >= 2, 'restores branch the parents');
    assert.ok(new Set(h.items.map((i: { actor: { id: string } }) => i.actor.id)).size >= 2);
  });

  test('a database history holds {tables} values and a published reference', async () => {
    const h = (await call('GET', `/v1/resources/${ids()['databaseId']}/revisions`)).json.data;
    assert.deepEqual(Object.keys(h.published).sort(), ['revisionId', 'sequence']);
    const r = (await call('GET', `/v1/resources/${ids()['databaseId']}/revisions/${h.draft.revisionId}`)).json.data;
    assert.ok(Array.isArray(r.value.tables));
  });

  test('an app history holds {name, description} values; the app draft matches it', async () => {
    const app = (await call('GET', `/v1/apps/${ids()['liveAppId']}`)).json.data;
    const h = (await call('GET', `/v1/resources/${ids()['liveAppId']}/revisions`)).json.data;
    assert.deepEqual(app.draft, h.draft);
    const r = (await call('GET', `/v1/resources/${ids()['liveAppId']}/revisions/${h.draft.revisionId}`)).json.data;
    assert.deepEqual(r.value, { name: app.name, description: app.description });
  });
});

describe('emulator dashboard source saves', () => {
  test('a save creates revision sequence + 1 whose parent is the expected revision; the version changes', async () => {
    const src = await readSource();
    const before = (await call('GET', `/v1/resources/${src.resourceId}/revisions`)).json.data;
    const source = src.source.replace('Revenue by region', 'Revenue per region');
    const r = await call('PUT', `/v1/dashboards/${src.dashboardId}/source`, {
      source,
      expectedRevision: src.revision,
      expectedDataRunId: src.dataRunId,
    });
    assert.equal(r.status, 200);
    const saved = r.json.data;
    assert.deepEqual(Object.keys(saved).sort(), ['dashboardId', 'dataRunId', 'resourceId', 'revision', 'source']);
    assert.equal(saved.revision.sequence, src.revision.sequence + 1);
    assert.match(saved.revision.revisionId, /^rvsn_[A-Za-z0-9]+$/);
    assert.equal(saved.source, source);
    const after = (await call('GET', `/v1/resources/${src.resourceId}/revisions`)).json.data;
    assert.notEqual(after.version, before.version);
    assert.equal(after.items[0].id, saved.revision.revisionId);
    assert.equal(after.items[0].parentRevisionId, src.revision.revisionId);
    assert.equal(after.items.length, before.items.length + 1);
    assert.deepEqual((await readSource()).revision, saved.revision);
  });

  test('a stale expected revision is 409 with the current revision and data run', async () => {
    const src = await readSource();
    const body = { source: src.source, expectedRevision: src.revision, expectedDataRunId: src.dataRunId };
    const first = await call('PUT', `/v1/dashboards/${src.dashboardId}/source`, body);
    const second = await call('PUT', `/v1/dashboards/${src.dashboardId}/source`, { ...body, source: `${src.source}\n// mine\n` });
    assert.equal(second.status, 409);
    assert.equal(second.json.error.code, 'conflict');
    assert.deepEqual(second.json.error.details.current, { revision: first.json.data.revision, dataRunId: src.dataRunId });
  });

  test('a stale data run is 409 too', async () => {
    const src = await readSource();
    const dataRunId = await fixture.admin.startDataRun(src.dashboardId);
    assert.match(dataRunId, /^oprn_/);
    assert.notEqual(dataRunId, src.dataRunId);
    const r = await call('PUT', `/v1/dashboards/${src.dashboardId}/source`, {
      source: src.source,
      expectedRevision: src.revision,
      expectedDataRunId: src.dataRunId,
    });
    assert.equal(r.status, 409);
    assert.deepEqual(r.json.error.details.current, { revision: src.revision, dataRunId });
    assert.equal((await readSource()).dataRunId, dataRunId);
  });

  test('TSX that does not parse is 422 with 1-based line and column, and nothing is saved', async () => {
    const src = await readSource();
    const before = (await call('GET', `/v1/resources/${src.resourceId}/revisions`)).json.data;
    const broken = 'import React from "react";\n\nexport default function X() {\n  return <div>{1 + }</div>;\n}\n';
    const r = await call('PUT', `/v1/dashboards/${src.dashboardId}/source`, {
      source: broken,
      expectedRevision: src.revision,
      expectedDataRunId: src.dataRunId,
    });
    assert.equal(r.status, 422);
    assert.equal(r.json.error.code, 'validation_failed');
    assert.equal(r.json.error.details.line, 4);
    assert.equal(r.json.error.details.column, 20); // the '}' after '+'
    assert.match(r.json.error.message, /line 4, column 20/);
    const after = (await call('GET', `/v1/resources/${src.resourceId}/revisions`)).json.data;
    assert.deepEqual(after, before);
  });

  test('a body of the wrong shape is 400 and changes nothing', async () => {
    const src = await readSource();
    const path = `/v1/dashboards/${src.dashboardId}/source`;
    for (const body of [
      {},
      { source: 1, expectedRevision: src.revision, expectedDataRunId: src.dataRunId },
      { source: 'x', expectedRevision: { revisionId: src.revision.revisionId }, expectedDataRunId: src.dataRunId },
      [1],
    ]) {
      const r = await call('PUT', path, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error.code, 'bad_request');
    }
    const wrongId = await call('PUT', path, {
      source: 'x',
      expectedRevision: { revisionId: ids()['factId'], sequence: 1 },
      expectedDataRunId: src.dataRunId,
    });
    assert.equal(wrongId.json.error.code, 'invalid_id');
    assert.deepEqual(await readSource(), src);
  });

  test('an unknown dashboard is 404; a non-dashboard operation is 404', async () => {
    assert.equal((await call('GET', '/v1/dashboards/oper_noSuchDashboard1/source')).status, 404);
    assert.equal((await call('GET', `/v1/dashboards/${ids()['kpiOperationId']}/source`)).status, 404);
  });
});
