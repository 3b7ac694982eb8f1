// An id's remainder (after its prefix) at every boundary, as the client checks it before it puts
// the id into a request's path: against a scripted loopback server that records what reached it.
// Ids come from the service (a list, a reference) or from the user; none goes out unchecked.
// Cases that do not apply: zero and negative (an id is text; its length is the number at stake,
// and a length of zero is the empty case).
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { InvalidIdError } from '../../../src/api';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { clientOf, OPERATION } from './clientSupport';

const MAX_REMAINDER = 128;

describe('id boundaries, checked before a request', { timeout: 10_000 }, () => {
  const server = useScriptedServer();
  beforeEach(() => {
    server.reset();
    server.answerAll(json(200, { data: OPERATION }));
  });

  /** Whether a read of operation `id` reached the server (and at which path); throws what the client threw otherwise. */
  async function sent(id: unknown): Promise<string | InvalidIdError> {
    const c = clientOf(server.url);
    try {
      await c.getOperation(id as string);
      assert.equal(server.requests.length, 1);
      return server.requests[0]!.path;
    } catch (e) {
      assert.ok(e instanceof InvalidIdError, String(e));
      assert.equal(server.requests.length, 0, 'nothing was sent');
      return e;
    } finally {
      server.requests.length = 0;
      await c.close();
    }
  }

  test('empty: no id, and a prefix without a remainder, are refused', async () => {
    for (const id of ['', 'oper_']) assert.ok((await sent(id)) instanceof InvalidIdError, JSON.stringify(id));
  });

  test('one character: sent', async () => {
    assert.equal(await sent('oper_a'), '/v1/operations/oper_a');
    assert.equal(await sent('oper_7'), '/v1/operations/oper_7');
  });

  test('many characters: sent as they are', async () => {
    const id = `oper_${'aZ9_-'.repeat(12)}`;
    assert.equal(await sent(id), `/v1/operations/${id}`);
  });

  test('the maximum: a remainder of 128 characters is sent', async () => {
    const id = `oper_${'x'.repeat(MAX_REMAINDER)}`;
    assert.equal(await sent(id), `/v1/operations/${id}`);
  });

  test('past the maximum: 129 characters are refused, with the id shortened in the message', async () => {
    const e = await sent(`oper_${'x'.repeat(MAX_REMAINDER + 1)}`);
    assert.ok(e instanceof InvalidIdError);
    assert.equal(e.message, `Expected an operation id (oper_…), got "oper_${'x'.repeat(55)}…", whose part after the prefix is malformed.`);
  });

  test('malformed: a separator, a dot, an escape, a space, a line break or a letter outside ASCII; a remainder that starts with _ or -', async () => {
    for (const id of ['oper_a/b', 'oper_..', 'oper_a.b', 'oper_a%2Fb', 'oper_a b', 'oper_a\nb', 'oper_é', 'oper__a', 'oper_-a', 'OPER_a'])
      assert.ok((await sent(id)) instanceof InvalidIdError, JSON.stringify(id));
  });

  test('malformed: not text at all', async () => {
    for (const id of [undefined, null, 42, { id: 'oper_a' }]) {
      const e = await sent(id);
      assert.ok(e instanceof InvalidIdError, String(id));
    }
  });

  test('an id of another kind, as a service may answer one in a reference, is refused and named', async () => {
    const e = await sent('dbas_1');
    assert.ok(e instanceof InvalidIdError);
    assert.equal(e.message, 'Expected an operation id (oper_…), got "dbas_1", which is a managed database id.');
  });
});
