import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRetryAfter, readErrorBody } from '../../src/api/errorBody';

describe('error bodies', () => {
  test('the documented shape gives message, code, position, permission and conflict state', () => {
    const body = JSON.stringify({
      error: {
        code: 'conflict', message: 'The dashboard changed.',
        details: { line: 3, column: 7, permission: 'dashboardWrite', path: '/tables/0/name', current: { revision: { revisionId: 'rvsn_2', sequence: 2 }, dataRunId: 'oprn_1', draft: null } },
      },
    });
    assert.deepEqual(readErrorBody(body, 'application/json'), {
      message: 'The dashboard changed.', code: 'conflict', position: { line: 3, column: 7 }, pointer: '/tables/0/name',
      permission: 'dashboardWrite', conflict: { revision: { revisionId: 'rvsn_2', sequence: 2 }, dataRunId: 'oprn_1', draft: null },
    });
  });

  test('other common shapes still give a readable message', () => {
    assert.equal(readErrorBody('{"message":"nope"}', 'application/json').message, 'nope');
    assert.equal(readErrorBody('{"error":"bad key"}', 'application/json').message, 'bad key');
    assert.equal(readErrorBody('{"type":"about:blank","title":"Not Found","detail":"no such op"}', 'application/problem+json').message, 'no such op');
    assert.equal(readErrorBody('{"title":"Gone"}', 'application/problem+json').message, 'Gone');
    assert.equal(readErrorBody('upstream   timed\nout', 'text/plain').message, 'upstream timed out');
    assert.equal(readErrorBody('<!doctype html><html><head><title>502 Bad Gateway</title></head></html>', 'text/html').message, '502 Bad Gateway');
    assert.deepEqual(readErrorBody('', undefined), {});
    assert.deepEqual(readErrorBody('[1,2]', 'application/json'), {});
  });

  test('huge messages are clipped', () => {
    const facts = readErrorBody(JSON.stringify({ message: 'x'.repeat(100_000) }), 'application/json');
    assert.ok(facts.message && facts.message.length <= 501);
  });

  test('any body at all is read without throwing', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), fc.option(fc.constantFrom('application/json', 'text/html', 'text/plain')), (body, type) => {
      const facts = readErrorBody(body, type ?? undefined);
      if (facts.message !== undefined) assert.equal(typeof facts.message, 'string');
    }));
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('3'), 3000);
    assert.equal(parseRetryAfter('0.5'), 500);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
