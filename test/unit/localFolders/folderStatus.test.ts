// The status of a local folder and how its work is bounded: reads at most a few at a time and
// within a deadline, a local-only status that asks the service nothing, local deletions that pull
// and push respect, and pulls and pushes of one folder run one after another.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { LocalFolder } from '../../../src/localFolders/engine/engineApi';
import { mapPool } from '../../../src/localFolders/engine/folderPool';
import { EngineAdapter } from '../../../src/localFolders/vscode/engineAdapter';
import { RestrictedModeError } from '../../../src/ui/restrictedMode';
import { allFiles, pathOf, readText, startFolderRig, writeText, type FolderRig } from './folderSupport';

describe('local folder status and its bounds', () => {
  let rig: FolderRig;
  before(async () => {
    rig = await startFolderRig();
  });
  after(() => rig.close());
  beforeEach(() => rig.emu.reset());

  test('the pool keeps at most its limit in flight and the results in order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapPool([...Array(20).keys()], 4, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => setImmediate(resolve));
      running--;
      return n * 2;
    });
    assert.equal(most, 4);
    assert.deepEqual(
      results,
      [...Array(20).keys()].map((n) => n * 2),
    );
  });

  test('a service slower than the deadline ends the status with the remote state unknown, not a hang', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    rig.emu.injectFault({ match: { method: 'GET' }, kind: 'latency', latencyMs: 3_000, count: 1_000 });
    const impatient = new LocalFolder({ folder: dir, client: () => rig.client, deadlineMs: 300 });
    const started = Date.now();
    const status = await impatient.status();
    assert.ok(Date.now() - started < 2_500, `took ${Date.now() - started} ms`);
    assert.ok(status.files.length > 0);
    assert.ok(
      status.files.every((f) => !f.remoteChecked && f.remoteError && f.state === 'unchanged'),
      JSON.stringify(status.files[0]),
    );
    rig.emu.clearFaults();
  });

  test('a local-only status asks the service nothing; a deleted file is reported and neither pulled back nor pushed', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const fact = await pathOf(dir, 'fact', rig.ids().factId!);
    rmSync(join(dir, fact));
    rig.emu.clearRequests();
    const local = await engine.status({ remote: false });
    assert.equal(rig.requests().length, 0);
    assert.equal(local.files.find((f) => f.path === fact)?.state, 'deletedLocally');
    const pulled = await engine.pull();
    assert.equal(pulled.files.find((f) => f.path === fact)?.outcome, 'deletedLocally');
    assert.throws(() => readText(dir, fact), /ENOENT/);
    const pushed = await engine.push();
    assert.equal(pushed.files.find((f) => f.path === fact)?.outcome, 'deletedLocally');
    assert.equal(rig.requests('PUT').length, 0);
  });

  test('a pulled file’s language base: its base text, and its tokens only when signed in to the folder’s service and workspace', async () => {
    const { dir, engine } = rig.folder();
    const id = rig.ids().churnDashboardId!;
    await engine.pull({ connection: rig.connection, ids: [id] });
    const path = await pathOf(dir, 'dashboard', id);
    const adapter = new EngineAdapter(
      () => Promise.resolve([]),
      () => rig.connection,
      () => true,
    );
    const signedIn = { client: rig.client, baseUrl: rig.emu.url, workspaceId: rig.emu.demo.workspaceId, label: 'emulator' };
    const since = rig.requests().length;

    const base = await adapter.languageBase(dir, path, signedIn);
    assert.equal(base?.view, 'dashboard');
    assert.equal(base.text, readText(dir, path), 'the base text is the file as pulled');
    assert.equal(base.tokens?.kind, 'dashboard');
    assert.ok(base.tokens.expectedDataRunId, 'the data run its rows are typed by');
    assert.equal(base.connection, signedIn, 'the tokens name the connection they belong to');
    for (const [what, connection] of [
      ['another workspace', { ...signedIn, workspaceId: 'wksp_other' }],
      ['another service', { ...signedIn, baseUrl: 'https://other.example' }],
      ['signed out', undefined],
    ] as const) {
      const other = await adapter.languageBase(dir, path, connection);
      assert.equal(other?.text, base.text, `${what}: the base text`);
      assert.equal(other.tokens, undefined, `${what}: no tokens, so nothing is asked on the state file's say`);
      assert.equal(other.connection, undefined);
    }
    assert.equal(await adapter.languageBase(dir, 'dashboards/Not pulled.tsx', signedIn), undefined, 'a file the state does not name');
    assert.equal(rig.requests().length, since, 'the service is asked nothing');
  });

  test('in Restricted Mode the VS Code side asks the service nothing and writes nothing: a local status, pulls, pushes and merges refused', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    writeText(dir, path, `${readText(dir, path)}// edited here\n`);
    // A fresh clone: no base copies or pack, so a base could only come from the service.
    rmSync(join(dir, '.wsa', 'bases.json'));
    let trusted = false;
    const adapter = new EngineAdapter(
      () => Promise.resolve([]),
      () => rig.connection,
      () => trusted,
    );
    const signedIn = { client: rig.client, baseUrl: rig.emu.url, workspaceId: rig.emu.demo.workspaceId, label: 'emulator' };
    const files = () => allFiles(dir).sort().join('\n');
    const before = files();
    rig.emu.clearRequests();

    const status = await adapter.status(dir, signedIn, true);
    assert.equal(status.files.find((f) => f.path === path)?.state, 'localChange', 'the local status is read');
    assert.ok(status.files.every((f) => !f.remoteChecked));
    assert.match(status.remoteError ?? '', /Restricted Mode/);
    assert.equal(await adapter.baseText(dir, path, signedIn), undefined, 'no base from the service');
    assert.equal((await adapter.languageBase(dir, path, signedIn))?.tokens, undefined, 'no tokens to ask with');
    assert.equal(await adapter.adoptTheirs(dir, path, 'theirs', signedIn), false);
    const restricted = (e: unknown) => e instanceof RestrictedModeError;
    await assert.rejects(adapter.pull(dir, signedIn), restricted);
    await assert.rejects(adapter.pull(join(dir, 'new'), signedIn), restricted);
    await assert.rejects(adapter.push(dir, signedIn, undefined), restricted);
    await assert.rejects(adapter.writeFile(dir, path, 'merged'), restricted);
    assert.equal(rig.requests().length, 0, 'no request');
    assert.equal(files(), before, 'no file written or made');

    // Trusted: the same adapter asks the service at once.
    trusted = true;
    const after = await adapter.status(dir, signedIn, true);
    assert.equal(after.remoteError, undefined);
    assert.ok(after.files.every((f) => f.remoteChecked));
    assert.ok(rig.requests('GET').length > 0, 'the service is asked');
  });

  test('two pushes of one folder at once send an edit once', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    writeText(dir, path, `${readText(dir, path)}// once\n`);
    rig.emu.clearRequests();
    const [a, b] = await Promise.all([engine.push(), engine.push()]);
    const outcomes = [a, b].map((r) => r.files.find((f) => f.path === path)?.outcome).sort();
    assert.deepEqual(outcomes, ['pushed', 'unchanged']);
    assert.equal(rig.requests('PUT').length, 1);
  });
});
