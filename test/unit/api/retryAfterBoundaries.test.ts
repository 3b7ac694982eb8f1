// Retry-After at every boundary, as the client reads it from a 429 over real HTTP (a scripted
// loopback server: the emulator sends only whole seconds) and as the retry and the message use it.
// Cases that do not apply: none of the numeric ones is left out; "many digits" is a wait longer than
// the retry bound (told, not waited for), "the maximum" is the longest wait a double holds to the
// millisecond (9,007,199,254,740 s) and, for the retry, the longest wait it honours (its maxDelayMs).
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { RetryPolicy } from '../../../src/api';
import { describeError } from '../../../src/ui/describeError';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { apiFailure, clientOf, OPERATION } from './clientSupport';

const SUITE = { timeout: 10_000 };
const LIMITED = { error: { code: 'rate_limited', message: 'Slow down.' } };

describe('Retry-After boundaries, read from a 429', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());

  /** The wait a 429 carrying `header` (absent when undefined) tells, read by the client. */
  async function waitTold(header: string | undefined): Promise<number | undefined> {
    server.script(json(429, LIMITED, header === undefined ? {} : { 'retry-after': header }));
    const c = clientOf(server.url);
    try {
      const e = await apiFailure(c.getOperation('oper_1'));
      assert.equal(e.kind, 'rateLimited');
      return e.retryAfterMs;
    } finally {
      await c.close();
    }
  }

  test('absent: no wait is told', async () => {
    assert.equal(await waitTold(undefined), undefined);
  });

  test('empty: no wait is told', async () => {
    assert.equal(await waitTold(''), undefined);
    assert.equal(await waitTold('   '), undefined);
  });

  test('zero: retry now', async () => {
    assert.equal(await waitTold('0'), 0);
  });

  test('negative: no number of seconds and no date, so no wait is told', async () => {
    for (const value of ['-1', '-0', '-30']) assert.equal(await waitTold(value), undefined, value);
  });

  test('one digit: that many seconds', async () => {
    assert.equal(await waitTold('3'), 3_000);
  });

  test('a fraction: to the millisecond', async () => {
    assert.equal(await waitTold('1.25'), 1_250);
    assert.equal(await waitTold('0.0004'), 0);
  });

  test('many digits: the wait is told in whole seconds, without an exponent', async () => {
    server.script(json(429, LIMITED, { 'retry-after': '86400' }));
    const c = clientOf(server.url);
    const e = await apiFailure(c.getOperation('oper_1'));
    await c.close();
    assert.equal(e.retryAfterMs, 86_400_000);
    assert.equal(
      describeError(e).message,
      'Could not read operation oper_1: the service is rate limiting requests; try again in 86400 seconds.',
    );
  });

  test('the maximum: the longest wait a double holds to the millisecond', async () => {
    assert.equal(await waitTold('9007199254740'), 9_007_199_254_740_000);
  });

  test('past the maximum: a wait not held exactly says nothing usable, and none is told', async () => {
    assert.equal(await waitTold('9007199254741'), undefined);
    assert.equal(await waitTold('9'.repeat(400)), undefined);
    server.script(json(429, LIMITED, { 'retry-after': '9'.repeat(25) }));
    const c = clientOf(server.url);
    const e = await apiFailure(c.getOperation('oper_1'));
    await c.close();
    assert.equal(describeError(e).message, 'Could not read operation oper_1: the service is rate limiting requests.');
  });

  test('malformed: neither seconds nor an HTTP date, however Date.parse would read it', async () => {
    for (const value of ['+1', '1.', '.5', '1,5', '1e3', '5s', '3 seconds', '0x10', 'soon', 'Wed, 99 Foo 2026 25:61:00 GMT'])
      assert.equal(await waitTold(value), undefined, value);
  });

  test('an HTTP date: the time until then, or now when it is past', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const wait = (await waitTold(inAMinute))!;
    assert.ok(wait > 55_000 && wait <= 60_000, `waits ${wait} ms`);
    assert.equal(await waitTold('Thu, 01 Jan 1970 00:00:00 GMT'), 0);
    assert.equal(await waitTold('Sunday, 06-Nov-94 08:49:37 GMT'), 0, 'the obsolete RFC 850 form');
  });
});

describe('Retry-After boundaries, as the retry honours them', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());
  // Waits of at most 200 ms are honoured: the test of the maximum takes 200 ms.
  const RETRY: RetryPolicy = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 200, budgetMs: 5_000 };

  async function attempts(header: string): Promise<number> {
    server.script(json(429, LIMITED, { 'retry-after': header }), json(200, { data: OPERATION }));
    const c = clientOf(server.url, {}, RETRY);
    try {
      await c.getOperation('oper_1').catch(() => undefined);
    } finally {
      await c.close();
    }
    return server.requests.length;
  }

  test('zero: asked again at once', async () => {
    const started = Date.now();
    assert.equal(await attempts('0'), 2);
    assert.ok(Date.now() - started < 1_000);
  });

  test('the maximum the retry honours: waited for, then asked again', async () => {
    const started = Date.now();
    assert.equal(await attempts('0.2'), 2);
    assert.ok(Date.now() - started >= 190, 'waited for the Retry-After');
  });

  test('one millisecond past it: not waited for; the 429 is the answer', async () => {
    assert.equal(await attempts('0.201'), 1);
  });

  test('malformed: the usual backoff, as without a Retry-After', async () => {
    assert.equal(await attempts('-1'), 2);
  });
});
