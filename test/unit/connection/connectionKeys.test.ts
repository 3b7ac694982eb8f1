// Which key goes where: origins, the decision from the settings as inspect() reports them, and the
// plain-http check. Plain data, no vscode.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { decideKey, type KeyDecision, type KeyInputs } from '../../../src/connection/model/keyPolicy';
import { isLoopbackHost, isPlainHttpRisk, originOf, secretKeyFor } from '../../../src/connection/model/origins';
import { repoRoot } from '../../harness/lib/paths';

const A = 'https://a.example.com';
const B = 'https://b.example.net:8443';
const DEFAULTS = { authHeader: 'Authorization', authScheme: 'Bearer', workspaceHeader: 'X-Workspace-Id' };

function inputs(over: Partial<KeyInputs> = {}): KeyInputs {
  return {
    baseUrl: { user: `${A}/api` },
    carriers: { authHeader: {}, authScheme: {}, workspaceHeader: {} },
    defaults: DEFAULTS,
    envKey: false,
    storedOrigins: new Set([A]),
    plainHttpAllowed: new Set(),
    ...over,
  };
}

function sent(d: KeyDecision): { origin: string; key: string } | undefined {
  return d.kind === 'send' ? { origin: d.origin, key: d.key } : undefined;
}

describe('origins', () => {
  test('scheme + host + port, normalised: lower-case host, default ports dropped, path ignored', () => {
    assert.equal(originOf('HTTPS://A.Example.COM:443/v1/x?y#z'), 'https://a.example.com');
    assert.equal(originOf('http://Host:80'), 'http://host');
    assert.equal(originOf('http://host:8080/'), 'http://host:8080');
    assert.equal(originOf('https://a.example.com.'), 'https://a.example.com', 'a trailing dot names the same host');
    assert.equal(originOf('http://[0:0::1]:3000'), 'http://[::1]:3000');
    assert.equal(originOf('  https://a.example.com  '), 'https://a.example.com');
    assert.notEqual(originOf('https://a.example.com'), originOf('http://a.example.com'), 'the scheme is part of it');
    assert.notEqual(originOf('https://a.example.com'), originOf('https://a.example.com:8443'), 'so is the port');
  });

  test('anything but an http(s) URL has no origin, so no key matches it', () => {
    for (const bad of ['', '   ', 'a.example.com', 'ftp://a.example.com', 'file:///etc/passwd', 'javascript:alert(1)', undefined]) {
      assert.equal(originOf(bad), undefined, String(bad));
    }
  });

  test('each origin has its own secret', () => {
    assert.equal(secretKeyFor('https://a.example.com'), 'workspaceAutomation.apiKey/https://a.example.com');
    assert.notEqual(secretKeyFor(originOf(A)!), secretKeyFor(originOf(B)!));
  });
});

describe('plain http', () => {
  test('loopback in every form is allowed', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://api.localhost',
      'http://127.0.0.1:1',
      'http://127.1.2.3',
      'http://[::1]:9',
    ]) {
      assert.equal(isPlainHttpRisk(originOf(url)!), false, url);
    }
    assert.equal(isLoopbackHost('127.0.0.1'), true);
    assert.equal(isLoopbackHost('127.256.0.1'), false);
  });

  test('another host over http needs a confirmation; https never does', () => {
    for (const url of [
      'http://a.example.com',
      'http://10.0.0.5:8080',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://[::2]',
    ]) {
      assert.equal(isPlainHttpRisk(originOf(url)!), true, url);
    }
    assert.equal(isPlainHttpRisk(originOf('https://a.example.com')!), false);
  });

  test('a stored key for a plain-http origin is not sent until that origin is allowed', () => {
    const http = 'http://svc.example.com:8080';
    const base = inputs({ baseUrl: { user: http }, storedOrigins: new Set([http]) });
    const blocked = decideKey(base);
    assert.equal(blocked.kind, 'plainHttp');
    assert.deepEqual(sent(decideKey({ ...base, plainHttpAllowed: new Set([http]) })), { origin: http, key: 'stored' });
    const local = 'http://127.0.0.1:4000';
    assert.equal(decideKey(inputs({ baseUrl: { user: local }, storedOrigins: new Set([local]) })).kind, 'send');
  });
});

describe('which key goes with which origin', () => {
  test('the user’s own service gets its stored key', () => {
    const d = decideKey(inputs());
    assert.deepEqual(sent(d), { origin: A, key: 'stored' });
    assert.equal(d.kind === 'send' && d.baseUrl, `${A}/api`);
  });

  test('a folder naming another service gets no key: the user is told which origin it asks for', () => {
    const d = decideKey(inputs({ baseUrl: { user: A, folder: `${B}/x` } }));
    assert.equal(d.kind, 'noKey');
    assert.equal(d.kind === 'noKey' && d.origin, B);
    assert.equal(d.kind === 'noKey' && d.userOrigin, A);
    assert.equal(d.kind === 'noKey' && d.userHasKey, true, 'Use My Key is offered');
    assert.deepEqual(d.kind === 'noKey' && d.fromFolder, ['baseUrl']);
  });

  test('nor does the environment key follow a folder’s URL', () => {
    const d = decideKey(inputs({ baseUrl: { user: A, folder: B }, storedOrigins: new Set(), envKey: true }));
    assert.equal(d.kind, 'noKey');
    const noUser = decideKey(inputs({ baseUrl: { folder: B }, storedOrigins: new Set(), envKey: true }));
    assert.equal(noUser.kind, 'noKey', 'even without a user-level URL');
  });

  test('the environment key goes to WORKSPACE_AUTOMATION_BASE_URL’s origin, else the user’s baseUrl', () => {
    const env = { storedOrigins: new Set<string>(), envKey: true };
    assert.deepEqual(sent(decideKey(inputs({ ...env, baseUrl: { user: A } }))), { origin: A, key: 'env' });
    assert.deepEqual(sent(decideKey(inputs({ ...env, baseUrl: {}, envBaseUrl: B }))), { origin: B, key: 'env' });
    assert.equal(decideKey(inputs({ ...env, baseUrl: { user: A }, envBaseUrl: B })).kind, 'noKey', 'its own origin is B');
    assert.equal(decideKey(inputs({ ...env, envKey: false })).kind, 'noKey', 'signed out: the environment key is ignored');
  });

  test('a folder naming a service the user signed in to uses that service’s own key', () => {
    const d = decideKey(inputs({ baseUrl: { user: A, folder: B }, storedOrigins: new Set([A, B]) }));
    assert.deepEqual(sent(d), { origin: B, key: 'stored' });
    assert.deepEqual(d.kind === 'send' && d.fromFolder, ['baseUrl'], 'the status bar says the folder chose it');
  });

  test('a folder’s value equal to the user’s is no override', () => {
    const d = decideKey(inputs({ baseUrl: { user: A, folder: A } }));
    assert.deepEqual(d.kind === 'send' && d.fromFolder, []);
  });

  test('a folder’s header settings are not used until the user accepted exactly those values', () => {
    const carriers = { authHeader: { folder: 'X-Leak' }, authScheme: { user: 'Token', folder: '' }, workspaceHeader: {} };
    const d = decideKey(inputs({ carriers }));
    assert.equal(d.kind, 'send');
    if (d.kind !== 'send') return;
    assert.deepEqual(d.carriers, { authHeader: 'Authorization', authScheme: 'Token', workspaceHeader: 'X-Workspace-Id' });
    assert.deepEqual(d.ignoredFolder, { authHeader: 'X-Leak', authScheme: '' });
    const accepted = decideKey(inputs({ carriers, acceptedFolderCarriers: { authHeader: 'X-Leak', authScheme: '' } }));
    assert.equal(accepted.kind === 'send' && accepted.carriers.authHeader, 'X-Leak');
    assert.equal(accepted.kind === 'send' && accepted.carriers.authScheme, '');
    assert.deepEqual(accepted.kind === 'send' && accepted.fromFolder, ['authHeader', 'authScheme']);
    const changed = decideKey(inputs({ carriers, acceptedFolderCarriers: { authHeader: 'X-Other' } }));
    assert.equal(changed.kind === 'send' && changed.carriers.authHeader, 'Authorization', 'a changed folder value needs a new yes');
  });

  test('no URL, or one that is not http(s), sends nothing', () => {
    assert.equal(decideKey(inputs({ baseUrl: {} })).kind, 'noService');
    const d = decideKey(inputs({ baseUrl: { user: A, folder: 'ftp://b.example.net' } }));
    assert.deepEqual(d, { kind: 'invalidUrl', baseUrl: 'ftp://b.example.net', fromFolder: true });
  });
});

describe('Restricted Mode', () => {
  test('package.json declares limited support: the folder’s values of every setting that steers the key are ignored', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      capabilities?: {
        untrustedWorkspaces?: { supported: unknown; restrictedConfigurations?: string[]; description?: string };
        virtualWorkspaces?: unknown;
      };
    };
    const untrusted = pkg.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.ok(untrusted?.description, 'it says what is limited');
    for (const name of ['baseUrl', 'authHeader', 'authScheme', 'workspaceHeader']) {
      assert.ok(untrusted?.restrictedConfigurations?.includes(`workspaceAutomation.${name}`), name);
    }
    assert.notEqual(pkg.capabilities?.virtualWorkspaces, undefined);
  });
});
