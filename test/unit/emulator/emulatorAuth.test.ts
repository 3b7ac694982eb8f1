// Keys, workspaces and permissions (spec §5 and the README's carrier choices).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator } from '../../../src/emulator/server';
import { useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator({}, { resetEach: false });

describe('emulator auth', () => {
  test('no key, an unknown key or the wrong scheme is 401 unauthorized', async () => {
    const op = `/v1/operations/${emu.demo.ids['publishedOperationId']}`;
    for (const options of [{ key: null }, { key: 'apik_notARealKey000000000000000000' }]) {
      const r = await call('GET', op, undefined, options);
      assert.equal(r.status, 401);
      assert.equal(r.json.error.code, 'unauthorized');
    }
    const basic = await call('GET', op, undefined, { key: null, headers: { Authorization: `Basic ${emu.demo.apiKey}` } });
    assert.equal(basic.status, 401);
    const lower = await call('GET', op, undefined, { key: null, headers: { authorization: `bearer ${emu.demo.apiKey}` } });
    assert.equal(lower.status, 200);
  });

  test('the public actor id is not the key', async () => {
    const r = await call('GET', `/v1/resources/${emu.demo.ids['dashboardResourceId']}/revisions`);
    for (const item of r.json.data.items) {
      assert.match(item.actor.id, /^apik_/);
      assert.notEqual(item.actor.id, emu.demo.apiKey);
      assert.notEqual(item.actor.id, emu.demo.editorApiKey);
    }
  });

  test('a workspace-scoped request without the workspace header is 400 workspace_required', async () => {
    const r = await call('GET', `/v1/apps/${emu.demo.ids['liveAppId']}`, undefined, { workspace: null });
    assert.equal(r.status, 400);
    assert.equal(r.json.error.code, 'workspace_required');
    assert.match(r.json.error.message, /x-workspace-id/i);
    const malformed = await call('GET', '/v1/apps', undefined, { workspace: 'demo' });
    assert.equal(malformed.json.error.code, 'invalid_id');
  });

  test('a workspace the key may not act in is 403 with permission "workspace"', async () => {
    const r = await call('GET', '/v1/operations', undefined, { key: emu.demo.otherWorkspaceOnlyApiKey });
    assert.equal(r.status, 403);
    assert.equal(r.json.error.code, 'forbidden');
    assert.equal(r.json.error.details.permission, 'workspace');
    const unknown = await call('GET', '/v1/operations', undefined, { workspace: 'wksp_doesNotExist1' });
    assert.equal(unknown.json.error.details.permission, 'workspace');
    const allowed = await call('GET', '/v1/operations', undefined, {
      key: emu.demo.otherWorkspaceOnlyApiKey,
      workspace: emu.demo.otherWorkspaceId,
    });
    assert.equal(allowed.status, 200);
  });

  test('a resource of another workspace is 404 in this one', async () => {
    const { ids } = emu.demo;
    const r = await call('GET', `/v1/operations/${ids['otherWorkspaceOperationId']}`);
    assert.equal(r.status, 404);
    assert.equal(r.json.error.code, 'not_found');
    const there = await call('GET', `/v1/operations/${ids['otherWorkspaceOperationId']}`, undefined, {
      workspace: emu.demo.otherWorkspaceId,
    });
    assert.equal(there.status, 200);
    const history = await call('GET', `/v1/resources/${ids['dashboardResourceId']}/revisions`, undefined, {
      workspace: emu.demo.otherWorkspaceId,
    });
    assert.equal(history.status, 404);
  });

  test('a dashboard save without dashboardWrite is 403 naming the permission', async () => {
    const { ids } = emu.demo;
    const src = (await call('GET', `/v1/dashboards/${ids['dashboardId']}/source`)).json.data;
    const body = { source: src.source, expectedRevision: src.revision, expectedDataRunId: src.dataRunId };
    const r = await call('PUT', `/v1/dashboards/${ids['dashboardId']}/source`, body, { key: emu.demo.readOnlyApiKey });
    assert.equal(r.status, 403);
    assert.deepEqual(r.json.error.details, { permission: 'dashboardWrite' });
    const editor = await call('PUT', `/v1/dashboards/${ids['dashboardId']}/source`, body, { key: emu.demo.editorApiKey });
    assert.equal(editor.status, 200);
    assert.equal(editor.json.data.revision.sequence, src.revision.sequence + 1);
  });

  test('a database save without databaseAdmin is 403 naming the permission', async () => {
    const { ids } = emu.demo;
    const history = (await call('GET', `/v1/resources/${ids['databaseId']}/revisions`)).json.data;
    const body = { expectedDraft: history.draft, definition: { tables: [] } };
    const r = await call('PUT', `/v1/databases/${ids['databaseId']}/definition`, body, { key: emu.demo.editorApiKey });
    assert.equal(r.status, 403);
    assert.equal(r.json.error.details.permission, 'databaseAdmin');
    const after = (await call('GET', `/v1/resources/${ids['databaseId']}/revisions`)).json.data;
    assert.equal(after.version, history.version);
  });

  test("facts are organization-scoped: no workspace header needed, another organization's fact is 404", async () => {
    const { ids } = emu.demo;
    const r = await call('GET', `/v1/facts/${ids['factId']}`, undefined, { workspace: null });
    assert.equal(r.status, 200);
    assert.equal(r.json.data.organizationId, emu.demo.organizationId);
    const foreign = await call('GET', `/v1/facts/${ids['otherOrganizationFactId']}`, undefined, { workspace: null });
    assert.equal(foreign.status, 404);
    const noKey = await call('GET', `/v1/facts/${ids['factId']}`, undefined, { key: null, workspace: null });
    assert.equal(noKey.status, 401);
  });
});

describe('emulator auth with custom carriers', () => {
  test('a custom auth header with an empty scheme takes the bare key; the workspace header name is configurable', async () => {
    const custom = await startEmulator({ quiet: true, authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-Wsa-Workspace' });
    try {
      const path = `${custom.url}/v1/operations/${custom.demo.ids['publishedOperationId']}`;
      const ok = await fetch(path, { headers: { 'X-Api-Key': custom.demo.apiKey, 'X-Wsa-Workspace': custom.demo.workspaceId } });
      assert.equal(ok.status, 200);
      const bearer = await fetch(path, {
        headers: { Authorization: `Bearer ${custom.demo.apiKey}`, 'X-Wsa-Workspace': custom.demo.workspaceId },
      });
      assert.equal(bearer.status, 401);
      const oldHeader = await fetch(path, { headers: { 'X-Api-Key': custom.demo.apiKey, 'X-Workspace-Id': custom.demo.workspaceId } });
      assert.equal(((await oldHeader.json()) as { error: { code: string } }).error.code, 'workspace_required');
    } finally {
      await custom.close();
    }
  });
});
