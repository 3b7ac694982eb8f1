// Publish and restore on the emulator (paths and body are the README's choice): guarded by
// the version token, offered only where the capabilities say so, permissions as for saves.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../../src/emulator/server';
import { AdminClient } from '../../../src/emulator/adminClient';
import { caller, useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator();

const ids = () => emu.demo.ids as Record<string, string>;
const history = async (id: string) => (await call('GET', `/v1/resources/${id}/revisions`)).json.data;
const op = (id: string, revisionId: string, what: 'publish' | 'restore') => `/v1/resources/${id}/revisions/${revisionId}/${what}`;

describe('emulator publish', () => {
  test('publishing the draft moves published to it and gives a new version token', async () => {
    const db = ids()['databaseId']!;
    const before = await history(db);
    assert.notEqual(before.published.revisionId, before.draft.revisionId, 'the seed holds an unpublished draft');
    const res = await call('POST', op(db, before.draft.revisionId, 'publish'), { expectedVersion: before.version });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data.published, before.draft);
    assert.notEqual(res.json.data.version, before.version);
    const after = await history(db);
    assert.deepEqual(after.published, before.draft);
    assert.deepEqual(after.draft, before.draft, 'publish makes no revision');
    assert.equal(after.items.length, before.items.length);
  });

  test('an older revision can be published too', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    const first = h.items[h.items.length - 1];
    const res = await call('POST', op(db, first.id, 'publish'), { expectedVersion: h.version });
    assert.equal(res.status, 200);
    assert.deepEqual((await history(db)).published, { revisionId: first.id, sequence: first.sequence });
  });

  test('a stale version token is a conflict carrying the current state, and nothing is published', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    await call('POST', op(db, h.items[1].id, 'publish'), { expectedVersion: h.version });
    const now = await history(db);
    const res = await call('POST', op(db, h.draft.revisionId, 'publish'), { expectedVersion: h.version });
    assert.equal(res.status, 409);
    assert.equal(res.json.error.code, 'conflict');
    assert.deepEqual(res.json.error.details.current, { version: now.version, draft: now.draft, published: now.published });
    assert.deepEqual((await history(db)).published, now.published);
  });

  test('a missing version token is a conflict', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    const res = await call('POST', op(db, h.draft.revisionId, 'publish'), {});
    assert.equal(res.status, 409);
    assert.match(res.json.error.message, /expectedVersion is missing/);
    assert.deepEqual((await history(db)).published, h.published);
  });

  test('a revision of another resource is refused with 404', async () => {
    const db = ids()['databaseId']!;
    const other = await history(ids()['inventoryDatabaseId']!);
    const h = await history(db);
    const res = await call('POST', op(db, other.draft.revisionId, 'publish'), { expectedVersion: h.version });
    assert.equal(res.status, 404);
    assert.equal(res.json.error.code, 'not_found');
  });

  test('a resource whose capabilities say publish false refuses with 422 capability_disabled', async () => {
    const app = ids()['liveAppId']!;
    const h = await history(app);
    assert.equal(h.capabilities.publish, false);
    const res = await call('POST', op(app, h.draft.revisionId, 'publish'), { expectedVersion: h.version });
    assert.equal(res.status, 422);
    assert.equal(res.json.error.code, 'capability_disabled');
    assert.equal(res.json.error.details.capability, 'publish');
  });

  test('the admin surface turns a capability off: the history shows it at once, and the operation is refused', async () => {
    const admin = new AdminClient(emu.adminUrl, emu.adminToken);
    const db = ids()['databaseId']!;
    const before = await history(db);
    assert.deepEqual(await admin.setCapabilities(db, { restore: false }), { ...before.capabilities, restore: false });
    const h = await history(db);
    assert.equal(h.capabilities.restore, false, 'not the cached list of the same version');
    assert.equal(h.version, before.version, 'the history itself did not change');
    const res = await call('POST', op(db, h.items[1].id, 'restore'), { expectedVersion: h.version });
    assert.equal(res.status, 422);
    assert.equal(res.json.error.details.capability, 'restore');
    await assert.rejects(admin.setCapabilities(db, { restore: 'no' } as never), /400|history, restore, publish/);
    await assert.rejects(admin.setCapabilities('dbas_missing000000', { restore: true }), /404|No history/);
  });

  test('a key without database admin gets 403 naming the permission', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    const res = await call('POST', op(db, h.draft.revisionId, 'publish'), { expectedVersion: h.version }, { key: emu.demo.editorApiKey });
    assert.equal(res.status, 403);
    assert.equal(res.json.error.details.permission, 'databaseAdmin');
  });

  test('each refusal says what is wrong in words', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    const inventory = await history(ids()['inventoryDatabaseId']!);
    const foreign = await call('POST', op(db, inventory.draft.revisionId, 'publish'), { expectedVersion: h.version });
    assert.equal(foreign.json.error.message, `Revision ${inventory.draft.revisionId} does not belong to resource ${db}.`);
    const other = (id: string) => id.slice(0, -1) + (id.endsWith('Z') ? 'Y' : 'Z');
    const missing = await call('POST', op(other(db), h.draft.revisionId, 'restore'), { expectedVersion: h.version });
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error.message, `No resource ${other(db)} with a revision history in this workspace.`);
    const unknownRevision = await call('POST', op(db, other(h.draft.revisionId), 'restore'), { expectedVersion: h.version });
    assert.equal(unknownRevision.status, 404);
    assert.equal(unknownRevision.json.error.message, `Revision ${other(h.draft.revisionId)} does not belong to resource ${db}.`);
    const app = ids()['liveAppId']!;
    const appHistory = await history(app);
    const off = await call('POST', op(app, appHistory.draft.revisionId, 'publish'), { expectedVersion: appHistory.version });
    assert.equal(off.json.error.message, `Resource ${app} does not offer publish (capabilities.publish is false).`);
    const stale = await call('POST', op(db, h.draft.revisionId, 'publish'), { expectedVersion: 'v-stale' });
    assert.equal(
      stale.json.error.message,
      `The revision history of ${db} changed since it was read: the version token is stale; the version is now ${h.version}.`,
    );
    assert.deepEqual(stale.json.error.details.current, { version: h.version, draft: h.draft, published: h.published });
  });

  test('an app’s history takes a restore', async () => {
    const app = ids()['liveAppId']!;
    const h = await history(app);
    const first = h.items.at(-1);
    const res = await call('POST', op(app, first.id, 'restore'), { expectedVersion: h.version });
    assert.equal(res.status, 200);
    assert.equal(res.json.data.draft.sequence, h.draft.sequence + 1);
  });

  test('a data flow root publishes without graph history', async () => {
    const flow = ids()['dataFlowOperationId']!;
    const h = await history(flow);
    assert.equal(h.capabilities.history, false);
    const res = await call('POST', op(flow, h.draft.revisionId, 'publish'), { expectedVersion: h.version });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data.items, []);
    assert.deepEqual((await history(flow)).published, h.draft);
  });
});

describe('emulator restore', () => {
  test('restore makes a new draft equal to the restored revision, after the previous draft', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    const oldest = h.items[h.items.length - 1];
    const res = await call('POST', op(db, oldest.id, 'restore'), { expectedVersion: h.version });
    assert.equal(res.status, 200);
    const after = await history(db);
    assert.equal(after.draft.sequence, h.draft.sequence + 1);
    assert.notEqual(after.version, h.version);
    assert.deepEqual(after.published, h.published, 'restore does not publish');
    const draft = (await call('GET', `/v1/resources/${db}/revisions/${after.draft.revisionId}`)).json.data;
    const restored = (await call('GET', `/v1/resources/${db}/revisions/${oldest.id}`)).json.data;
    assert.equal(draft.parentRevisionId, h.draft.revisionId);
    assert.deepEqual(draft.value, restored.value);
    assert.equal(draft.message, `Restored revision #${oldest.sequence} (${oldest.id})`);
    assert.equal(draft.actor.type, 'apiKey');
  });

  test('a stale token restores nothing', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    await call('POST', op(db, h.items[1].id, 'restore'), { expectedVersion: h.version });
    const res = await call('POST', op(db, h.items[1].id, 'restore'), { expectedVersion: h.version });
    assert.equal(res.status, 409);
    assert.equal((await history(db)).draft.sequence, h.draft.sequence + 1, 'one restore, not two');
  });

  test('restoring a dashboard needs dashboard write access', async () => {
    const rept = ids()['dashboardResourceId']!;
    const h = await history(rept);
    const res = await call('POST', op(rept, h.items[1].id, 'restore'), { expectedVersion: h.version }, { key: emu.demo.readOnlyApiKey });
    assert.equal(res.status, 403);
    assert.equal(res.json.error.details.permission, 'dashboardWrite');
  });

  test('a restore survives a restart with the same data directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wsa-emulator-ops-'));
    try {
      const first = await startEmulator({ quiet: true, dataDir: dir });
      const c1 = caller(first);
      const db = first.demo.ids['databaseId']!;
      const h = (await c1('GET', `/v1/resources/${db}/revisions`)).json.data;
      await c1('POST', op(db, h.items[2].id, 'restore'), { expectedVersion: h.version });
      const afterRestore = (await c1('GET', `/v1/resources/${db}/revisions`)).json.data;
      await c1('POST', op(db, afterRestore.draft.revisionId, 'publish'), { expectedVersion: afterRestore.version });
      const saved = (await c1('GET', `/v1/resources/${db}/revisions`)).json.data;
      await first.close();
      const second = await startEmulator({ quiet: true, dataDir: dir });
      try {
        const again = (await caller(second)('GET', `/v1/resources/${db}/revisions`)).json.data;
        assert.deepEqual(again, saved);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('fault injection applies: a dropped answer still leaves the restore applied once', async () => {
    const db = ids()['databaseId']!;
    const h = await history(db);
    await new AdminClient(emu.adminUrl, emu.adminToken).injectFault({
      match: { method: 'POST', path: `/v1/resources/${db}/` },
      kind: 'dropMidBody',
    });
    await assert.rejects(call('POST', op(db, h.items[1].id, 'restore'), { expectedVersion: h.version }));
    assert.equal((await history(db)).draft.sequence, h.draft.sequence + 1);
  });
});

describe('emulator revision operations under variant profiles', () => {
  test('problem-json says a stale token in plain words', async () => {
    const e = await startEmulator({ quiet: true, variants: ['problem-json'] });
    try {
      const c = caller(e);
      const db = e.demo.ids['databaseId']!;
      const h = (await c('GET', `/v1/resources/${db}/revisions`)).json.data;
      const res = await c('POST', op(db, h.draft.revisionId, 'publish'), { expectedVersion: 'stale' });
      assert.equal(res.status, 409);
      assert.equal(res.json.detail, `The revision history of ${db} changed since it was read; read it again.`);
    } finally {
      await e.close();
    }
  });

  test('conflict-412 answers a stale token with 412', async () => {
    const e = await startEmulator({ quiet: true, variants: ['conflict-412'] });
    try {
      const c = caller(e);
      const db = e.demo.ids['databaseId']!;
      const res = await c('POST', op(db, (await c('GET', `/v1/resources/${db}/revisions`)).json.data.draft.revisionId, 'publish'), {
        expectedVersion: 'stale',
      });
      assert.equal(res.status, 412);
    } finally {
      await e.close();
    }
  });

  test('bare answers 204 with no body, and the operation is done', async () => {
    const e = await startEmulator({ quiet: true, variants: ['bare'] });
    try {
      const c = caller(e);
      const db = e.demo.ids['databaseId']!;
      const h = (await c('GET', `/v1/resources/${db}/revisions`)).json.data;
      const res = await c('POST', op(db, h.draft.revisionId, 'publish'), { expectedVersion: h.version });
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.deepEqual((await c('GET', `/v1/resources/${db}/revisions`)).json.data.published, h.draft);
    } finally {
      await e.close();
    }
  });

  test('strict-bodies refuses a body field other than expectedVersion', async () => {
    const e = await startEmulator({ quiet: true, variants: ['strict-bodies'] });
    try {
      const c = caller(e);
      const db = e.demo.ids['databaseId']!;
      const h = (await c('GET', `/v1/resources/${db}/revisions`)).json.data;
      const res = await c('POST', op(db, h.draft.revisionId, 'publish'), { expectedVersion: h.version, message: 'x' });
      assert.equal(res.status, 400);
      assert.deepEqual(res.json.error.details.unknownFields, ['/message']);
    } finally {
      await e.close();
    }
  });
});
