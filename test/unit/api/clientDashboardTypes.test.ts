// The client's reads of the runtime's declarations and of a data run, against every emulator
// profile: typed where the service serves them, `undefined` (never an error for the user) where it
// has no such endpoint, and the usual errors for everything else.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isApiError } from '../../../src/api';
import { rowTypeFromColumns } from '../../../src/api/dataContract';
import { PROFILES, useProfile } from '../variantSupport';

for (const profile of PROFILES) {
  describe(`dashboard types from a service with the ${profile.label} profile`, () => {
    const rig = useProfile(profile.variants);

    test('the runtime’s declarations arrive, or undefined when the service serves none', async () => {
      const types = await rig().client.dashboardRuntimeTypes();
      if (rig().has('no-types')) {
        assert.equal(types, undefined);
        return;
      }
      assert.deepEqual(
        types?.modules.map((m) => m.name),
        ['@workspace/dashboard'],
      );
      assert.match(types!.modules[0]!.declarations, /export interface DataRow/);
    });

    test('the dashboard’s data run gives its row type, or undefined when the service has no such read', async () => {
      const source = await rig().client.getDashboardSource(rig().ids()['dashboardId']!);
      const run = await rig().client.dataRun(source.dataRunId);
      if (rig().has('no-types')) {
        assert.equal(run, undefined);
        return;
      }
      assert.equal(run?.id, source.dataRunId);
      assert.equal(
        rowTypeFromColumns(run!.columns ?? []),
        'region: string; orders: number; revenue: number; currency: string; lastOrderAt: string | null;',
      );
    });

    test('a data run the service does not know is undefined, not an error', async () => {
      assert.equal(await rig().client.dataRun('oprn_missing0000000001'), undefined);
    });

    test('a rejected key is still an error the user must see', async () => {
      const stranger = rig().clientWith('apik_notakey000000000000000000000000');
      for (const read of [() => stranger.dashboardRuntimeTypes(), () => stranger.dataRun('oprn_missing0000000001')]) {
        await assert.rejects(read(), (e: unknown) => isApiError(e) && e.kind === 'unauthorized');
      }
    });

    test('an id of another kind is refused before any request', async () => {
      rig().emu.clearRequests();
      await assert.rejects(rig().client.dataRun(rig().ids()['dashboardId']!), /data run id \(oprn_…\)/);
      assert.equal(rig().requests().length, 0);
    });
  });
}

describe('reading dashboard types', () => {
  const rig = useProfile([]);

  test('a cancelled read is cancelled, not undefined', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(rig().client.dashboardRuntimeTypes(controller.signal), (e: unknown) => isApiError(e) && e.kind === 'cancelled');
  });

  test('a service failing with 501 has no such read; one failing with 500 is an error', async () => {
    rig().emu.injectFault({ match: { path: '/v1/dashboard-runtime/types' }, kind: 'status', status: 501 });
    assert.equal(await rig().client.dashboardRuntimeTypes(), undefined);
    rig().emu.injectFault({ match: { path: '/v1/dashboard-runtime/types' }, kind: 'status', status: 500, count: 10 });
    await assert.rejects(rig().client.dashboardRuntimeTypes(), (e: unknown) => isApiError(e) && e.kind === 'server');
  });
});
