import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRetryAfter, readErrorBody } from '../../../src/api/errorBody';

describe('error bodies', () => {
  test('the documented shape gives message, code, position, permission and conflict state', () => {
    const body = JSON.stringify({
      error: {
        code: 'conflict',
        message: 'The dashboard changed.',
        details: {
          line: 3,
          column: 7,
          permission: 'dashboardWrite',
          path: '/tables/0/name',
          current: { revision: { revisionId: 'rvsn_2', sequence: 2 }, dataRunId: 'oprn_1', draft: null },
        },
      },
    });
    assert.deepEqual(readErrorBody(body, 'application/json'), {
      message: 'The dashboard changed.',
      code: 'conflict',
      position: { line: 3, column: 7 },
      pointer: '/tables/0/name',
      permission: 'dashboardWrite',
      conflict: { revision: { revisionId: 'rvsn_2', sequence: 2 }, dataRunId: 'oprn_1', draft: null },
    });
  });

  test('other common shapes still give a readable message', () => {
    assert.equal(readErrorBody('{"message":"nope"}', 'application/json').message, 'nope');
    assert.equal(readErrorBody('{"error":"bad key"}', 'application/json').message, 'bad key');
    assert.equal(
      readErrorBody('{"type":"about:blank","title":"Not Found","detail":"no such op"}', 'application/problem+json').message,
      'no such op',
    );
    assert.equal(readErrorBody('{"title":"Gone"}', 'application/problem+json').message, 'Gone');
    assert.equal(readErrorBody('upstream   timed\nout', 'text/plain').message, 'upstream timed out');
    assert.equal(
      readErrorBody('<!doctype html><html><head><title>502 Bad Gateway</title></head></html>', 'text/html').message,
      '502 Bad Gateway',
    );
    assert.deepEqual(readErrorBody('', undefined), {});
    assert.deepEqual(readErrorBody('[1,2]', 'application/json'), {});
  });

  test('a refusal names the top-level body fields it does not take, by pointer or by name', () => {
    const ours = JSON.stringify({
      error: {
        code: 'bad_request',
        message: 'The request body holds fields this request does not take.',
        details: { path: '/unit', unknownFields: ['/unit', '/type', '/metadata/owner'] },
      },
    });
    assert.deepEqual(readErrorBody(ours, 'application/json').bodyFields, ['unit', 'type']);
    const problem = JSON.stringify({
      title: 'Bad Request',
      status: 400,
      errors: [
        { detail: 'Unknown field.', pointer: '#/aliases' },
        { detail: 'Unknown field.', field: 'scope' },
      ],
    });
    assert.deepEqual(readErrorBody(problem, 'application/problem+json').bodyFields, ['aliases', 'scope']);
    assert.deepEqual(readErrorBody('{"message":"unknown fields","details":{"fields":["unit"]}}', 'application/json').bodyFields, ['unit']);
    assert.equal(readErrorBody('{"error":{"message":"Bad request"}}', 'application/json').bodyFields, undefined, 'names nothing');
  });

  test('problem+json validation details in errors[] give the entry’s words and its place', () => {
    const pointed = JSON.stringify({
      type: 'https://example.com/problems/validation',
      title: 'Invalid request',
      status: 400,
      detail: 'The request body is invalid.',
      errors: [
        { detail: 'Unknown column type "uuidd".', pointer: '/definition/tables/0/columns/2/type' },
        { detail: 'Another one.', pointer: '/x' },
      ],
    });
    assert.deepEqual(readErrorBody(pointed, 'application/problem+json'), {
      message: 'Unknown column type "uuidd" (and 1 more).',
      code: 'https://example.com/problems/validation',
      pointer: '/definition/tables/0/columns/2/type',
      // Only a pointer at the body's top level names a body field.
      bodyFields: ['x'],
    });
    const placed = JSON.stringify({
      title: 'Unprocessable',
      status: 422,
      detail: 'The source does not compile.',
      errors: [{ detail: 'Unexpected token', line: 4, column: 9 }],
    });
    assert.deepEqual(readErrorBody(placed, 'application/problem+json'), { message: 'Unexpected token', position: { line: 4, column: 9 } });
    // A 403 that names its permission only in words, and a conflict with no current state.
    assert.deepEqual(
      readErrorBody(
        '{"type":"about:blank","title":"Forbidden","status":403,"detail":"This key may not write dashboards."}',
        'application/problem+json',
      ),
      {
        message: 'This key may not write dashboards.',
      },
    );
    assert.deepEqual(readErrorBody('{"title":"Precondition Failed","status":412,"detail":"Stale revision."}', 'application/problem+json'), {
      message: 'Stale revision.',
    });
  });

  test('a conflict’s current state is read as bare revision references, whatever else it carries', () => {
    const body = JSON.stringify({
      error: {
        code: 'conflict',
        message: 'changed',
        details: {
          current: {
            revision: { revisionId: 'rvsn_2', sequence: 2, createdAt: 'x' },
            draft: { revisionId: 'rvsn_3', sequence: 3, by: 'y' },
          },
        },
      },
    });
    assert.deepEqual(readErrorBody(body, 'application/json').conflict, {
      revision: { revisionId: 'rvsn_2', sequence: 2 },
      draft: { revisionId: 'rvsn_3', sequence: 3 },
    });
  });

  test('huge messages are clipped', () => {
    const facts = readErrorBody(JSON.stringify({ message: 'x'.repeat(100_000) }), 'application/json');
    assert.ok(facts.message && facts.message.length <= 501);
  });

  test('any body at all is read without throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json()),
        fc.option(fc.constantFrom('application/json', 'text/html', 'text/plain')),
        (body, type) => {
          const facts = readErrorBody(body, type ?? undefined);
          if (facts.message !== undefined) assert.equal(typeof facts.message, 'string');
        },
      ),
    );
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('3'), 3000);
    assert.equal(parseRetryAfter('0.5'), 500);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
