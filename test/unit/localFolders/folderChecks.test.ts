// The checks a state file's names meet before the engine uses them, as pure functions at their
// boundaries: paths stay inside the folder and out of `.wsa/` in any case; the connection is an
// http(s) base URL without a user or query, a workspace id, and carriers HTTP does not interpret.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrlProblem, checkConnection, FolderStateError, resolveInside } from '../../../src/localFolders/engine/folderChecks';

const GOOD = {
  baseUrl: 'https://automation.example.com/api',
  workspaceId: 'wksp_demo',
  authHeader: 'Authorization',
  authScheme: 'Bearer',
  workspaceHeader: 'X-Workspace-Id',
};

describe('state file checks', () => {
  test('a path stays inside the folder and out of .wsa, in any case', () => {
    for (const bad of [
      '../x.json',
      '/etc/passwd',
      'facts/../../x',
      '.wsa/state.json',
      '.WSA/state.json',
      '.Wsa',
      '.wsa',
      'facts\\x.json',
      './facts/x.json',
      'facts//x.json',
      'facts/x.json/',
      '',
    ])
      assert.throws(
        () => resolveInside('/tmp/folder', bad),
        (e: unknown) => e instanceof FolderStateError && e.name === 'FolderStateError' && e.message.includes(JSON.stringify(bad)),
        bad,
      );
    assert.equal(resolveInside('/tmp/folder', 'facts/x.json'), '/tmp/folder/facts/x.json');
    assert.equal(resolveInside('/tmp/folder', '.wsax/x.json'), '/tmp/folder/.wsax/x.json', 'only .wsa itself is the state directory');
    assert.equal(resolveInside('/tmp/folder', 'facts/.wsa'), '/tmp/folder/facts/.wsa');
  });

  test('a base URL a key may go to: http(s), no user or password, no query or fragment', () => {
    for (const ok of ['https://automation.example.com', 'http://127.0.0.1:4000/api', 'https://a.example.com/x/y/', 'HTTPS://A.EXAMPLE.COM'])
      assert.equal(baseUrlProblem(ok), undefined, ok);
    const cases: [string, RegExp][] = [
      ['', /^"" is not a URL$/],
      ['automation.example.com', /is not a URL/],
      ['ftp://a.example.com', /is not an http or https URL/],
      ['file:///etc/passwd', /is not an http or https URL/],
      ['javascript:alert(1)', /is not an http or https URL/],
      ['https://user@a.example.com', /^"https:\/\/a\.example\.com" holds a user or password$/],
      ['https://:secret@a.example.com', /holds a user or password/],
      ['https://a.example.com/api?tenant=b', /^"https:\/\/a\.example\.com\/api" has a query or fragment$/],
      ['https://a.example.com/#x', /has a query or fragment/],
    ];
    for (const [url, said] of cases) assert.match(baseUrlProblem(url) ?? '', said, url);
  });

  test('the connection: every field a string, then the URL, the workspace id and the carriers; only those five are kept', () => {
    assert.deepEqual(checkConnection({ ...GOOD, extra: 'dropped' }), GOOD);
    assert.deepEqual(checkConnection({ ...GOOD, authScheme: '' }).authScheme, '');
    for (const field of Object.keys(GOOD))
      for (const value of [undefined, 5, null, {}])
        assert.throws(
          () => checkConnection({ ...GOOD, [field]: value }),
          new RegExp(`connection has no ${field}\\.$`),
          `${field}: ${String(value)}`,
        );
    const cases: [Record<string, string>, RegExp][] = [
      [{ baseUrl: 'https://u:p@a.example.com' }, /cannot be used: its base URL "https:\/\/a\.example\.com" holds a user or password\.$/],
      [{ workspaceId: 'attacker.example' }, /its workspace "attacker\.example" is not a workspace id/],
      [{ workspaceId: 'oper_abc' }, /is not a workspace id/],
      [{ workspaceId: '' }, /is not a workspace id/],
      [{ workspaceHeader: 'Host' }, /its workspaceHeader: Host is a header HTTP itself interprets/],
      [{ authHeader: 'Host', authScheme: '' }, /its authHeader: Host/],
      [{ authScheme: 'Bearer x' }, /its authScheme: "Bearer x" is not an authentication scheme/],
    ];
    for (const [over, said] of cases)
      assert.throws(
        () => checkConnection({ ...GOOD, ...over }),
        (e: unknown) => e instanceof FolderStateError && said.test(e.message),
        JSON.stringify(over),
      );
  });
});
