// Error bodies as services send them when they are not quite right: malformed parts are passed
// over and the usable ones still read; where the message and the code come from, in order; bodies
// that are not JSON; body field names from pointers; an empty Retry-After.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRetryAfter, readErrorBody } from '../../../src/api/errorBody';

describe('error bodies that are not quite right', () => {
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

  test('an empty Retry-After says nothing', () => {
    assert.equal(parseRetryAfter(''), undefined);
  });
});
