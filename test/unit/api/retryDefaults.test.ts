// The retry policy a client gets when none is given (what the extension ships), against the real
// emulator's fault injection: how many attempts, how long it waits, when a Retry-After stops it.
// And Retry-After as the service may send it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, createClient, DEFAULT_CONNECTION, type ServiceClient } from '../../../src/api';
import { parseRetryAfter } from '../../../src/api/errorBody';
import { nextRetryDelay } from '../../../src/api/retry';
import { useEmulator } from '../emulator/emulatorSupport';

describe('the shipped retry policy', () => {
  let client: ServiceClient;
  const opPath = '/v1/operations/';
  const getOp = () => client.getOperation(emu.demo.ids['codeStaleOperationId']!);

  const { emu } = useEmulator();
  before(async () => {
    // No retry policy: the client's own default.
    client = createClient({ ...DEFAULT_CONNECTION, baseUrl: emu.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId });
  });
  after(async () => {
    await client.close();
  });

  test('a GET that keeps failing with 503 is tried 4 times in all, within about two seconds, then fails', async () => {
    emu.injectFault({ match: { method: 'GET', path: opPath }, count: 100, kind: 'status', status: 503 });
    const started = Date.now();
    await assert.rejects(getOp(), (e: unknown) => e instanceof ApiError && e.kind === 'server' && e.status === 503);
    const took = Date.now() - started;
    assert.equal(emu.requests().length, 4);
    // Waits of 250, 500 and 1,000 ms, each jittered down to no less than half.
    assert.ok(took >= 875, `waited ${took} ms between attempts`);
    assert.ok(took < 3_500, `gave up after ${took} ms`);
  });

  test('a Retry-After longer than 8 seconds is not waited for: the 429 is the answer', async () => {
    emu.injectFault({ match: { method: 'GET', path: opPath }, count: 1, kind: 'rateLimit', retryAfterSeconds: 9 });
    const started = Date.now();
    await assert.rejects(getOp(), (e: unknown) => e instanceof ApiError && e.kind === 'rateLimited' && e.retryAfterMs === 9_000);
    assert.equal(emu.requests().length, 1);
    assert.ok(Date.now() - started < 2_000);
  });

  test('a Retry-After of 1 second is waited for, and the retry succeeds', async () => {
    emu.injectFault({ match: { method: 'GET', path: opPath }, count: 1, kind: 'rateLimit', retryAfterSeconds: 1 });
    const started = Date.now();
    const op = await getOp();
    assert.equal(op.id, emu.demo.ids['codeStaleOperationId']);
    assert.ok(Date.now() - started >= 950, 'waited for Retry-After');
    assert.equal(emu.requests().length, 2);
  });
});

describe('the default policy without a service', () => {
  const network = () => new ApiError({ kind: 'network', message: 'x', action: 'a', method: 'GET', path: '/' });
  const limited = (retryAfterMs: number) =>
    new ApiError({ kind: 'rateLimited', status: 429, retryAfterMs, message: 'x', action: 'a', method: 'GET', path: '/' });

  test('backoff doubles from 250 ms and is capped at 8 seconds; no retry starts 20 seconds after the first attempt', () => {
    const full = () => 1;
    assert.deepEqual(
      [1, 2, 3].map((attempt) => nextRetryDelay(network(), attempt, 0, undefined, full)),
      [250, 500, 1_000],
    );
    assert.equal(nextRetryDelay(network(), 4, 0, undefined, full), undefined, 'four attempts in all');
    assert.equal(nextRetryDelay(network(), 1, 19_750, undefined, full), 250, 'a retry that starts at 20 s is still made');
    assert.equal(nextRetryDelay(network(), 1, 19_751, undefined, full), undefined, 'one that would start after 20 s is not');
    assert.equal(nextRetryDelay(limited(8_000), 1, 0, undefined, full), 8_000, 'a Retry-After of 8 s is waited for');
    assert.equal(nextRetryDelay(limited(8_001), 1, 0, undefined, full), undefined, 'a longer one is not');
  });
});

describe('Retry-After as sent', () => {
  test('seconds, with surrounding space or a fraction', () => {
    assert.equal(parseRetryAfter(' 2 '), 2_000);
    assert.equal(parseRetryAfter('0'), 0);
    assert.equal(parseRetryAfter('1.25'), 1_250);
  });

  test('an HTTP date in the past means now; one in the future means the time until then', () => {
    const now = Date.parse('Wed, 25 Nov 2026 12:00:00 GMT');
    assert.equal(parseRetryAfter('Wed, 25 Nov 2026 11:59:00 GMT', now), 0);
    assert.equal(parseRetryAfter('Wed, 25 Nov 2026 12:00:30 GMT', now), 30_000);
  });

  test('what is neither is ignored rather than guessed', () => {
    for (const value of ['', '   ', '1e3', '5s', '3 seconds', '9'.repeat(400)]) {
      assert.equal(parseRetryAfter(value, 0), undefined, JSON.stringify(value));
    }
  });
});
