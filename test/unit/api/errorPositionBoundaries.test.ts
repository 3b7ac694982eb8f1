// The place and the code a service's refusal names, at every boundary, as the client reads them from
// a 400 over real HTTP (a scripted loopback server: the emulator names only true places). How a
// place is then kept inside the text is test/unit/documents/servicePlaceBoundaries.test.ts.
// Cases that do not apply: for a code, zero, negative and the maximum (a code is text; it is never
// shown or logged, only kept, so no length bound applies: "many" is a long one kept whole); for the
// count of problem+json entries, negative and malformed (a list has a length from 0).
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { ApiError } from '../../../src/api';
import { describeError } from '../../../src/ui/describeError';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { apiFailure, clientOf } from './clientSupport';

const SUITE = { timeout: 10_000 };
const MAX = Number.MAX_SAFE_INTEGER;

describe('the place a refusal names, at its boundaries', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());

  /** The refusal of a 400 whose body is `body` (sent as JSON text when a string). */
  async function refusal(body: unknown, type = 'application/json'): Promise<ApiError> {
    server.script(json(400, body, { 'content-type': type }));
    const c = clientOf(server.url);
    try {
      const e = await apiFailure(c.getOperation('oper_1'));
      assert.equal(e.kind, 'validation');
      return e;
    } finally {
      await c.close();
    }
  }
  /** The place read from `{error: {message, details: {line, column}}}`; a field left undefined is not sent. */
  const placeOf = async (line: unknown, column: unknown) =>
    (await refusal({ error: { message: 'Unexpected token.', details: { line, column } } })).position;

  test('absent: no line is no place; a line without a column is its first column', async () => {
    assert.equal(await placeOf(undefined, undefined), undefined);
    assert.equal(await placeOf(undefined, 4), undefined);
    assert.deepEqual(await placeOf(3, undefined), { line: 3, column: 1 });
  });

  test('zero: line 0 is no place; column 0 is the line’s first column', async () => {
    assert.equal(await placeOf(0, 4), undefined);
    assert.deepEqual(await placeOf(3, 0), { line: 3, column: 1 });
  });

  test('negative: a negative line is no place; a negative column is the line’s first column', async () => {
    assert.equal(await placeOf(-1, 4), undefined);
    assert.equal(await placeOf(-MAX, 4), undefined);
    assert.deepEqual(await placeOf(3, -1), { line: 3, column: 1 });
  });

  test('one: line 1, column 1', async () => {
    assert.deepEqual(await placeOf(1, 1), { line: 1, column: 1 });
  });

  test('many digits: kept as sent', async () => {
    assert.deepEqual(await placeOf(12_345, 678), { line: 12_345, column: 678 });
  });

  test('the maximum: the largest whole number a double holds exactly', async () => {
    assert.deepEqual(await placeOf(MAX, MAX), { line: MAX, column: MAX });
  });

  test('past the maximum: a line no double holds exactly is no place, nor told as “line 1e+300”', async () => {
    assert.equal(await placeOf('9007199254740993', 1), undefined, 'a string is not a number');
    // JSON's 9007199254740993 parses to 2^53: a whole number, but not the one the service sent.
    assert.equal((await refusal('{"error":{"message":"m","details":{"line":9007199254740993,"column":1}}}')).position, undefined);
    const huge = await refusal('{"error":{"message":"Unexpected token.","details":{"line":1e300,"column":1}}}');
    assert.equal(huge.position, undefined);
    assert.equal(describeError(huge).message, 'Could not read operation oper_1: the service refused it: Unexpected token.');
    assert.deepEqual(await placeOf(3, 2 ** 53), { line: 3, column: 1 }, 'a column past it is the first column');
  });

  test('malformed: a fraction, text, a boolean, null, an object or a list is no line, and no column', async () => {
    for (const bad of [2.5, '3', true, null, { n: 3 }, [3]]) {
      assert.equal(await placeOf(bad, 4), undefined, JSON.stringify(bad));
      assert.deepEqual(await placeOf(3, bad), { line: 3, column: 1 }, JSON.stringify(bad));
    }
  });

  test('each carrier is read at the same bounds: `position`, `loc`, problem+json entries, the top level', async () => {
    const bodies = (line: unknown): unknown[] => [
      { error: { message: 'm', details: { position: { line, column: 2 } } } },
      { message: 'm', loc: { line, column: 2 } },
      { title: 'Invalid', errors: [{ detail: 'm', line, column: 2 }] },
      { message: 'm', line, column: 2 },
    ];
    for (const [n, body] of bodies(1).entries()) assert.deepEqual((await refusal(body)).position, { line: 1, column: 2 }, `carrier ${n}`);
    for (const bad of [0, -1, 2.5, 1e300])
      for (const [n, body] of bodies(bad).entries()) assert.equal((await refusal(body)).position, undefined, `carrier ${n}, line ${bad}`);
  });

  test('the place is told with the refusal', async () => {
    const e = await refusal({ error: { message: 'Unexpected token.', details: { line: 1, column: 1 } } });
    assert.equal(describeError(e).message, 'Could not read operation oper_1: the service refused it (line 1, column 1): Unexpected token.');
  });
});

describe('the code and the entries a refusal names, at their boundaries', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());

  async function refusal(body: unknown): Promise<ApiError> {
    server.script(json(400, body, { 'content-type': 'application/problem+json' }));
    const c = clientOf(server.url);
    try {
      return await apiFailure(c.getOperation('oper_1'));
    } finally {
      await c.close();
    }
  }

  test('absent or empty: no code', async () => {
    assert.equal((await refusal({ error: { message: 'm' } })).code, undefined);
    for (const code of ['', '   ', null, 7]) assert.equal((await refusal({ error: { message: 'm', code } })).code, undefined, String(code));
    assert.equal((await refusal({ type: 'about:blank', title: 'Bad Request' })).code, undefined, 'problem+json’s “no type”');
  });

  test('one character: kept', async () => {
    assert.equal((await refusal({ error: { message: 'm', code: 'x' } })).code, 'x');
  });

  test('many characters: kept whole, trimmed', async () => {
    const long = `invalid_${'x'.repeat(5_000)}`;
    assert.equal((await refusal({ error: { message: 'm', code: ` ${long} ` } })).code, long);
    assert.equal((await refusal({ type: 'https://example.com/probs/invalid', title: 'Bad' })).code, 'https://example.com/probs/invalid');
  });

  test('problem+json entries: none is the top detail; one is its own words; many say how many more', async () => {
    assert.equal((await refusal({ title: 'Invalid', detail: 'The body is invalid.', errors: [] })).message, 'The body is invalid.');
    assert.equal((await refusal({ title: 'Invalid', errors: [{ detail: 'Bad type.' }] })).message, 'Bad type.');
    assert.equal(
      (await refusal({ title: 'Invalid', errors: [{ detail: 'Bad type.' }, { detail: 'Other.' }] })).message,
      'Bad type (and 1 more).',
    );
    const many = Array.from({ length: 1_000 }, (_, i) => ({ detail: `Problem ${i}.` }));
    assert.equal((await refusal({ title: 'Invalid', errors: many })).message, 'Problem 0 (and 999 more).');
  });
});
