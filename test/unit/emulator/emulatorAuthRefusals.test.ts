// The emulator's auth refusals as a client meets them: the scheme before the key is a whole word in
// any case, with space around it allowed; each refusal's text says what to send and never holds the
// key; a blank workspace header is a missing one.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startEmulator } from '../../../src/emulator/server';
import { useEmulator } from './emulatorSupport';

const { emu, call } = useEmulator({}, { resetEach: false });

describe('emulator auth refusals', () => {
  test('the scheme is checked as a whole word before the key, case-insensitively, and the refusals say what to send', async () => {
    const op = `/v1/operations/${emu.demo.ids['publishedOperationId']}`;
    const as = (authorization: string) => call('GET', op, undefined, { key: null, headers: { Authorization: authorization } });
    const key = emu.demo.apiKey;
    assert.equal((await as(`BEARER ${key}`)).status, 200);
    assert.equal((await as(`  Bearer   ${key}  `)).status, 200, 'space around the scheme and the key');
    for (const wrong of [`Bearer${key}`, `Bearerx ${key}`, `Bear ${key}`, key, `Token ${key}`]) {
      const r = await as(wrong);
      assert.equal(r.status, 401, wrong.replace(key, '<key>'));
      assert.equal(r.json.error.message, 'The authorization header must be "authorization: bearer apik_…".');
      assert.ok(!r.text.includes(key), 'the key is not echoed');
    }
    const missing = await call('GET', op, undefined, { key: null });
    assert.equal(missing.json.error.message, 'Missing API key: send it in the authorization: bearer apik_… header.');
    const blank = await as('   ');
    assert.equal(blank.status, 401);
    assert.equal(blank.json.error.message, missing.json.error.message);
    const unknown = await as('Bearer apik_notARealKey000000000000000000');
    assert.equal(unknown.json.error.message, 'The API key is not valid.');
    const schemeOnly = await as('Bearer ');
    assert.equal(schemeOnly.status, 401);
  });

  test('the workspace refusals name the header and the workspace, and a blank header is a missing one', async () => {
    const blank = await call('GET', '/v1/apps', undefined, { workspace: '   ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.json.error.code, 'workspace_required');
    assert.equal(blank.json.error.message, 'This request acts in a workspace: send its id (wksp_…) in the x-workspace-id header.');
    const malformed = await call('GET', '/v1/apps', undefined, { workspace: 'demo' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error.message, 'The x-workspace-id header must hold a workspace id (wksp_…), got "demo".');
    const forbidden = await call('GET', '/v1/apps', undefined, { workspace: 'wksp_doesNotExist1' });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.json.error.message, 'This API key may not act in workspace wksp_doesNotExist1.');
    assert.equal(forbidden.json.error.details.workspaceId, 'wksp_doesNotExist1');
    const long = await call('GET', '/v1/apps', undefined, { workspace: `wksp${'x'.repeat(100)}` });
    assert.equal(long.status, 400);
    assert.equal(long.json.error.message, `The x-workspace-id header must hold a workspace id (wksp_…), got "wksp${'x'.repeat(56)}".`);
    const padded = await call('GET', '/v1/apps', undefined, { workspace: `  ${emu.demo.workspaceId}  ` });
    assert.equal(padded.status, 200);
  });
});

describe('emulator auth refusals with custom carriers', () => {
  test('they name the configured headers', async () => {
    const custom = await startEmulator({ quiet: true, authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-Wsa-Workspace' });
    try {
      const path = `${custom.url}/v1/operations/${custom.demo.ids['publishedOperationId']}`;
      const oldHeader = await fetch(path, { headers: { 'X-Api-Key': custom.demo.apiKey, 'X-Workspace-Id': custom.demo.workspaceId } });
      const refusal = (await oldHeader.json()) as { error: { code: string; message: string } };
      assert.equal(refusal.error.code, 'workspace_required');
      assert.match(refusal.error.message, /in the x-wsa-workspace header\.$/);
      const noKey = await fetch(path, { headers: { 'X-Wsa-Workspace': custom.demo.workspaceId } });
      assert.equal(
        ((await noKey.json()) as { error: { message: string } }).error.message,
        'Missing API key: send it in the x-api-key: apik_… header.',
      );
    } finally {
      await custom.close();
    }
  });
});
