// Write sync and app saves against the in-process emulator over loopback HTTP: the
// document's form, the one PUT with its token, the identity lock refused locally, read-only edits,
// conflicts, the service's refusal at its line, and a lost answer read back, never sent twice.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ServiceClient } from '../../../src/api';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import type { FileView, ResourceFile } from '../../../src/kinds/resourcePath';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../../src/documents/model/saveTypes';
import { validateText } from '../../../src/documents/validation/validate';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit any field of a document
type Doc = any;

describe('write sync and app saves against the emulator', () => {
  let client: ServiceClient;
  let reader: ResourceReader;
  let flow: SaveFlow;
  const ids = () => emu.demo.ids as Record<string, string>;
  const file = (view: FileView, id: string): ResourceFile => ({ workspaceId: emu.demo.workspaceId, view, id, name: 'Test' });
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');
  const save = (f: ResourceFile, text: string, base: ServerSnapshot) => flow.save({ file: f, uri: `wsa:/${f.id}`, text, base });
  const edit = (text: string, change: (d: Doc) => void) => {
    const doc = JSON.parse(text) as Doc;
    change(doc);
    return `${JSON.stringify(doc, null, 2)}\n`;
  };
  const saved = (r: SaveResult) => {
    assert.equal(
      r.status,
      'saved',
      JSON.stringify(r, (_k, v) => (v instanceof Error ? v.message : v)),
    );
    return (r as Extract<SaveResult, { status: 'saved' }>).snapshot;
  };
  const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

  const { emu } = useEmulator();
  before(async () => {
    // The default deployment delay (20 s): a test on a busy machine still sees the deployment it started.
    client = demoClient(emu);
    reader = new ResourceReader(() => client);
    flow = new SaveFlow(() => client, reader, { validate: (view, text) => validateText(view, text, { tsxCheckPath: '' }) });
  });
  after(async () => {
    await client.close();
  });

  test('a write sync opens with its editable fields first and under "$readOnly" what the service set and keeps (not what each save changes)', async () => {
    const base = await reader.snapshot(file('writeSync', ids().identityLockedWriteSyncId!));
    const doc = JSON.parse(base.text) as Doc;
    assert.deepEqual(Object.keys(doc), ['name', 'definition', 'isEnabled', 'automaticEnabled', '$readOnly']);
    assert.deepEqual(Object.keys(doc.$readOnly), ['id', 'createdAt', 'identityLocked']);
    assert.deepEqual(base.tokens, { kind: 'writeSync', expectedVersion: 4, identityLocked: true });
    const app = JSON.parse((await reader.snapshot(file('app', ids().liveAppId!))).text) as Doc;
    assert.deepEqual(Object.keys(app), ['name', 'description', '$readOnly']);
    assert.deepEqual(Object.keys(app.$readOnly), ['id', 'workspaceId', 'createdAt']);
  });

  test('a write sync save sends one PUT with the version read and exactly the editable fields; the version moves by one', async () => {
    const f = file('writeSync', ids().writeSyncId!);
    const base = await reader.snapshot(f);
    emu.clearRequests();
    const text = edit(base.text, (d) => {
      d.definition.fields.churn_rate = 'Churn_Rate__c';
      d.automaticEnabled = true;
    });
    const snapshot = saved(await save(f, text, base));
    assert.equal(puts().length, 1);
    assert.deepEqual(snapshot.tokens, { kind: 'writeSync', expectedVersion: 2, identityLocked: false });
    assert.equal(snapshot.label, 'version 2');
    const now = await client.getWriteSync(f.id);
    assert.equal(now.definition.fields['churn_rate'], 'Churn_Rate__c');
    assert.equal(now.automaticEnabled, true);
    saved(
      await save(
        f,
        edit(text, (d) => (d.isEnabled = false)),
        snapshot,
      ),
    );
  });

  test('a locked identity field is an error at its line and nothing is sent; the switches still save', async () => {
    const f = file('writeSync', ids().identityLockedWriteSyncId!);
    const base = await reader.snapshot(f);
    emu.clearRequests();
    const text = edit(base.text, (d) => (d.definition.destination.object = 'Lead'));
    const result = await save(f, text, base);
    assert.equal(result.status, 'invalid');
    if (result.status !== 'invalid') return;
    const errors = result.problems.filter((p) => p.severity === 'error');
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /destination cannot change: this write sync is identity-locked/);
    assert.equal(errors[0]!.line, lineOf(text, '"destination"'));
    const mapped = edit(base.text, (d) => (d.definition.fields.phone = 'Phone'));
    const second = await save(f, mapped, base);
    assert.equal(second.status, 'invalid');
    if (second.status === 'invalid') assert.equal(second.problems[0]!.line, lineOf(mapped, '"phone"'));
    assert.equal(puts().length, 0, 'nothing sent');
    saved(
      await save(
        f,
        edit(base.text, (d) => ((d.automaticEnabled = false), (d.name = 'Contacts'))),
        base,
      ),
    );
  });

  test('an edit under "$readOnly" is a warning and is not sent', async () => {
    const f = file('writeSync', ids().writeSyncId!);
    const base = await reader.snapshot(f);
    const text = edit(base.text, (d) => ((d.$readOnly.version = 99), (d.$readOnly.identityLocked = true), (d.name = 'Renamed')));
    const result = await save(f, text, base);
    assert.equal(result.status, 'saved');
    if (result.status === 'saved') assert.equal(result.warnings.filter((w) => /read-only/.test(w.message)).length, 2);
    const now = await client.getWriteSync(f.id);
    assert.equal(now.version, 2);
    assert.equal(now.identityLocked, false);
    assert.equal(now.name, 'Renamed');
  });

  test('the service’s refusal of a definition is shown at its line', async () => {
    const f = file('writeSync', ids().writeSyncId!);
    const base = await reader.snapshot(f);
    const text = edit(base.text, (d) => (d.definition.keyColumn = 'not_mapped'));
    const result = await save(f, text, base);
    assert.equal(result.status, 'invalid');
    if (result.status === 'invalid') {
      assert.equal(result.problems[0]!.source, 'service');
      assert.equal(result.problems[0]!.line, lineOf(text, '"keyColumn"'));
    }
  });

  test('an app save sends the draft read, records a new draft revision and starts its deployment', async () => {
    const f = file('app', ids().liveAppId!);
    const base = await reader.snapshot(f);
    if (base.tokens.kind !== 'app') throw new Error('app tokens');
    const text = edit(base.text, (d) => ((d.name = 'Customer portal (beta)'), (d.description = 'Orders, returns.')));
    const snapshot = saved(await save(f, text, base));
    if (snapshot.tokens.kind !== 'app') throw new Error('app tokens');
    assert.equal(snapshot.tokens.expectedDraft.sequence, base.tokens.expectedDraft.sequence + 1);
    assert.deepEqual(snapshot.revision, { resourceId: f.id, revisionId: snapshot.tokens.expectedDraft.revisionId });
    const app = await client.getApp(f.id);
    assert.equal(app.name, 'Customer portal (beta)');
    assert.equal(app.deployment.status, 'deploying');
    const history = await client.listRevisions(f.id);
    assert.equal(history.items[0]!.id, snapshot.tokens.expectedDraft.revisionId);
  });

  test('a stale version or draft ends in a conflict carrying the latest state and the user’s text', async () => {
    for (const [view, id] of [
      ['writeSync', ids().writeSyncId!],
      ['app', ids().liveAppId!],
    ] as const) {
      const f = file(view, id);
      const base = await reader.snapshot(f);
      saved(
        await save(
          f,
          edit(base.text, (d) => (d.name = 'Theirs')),
          base,
        ),
      );
      const mine = edit(base.text, (d) => (d.name = 'Mine'));
      const result = await save(f, mine, base);
      assert.equal(result.status, 'conflict', view);
      if (result.status !== 'conflict') continue;
      assert.equal(result.conflict.mine, mine);
      assert.equal((JSON.parse(result.conflict.latest.text) as Doc).name, 'Theirs');
    }
  });

  test('a save whose answer is lost after the server stored it is read back, not sent twice', async () => {
    for (const [view, id, path] of [
      ['writeSync', ids().writeSyncId!, '/v1/write-syncs/'],
      ['app', ids().liveAppId!, '/v1/apps/'],
    ] as const) {
      const f = file(view, id);
      const base = await reader.snapshot(f);
      emu.injectFault({ match: { method: 'PUT', path: `${path}${id}` }, kind: 'dropMidBody' });
      emu.clearRequests();
      const result = await save(
        f,
        edit(base.text, (d) => (d.name = `Lost answer ${view}`)),
        base,
      );
      assert.equal(result.status, 'saved', view);
      if (result.status === 'saved') assert.equal(result.confirmedBy, 'readBack');
      assert.equal(puts().length, 1, `${view}: never sent twice`);
    }
  });
});
