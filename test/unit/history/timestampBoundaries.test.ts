// A revision's timestamp (spec §2: ISO 8601 UTC with milliseconds) at every boundary, where the
// history uses it: the order of a history the client reads from a scripted loopback server (the
// emulator writes only well-formed times), and the words and hover the page shows for it. A text
// that is no time is shown as it came and leaves the service's order alone; it is never read as a
// date it does not name. No case is left out: for a text, zero, negative, one and many digits are
// texts of digits; the maximum is the last time a JavaScript Date holds.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { absoluteUtc, relativeTime } from '../../../src/history/protocol/relativeTime';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { clientOf, historyAnswer } from '../api/clientSupport';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const MAX_TIME = '+275760-09-13T00:00:00.000Z';
const PAST_MAX_TIME = '+275760-09-13T00:00:00.001Z';

/** What the page shows for `createdAt`: the list's words and the hover. */
const shown = (createdAt: string) => [relativeTime(createdAt, NOW), absoluteUtc(createdAt)];

describe('a revision’s time as the history page shows it, at its boundaries', () => {
  test('empty: shown as it came', () => {
    assert.deepEqual(shown(''), ['', '']);
  });

  test('zero, negative, one digit: no time, shown as it came (not as a day in 2000 or 2001)', () => {
    for (const text of ['0', '-1', '5', '+1']) assert.deepEqual(shown(text), [text, text], text);
  });

  test('many digits: no time either, shown as it came', () => {
    for (const text of ['20260101', '1767225600000']) assert.deepEqual(shown(text), [text, text], text);
  });

  test('one time: the spec’s form, and an HTTP date, are read', () => {
    assert.deepEqual(shown('2026-06-01T09:00:00.000Z'), ['3 hours ago', '2026-06-01 09:00:00 UTC']);
    assert.deepEqual(shown('Mon, 01 Jun 2026 09:00:00 GMT'), ['3 hours ago', '2026-06-01 09:00:00 UTC']);
  });

  test('the maximum: the last time a Date holds, to the second', () => {
    assert.deepEqual(shown(MAX_TIME), ['in 273,729 years', '+275760-09-13 00:00:00 UTC']);
  });

  test('past the maximum: no time, shown as it came', () => {
    assert.deepEqual(shown(PAST_MAX_TIME), [PAST_MAX_TIME, PAST_MAX_TIME]);
  });

  test('malformed: words, an impossible date, shown as they came', () => {
    for (const text of ['yesterday', '2026-13-45T99:00:00Z']) assert.deepEqual(shown(text), [text, text], text);
  });
});

describe('a revision’s time as the history is ordered, at its boundaries', { timeout: 10_000 }, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());
  const item = (n: number, createdAt: string) => ({
    id: `rvsn_${n}`,
    parentRevisionId: n === 1 ? null : `rvsn_${n - 1}`,
    dependencyRevisionIds: [],
    actor: { type: 'apiKey', id: 'apik_1' },
    message: '',
    createdAt,
  });
  /** The ids in the order the client hands the history on, from items the service lists in `items` order. */
  async function order(items: unknown[]): Promise<string[]> {
    server.script(json(200, historyAnswer(items)));
    const c = clientOf(server.url);
    try {
      return (await c.listRevisions('oper_1')).items.map((i) => i.id);
    } finally {
      await c.close();
    }
  }
  const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

  test('times in any order: newest first', async () => {
    assert.deepEqual(await order([item(2, t(2)), item(3, t(3)), item(1, t(1))]), ['rvsn_3', 'rvsn_2', 'rvsn_1']);
  });

  test('the maximum time: the newest', async () => {
    assert.deepEqual(await order([item(1, t(1)), item(3, MAX_TIME), item(2, t(2))]), ['rvsn_3', 'rvsn_2', 'rvsn_1']);
  });

  test('empty, a digit, a negative or past the maximum: no time, so the service’s order is kept (newest first as listed)', async () => {
    for (const bad of ['', '5', '-1', '0', PAST_MAX_TIME])
      assert.deepEqual(await order([item(3, t(3)), item(2, bad), item(1, t(1))]), ['rvsn_3', 'rvsn_2', 'rvsn_1'], JSON.stringify(bad));
  });

  test('malformed, listed oldest first: turned round, not sorted by a date it does not name', async () => {
    assert.deepEqual(await order([item(1, t(1)), item(2, 'yesterday'), item(3, t(3))]), ['rvsn_3', 'rvsn_2', 'rvsn_1']);
  });
});
