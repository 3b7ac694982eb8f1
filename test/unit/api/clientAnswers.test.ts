// Answers the client cannot use, as the user is told of them: against the emulator's fault
// injection over loopback HTTP (a 2xx that is not JSON, an HTML page, a body of the wrong shape),
// and whether a save that got such an answer may have been applied.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, type ServiceClient } from '../../../src/api';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';

const NO_RETRY = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, budgetMs: 1 };

describe('answers the client cannot use', () => {
  let client: ServiceClient;
  const ids = () => emu.demo.ids as Record<string, string>;
  const failure = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => assert.fail('answered'),
      (err: unknown) => err,
    );
    assert.ok(e instanceof ApiError, String(e));
    return e;
  };
  const save = async () => {
    const src = await client.getDashboardSource(ids().dashboardId!);
    return client.replaceDashboardSource(ids().dashboardId!, {
      source: `${src.source}// x\n`,
      expectedRevision: src.revision,
      expectedDataRunId: src.dataRunId,
    });
  };

  const { emu } = useEmulator();
  before(async () => {
    client = demoClient(emu, {}, NO_RETRY);
  });
  after(async () => {
    await client.close();
  });

  test('a 200 that is not JSON: nothing was read; a save that got it was applied, its answer unreadable', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, kind: 'malformedJson' });
    const read = await failure(client.getOperation(ids().codeStaleOperationId!));
    assert.equal(read.kind, 'invalidResponse');
    assert.equal(read.message, 'The server’s answer is not valid JSON.');
    assert.equal(read.status, 200);
    assert.equal(read.maybeApplied, false);
    emu.injectFault({ match: { method: 'PUT' }, kind: 'malformedJson' });
    const put = await failure(save());
    assert.equal(put.kind, 'invalidResponse');
    assert.equal(put.maybeApplied, true);
  });

  test('a 200 HTML page is told apart from broken JSON', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, kind: 'html', status: 200 });
    const e = await failure(client.getOperation(ids().codeStaleOperationId!));
    assert.equal(e.message, 'The server answered with an HTML page instead of JSON.');
  });

  test('an HTML error page gives its title as the message; a 5xx page for a save leaves open whether it was applied', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, kind: 'html', status: 502 });
    const e = await failure(client.getOperation(ids().codeStaleOperationId!));
    assert.equal(e.kind, 'server');
    assert.equal(e.message, '502 Bad Gateway');
    assert.equal(e.maybeApplied, false);
    emu.injectFault({ match: { method: 'PUT' }, kind: 'html', status: 503 });
    const put = await failure(save());
    assert.equal(put.kind, 'server');
    assert.equal(put.maybeApplied, true);
    emu.injectFault({ match: { method: 'PUT' }, kind: 'status', status: 409 });
    const refused = await failure(save());
    assert.equal(refused.maybeApplied, false, 'a 4xx stored nothing');
  });

  test('a body of the wrong shape names the field and what was wrong with it', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, kind: 'schemaViolation' });
    const e = await failure(client.getOperation(ids().codeStaleOperationId!));
    assert.equal(e.kind, 'invalidResponse');
    assert.match(e.message, /^The server’s answer has an unexpected shape: field “data\.[\w.]+”: expected \w+, got [\w ]+\.$/);
    assert.ok(e.field?.startsWith('data.'), e.field);
    assert.equal(e.maybeApplied, false);
  });
});
