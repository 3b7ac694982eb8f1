// What a save leaves the user with when it succeeds (the tokens the next save sends) and when it
// does not (a conflict whose latest state cannot be read, an answer lost and not read back), against
// the in-process emulator over loopback HTTP with its fault injection.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, type ServiceClient } from '../../../src/api';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import type { FileView, ResourceFile } from '../../../src/kinds/resourcePath';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../../src/documents/model/saveTypes';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';

describe('what a save leaves behind', () => {
  let client: ServiceClient;
  let reader: ResourceReader;
  let flow: SaveFlow;
  const ids = () => emu.demo.ids as Record<string, string>;
  const file = (view: FileView, id: string): ResourceFile => ({ workspaceId: emu.demo.workspaceId, view, id, name: 'Test' });
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');
  const save = (f: ResourceFile, text: string, base: ServerSnapshot) =>
    flow.save({ file: f, uri: `wsa:/${f.workspaceId}/${f.view}/${f.id}`, text, base });
  const saved = (r: SaveResult) => {
    assert.equal(
      r.status,
      'saved',
      JSON.stringify(r, (_k, v) => (v instanceof Error ? v.message : v)),
    );
    return (r as Extract<SaveResult, { status: 'saved' }>).snapshot;
  };
  const failed = (r: SaveResult) => {
    assert.equal(r.status, 'failed');
    return (r as Extract<SaveResult, { status: 'failed' }>).error;
  };
  const edited = (text: string, change: (doc: Record<string, unknown>) => void) => {
    const doc = JSON.parse(text) as Record<string, unknown>;
    change(doc);
    return JSON.stringify(doc, null, 2);
  };

  const { emu } = useEmulator();
  before(async () => {
    client = demoClient(emu);
    reader = new ResourceReader(() => client);
    flow = new SaveFlow(() => client, reader);
  });
  after(async () => {
    await client.close();
  });

  test('a fact save is based on the service’s new update time: the next save goes through, and is labelled by it', async () => {
    const f = file('fact', ids().factId!);
    const base = await reader.snapshot(f);
    const first = saved(
      await save(
        f,
        edited(base.text, (d) => (d.definition = 'First.')),
        base,
      ),
    );
    const served = await client.getFact(f.id);
    assert.deepEqual(first.tokens, { kind: 'fact', updatedAt: served.updatedAt });
    assert.notEqual(served.updatedAt, base.tokens.kind === 'fact' ? base.tokens.updatedAt : '');
    assert.equal(first.label, (await reader.snapshot(f)).label);
    const second = saved(
      await save(
        f,
        edited(first.text, (d) => (d.definition = 'Second.')),
        first,
      ),
    );
    assert.equal((await client.getFact(f.id)).definition, 'Second.');
    assert.equal(
      second.text,
      edited(first.text, (d) => (d.definition = 'Second.')),
    );
  });

  test('a database save is based on the new draft, read from the history: the next save goes through', async () => {
    const f = file('database', ids().inventoryDatabaseId!);
    const base = await reader.snapshot(f);
    const rename = (text: string, name: string) => edited(text, (d) => ((d.tables as { name: string }[])[0]!.name = name));
    const first = saved(await save(f, rename(base.text, 'items'), base));
    const history = await client.listRevisions(f.id);
    assert.deepEqual(first.tokens, { kind: 'database', expectedDraft: history.draft });
    assert.equal(first.label, `revision ${history.draft.sequence}`);
    assert.deepEqual(first.revision, { resourceId: f.id, revisionId: history.draft.revisionId });
    saved(await save(f, rename(first.text, 'goods'), first));
    assert.equal((JSON.parse((await reader.snapshot(f)).text) as { tables: { name: string }[] }).tables[0]!.name, 'goods');
  });

  test('when the history cannot be read after a database save, the new draft is the one saved, one sequence on', async () => {
    const f = file('database', ids().inventoryDatabaseId!);
    const base = await reader.snapshot(f);
    if (base.tokens.kind !== 'database') throw new Error('database tokens');
    emu.injectFault({ match: { method: 'GET', path: `/v1/resources/${f.id}/revisions` }, kind: 'status', status: 404, count: 1 });
    const first = saved(
      await save(
        f,
        edited(base.text, (d) => ((d.tables as { name: string }[])[0]!.name = 'items')),
        base,
      ),
    );
    const history = await client.listRevisions(f.id);
    assert.deepEqual(first.tokens, { kind: 'database', expectedDraft: history.draft });
    assert.equal(history.draft.sequence, base.tokens.expectedDraft!.sequence + 1);
  });

  test('a write sync and an app save are based on the version and draft the answer holds', async () => {
    const ws = file('writeSync', ids().writeSyncId!);
    const wsBase = await reader.snapshot(ws);
    const wsSaved = saved(
      await save(
        ws,
        edited(wsBase.text, (d) => (d.name = 'Renamed')),
        wsBase,
      ),
    );
    const served = await client.getWriteSync(ws.id);
    assert.deepEqual(wsSaved.tokens, { kind: 'writeSync', expectedVersion: served.version, identityLocked: served.identityLocked });
    assert.equal(wsSaved.label, `version ${served.version}`);
    saved(
      await save(
        ws,
        edited(wsSaved.text, (d) => (d.name = 'Renamed again')),
        wsSaved,
      ),
    );

    const app = file('app', ids().liveAppId!);
    const appBase = await reader.snapshot(app);
    const appSaved = saved(
      await save(
        app,
        edited(appBase.text, (d) => (d.description = 'Changed.')),
        appBase,
      ),
    );
    const history = await client.listRevisions(app.id);
    assert.deepEqual(appSaved.tokens, { kind: 'app', expectedDraft: history.draft });
    assert.equal(appSaved.label, `revision ${history.draft.sequence}`);
    saved(
      await save(
        app,
        edited(appSaved.text, (d) => (d.description = 'Changed again.')),
        appSaved,
      ),
    );
  });

  test('a dashboard save is labelled by the new revision’s sequence and names that revision', async () => {
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    const first = saved(await save(f, `${base.text}// one\n`, base));
    const source = await client.getDashboardSource(f.id);
    assert.equal(first.label, `revision ${source.revision.sequence}`);
    assert.deepEqual(first.revision, { resourceId: source.resourceId, revisionId: source.revision.revisionId });
    assert.deepEqual(first.tokens, {
      kind: 'dashboard',
      expectedRevision: { revisionId: source.revision.revisionId, sequence: source.revision.sequence },
      expectedDataRunId: source.dataRunId,
    });
  });

  test('a conflict whose latest state cannot be read fails with the conflict, and the text is the user’s', async () => {
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    saved(await save(f, `${base.text}// theirs\n`, base));
    emu.injectFault({ match: { method: 'GET', path: `/v1/dashboards/${f.id}/source` }, kind: 'status', status: 404, count: 1 });
    const error = failed(await save(f, `${base.text}// mine\n`, base));
    assert.ok(error instanceof ApiError && error.kind === 'conflict', String(error));
  });

  test('an answer lost when the read-back fails too is a failure that may have been applied, sent once', async () => {
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    emu.injectFault({ match: { method: 'PUT', path: `/v1/dashboards/${f.id}/source` }, kind: 'dropMidBody' });
    emu.injectFault({ match: { method: 'GET', path: `/v1/dashboards/${f.id}/source` }, kind: 'status', status: 404, count: 1 });
    emu.clearRequests();
    const error = failed(await save(f, `${base.text}// lost\n`, base));
    assert.ok(error instanceof ApiError && error.maybeApplied);
    assert.equal(puts().length, 1);
  });

  test('an answer lost before the service stored anything is read back and found not saved', async () => {
    for (const [view, id] of [
      ['dashboard', ids().dashboardId!],
      ['writeSync', ids().writeSyncId!],
      ['app', ids().liveAppId!],
      ['fact', ids().factId!],
    ] as const) {
      const f = file(view, id);
      const base = await reader.snapshot(f);
      emu.injectFault({ match: { method: 'PUT' }, kind: 'drop' });
      emu.clearRequests();
      const text = view === 'dashboard' ? `${base.text}// dropped\n` : edited(base.text, (d) => (d.name = 'Dropped'));
      const error = failed(await save(f, text, base));
      assert.ok(error instanceof ApiError && error.maybeApplied, view);
      assert.equal(puts().length, 1, view);
      assert.equal((await reader.snapshot(f)).text, base.text, `${view}: the service is unchanged`);
    }
  });

  test('a file saved with tokens of another kind is refused before anything is sent', async () => {
    const dashboard = await reader.snapshot(file('dashboard', ids().dashboardId!));
    emu.clearRequests();
    const error = failed(await save(file('database', ids().databaseId!), '{"tables":[]}', dashboard));
    assert.equal((error as Error).message, 'A database file cannot be saved with dashboard tokens.');
    assert.equal(puts().length, 0);
  });

  test('a database definition that is not a JSON object is refused at its first line, nothing sent', async () => {
    const f = file('database', ids().databaseId!);
    const base = await reader.snapshot(f);
    emu.clearRequests();
    for (const text of ['[]', 'null', '"tables"']) {
      const r = await save(f, text, base);
      assert.deepEqual(r, {
        status: 'invalid',
        problems: [
          {
            message: 'A database definition must be a JSON object with a "tables" array.',
            line: 1,
            column: 1,
            severity: 'error',
            source: 'local',
          },
        ],
      });
    }
    assert.equal(puts().length, 0);
  });
});
