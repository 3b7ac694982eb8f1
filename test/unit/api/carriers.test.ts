// Which header names may carry the key and the workspace: RFC 9110 tokens that HTTP and undici do
// not interpret. Checked where a carrier is chosen (the user's settings, a folder's) and where the
// headers are built, so a `Host` carrier never reaches the wire whatever chose it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createClient, DEFAULT_CONNECTION } from '../../../src/api';
import { carrierProblem, carriersProblem, schemeProblem } from '../../../src/api/carriers';
import { decideKey, type KeyInputs } from '../../../src/connection/model/keyPolicy';
import { json, withScriptedServer } from '../../harness/lib/scriptedServer';

const SPECIAL = ['Host', 'Content-Length', 'Transfer-Encoding', 'Connection', 'Keep-Alive', 'Upgrade', 'Expect', 'TE', 'Trailer', 'Cookie'];

describe('carriers: which headers may carry the key and the workspace', () => {
  test('the names HTTP itself interprets are refused, in any case; every Proxy-* name too', () => {
    for (const name of [...SPECIAL, ...SPECIAL.map((n) => n.toLowerCase()), ...SPECIAL.map((n) => n.toUpperCase())])
      assert.match(carrierProblem(name) ?? '', /HTTP itself interprets/, name);
    for (const name of ['Proxy-Authorization', 'proxy-connection', 'PROXY-X', 'Proxy-'])
      assert.match(carrierProblem(name) ?? '', /HTTP itself interprets/, name);
  });

  test('a name that is not an RFC 9110 token is refused: empty, spaces, separators, line breaks, non-ASCII', () => {
    for (const name of [
      '',
      ' ',
      'X Workspace',
      'X-Key:',
      'X-Key\r\nHost: evil',
      'X-Key\n',
      '(X)',
      'X/Y',
      'Ключ',
      'X-Ké',
      '"X"',
      'X,Y',
      'X;Y',
      'X@Y',
    ])
      assert.match(carrierProblem(name) ?? '', /not a header name/, JSON.stringify(name));
  });

  test('ordinary names pass, including every tchar and a long one', () => {
    for (const name of [
      'Authorization',
      'X-Api-Key',
      'X-Workspace-Id',
      'x',
      "!#$%&'*+-.^_`|~09AZaz",
      'X'.repeat(4096),
      'Hostname',
      'X-Host',
      'Cookies',
      'Tea',
    ])
      assert.equal(carrierProblem(name), undefined, name);
  });

  test('the scheme is empty (the bare key) or a token', () => {
    for (const scheme of ['', 'Bearer', 'Token', 'ApiKey', 'x']) assert.equal(schemeProblem(scheme), undefined, scheme);
    for (const scheme of [' ', 'Bearer x', 'Bearer\r\nHost: a', 'Bé'])
      assert.match(schemeProblem(scheme) ?? '', /not an authentication scheme/, scheme);
  });

  test('the three together name the first setting in the way, and the key and the workspace need two headers', () => {
    assert.equal(carriersProblem(DEFAULT_CONNECTION), undefined);
    assert.equal(carriersProblem({ ...DEFAULT_CONNECTION, authHeader: 'Host' })?.setting, 'authHeader');
    assert.equal(carriersProblem({ ...DEFAULT_CONNECTION, workspaceHeader: 'host' })?.setting, 'workspaceHeader');
    assert.equal(carriersProblem({ ...DEFAULT_CONNECTION, authScheme: 'a b' })?.setting, 'authScheme');
    assert.deepEqual(carriersProblem({ ...DEFAULT_CONNECTION, workspaceHeader: 'authorization' }), {
      setting: 'workspaceHeader',
      problem: 'the key and the workspace cannot share the header Authorization',
    });
  });
});

describe('carriers: where the headers are built', () => {
  test('a client with a Host or Content-Length carrier is refused before anything is sent', async () => {
    await withScriptedServer(async (server) => {
      server.answerAll(json(200, { data: {} }));
      const baseUrl = server.url;
      for (const over of [
        { workspaceHeader: 'Host' },
        { authHeader: 'Host', authScheme: '' },
        { authHeader: 'content-length' },
        { workspaceHeader: 'Transfer-Encoding' },
        { authHeader: 'Proxy-Authorization' },
      ])
        assert.throws(
          () => createClient({ ...DEFAULT_CONNECTION, baseUrl, apiKey: 'apik_secret', workspaceId: 'wksp_a', ...over }),
          /cannot be used: .*Nothing was sent/,
          JSON.stringify(over),
        );
      // The control: the same server answers a client with ordinary carriers.
      const client = createClient({ ...DEFAULT_CONNECTION, baseUrl, apiKey: 'apik_secret', workspaceId: 'wksp_a' });
      await client.getApp('appl_x').catch(() => undefined);
      await client.close();
      assert.equal(server.requests.length, 1, 'only the ordinary client reached the server');
    });
  });
});

describe('carriers: the extension settings', () => {
  const A = 'https://a.example.com';
  const inputs = (carriers: KeyInputs['carriers'], accepted?: KeyInputs['acceptedFolderCarriers']): KeyInputs => ({
    baseUrl: { user: A },
    carriers,
    defaults: { authHeader: 'Authorization', authScheme: 'Bearer', workspaceHeader: 'X-Workspace-Id' },
    envKey: false,
    storedOrigins: new Set([A]),
    plainHttpAllowed: new Set(),
    ...(accepted ? { acceptedFolderCarriers: accepted } : {}),
  });

  test("a user's Host carrier sends nothing and says which setting", () => {
    const d = decideKey(inputs({ authHeader: {}, authScheme: {}, workspaceHeader: { user: 'Host' } }));
    assert.equal(d.kind, 'invalidCarrier');
    assert.equal(d.kind === 'invalidCarrier' && d.setting, 'workspaceHeader');
  });

  test("a folder's Host carrier is neither used nor offered to accept, even if once accepted", () => {
    for (const accepted of [undefined, { workspaceHeader: 'Host' }]) {
      const d = decideKey(inputs({ authHeader: {}, authScheme: {}, workspaceHeader: { folder: 'Host' } }, accepted));
      assert.equal(d.kind, 'send');
      assert.equal(d.kind === 'send' && d.carriers.workspaceHeader, 'X-Workspace-Id');
      assert.deepEqual(d.kind === 'send' && d.ignoredFolder, {});
    }
    const scheme = decideKey(inputs({ authHeader: {}, authScheme: { folder: 'Bearer\r\nHost: x' }, workspaceHeader: {} }));
    assert.deepEqual(scheme.kind === 'send' && scheme.ignoredFolder, {});
    // The control: an ordinary folder value is offered.
    const ok = decideKey(inputs({ authHeader: {}, authScheme: {}, workspaceHeader: { folder: 'X-Tenant' } }));
    assert.deepEqual(ok.kind === 'send' && ok.ignoredFolder, { workspaceHeader: 'X-Tenant' });
  });
});
