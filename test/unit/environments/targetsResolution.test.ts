// A target of wsa.targets.json made ready to send to: whose key, which service confirms it (never
// the committed file alone), plain http, the headers given with the key; and the confirmation a
// write to a protected target needs before its first request.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../../../src/cli/args/flags';
import {
  confirmProtectedWrite,
  confirmsBaseUrl,
  ProtectedTargetError,
  resolveTarget,
} from '../../../src/environments/model/targetResolution';
import { parseTargets } from '../../../src/environments/model/targets';

const WS = 'wksp_abc123';
const two = parseTargets(
  JSON.stringify({
    targets: {
      dev: { baseUrl: 'https://dev.example.com', workspace: WS, stage: 'development' },
      prod: { baseUrl: 'https://example.com/api', workspace: 'wksp_prod1', stage: 'production' },
    },
  }),
);
const one = parseTargets(JSON.stringify({ targets: { prod: { baseUrl: 'https://example.com', workspace: WS, stage: 'production' } } }));
const usage = (message: RegExp) => (e: unknown) => e instanceof UsageError && message.test(e.message);

describe('resolving a target', () => {
  test('the key is the target’s own variable; the unnamed key only for a file of one target', () => {
    const env = { WORKSPACE_AUTOMATION_API_KEY_PROD: 'k-prod-123', WORKSPACE_AUTOMATION_BASE_URL_PROD: 'https://example.com' };
    assert.equal(resolveTarget(two, 'prod', env).key, 'k-prod-123');
    assert.equal(
      resolveTarget(one, 'prod', { WORKSPACE_AUTOMATION_API_KEY: 'k-any-1234', WORKSPACE_AUTOMATION_BASE_URL_PROD: 'https://example.com' })
        .key,
      'k-any-1234',
    );
    assert.throws(
      () =>
        resolveTarget(two, 'prod', {
          WORKSPACE_AUTOMATION_API_KEY: 'k-any-1234',
          WORKSPACE_AUTOMATION_BASE_URL_PROD: 'https://example.com',
        }),
      usage(/Set the WORKSPACE_AUTOMATION_API_KEY_PROD environment variable/),
    );
  });

  test('an unknown target is refused, listing the file’s targets', () => {
    assert.throws(() => resolveTarget(two, 'staging', {}), usage(/names no target "staging": use one of dev, prod/));
  });

  test('the committed file alone never chooses where the key goes: unconfirmed or confirmed elsewhere, refused', () => {
    const key = { WORKSPACE_AUTOMATION_API_KEY_DEV: 'k-dev-1234' };
    assert.throws(
      () => resolveTarget(two, 'dev', key),
      usage(/Confirm it with WORKSPACE_AUTOMATION_BASE_URL_DEV=https:\/\/dev\.example\.com/),
    );
    assert.throws(
      () => resolveTarget(two, 'dev', { ...key, WORKSPACE_AUTOMATION_BASE_URL_DEV: 'https://evil.example.com' }),
      usage(/but WORKSPACE_AUTOMATION_BASE_URL_DEV names https:\/\/evil\.example\.com/),
    );
    // Another target's variable, or the unnamed one, confirms nothing for a target with its own key.
    assert.throws(
      () => resolveTarget(two, 'dev', { ...key, WORKSPACE_AUTOMATION_BASE_URL: 'https://dev.example.com' }),
      usage(/Confirm it/),
    );
    assert.throws(
      () => resolveTarget(two, 'dev', { ...key, WORKSPACE_AUTOMATION_BASE_URL_PROD: 'https://dev.example.com' }),
      usage(/Confirm it/),
    );
    assert.equal(resolveTarget(two, 'dev', key, { baseUrl: 'https://DEV.example.com:443/' }).baseUrl, 'https://dev.example.com');
    assert.throws(() => resolveTarget(two, 'dev', key, { baseUrl: 'https://dev.example.com:8443' }), usage(/but --base-url names/));
    // Both given: both must agree.
    assert.throws(
      () =>
        resolveTarget(
          two,
          'dev',
          { ...key, WORKSPACE_AUTOMATION_BASE_URL_DEV: 'https://dev.example.com' },
          { baseUrl: 'https://x.example.com' },
        ),
      usage(/but --base-url names/),
    );
  });

  test('the unnamed key’s own service, when set, must agree too', () => {
    const env = { WORKSPACE_AUTOMATION_API_KEY: 'k-any-1234', WORKSPACE_AUTOMATION_BASE_URL: 'https://example.com' };
    assert.equal(resolveTarget(one, 'prod', env).name, 'prod');
    assert.throws(
      () => resolveTarget(one, 'prod', { ...env, WORKSPACE_AUTOMATION_BASE_URL: 'https://other.example.com' }),
      usage(/nothing was sent/),
    );
  });

  test('an origin confirms every path of it; a path given must be the path', () => {
    assert.ok(confirmsBaseUrl('https://example.com/api', 'https://example.com'));
    assert.ok(confirmsBaseUrl('https://example.com/api', 'https://example.com/api/'));
    assert.ok(!confirmsBaseUrl('https://example.com/tenant-a', 'https://example.com/tenant-b'));
    assert.ok(!confirmsBaseUrl('https://example.com', 'http://example.com'));
    assert.ok(!confirmsBaseUrl('https://example.com', 'not a url'));
  });

  test('plain http to a host that is not loopback is refused unless allowed; the headers are the user’s', () => {
    const file = parseTargets(JSON.stringify({ targets: { lan: { baseUrl: 'http://10.0.0.5:8080', workspace: WS } } }));
    const env = { WORKSPACE_AUTOMATION_API_KEY: 'k-any-1234', WORKSPACE_AUTOMATION_BASE_URL_LAN: 'http://10.0.0.5:8080' };
    assert.throws(() => resolveTarget(file, 'lan', env), usage(/plain http/));
    assert.equal(resolveTarget(file, 'lan', env, { allowPlainHttp: true }).name, 'lan');
    const picked = resolveTarget(
      file,
      'lan',
      { ...env, WORKSPACE_AUTOMATION_AUTH_HEADER: 'X-Api-Key' },
      { allowPlainHttp: true, carriers: { '--auth-scheme': '' } },
    );
    assert.deepEqual(picked.carriers, { authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-Workspace-Id' });
    assert.throws(
      () => resolveTarget(file, 'lan', env, { allowPlainHttp: true, carriers: { '--auth-header': 'Host' } }),
      usage(/--auth-header/),
    );
  });
});

describe('a write to a protected target', () => {
  const prod = { name: 'prod', baseUrl: 'https://example.com', workspace: WS, protected: true };
  const asked: string[] = [];
  const answering = (answer: string) => ({
    ask: (q: string) => {
      asked.push(q);
      return Promise.resolve(answer);
    },
  });

  test('is not asked for a target that is not protected, nor with --yes', async () => {
    asked.length = 0;
    await confirmProtectedWrite({ ...prod, protected: false }, answering('n'), false, 'Push');
    await confirmProtectedWrite(prod, answering('n'), true, 'Push');
    assert.deepEqual(asked, []);
  });

  test('without a terminal and without --yes, is refused', async () => {
    await assert.rejects(
      confirmProtectedWrite(prod, {}, false, 'Push'),
      (e: unknown) => e instanceof ProtectedTargetError && /--yes/.test(e.message),
    );
  });

  test('in a terminal, asks once naming target, service and workspace; only yes goes ahead', async () => {
    asked.length = 0;
    await confirmProtectedWrite(prod, answering('y'), false, 'Push');
    await confirmProtectedWrite(prod, answering(' YES '), false, 'Push');
    assert.equal(asked[0], `Push to «prod» (https://example.com · ${WS})? [y/N]`);
    for (const answer of ['', 'n', 'no', 'yy', 'ja'])
      await assert.rejects(confirmProtectedWrite(prod, answering(answer), false, 'Push'), ProtectedTargetError, JSON.stringify(answer));
  });
});
