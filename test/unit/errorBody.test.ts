import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRetryAfter, readErrorBody } from '../../src/api/errorBody';

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

  test('malformed parts of an error body are passed over, and what is usable is still read', () => {
    const body = JSON.stringify({
      error: {
        code: '  ',
        message: '  Not   saved.  ',
        details: {
          line: 0,
          column: 3,
          position: 'x',
          permission: '',
          path: '   ',
          current: { revision: { revisionId: 'rvsn_2' }, draft: { sequence: 'x' }, dataRunId: 7 },
        },
      },
      code: 'fallback_code',
    });
    assert.deepEqual(readErrorBody(body, 'application/json'), { message: 'Not saved.', code: 'fallback_code' });
    // A line without a column is placed at its first column; a column without a line is no place.
    assert.deepEqual(readErrorBody('{"message":"m","details":{"line":2}}', 'application/json').position, { line: 2, column: 1 });
    assert.equal(readErrorBody('{"message":"m","details":{"column":2}}', 'application/json').position, undefined);
    assert.deepEqual(
      readErrorBody('{"message":"m","details":{"line":2.5,"column":1},"loc":{"line":6,"column":2}}', 'application/json').position,
      {
        line: 6,
        column: 2,
      },
    );
    assert.deepEqual(
      readErrorBody('{"error":{"message":"m","details":{"position":{"line":3,"column":4},"line":9}}}', 'application/json').position,
      {
        line: 3,
        column: 4,
      },
    );
    // The permission may be named beside the message instead of in the details.
    assert.equal(readErrorBody('{"error":{"message":"m","permission":"factWrite"}}', 'application/json').permission, 'factWrite');
    // A current state with nothing usable is no conflict state; a null draft is one.
    assert.equal(readErrorBody('{"error":{"message":"m","details":{"current":{"revision":1}}}}', 'application/json').conflict, undefined);
    assert.equal(readErrorBody('{"error":{"message":"m","details":{"current":"x"}}}', 'application/json').conflict, undefined);
    assert.deepEqual(readErrorBody('{"error":{"message":"m","details":{"current":{"draft":null}}}}', 'application/json').conflict, {
      draft: null,
    });
    assert.deepEqual(readErrorBody('{"message":"m","details":{"current":{"dataRunId":"oprn_1"}}}', 'application/json').conflict, {
      dataRunId: 'oprn_1',
    });
  });

  test('the message is taken from the first of its usual places that holds words', () => {
    const read = (body: unknown) => readErrorBody(JSON.stringify(body), 'application/json').message;
    assert.equal(read({ error: { message: ' ' }, message: 'top' }), 'top');
    assert.equal(read({ error: ' ', detail: 'detail' }), 'detail');
    assert.equal(read({ message: '', detail: '', title: 'title' }), 'title');
    assert.equal(read({ error_description: 'oauth words' }), 'oauth words');
    assert.equal(read({ errors: [{ message: 'entry message' }, 'not an entry'] }), 'entry message');
    assert.equal(read({ errors: [{ detail: 'One.' }, { detail: 'Two.' }, { detail: 'Three.' }] }), 'One (and 2 more).');
    assert.equal(read({ errors: [{ detail: 'No full stop' }, {}] }), 'No full stop (and 1 more).');
    assert.equal(read({ errors: [{}], detail: 'top detail' }), 'top detail');
    assert.equal(read({ errors: 'x', title: 't' }), 't');
    assert.equal(read('  a JSON string  '), 'a JSON string');
    assert.equal(read('   '), undefined);
    assert.equal(read(42), undefined);
    assert.equal(read(null), undefined);
  });

  test('the code: ours, then the top level, then a problem type that is not about:blank', () => {
    const code = (body: unknown) => readErrorBody(JSON.stringify(body), 'application/json').code;
    assert.equal(code({ error: { code: 'conflict' }, code: 'x' }), 'conflict');
    assert.equal(code({ code: 'top', type: 'https://e/p' }), 'top');
    assert.equal(code({ type: 'https://e/p' }), 'https://e/p');
    assert.equal(code({ type: 'about:blank' }), undefined);
    assert.equal(code({ type: 7 }), undefined);
  });

  test('a body that is not JSON: an HTML page gives its title, other text is the message in one line', () => {
    assert.equal(readErrorBody('<html><head><title>  Gateway  </title></head></html>', undefined).message, 'Gateway');
    assert.equal(readErrorBody('<!DOCTYPE html><html><body>no title</body></html>', 'text/plain').message, undefined);
    assert.equal(readErrorBody('<p>oops</p>', 'text/html; charset=utf-8').message, undefined);
    assert.equal(readErrorBody('<title></title>', 'text/html').message, undefined);
    assert.equal(readErrorBody('<p>oops</p>', 'text/plain').message, '<p>oops</p>');
    assert.equal(readErrorBody('  \n ', 'text/plain').message, undefined);
    const long = readErrorBody('y'.repeat(600), 'text/plain').message!;
    assert.equal(long, `${'y'.repeat(500)}…`);
    assert.equal(readErrorBody('z'.repeat(500), 'text/plain').message, 'z'.repeat(500));
  });

  test('body field names: pointers are unescaped; nested pointers, odd names and non-strings name nothing', () => {
    const fields = (details: unknown) => readErrorBody(JSON.stringify({ error: { message: 'm', details } }), 'application/json').bodyFields;
    assert.deepEqual(fields({ unknownFields: ['/a~1b', '/c~0d', '#/e', 'f', '/', '/g/h', 'not a name', 7, '', '#'] }), [
      'a/b',
      'c~d',
      'e',
      'f',
    ]);
    assert.deepEqual(fields({ fields: ['x', 'x'], pointer: '/x', field: 'y' }), ['x', 'y']);
    assert.deepEqual(fields({ path: '  /z  ' }), ['z']);
    assert.equal(fields({ unknownFields: 'x' }), undefined);
    assert.deepEqual(readErrorBody('{"message":"m","unknownFields":["/top"]}', 'application/json').bodyFields, ['top']);
    assert.deepEqual(
      readErrorBody('{"errors":[{"detail":"d","path":"/p"},{"detail":"d","pointer":"/q","path":"/r"}]}', 'application/json').bodyFields,
      ['p', 'q'],
    );
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
    assert.equal(parseRetryAfter(''), undefined);
    assert.equal(parseRetryAfter('3'), 3000);
    assert.equal(parseRetryAfter('0.5'), 500);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
