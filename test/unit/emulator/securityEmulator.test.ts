// The emulator's attack surface: by default it listens on loopback only (public API and admin
// surface), and nothing under the public server — traversal, encoded dots, admin-looking paths
// under /v1, any method, with or without a valid key — reaches fault injection, the request log,
// reset or snapshots. (emulatorWire.test.ts checks the plain admin paths on the public port.) The
// admin surface itself answers only requests carrying the token made at start: without it, or with
// another, every endpoint is 401 and nothing is done (no reset, no fault, no log cleared or read).
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, test } from 'node:test';
import { AdminClient } from '../../../src/emulator/adminClient';
import { startEmulator } from '../../../src/emulator/server';
import { caller, useEmulator } from './emulatorSupport';

const { emu } = useEmulator({}, { resetEach: false });

/** A raw request: the path is sent exactly as written (no URL normalisation of `..`). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function externalAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

describe('emulator surface (security)', () => {
  test('by default the public API and the admin surface listen on 127.0.0.1 only', async (t) => {
    assert.equal(new URL(emu.url).hostname, '127.0.0.1');
    assert.equal(new URL(emu.adminUrl).hostname, '127.0.0.1');
    const address = externalAddress();
    if (!address) return t.skip('this machine has no non-loopback IPv4 address to try');
    for (const base of [emu.url, emu.adminUrl]) {
      const port = new URL(base).port;
      await assert.rejects(
        raw(`http://${address}:${port}`, 'GET', '/v1/operations'),
        (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED',
        `${address}:${port} refuses`,
      );
    }
  });

  test('an emulator bound to every interface still keeps its admin surface on loopback', async () => {
    const open = await startEmulator({ quiet: true, host: '0.0.0.0' });
    try {
      assert.equal(new URL(open.adminUrl).hostname, '127.0.0.1');
      const address = externalAddress();
      if (address)
        await assert.rejects(
          raw(`http://${address}:${new URL(open.adminUrl).port}`, 'GET', '/health'),
          (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED',
        );
    } finally {
      await open.close();
    }
  });

  test('no public path reaches faults, the request log, reset or snapshots, whatever the method or key', async () => {
    const before = JSON.stringify(emu.snapshot());
    const logged = emu.requests().length;
    const fault = JSON.stringify({ kind: 'drop' });
    const paths = [
      '/v1/faults',
      '/v1/requests',
      '/v1/reset',
      '/v1/snapshot',
      '/v1/health',
      '/v1/demo',
      '/v1/admin/faults',
      '/v1/../faults',
      '/v1/../../faults',
      '/v1/%2e%2e/faults',
      '/v1/%2E%2E/reset',
      '/v1/..%2ffaults',
      '/v1/operations/../../faults',
      '//faults',
      '/faults',
      '/requests?since=0',
      '/reset',
      '/snapshot',
      '/v1/dashboards/%2e%2e%2f%2e%2e%2ffaults/source',
      '/v1/faults%00',
    ];
    const key = { authorization: `Bearer ${emu.demo.apiKey}`, 'x-workspace-id': emu.demo.workspaceId };
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        for (const headers of [{}, key]) {
          const reply = await raw(emu.url, method, path, headers, method === 'GET' || method === 'DELETE' ? undefined : fault);
          assert.ok(reply.status >= 400, `${method} ${path} → ${reply.status}`);
          assert.ok(
            !/"(remaining|uptimeMs|cleared|reset)"/.test(reply.text),
            `${method} ${path} answered like the admin surface: ${reply.text.slice(0, 200)}`,
          );
        }
      }
    }
    assert.deepEqual(await new AdminClient(emu.adminUrl, emu.adminToken).faults(), [], 'no fault was armed');
    assert.ok(emu.requests().length > logged, 'the request log was not cleared');
    assert.equal(JSON.stringify(emu.snapshot()), before, 'the state was not reset or changed');
    // And the next ordinary request is not faulted.
    const ok = await raw(emu.url, 'GET', '/v1/operations', key);
    assert.equal(ok.status, 200);
  });
});

describe('emulator admin surface (security)', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  test('each start makes a new random token, and the in-process API returns it', async () => {
    const other = await startEmulator({ quiet: true });
    try {
      assert.match(emu.adminToken, /^[A-Za-z0-9_-]{43}$/, '256 bits, base64url');
      assert.notEqual(other.adminToken, emu.adminToken);
    } finally {
      await other.close();
    }
  });

  test('without the token, or with a wrong one, every admin endpoint is 401 and changes nothing', async () => {
    const call = caller(emu);
    const factPath = `/v1/facts/${emu.demo.ids['factId']}`;
    // A change through the public API that a reset would undo.
    const fact = (await call('GET', factPath, undefined, { workspace: null })).json.data;
    const changed = await call('PUT', factPath, { ...fact, name: 'Changed before the reset' }, { workspace: null });
    assert.equal(changed.status, 200);
    const state = JSON.stringify(emu.snapshot());
    const logged = emu.requests().length;
    const wrong: Record<string, string>[] = [
      {},
      bearer(`${emu.adminToken}x`),
      bearer(emu.adminToken.slice(0, -1)),
      bearer(''),
      { authorization: emu.adminToken },
      { authorization: `Basic ${emu.adminToken}` },
      { 'x-admin-token': emu.adminToken },
      { authorization: `Bearer ${emu.demo.apiKey}` },
    ];
    const fault = JSON.stringify({ kind: 'status', status: 500 });
    const columns = JSON.stringify({ columns: [{ name: 'x', type: 'string' }] });
    const endpoints: [string, string, string?][] = [
      ['GET', '/health'],
      ['GET', '/demo'],
      ['GET', '/variants'],
      ['GET', '/faults'],
      ['POST', '/faults', fault],
      ['DELETE', '/faults'],
      ['GET', '/requests'],
      ['DELETE', '/requests'],
      ['POST', '/reset'],
      ['GET', '/snapshot'],
      ['POST', `/dashboards/${emu.demo.ids['dashboardId']}/data-run`, columns],
      ['POST', `/apps/${emu.demo.ids['deployingAppId']}/finish-deploy`],
      ['GET', '/nope'],
      [`GET`, `/requests?token=${emu.adminToken}`],
    ];
    for (const headers of wrong)
      for (const [method, path, body] of endpoints) {
        const reply = await raw(emu.adminUrl, method, path, headers, body);
        assert.equal(reply.status, 401, `${method} ${path} with ${JSON.stringify(headers)}`);
        assert.equal(JSON.parse(reply.text).error.code, 'unauthorized');
        assert.ok(!reply.text.includes(emu.demo.workspaceId) && !reply.text.includes(emu.adminToken), 'nothing told');
      }
    assert.deepEqual(await new AdminClient(emu.adminUrl, emu.adminToken).faults(), [], 'no fault was armed');
    assert.equal(JSON.stringify(emu.snapshot()), state, 'no reset, no data run, no deployment finished');
    assert.equal(emu.requests().length, logged, 'the request log was not cleared');
    const ok = await call('GET', '/v1/operations');
    assert.equal(ok.status, 200, 'no fault was armed');
    assert.equal((await call('GET', factPath, undefined, { workspace: null })).json.data.name, 'Changed before the reset');
  });

  test('with the token it works: a fault is armed and a reset resets', async () => {
    const admin = new AdminClient(emu.adminUrl, emu.adminToken);
    const call = caller(emu);
    assert.equal((await admin.health()).ok, true);
    const factPath = `/v1/facts/${emu.demo.ids['factId']}`;
    const fact = (await call('GET', factPath, undefined, { workspace: null })).json.data;
    assert.equal((await call('PUT', factPath, { ...fact, name: 'Changed, then reset' }, { workspace: null })).status, 200);
    await admin.reset();
    assert.notEqual((await call('GET', factPath, undefined, { workspace: null })).json.data.name, 'Changed, then reset');
    await admin.injectFault({ match: { method: 'GET', path: '/v1/operations' }, kind: 'status', status: 503, count: 1 });
    assert.equal((await admin.faults()).length, 1);
    assert.equal((await call('GET', '/v1/operations')).status, 503);
    await admin.clearFaults();
    // The lowercase scheme is the same credential (RFC 9110: schemes are case-insensitive).
    assert.equal((await raw(emu.adminUrl, 'GET', '/health', { authorization: `bearer ${emu.adminToken}` })).status, 200);
  });
});
