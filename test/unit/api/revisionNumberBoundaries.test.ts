// The whole numbers a service answers (a revision's sequence, a write sync's version) at every
// boundary, as the client checks them against its schemas: read from a scripted loopback server
// (the emulator counts only from 1 upwards). The spec gives no range: the client takes any whole
// number a double holds exactly, sends it back as it came, and refuses the rest as an answer of
// the wrong shape, named by its field. No case is left out.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { ApiError } from '../../../src/api';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { apiFailure, clientOf, OPERATION, WRITE_SYNC_DEFINITION } from './clientSupport';

const MAX = Number.MAX_SAFE_INTEGER;

describe('revision sequences and versions at their boundaries', { timeout: 10_000 }, () => {
  const server = useScriptedServer();
  beforeEach(() => server.reset());

  /** The operation read with `draft.sequence` set to `sequence` (JSON text when a string is given), or its failure. */
  async function readSequence(sequence: unknown): Promise<number | ApiError> {
    const body =
      typeof sequence === 'string'
        ? JSON.stringify({ data: OPERATION }).replace('"sequence":1', `"sequence":${sequence}`)
        : { data: { ...OPERATION, draft: { revisionId: 'rvsn_1', sequence } } };
    server.script(json(200, body));
    const c = clientOf(server.url);
    try {
      return await c.getOperation('oper_1').then(
        (op) => op.draft.sequence,
        (e: unknown) => apiFailure(Promise.reject(e)),
      );
    } finally {
      await c.close();
    }
  }
  const refused = (r: number | ApiError) => {
    assert.ok(typeof r !== 'number', `read as ${String(r)}`);
    assert.equal(r.kind, 'invalidResponse');
    assert.equal(r.field, 'data.draft.sequence');
    return r.message;
  };

  test('zero: taken', async () => {
    assert.equal(await readSequence(0), 0);
  });

  test('negative: taken as the service sent it (the spec sets no lower bound)', async () => {
    assert.equal(await readSequence(-1), -1);
    assert.equal(await readSequence(-MAX), -MAX);
  });

  test('one: taken', async () => {
    assert.equal(await readSequence(1), 1);
  });

  test('many digits: taken', async () => {
    assert.equal(await readSequence(123_456_789), 123_456_789);
  });

  test('the maximum: the largest whole number a double holds exactly', async () => {
    assert.equal(await readSequence(MAX), MAX);
  });

  test('past the maximum: refused, since it could not be sent back as the service sent it', async () => {
    refused(await readSequence('9007199254740993'));
    refused(await readSequence('1e300'));
    refused(await readSequence('-9007199254740993'));
  });

  test('malformed: a fraction, text, null or nothing is an answer of the wrong shape, named by its field', async () => {
    assert.equal(
      refused(await readSequence(1.5)),
      'The server’s answer has an unexpected shape: field “data.draft.sequence”: expected int, got a fraction.',
    );
    assert.equal(
      refused(await readSequence('"1"')),
      'The server’s answer has an unexpected shape: field “data.draft.sequence”: expected number, got string.',
    );
    refused(await readSequence(null));
    refused(await readSequence(undefined));
  });

  test('a write sync’s version has the same bounds, and a save sends back the one read', async () => {
    const sync = (version: unknown) => ({
      id: 'wsyn_1',
      name: 'Sync',
      definition: WRITE_SYNC_DEFINITION,
      version,
      isEnabled: true,
      automaticEnabled: false,
      identityLocked: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const c = clientOf(server.url);
    for (const version of [0, -1, 1, MAX]) {
      server.script(json(200, { data: sync(version) }));
      assert.equal((await c.getWriteSync('wsyn_1')).version, version);
    }
    for (const version of [1.5, '2', 2 ** 53]) {
      server.script(json(200, { data: sync(version) }));
      assert.equal((await apiFailure(c.getWriteSync('wsyn_1'))).field, 'data.version', String(version));
    }
    server.script(json(200, { data: { version: MAX, identityLocked: false } }));
    const { version: _v, id: _i, createdAt: _c, updatedAt: _u, identityLocked: _l, ...editable } = sync(MAX);
    await c.updateWriteSync('wsyn_1', { ...editable, expectedVersion: MAX });
    await c.close();
    assert.equal(JSON.parse(server.requests.at(-1)!.body).expectedVersion, MAX, 'sent back exactly');
  });
});
