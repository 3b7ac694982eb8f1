// Content-Length and Content-Type at every boundary, as the transport and the client read an answer:
// against a scripted loopback server that writes the headers itself (raw bytes where Node's server
// would refuse to send them). The client never trusts either header alone: the bytes are counted
// as they arrive, and a 2xx body is JSON or it is not, whatever its type says.
// Cases that do not apply: for Content-Type, zero, negative and the numeric maximum (a media type
// is text; "many" is one with many parameters, "malformed" one that is no media type).
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { HttpTransport, type RawRequest } from '../../../src/api/transport';
import { DEFAULT_CONNECTION } from '../../../src/api';
import { raw, useScriptedServer } from '../../harness/lib/scriptedServer';
import { apiFailure, clientOf, OPERATION } from './clientSupport';

const SUITE = { timeout: 10_000 };
const BODY = '{"a":1}';
/** A whole answer with the Content-Length line `length` (none when undefined), the connection closed after it. */
const withLength = (length: string | undefined, body = BODY) =>
  raw(
    `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${length === undefined ? '' : `Content-Length: ${length}\r\n`}Connection: close\r\n\r\n${body}`,
  );

describe('Content-Length boundaries', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());
  const transport = () =>
    new HttpTransport({ ...DEFAULT_CONNECTION, baseUrl: server.url, apiKey: 'k', timeoutMs: 3_000 }, { debug() {}, error() {} });
  const get = async (over: Partial<RawRequest> = {}) => {
    const t = transport();
    try {
      return await t.send({ method: 'GET', path: '/x', scope: 'workspace', action: 'read it', ...over });
    } finally {
      await t.close();
    }
  };
  const origin = () => new URL(server.url).origin;

  test('empty: no answer that HTTP allows; told as such, not waited on', async () => {
    server.script(withLength(''));
    const e = await apiFailure(get());
    assert.equal(e.kind, 'network');
    assert.equal(e.message, `Could not reach ${origin()}: Response does not match the HTTP/1.1 protocol (Empty Content-Length)`);
  });

  test('zero: an empty answer, read as empty', async () => {
    server.script(withLength('0', ''));
    assert.equal((await get()).text, '');
    server.script(withLength('0', ''));
    const c = clientOf(server.url);
    assert.equal(await c.publishRevision('oper_1', 'rvsn_1', { expectedVersion: 'v1' }), undefined, 'a publish takes an empty 2xx');
    server.script(withLength('0', ''));
    assert.equal((await apiFailure(c.getOperation('oper_1'))).message, 'The server’s answer is not valid JSON.');
    await c.close();
  });

  test('negative: no answer that HTTP allows', async () => {
    server.script(withLength('-1'));
    const e = await apiFailure(get());
    assert.equal(e.kind, 'network');
    assert.match(e.message, /Invalid character in Content-Length/);
  });

  test('one digit: exactly that many bytes are read', async () => {
    server.script(withLength('2', '{}'));
    assert.equal((await get()).text, '{}');
  });

  test('many digits: a long answer is read whole', async () => {
    const body = JSON.stringify({ data: { ...OPERATION, instructions: 'x'.repeat(123_456) } });
    server.script(withLength(String(Buffer.byteLength(body)), body));
    const c = clientOf(server.url);
    assert.equal((await c.getOperation('oper_1')).instructions.length, 123_456);
    await c.close();
  });

  test('the maximum: an answer of exactly the byte limit is read', async () => {
    server.script(withLength('1024', 'x'.repeat(1024)));
    assert.equal((await get({ maxBytes: 1024 })).text.length, 1024);
  });

  test('past the maximum: one byte more is not read, whatever the length says', async () => {
    for (const length of ['1025', undefined]) {
      server.script(withLength(length, 'x'.repeat(1025)));
      const e = await apiFailure(get({ maxBytes: 1024 }));
      assert.equal(e.code, 'responseTooLarge', String(length));
    }
  });

  test('past what arrives: a length larger than the bytes sent is an answer cut off', async () => {
    for (const length of ['10', '99999999999999999999']) {
      server.script(withLength(length));
      const e = await apiFailure(get());
      assert.equal(e.kind, 'network', length);
      assert.equal(e.message, `The connection to ${origin()} was dropped before the response was complete.`, length);
    }
  });

  test('fewer than the bytes sent: only the declared bytes are the answer', async () => {
    server.script(withLength('2'));
    assert.equal((await get()).text, '{"');
  });

  test('malformed: not a number, a sign, or two lengths that disagree: no answer is taken from it', async () => {
    for (const length of ['abc', '+5', '0x10']) {
      server.script(withLength(length));
      const e = await apiFailure(get());
      assert.equal(e.kind, 'network', length);
      assert.match(e.message, /Invalid character in Content-Length/, length);
    }
    server.script(withLength(`${BODY.length}\r\nContent-Length: ${BODY.length + 1}`));
    const two = await apiFailure(get());
    assert.equal(two.kind, 'network');
  });

  test('a save whose answer was malformed may have been applied; it is read back, not repeated', async () => {
    server.script(withLength('-1'));
    const e = await apiFailure(get({ method: 'PUT', body: {} }));
    assert.equal(e.maybeApplied, true);
  });
});

describe('Content-Type boundaries', SUITE, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());
  const HTML = 'The server answered with an HTML page instead of JSON.';
  const NOT_JSON = 'The server’s answer is not valid JSON.';

  /** What the client makes of a 2xx (or `status`) with `type` (none when undefined) and `body`. */
  async function read(type: string | undefined, body: string, status = 200) {
    server.script((res) => res.writeHead(status, type === undefined ? {} : { 'content-type': type }).end(body));
    const c = clientOf(server.url);
    try {
      return await c.getOperation('oper_1').catch((e: unknown) => e);
    } finally {
      await c.close();
    }
  }
  const message = async (type: string | undefined, body: string, status = 200) => {
    const e = await read(type, body, status);
    assert.ok(e instanceof Error, 'refused');
    return e.message;
  };

  test('absent: JSON is read; a page is known by its first tag', async () => {
    assert.equal(((await read(undefined, JSON.stringify({ data: OPERATION }))) as { name: string }).name, 'Normal');
    assert.equal(await message(undefined, '  <!doctype html><p>Sign in</p>'), HTML);
    assert.equal(await message(undefined, 'oops'), NOT_JSON);
  });

  test('empty: the same as absent', async () => {
    assert.equal(((await read('', JSON.stringify({ data: OPERATION }))) as { name: string }).name, 'Normal');
    assert.equal(await message('', 'oops'), NOT_JSON);
  });

  test('one: an HTML type names the page, whatever its case or suffix', async () => {
    for (const type of ['text/html', 'TEXT/HTML', 'application/xhtml+xml']) assert.equal(await message(type, 'oops'), HTML, type);
  });

  test('many parameters: the type is still read', async () => {
    assert.equal(await message('text/html; charset=utf-8; q=0.9; profile="x"', 'oops'), HTML);
    assert.equal(
      ((await read('application/json; charset=utf-8; profile="x"', JSON.stringify({ data: OPERATION }))) as { name: string }).name,
      'Normal',
    );
  });

  test('malformed: a type that is no media type, or the wrong one, does not stop JSON from being read', async () => {
    for (const type of ['json', ';;;', 'text/plain', 'application/octet-stream'])
      assert.equal(((await read(type, JSON.stringify({ data: OPERATION }))) as { name: string }).name, 'Normal', type);
  });

  test('an error page: its title is the message; without a title, the status line', async () => {
    assert.equal(await message('text/html', '<html><head><title> Bad gateway </title></head></html>', 502), 'Bad gateway');
    assert.equal(await message('text/html; charset=utf-8', '<html><body>down</body></html>', 502), '502 Bad Gateway');
    assert.equal(await message('text/html', 'down for maintenance', 503), '503 Service Unavailable', 'an HTML type’s text is no message');
    assert.equal(await message(undefined, '<!DOCTYPE html><title>Proxy error</title>', 502), 'Proxy error');
    assert.equal(await message('text/plain', 'down for maintenance', 503), 'down for maintenance');
  });
});
