import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError, type ApiErrorKind } from '../../../src/api/errors';
import { nextRetryDelay, sleep, type RetryPolicy } from '../../../src/api/retry';

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 2_000, budgetMs: 5_000 };
const err = (kind: ApiErrorKind, status?: number, retryAfterMs?: number) =>
  new ApiError({ kind, status, retryAfterMs, message: 'x', action: 'a', method: 'GET', path: '/' });

describe('retry policy', () => {
  test('network errors, 429, 502, 503 and 504 are retried; others are not', () => {
    assert.notEqual(nextRetryDelay(err('network'), 1, 0, policy), undefined);
    for (const s of [429, 502, 503, 504])
      assert.notEqual(nextRetryDelay(err(s === 429 ? 'rateLimited' : 'server', s), 1, 0, policy), undefined, String(s));
    for (const [k, s] of [
      ['server', 500],
      ['notFound', 404],
      ['conflict', 409],
      ['validation', 422],
      ['unauthorized', 401],
    ] as const) {
      assert.equal(nextRetryDelay(err(k, s), 1, 0, policy), undefined, String(s));
    }
    assert.equal(nextRetryDelay(err('timeout'), 1, 0, policy), undefined);
    assert.equal(nextRetryDelay(err('invalidResponse', 200), 1, 0, policy), undefined);
  });

  test('backoff grows exponentially with jitter inside [half, full]', () => {
    const lo = () => 0;
    const hi = () => 1;
    assert.equal(nextRetryDelay(err('network'), 1, 0, policy, lo), 50);
    assert.equal(nextRetryDelay(err('network'), 1, 0, policy, hi), 100);
    assert.equal(nextRetryDelay(err('network'), 3, 0, policy, hi), 400);
  });

  test('attempts and total time are bounded', () => {
    assert.equal(nextRetryDelay(err('network'), 4, 0, policy), undefined);
    assert.equal(
      nextRetryDelay(err('network'), 1, 4_990, policy, () => 1),
      undefined,
    );
  });

  test('Retry-After is honoured, and a wait longer than allowed is not attempted', () => {
    assert.equal(
      nextRetryDelay(err('rateLimited', 429, 1_500), 1, 0, policy, () => 0),
      1_500,
    );
    assert.equal(nextRetryDelay(err('rateLimited', 429, 60_000), 1, 0, policy), undefined);
    // At the bound exactly, the wait is allowed; a millisecond past it, not.
    assert.equal(
      nextRetryDelay(err('rateLimited', 429, 2_000), 1, 0, policy, () => 0),
      2_000,
    );
    assert.equal(
      nextRetryDelay(err('rateLimited', 429, 2_001), 1, 0, policy, () => 0),
      undefined,
    );
    // Without Retry-After, the backoff at its cap is still a retry.
    assert.equal(
      nextRetryDelay(err('server', 503), 10, 0, { ...policy, maxAttempts: 20, budgetMs: 60_000 }, () => 1),
      2_000,
    );
  });

  test('a wait ends at once with the reason of a signal aborted before it, or during it', async () => {
    const before = new AbortController();
    before.abort(new Error('cancelled before'));
    const started = Date.now();
    await assert.rejects(sleep(5_000, before.signal), /cancelled before/);
    assert.ok(Date.now() - started < 1_000, 'an aborted signal does not wait');
    const during = new AbortController();
    const waiting = sleep(5_000, during.signal);
    setImmediate(() => during.abort(new Error('cancelled during')));
    await assert.rejects(waiting, /cancelled during/);
    assert.ok(Date.now() - started < 1_000, 'an abort ends the wait');
    // Without a signal, or with one never aborted, the wait ends by itself.
    await sleep(1);
    await sleep(1, new AbortController().signal);
  });
});
