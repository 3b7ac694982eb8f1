// The emulator's two assumed reads behind typed dashboards, over real HTTP: the runtime's
// declarations and the dashboard's data run with its columns; and the no-types variant, which has
// neither and whose dashboards import the runtime under other names.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTsx } from '../../../src/dashboardLanguage/check/tsxCheck';
import { AdminClient } from '../../../src/emulator/adminClient';
import { OTHER_RUNTIME_IMPORTS } from '../../../src/emulator/seedOtherRuntime';
import { SEED_COLUMNS } from '../../../src/emulator/seedDataRuns';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/server';
import { ISO_MS, caller } from './emulatorSupport';

describe('emulator dashboard runtime types and data runs', () => {
  let emu: RunningEmulator;
  let call: ReturnType<typeof caller>;
  before(async () => {
    emu = await startEmulator({ quiet: true });
    call = caller(emu);
  });
  after(() => emu.close());
  beforeEach(() => emu.reset());

  test('the runtime’s declarations are served for @workspace/dashboard', async () => {
    const r = await call('GET', '/v1/dashboard-runtime/types');
    assert.equal(r.status, 200);
    const [module, ...others] = r.json.data.modules;
    assert.deepEqual(others, []);
    assert.equal(module.name, '@workspace/dashboard');
    assert.match(module.declarations, /^export interface DataRow \{\}$/m);
    assert.match(module.declarations, /export function useOperationData</);
    assert.doesNotMatch(module.declarations, /^declare module/m, 'the client decides where the text goes');
  });

  test('each seed dashboard’s data run reads with the columns its row type uses', async () => {
    const { ids } = emu.demo;
    const expected = [
      [ids['dashboardId'], SEED_COLUMNS.revenue],
      [ids['churnDashboardId'], SEED_COLUMNS.churn],
      [ids['longHistoryDashboardId'], SEED_COLUMNS.inventory],
    ] as const;
    for (const [dashboardId, columns] of expected) {
      const source = (await call('GET', `/v1/dashboards/${dashboardId}/source`)).json.data;
      const r = await call('GET', `/v1/operation-runs/${source.dataRunId}`);
      assert.equal(r.status, 200, dashboardId);
      assert.equal(r.json.data.id, source.dataRunId);
      assert.equal(r.json.data.operationId, dashboardId);
      assert.equal(r.json.data.status, 'succeeded');
      assert.match(r.json.data.createdAt, ISO_MS);
      assert.deepEqual(r.json.data.columns, columns, dashboardId);
    }
  });

  test('a new data run is readable at once, with the last run’s columns or the ones it was given', async () => {
    const admin = new AdminClient(emu.adminUrl, emu.adminToken);
    const dashboardId = emu.demo.ids['dashboardId']!;
    const rerun = await admin.startDataRun(dashboardId);
    assert.deepEqual((await call('GET', `/v1/operation-runs/${rerun}`)).json.data.columns, SEED_COLUMNS.revenue);
    const changed = await admin.startDataRun(dashboardId, [{ name: 'region', type: 'text' }]);
    assert.deepEqual((await call('GET', `/v1/operation-runs/${changed}`)).json.data.columns, [
      { name: 'region', type: 'text', nullable: false },
    ]);
    assert.equal((await call('GET', `/v1/dashboards/${dashboardId}/source`)).json.data.dataRunId, changed);
    // The older run is still there to read: a run is a record, not the dashboard's state.
    assert.equal((await call('GET', `/v1/operation-runs/${rerun}`)).status, 200);
    assert.equal((await call('POST', `/dashboards/${dashboardId}/data-run`)).status, 404, 'admin paths are not public');
  });

  test('a data run is read within its workspace, with a key, by a data run id', async () => {
    const runId = (await call('GET', `/v1/dashboards/${emu.demo.ids['dashboardId']}/source`)).json.data.dataRunId;
    assert.equal((await call('GET', `/v1/operation-runs/${runId}`, undefined, { workspace: emu.demo.otherWorkspaceId })).status, 404);
    assert.equal((await call('GET', `/v1/operation-runs/${runId}`, undefined, { key: null })).status, 401);
    assert.equal((await call('GET', `/v1/operation-runs/${runId}`, undefined, { workspace: null })).status, 400);
    assert.equal((await call('GET', '/v1/dashboard-runtime/types', undefined, { key: null })).status, 401);
    assert.equal((await call('GET', '/v1/dashboard-runtime/types', undefined, { workspace: null })).status, 400);
    const wrongKind = await call('GET', `/v1/operation-runs/${emu.demo.ids['dashboardId']}`);
    assert.equal(wrongKind.status, 400);
    assert.equal(wrongKind.json.error.code, 'invalid_id');
    assert.equal((await call('GET', '/v1/operation-runs/oprn_doesnotexist')).status, 404);
    assert.equal((await call('PUT', '/v1/dashboard-runtime/types', {})).status, 405);
  });

  test('data runs survive in the state snapshot', async () => {
    const snapshot = await new AdminClient(emu.adminUrl, emu.adminToken).snapshot();
    const runId = (await call('GET', `/v1/dashboards/${emu.demo.ids['dashboardId']}/source`)).json.data.dataRunId;
    assert.deepEqual(snapshot.dataRuns?.find((r) => r.id === runId)?.columns, SEED_COLUMNS.revenue);
    assert.equal(snapshot.dataRuns?.length, snapshot.dashboards.length, 'one run per dashboard');
  });
});

for (const variants of [['no-types'], ['strict']]) {
  describe(`emulator with the ${variants[0]} profile`, () => {
    let emu: RunningEmulator;
    let call: ReturnType<typeof caller>;
    before(async () => {
      emu = await startEmulator({ quiet: true, variants });
      call = caller(emu);
    });
    after(() => emu.close());

    test('neither the runtime’s declarations nor a data run can be read: 404', async () => {
      const types = await call('GET', '/v1/dashboard-runtime/types');
      assert.equal(types.status, 404);
      const runId = (await call('GET', `/v1/dashboards/${emu.demo.ids['dashboardId']}/source`)).json.data.dataRunId;
      assert.equal((await call('GET', `/v1/operation-runs/${runId}`)).status, 404);
      // Still behind the key, like every path of the service.
      assert.equal((await call('GET', '/v1/dashboard-runtime/types', undefined, { key: null })).status, 401);
    });

    test('the seed dashboards import the runtime under other names, in every style, and still parse', async () => {
      const { ids } = emu.demo;
      const sources: string[] = [];
      for (const id of [ids['dashboardId'], ids['churnDashboardId'], ids['longHistoryDashboardId']]) {
        sources.push((await call('GET', `/v1/dashboards/${id}/source`)).json.data.source);
      }
      for (const source of sources) {
        assert.doesNotMatch(source, /@workspace\/dashboard/);
        assert.deepEqual(checkTsx(source), { ok: true });
      }
      assert.match(sources[0]!, /^import Kit from '@acme\/dashboard-kit';$/m);
      assert.match(sources[0]!, /<Kit\.Table<RegionRow>/);
      assert.match(sources[1]!, /^import \* as ui from '@acme\/dashboard-kit';$/m);
      assert.match(sources[1]!, /ui\.useOperationData<ChurnPoint>\(\)/);
      assert.match(sources[2]!, /^import \{ useOperationData, Card, Table, Badge \} from 'acme-dashboards\/runtime';$/m);
      assert.equal(OTHER_RUNTIME_IMPORTS.length, 3);
      // Every earlier revision too: history and compare show the same imports.
      const history = (await call('GET', `/v1/resources/${ids['dashboardResourceId']}/revisions`)).json.data;
      const oldest = history.items[history.items.length - 1] ?? history.items[0];
      const revision = (await call('GET', `/v1/resources/${ids['dashboardResourceId']}/revisions/${oldest.id}`)).json.data;
      assert.match(revision.value.source, /from '@acme\/dashboard-kit'/);
    });
  });
}
