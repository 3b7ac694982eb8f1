// How a request that gets no usable answer is told to the user, against the real emulator over
// loopback HTTP (stopped, slow, cut off, too large) and the connection settings it is given.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient, DEFAULT_CONNECTION, type ServiceClient } from '../../../src/api';
import { boundedTimeout, statusLine } from '../../../src/api/transport';
import { startEmulator } from '../../../src/emulator';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';
import { apiFailure as failureOf, NO_RETRY } from './clientSupport';

describe('requests without a usable answer', () => {
  let client: ServiceClient;
  const opId = () => emu.demo.ids['codeStaleOperationId']!;

  const { emu } = useEmulator();
  before(async () => {
    client = demoClient(emu, {}, NO_RETRY);
  });
  after(async () => {
    await client.close();
  });

  test('a service that does not answer in time: the time is said in ms below a second, in s above', async () => {
    emu.injectFault({ match: { path: '/v1/operations/' }, kind: 'latency', latencyMs: 3_000, count: 2 });
    const short = await failureOf(client.getOperation(opId(), { timeoutMs: 200 }));
    assert.equal(short.kind, 'timeout');
    assert.equal(short.message, 'The server did not answer within 200 ms.');
    assert.equal(short.maybeApplied, false);
    const long = await failureOf(client.getOperation(opId(), { timeoutMs: 1_250 }));
    assert.equal(long.message, 'The server did not answer within 1.3 s.');
  });

  test('a request cancelled before it starts is cancelled, and a cancelled save is not "maybe applied"', async () => {
    const controller = new AbortController();
    controller.abort();
    const e = await failureOf(client.getOperation(opId(), { signal: controller.signal }));
    assert.equal(e.kind, 'cancelled');
    assert.equal(e.message, 'The request was cancelled.');
    const src = await client.getDashboardSource(emu.demo.ids['dashboardId']!);
    const put = await failureOf(
      client.replaceDashboardSource(
        emu.demo.ids['dashboardId']!,
        { source: src.source, expectedRevision: src.revision, expectedDataRunId: src.dataRunId },
        { signal: controller.signal },
      ),
    );
    assert.equal(put.kind, 'cancelled');
    assert.equal(put.maybeApplied, false);
  });

  test('an answer larger than the limit is not read, and says how large the limit is', async () => {
    const small = demoClient(emu, { maxResponseBytes: 1024 }, NO_RETRY);
    try {
      const e = await failureOf(small.getDashboardSource(emu.demo.ids['dashboardId']!));
      assert.equal(e.kind, 'invalidResponse');
      assert.equal(e.code, 'responseTooLarge');
      assert.match(e.message, /^The service answered more than 1 KB for .+; the answer was not read\.$/);
      assert.equal(e.maybeApplied, false);
    } finally {
      await small.close();
    }
    const big = demoClient(emu, { maxResponseBytes: 1.5 * 1024 * 1024 }, NO_RETRY);
    try {
      await big.getOperation(opId());
    } finally {
      await big.close();
    }
  });

  test('a connection cut mid-answer, a stopped service and a closed client each say so', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, kind: 'dropMidBody' });
    const cut = await failureOf(client.getOperation(opId()));
    assert.equal(cut.kind, 'network');
    assert.equal(cut.message, `The connection to ${new URL(emu.url).origin} was dropped before the response was complete.`);

    const stopped = await startEmulator({ quiet: true });
    const url = stopped.url;
    await stopped.close();
    const refused = createClient({ ...DEFAULT_CONNECTION, baseUrl: url, apiKey: 'apik_x', workspaceId: 'wksp_x' }, undefined, NO_RETRY);
    try {
      const e = await failureOf(refused.getOperation(opId()));
      assert.equal(e.kind, 'network');
      assert.equal(e.message, `Could not connect to ${new URL(url).origin}: connection refused. Is the service running?`);
    } finally {
      await refused.close();
    }

    const closing = demoClient(emu, {}, NO_RETRY);
    await closing.close();
    const closed = await failureOf(closing.getOperation(opId()));
    assert.equal(closed.kind, 'network');
    assert.equal(closed.message, `Could not reach ${new URL(emu.url).origin}: this connection was closed.`);
  });

  test('a base URL with trailing slashes reaches the same paths', async () => {
    const slashed = demoClient(emu, { baseUrl: `${emu.url}///` }, NO_RETRY);
    try {
      assert.equal((await slashed.getOperation(opId())).id, opId());
    } finally {
      await slashed.close();
    }
  });
});

describe('connection settings', () => {
  test('a base URL that is not http(s) is refused with the URL named', () => {
    const make = (baseUrl: string) => () => createClient({ ...DEFAULT_CONNECTION, baseUrl, apiKey: 'apik_x' });
    assert.throws(make('not a url'), { message: 'The base URL "not a url" is not a valid URL.' });
    assert.throws(make('ftp://h.example'), { message: 'The base URL must start with http:// or https://, got "ftp://h.example".' });
  });

  test('the defaults are the documented ones', () => {
    assert.deepEqual(DEFAULT_CONNECTION, {
      authHeader: 'Authorization',
      authScheme: 'Bearer',
      workspaceHeader: 'X-Workspace-Id',
      timeoutMs: 15_000,
    });
  });

  test('a timeout is kept within 1 s and 5 min, rounded; one that is not a number is the default', () => {
    assert.equal(boundedTimeout(Number.NaN), 15_000);
    assert.equal(boundedTimeout(Number.POSITIVE_INFINITY), 15_000);
    assert.equal(boundedTimeout(0), 1_000);
    assert.equal(boundedTimeout(999.4), 1_000);
    assert.equal(boundedTimeout(1_500.5), 1_501);
    assert.equal(boundedTimeout(300_000), 300_000);
    assert.equal(boundedTimeout(300_001), 300_000);
  });

  test('status lines name the status, or say it is an HTTP error', () => {
    const names: Record<number, string> = {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      405: 'Method Not Allowed',
      409: 'Conflict',
      412: 'Precondition Failed',
      413: 'Payload Too Large',
      422: 'Unprocessable Entity',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
      504: 'Gateway Timeout',
    };
    for (const [status, name] of Object.entries(names)) assert.equal(statusLine(Number(status)), `${status} ${name}`);
    assert.equal(statusLine(418), '418 HTTP error');
  });
});
