// Every HTTP error status a service may answer becomes one of the client's error kinds, the only
// thing the layers above look at: against the emulator's fault injection over loopback HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, isApiError, type ServiceClient } from '../../../src/api';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';

describe('error statuses and the kinds they become', () => {
  let client: ServiceClient;
  const opId = () => emu.demo.ids['codeStaleOperationId']!;

  const { emu } = useEmulator();
  before(async () => {
    // One attempt: each status is seen as the service sent it.
    client = demoClient(emu, {}, { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, budgetMs: 1 });
  });
  after(async () => {
    await client.close();
  });

  test('each status maps to its kind, with the status, the method, the path and what was being done', async () => {
    const expected: [number, string][] = [
      [400, 'validation'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'notFound'],
      [409, 'conflict'],
      [410, 'notFound'],
      [412, 'conflict'],
      [418, 'validation'],
      [422, 'validation'],
      [429, 'rateLimited'],
      [499, 'validation'],
      [500, 'server'],
      [503, 'server'],
      [599, 'server'],
    ];
    for (const [status, kind] of expected) {
      emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, kind: 'status', status });
      const error = await client.getOperation(opId()).then(
        () => assert.fail(`${status} was taken for an answer`),
        (e: unknown) => e,
      );
      assert.ok(error instanceof ApiError, String(status));
      assert.equal(error.name, 'ApiError');
      assert.equal(error.kind, kind, String(status));
      assert.equal(error.status, status);
      assert.equal(error.method, 'GET');
      assert.equal(error.path, `/v1/operations/${opId()}`);
      assert.ok(isApiError(error), String(status));
      assert.ok(isApiError(error, kind as ApiError['kind']));
      assert.equal(error.maybeApplied, false, 'a GET changes nothing');
      const otherKind = kind === 'server' ? 'network' : 'server';
      assert.equal(isApiError(error, otherKind), false);
    }
    assert.ok(!isApiError(new Error('x')));
  });
});
