// The sign-in check: one request, and the step to correct when it fails.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkApiKey, checkBaseUrl, checkWorkspaceId, verifyConnection } from '../../../src/connection/model/verifyConnection';
import { useEmulator } from '../emulator/emulatorSupport';
import { withScriptedServer } from '../../harness/lib/scriptedServer';

const { emu } = useEmulator({}, { resetEach: false });

describe('sign-in check', () => {
  test('the demo key and workspace pass with one request', async () => {
    emu.clearRequests();
    assert.deepEqual(await verifyConnection({ baseUrl: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId }), {
      ok: true,
    });
    assert.deepEqual(
      emu.requests().map((r) => `${r.method} ${r.path} ${r.query.limit}`),
      ['GET /v1/operations 1'],
    );
  });

  test('a wrong key sends the user back to the key step', async () => {
    const v = await verifyConnection({ baseUrl: emu.url, apiKey: 'apik_notAKey', workspaceId: emu.demo.workspaceId });
    assert.equal(!v.ok && v.step, 'apiKey');
    assert.doesNotMatch(JSON.stringify(v), /apik_notAKey/, 'the key is never repeated');
  });

  test('a key without access to the workspace sends the user to the workspace step', async () => {
    const v = await verifyConnection({ baseUrl: emu.url, apiKey: emu.demo.otherWorkspaceOnlyApiKey, workspaceId: emu.demo.workspaceId });
    assert.equal(!v.ok && v.step, 'workspaceId');
    assert.match(!v.ok ? v.message : '', /403/);
  });

  test('an unreachable URL sends the user to the URL step', async () => {
    const v = await verifyConnection({ baseUrl: 'http://127.0.0.1:9', apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId });
    assert.equal(!v.ok && v.step, 'baseUrl');
  });

  test('a server without list endpoints is checked with a read; its 404 proves the key', async () => {
    emu.injectFault({ match: { method: 'GET', path: '^/v1/operations$' }, kind: 'status', status: 404 });
    emu.clearRequests();
    assert.deepEqual(await verifyConnection({ baseUrl: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId }), {
      ok: true,
    });
    assert.deepEqual(
      emu.requests().map((r) => r.path),
      ['/v1/operations', '/v1/operations/oper_signInCheck'],
    );
  });

  test('a web page that is not the service is named as such', async () => {
    await withScriptedServer(async (server) => {
      server.answerAll((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
      const v = await verifyConnection({ baseUrl: server.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId });
      assert.equal(!v.ok && v.step, 'baseUrl');
      assert.match(!v.ok ? v.message : '', /does not answer like a Workspace Automation Service/);
    });
  });

  test('inputs are checked as the user types', () => {
    assert.equal(checkBaseUrl('https://automation.example.com'), undefined);
    assert.match(checkBaseUrl('automation.example.com')!, /scheme/);
    assert.match(checkBaseUrl('ftp://x')!, /http/);
    assert.equal(checkApiKey('apik_x'), undefined);
    assert.match(checkApiKey('')!, /Enter/);
    assert.equal(checkWorkspaceId('wksp_abc'), undefined);
    assert.match(checkWorkspaceId('oper_abc')!, /not a workspace id/);
  });
});
