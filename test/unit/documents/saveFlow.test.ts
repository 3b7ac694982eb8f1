// The guarded save against the in-process emulator over loopback HTTP: what each view reads, the
// one PUT each save sends with its tokens, conflicts, refusals, and a connection lost mid-save.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, createClient, type ServiceClient } from '../../../src/api';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import type { FileView, ResourceFile } from '../../../src/kinds/resourcePath';
import { SaveFlow, sameJson } from '../../../src/documents/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../../src/documents/model/saveTypes';
import { caller, demoClient, useEmulator } from '../emulator/emulatorSupport';

describe('guarded saves against the emulator', () => {
  let client: ServiceClient;
  let reader: ResourceReader;
  let flow: SaveFlow;
  const ids = () => emu.demo.ids as Record<string, string>;
  const file = (view: FileView, id: string, name = 'Test'): ResourceFile => ({ workspaceId: emu.demo.workspaceId, view, id, name });
  const uriOf = (f: ResourceFile) => `wsa:/${f.workspaceId}/${f.view}/${f.id}`;
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');
  const save = (f: ResourceFile, text: string, base: ServerSnapshot, over: SaveFlow = flow) =>
    over.save({ file: f, uri: uriOf(f), text, base });
  const saved = (r: SaveResult) => {
    assert.equal(
      r.status,
      'saved',
      JSON.stringify(r, (_k, v) => (v instanceof Error ? v.message : v)),
    );
    return (r as Extract<SaveResult, { status: 'saved' }>).snapshot;
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

  test('each view reads as its text; editable ones carry the tokens of what was read', async () => {
    const dash = await reader.read(file('dashboard', ids().dashboardId!));
    assert.match(dash.text, /export default/);
    assert.equal(dash.snapshot?.tokens.kind, 'dashboard');
    const db = await reader.read(file('database', ids().databaseId!));
    const definition = JSON.parse(db.text) as { tables: { name: string }[] };
    assert.deepEqual(
      definition.tables.map((t) => t.name),
      ['customers', 'orders', 'order_items'],
    );
    assert.deepEqual(db.snapshot?.tokens, { kind: 'database', expectedDraft: (await client.listRevisions(ids().databaseId!)).draft });
    const fact = await reader.read(file('fact', ids().factId!));
    const doc = JSON.parse(fact.text) as Record<string, unknown>;
    assert.equal(doc.name, 'Gross margin');
    assert.deepEqual(doc.aliases, ['GM', 'gross profit margin']);
    assert.ok(!('id' in doc) && !('updatedAt' in doc), 'service-owned fields stay out of the document');
    assert.equal(fact.snapshot?.tokens.kind, 'fact');

    const handler = await reader.read(file('operationHandler', ids().inventoryOperationId!));
    assert.match(handler.text, /inventory_levels|stock/);
    assert.equal(handler.snapshot, undefined, 'read-only views have no save snapshot');
    const op = JSON.parse((await reader.read(file('operation', ids().codeStaleOperationId!))).text) as { codeStale: boolean };
    assert.equal(op.codeStale, true);
    const ro = (text: string) => (JSON.parse(text) as { $readOnly: { id: string } }).$readOnly.id;
    assert.equal(ro((await reader.read(file('app', ids().liveAppId!))).text), ids().liveAppId);
    assert.equal(ro((await reader.read(file('writeSync', ids().writeSyncId!))).text), ids().writeSyncId);
  });

  test('a dashboard save sends one PUT with the expected revision and data run; the sequence moves by one', async () => {
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    assert.equal(base.tokens.kind, 'dashboard');
    emu.clearRequests();
    const text = `${base.text}\n// edited\n`;
    const snapshot = saved(await save(f, text, base));
    const sent = puts();
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.path, `/v1/dashboards/${f.id}/source`);
    const body = sent[0]!.body as Record<string, unknown>;
    if (base.tokens.kind !== 'dashboard' || snapshot.tokens.kind !== 'dashboard') throw new Error('dashboard tokens');
    assert.deepEqual(body.expectedRevision, base.tokens.expectedRevision);
    assert.equal(body.expectedDataRunId, base.tokens.expectedDataRunId);
    assert.equal(snapshot.tokens.expectedRevision.sequence, base.tokens.expectedRevision.sequence + 1);
    assert.equal(snapshot.text, text);
    assert.equal((await client.getDashboardSource(f.id)).source, text);
    // The new revision is the base of the next save.
    saved(await save(f, `${text}// again\n`, snapshot));
  });

  test('a database save sends expectedDraft and becomes based on the new draft', async () => {
    const f = file('database', ids().inventoryDatabaseId!);
    const base = await reader.snapshot(f);
    const doc = JSON.parse(base.text) as { tables: { name: string; columns: unknown[] }[] };
    doc.tables[0]!.columns.push({ name: 'discontinued', type: 'boolean', nullable: true });
    emu.clearRequests();
    const snapshot = saved(await save(f, JSON.stringify(doc, null, 2), base));
    const sent = puts();
    assert.equal(sent.length, 1);
    if (base.tokens.kind !== 'database' || snapshot.tokens.kind !== 'database') throw new Error('database tokens');
    assert.deepEqual((sent[0]!.body as Record<string, unknown>).expectedDraft, base.tokens.expectedDraft);
    const history = await client.listRevisions(f.id);
    assert.deepEqual(snapshot.tokens.expectedDraft, history.draft);
    assert.equal(history.draft.sequence, base.tokens.expectedDraft!.sequence + 1);
  });

  test('a fact save sends every field the document holds and clears none of them', async () => {
    const f = file('fact', ids().factId!);
    const base = await reader.snapshot(f);
    const doc = JSON.parse(base.text) as Record<string, unknown>;
    doc.definition = 'Revenue minus cost of goods sold, over revenue.';
    emu.clearRequests();
    saved(await save(f, JSON.stringify(doc, null, 2), base));
    const sent = puts();
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0]!.body, doc, 'the PUT body is the document, field for field');
    const after = await client.getFact(f.id);
    for (const [k, v] of Object.entries(doc)) assert.ok(sameJson(after[k], v), `${k} kept`);
  });

  test('a stale dashboard token ends in a conflict carrying the latest state and the user’s text', async () => {
    const f = file('dashboard', ids().churnDashboardId!);
    const base = await reader.snapshot(f);
    const theirs = saved(await save(f, `${base.text}// theirs\n`, base));
    emu.clearRequests();
    const result = await save(f, `${base.text}// mine\n`, base);
    assert.equal(result.status, 'conflict');
    if (result.status !== 'conflict') return;
    assert.equal(puts().length, 1, 'one PUT, refused, not repeated');
    assert.deepEqual(result.conflict.latest.tokens, theirs.tokens);
    assert.equal(result.conflict.latest.text, theirs.text);
    assert.equal(result.conflict.mine, `${base.text}// mine\n`);
    assert.equal(result.conflict.base, base);
  });

  test('a stale database draft and a fact changed since it was read are conflicts too', async () => {
    const db = file('database', ids().databaseId!);
    const dbBase = await reader.snapshot(db);
    saved(await save(db, dbBase.text.replace('"preferences"', '"prefs"'), dbBase));
    assert.equal((await save(db, dbBase.text.replace('"preferences"', '"settings"'), dbBase)).status, 'conflict');

    const fact = file('fact', ids().aovFactId!);
    const factBase = await reader.snapshot(fact);
    const call = caller(emu);
    const other = JSON.parse(factBase.text) as Record<string, unknown>;
    other.unit = 'EUR';
    assert.equal((await call('PUT', `/v1/facts/${fact.id}`, other)).status, 200);
    emu.clearRequests();
    const result = await save(fact, factBase.text.replace('USD', 'GBP'), factBase);
    assert.equal(result.status, 'conflict');
    assert.equal(puts().length, 0, 'nothing is sent over a newer fact');
    if (result.status === 'conflict') assert.match(result.conflict.latest.text, /"EUR"/);
  });

  test('invalid text is refused before anything is sent; the service’s refusal is placed at its line', async () => {
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    const checking = new SaveFlow(() => client, reader, {
      validate: async () => [{ message: 'nope', line: 2, column: 3, severity: 'error', source: 'local' }],
    });
    emu.clearRequests();
    const local = await save(f, base.text, base, checking);
    assert.deepEqual(local, { status: 'invalid', problems: [{ message: 'nope', line: 2, column: 3, severity: 'error', source: 'local' }] });
    assert.equal(puts().length, 0);

    const server = await save(f, 'export default function () {\n  return <div>;\n}\n', base);
    assert.equal(server.status, 'invalid');
    if (server.status === 'invalid') assert.deepEqual([server.problems[0]!.line, server.problems[0]!.source], [2, 'service']);

    const db = file('database', ids().databaseId!);
    const dbBase = await reader.snapshot(db);
    const broken = dbBase.text.replace('"type": "json"', '"type": "varchar"');
    const refused = await save(db, broken, dbBase);
    assert.equal(refused.status, 'invalid');
    if (refused.status === 'invalid') {
      const line = broken.split('\n').findIndex((l) => l.includes('varchar')) + 1;
      assert.equal(refused.problems[0]!.line, line);
    }
    const notJson = await save(db, '{ "tables": [', dbBase);
    assert.equal(notJson.status, 'invalid');
  });

  test('a key without database admin permission fails the save with the permission named', async () => {
    const editor = createClient({
      baseUrl: emu.url,
      apiKey: emu.demo.editorApiKey,
      workspaceId: emu.demo.workspaceId,
      authHeader: 'Authorization',
      authScheme: 'Bearer',
      workspaceHeader: 'X-Workspace-Id',
      timeoutMs: 5_000,
    });
    try {
      const f = file('database', ids().databaseId!);
      const base = await reader.snapshot(f);
      const result = await new SaveFlow(() => editor, reader).save({ file: f, uri: uriOf(f), text: base.text, base });
      assert.equal(result.status, 'failed');
      if (result.status === 'failed') {
        assert.ok(result.error instanceof ApiError);
        assert.equal(result.error.kind, 'forbidden');
        assert.equal(result.error.permission, 'databaseAdmin');
      }
    } finally {
      await editor.close();
    }
  });

  test('a save whose answer is lost after the server stored it is read back and adopted, not re-sent', async () => {
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    emu.injectFault({ match: { method: 'PUT', path: `/v1/dashboards/${f.id}/source` }, kind: 'dropMidBody' });
    emu.clearRequests();
    const text = `${base.text}// lost answer\n`;
    const snapshot = saved(await save(f, text, base));
    assert.equal(puts().length, 1, 'never sent twice');
    assert.equal(snapshot.text, text);
    if (snapshot.tokens.kind !== 'dashboard' || base.tokens.kind !== 'dashboard') throw new Error('dashboard tokens');
    assert.equal(snapshot.tokens.expectedRevision.sequence, base.tokens.expectedRevision.sequence + 1);
    saved(await save(f, `${text}// next\n`, snapshot));
  });

  test('a save whose connection drops before the server stored it fails and keeps nothing half-done', async () => {
    const f = file('database', ids().inventoryDatabaseId!);
    const base = await reader.snapshot(f);
    emu.injectFault({ match: { method: 'PUT' }, kind: 'drop' });
    emu.clearRequests();
    const result = await save(f, base.text.replace('"products"', '"items"'), base);
    assert.equal(result.status, 'failed');
    if (result.status === 'failed') assert.ok(result.error instanceof ApiError && result.error.maybeApplied);
    assert.equal(puts().length, 1);
    assert.deepEqual((await reader.snapshot(f)).tokens, base.tokens, 'the server is unchanged');
  });
});
