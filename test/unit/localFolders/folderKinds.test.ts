// Pulling whole kinds (an explorer group, `--kind`): every resource of the kind the service lists,
// through every page of its list, and nothing of the other kinds. Real emulator over loopback,
// `large` mode: more operations than one list page holds.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, type ServiceClient } from '../../../src/api';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import { LocalFolder, readState, type FolderState } from '../../../src/localFolders/engine/engineApi';
import { FAST_RETRY } from '../emulator/emulatorSupport';
import { startFolderRig, type FolderRig } from './folderSupport';

/** Past the client's list page of 500, so the operations come in two pages. */
const LARGE = 520;

describe('pulling whole kinds into a local folder', () => {
  let emu: RunningEmulator;
  let client: ServiceClient;
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsa-kinds-'));
    dirs.push(dir);
    return { dir, engine: new LocalFolder({ folder: dir, client: () => client }) };
  };
  const connection = () => ({ baseUrl: emu.url, workspaceId: emu.demo.workspaceId, ...emu.carriers });
  const entries = async (dir: string) => Object.values(((await readState(dir)) as FolderState).files);

  before(async () => {
    emu = await startEmulator({ quiet: true, large: LARGE });
    client = createClient(
      { baseUrl: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId, ...emu.carriers, timeoutMs: 10_000 },
      undefined,
      FAST_RETRY,
    );
  });
  after(async () => {
    await client.close();
    await emu.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('kinds: every operation the service lists, past the first page of its list, and no other kind', async () => {
    const listed = await client.listAll('operations');
    assert.ok(listed.supported && listed.items.length > LARGE, `${listed.supported && listed.items.length} operations listed`);
    const { dir, engine } = folder();
    emu.clearRequests();
    const report = await engine.pull({ connection: connection(), kinds: ['operation'] });
    const lists = emu.requests().filter((r) => r.method === 'GET' && /^\/v1\/[a-z-]+$/.test(r.path));
    assert.deepEqual([...new Set(lists.map((r) => r.path))], ['/v1/operations'], 'only the operations are listed');
    assert.ok(
      lists.some((r) => r.query.cursor),
      'the list is followed past its first page',
    );
    assert.ok(report.files.length > 0 && report.files.every((f) => f.kind === 'operation' && f.outcome === 'added'));
    const isOperation = (view: string) => view === 'operation' || view === 'operationHandler';
    const pulled = new Set((await entries(dir)).filter((e) => isOperation(e.view)).map((e) => e.id));
    assert.equal(pulled.size, listed.items.length, 'every listed operation is in the folder');
    for (const item of listed.items) assert.ok(pulled.has((item as { id: string }).id));
    assert.ok(
      (await entries(dir)).every((e) => isOperation(e.view)),
      'nothing of another kind',
    );
  });

  test('kinds with ids pulls both; a pulled folder keeps its files of other kinds untouched', async () => {
    const rig: FolderRig = await startFolderRig();
    try {
      const { dir, engine } = rig.folder();
      const first = await engine.pull({ connection: rig.connection, kinds: ['dashboard'], ids: [rig.ids().factId!] });
      const dashboards = await rig.client.listAll('dashboards');
      assert.ok(dashboards.supported);
      const views = (await entries(dir)).map((e) => e.view);
      assert.equal(views.filter((v) => v === 'dashboard').length, dashboards.items.length);
      assert.deepEqual(
        views.filter((v) => v !== 'dashboard'),
        ['fact'],
      );
      assert.ok(first.files.every((f) => f.outcome === 'added'));
      // Again with another kind: the dashboards and the fact are not read again.
      rig.emu.clearRequests();
      const second = await engine.pull({ kinds: ['database'] });
      assert.ok(second.files.length > 0 && second.files.every((f) => f.kind === 'database'));
      assert.ok(
        rig.requests('GET').every((r) => !r.path.startsWith('/v1/dashboards') && !r.path.startsWith('/v1/facts')),
        'nothing of the other kinds is asked for',
      );
      await assert.rejects(engine.pull({ kinds: ['dashboards' as never] }), /"dashboards" is not a kind of workspace resource/);
    } finally {
      await rig.close();
    }
  });

  test('resources: each of its own kind only; an id alone brings every kind it names', async () => {
    const rig: FolderRig = await startFolderRig();
    try {
      const id = rig.ids().dashboardId!;
      const { dir, engine } = rig.folder();
      // An explorer item: the dashboard, not the operation of the same id.
      const first = await engine.pull({ connection: rig.connection, resources: [{ kind: 'dashboard', id }] });
      assert.deepEqual(
        first.files.map((f) => [f.kind, f.id, f.outcome]),
        [['dashboard', id, 'added']],
      );
      assert.deepEqual(
        (await entries(dir)).map((e) => e.view),
        ['dashboard'],
      );
      // The id alone: every kind it names, the operation too.
      await engine.pull({ ids: [id] });
      assert.deepEqual((await entries(dir)).map((e) => e.view).sort(), ['dashboard', 'operationHandler']);
      // A pulled file's own resource again: the operation's file is not read.
      rig.emu.clearRequests();
      const again = await engine.pull({ resources: [{ kind: 'dashboard', id }] });
      assert.deepEqual(
        again.files.map((f) => f.kind),
        ['dashboard'],
      );
      assert.ok(
        rig.requests('GET').every((r) => !r.path.startsWith('/v1/operations')),
        'the operation is not asked for',
      );
      // A resource the service does not have is reported, with its kind.
      const missing = await engine.pull({ resources: [{ kind: 'fact', id: 'fact_doesNotExist000' }] });
      assert.deepEqual(
        missing.files.map((f) => [f.kind, f.outcome, f.message]),
        [['fact', 'failed', 'No resource fact_doesNotExist000 was found on the service.']],
      );
      await assert.rejects(
        engine.pull({ resources: [{ kind: 'dashboards' as never, id }] }),
        /"dashboards" is not a kind of workspace resource/,
      );
      await assert.rejects(engine.pull({ resources: [{ kind: 'fact', id }] }), /is not the id of a workspace resource/);
    } finally {
      await rig.close();
    }
  });
});
