// A hostile or broken service cannot exhaust the host: every answer is bounded in bytes and time,
// every followed list in pages and items. Each case runs against a tiny node:http server on
// loopback that misbehaves on purpose (its loops are bounded and stop by themselves), and the
// same client then reads a normal answer.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import {
  ApiError,
  boundedTimeout,
  createClient,
  DEFAULT_CONNECTION,
  HttpTransport,
  MAX_RESPONSE_BYTES,
  MAX_TIMEOUT_MS,
  type ServiceClient,
} from '../../../src/api';
import { RUNTIME_TYPES_MAX_BYTES } from '../../../src/api/client';
import { describeError } from '../../../src/ui/describeError';
import { json, useScriptedServer, type Answer } from '../../harness/lib/scriptedServer';
import { OPERATION } from './clientSupport';

const SHORT_RETRY = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 50, budgetMs: 2_000 };
const MB = 1024 * 1024;

const NORMAL_OPERATION = { ...OPERATION, id: 'oper_normal' };

/** Streams `total` bytes of one reused 64 KB chunk, with backpressure; stops when the client leaves. */
function stream(res: ServerResponse, total: number, prefix = '{"data":"'): void {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  let gone = false;
  res.on('close', () => (gone = true));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(prefix);
  const pump = () => {
    while (!gone && sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!gone) res.end('"}');
  };
  pump();
}

describe('hostile answers stay bounded', () => {
  const server = useScriptedServer();
  const route = (path: string, answer: Answer) => server.route(path, answer);
  server.answerAll(json(404, { error: { message: 'no such path' } }));
  route('/v1/operations/oper_normal', json(200, { data: NORMAL_OPERATION }));

  const client = (over: Partial<Parameters<typeof createClient>[0]> = {}): ServiceClient =>
    createClient(
      { ...DEFAULT_CONNECTION, baseUrl: server.url, apiKey: 'k', workspaceId: 'wksp_1', timeoutMs: 10_000, ...over },
      undefined,
      SHORT_RETRY,
    );
  const transport = (over: Partial<ConstructorParameters<typeof HttpTransport>[0]> = {}) =>
    new HttpTransport(
      { ...DEFAULT_CONNECTION, baseUrl: server.url, apiKey: 'k', workspaceId: 'wksp_1', timeoutMs: 10_000, ...over },
      { debug() {}, error() {} },
    );
  const normalRead = async (c: HttpTransport) => {
    const answer = await c.send({ method: 'GET', path: '/v1/operations/oper_normal', scope: 'workspace', action: 'read operation' });
    assert.equal(answer.status, 200);
    assert.match(answer.text, /Normal/);
  };

  test('an answer of several hundred MB ends at 32 MB with a clear error, is not retried, and memory stays bounded', async () => {
    route('/v1/operations/oper_huge', (res) => stream(res, 400 * MB));
    const c = client();
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakBuffers = before.arrayBuffers;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
    }, 5);
    try {
      await assert.rejects(c.getOperation('oper_huge'), (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.equal(e.kind, 'invalidResponse');
        assert.equal(e.code, 'responseTooLarge');
        assert.equal(e.message, 'The service answered more than 32 MB for read operation oper_huge; the answer was not read.');
        assert.equal(e.maybeApplied, false);
        assert.deepEqual(describeError(e), { message: e.message, actions: ['showLog'] });
        return true;
      });
    } finally {
      clearInterval(sampler);
    }
    assert.equal(server.hits('/v1/operations/oper_huge'), 1, 'an answer too large is not asked for again');
    // The limit itself may be held for a moment; the 400 MB answer never is.
    assert.ok(peakBuffers - before.arrayBuffers < 3 * MAX_RESPONSE_BYTES, `buffers grew by ${(peakBuffers - before.arrayBuffers) / MB} MB`);
    assert.ok(peakRss - before.rss < 200 * MB, `rss grew by ${(peakRss - before.rss) / MB} MB`);
    assert.equal((await c.getOperation('oper_normal')).name, 'Normal');
    await c.close();
  });

  test('a huge answer to a PUT leaves the save open (maybe applied), to be read back', async () => {
    route('/v1/write-syncs/wsync_1', (res) => stream(res, 64 * MB));
    const t = transport({ maxResponseBytes: 1 * MB });
    await assert.rejects(
      t.send({ method: 'PUT', path: '/v1/write-syncs/wsync_1', scope: 'workspace', action: 'save write sync wsync_1', body: {} }),
      (e: unknown) =>
        e instanceof ApiError &&
        e.code === 'responseTooLarge' &&
        e.maybeApplied &&
        e.message === 'The service answered more than 1 MB for save write sync wsync_1; the answer was not read.',
    );
    await normalRead(t);
    await t.close();
  });

  test('a request with its own smaller limit ends there (undici’s pool limit is the larger one)', async () => {
    route('/v1/operations/oper_mid', (res) => stream(res, 3 * MB));
    const t = transport();
    await assert.rejects(
      t.send({ method: 'GET', path: '/v1/operations/oper_mid', scope: 'workspace', action: 'read operation oper_mid', maxBytes: MB }),
      (e: unknown) => e instanceof ApiError && e.code === 'responseTooLarge' && /more than 1 MB/.test(e.message),
    );
    await normalRead(t);
    await t.close();
  });

  test('50 MB of runtime declarations are not read: the runtime stays untyped and the reason is told', async () => {
    route('/v1/dashboard-runtime/types', (res) => stream(res, 50 * MB, '{"data":{"modules":[{"name":"@wsa/runtime","declarations":"'));
    const c = client();
    await assert.rejects(
      c.dashboardRuntimeTypes(),
      (e: unknown) =>
        e instanceof ApiError && e.code === 'responseTooLarge' && e.message.includes(`more than ${RUNTIME_TYPES_MAX_BYTES / MB} MB`),
    );
    assert.equal((await c.getOperation('oper_normal')).name, 'Normal');
    await c.close();
  });

  test('a body that drips bytes forever ends at the timeout', async () => {
    route('/v1/operations/oper_drip', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      let n = 0;
      // Bounded: at most 20 s of drips, and it stops when the client leaves.
      const drip = setInterval(() => {
        if (res.destroyed || ++n > 400) {
          clearInterval(drip);
          res.destroy();
        } else res.write(' ');
      }, 50);
      res.on('close', () => clearInterval(drip));
    });
    const t = transport({ timeoutMs: 1_000 });
    const started = Date.now();
    await assert.rejects(
      t.send({ method: 'GET', path: '/v1/operations/oper_drip', scope: 'workspace', action: 'read operation oper_drip' }),
      (e: unknown) => e instanceof ApiError && e.kind === 'timeout' && /within 1 s/.test(e.message),
    );
    const took = Date.now() - started;
    assert.ok(took >= 900 && took < 5_000, `ended after ${took} ms`);
    await normalRead(t);
    await t.close();
  });

  test('a timeout past what Node’s timer holds is bounded to 5 minutes instead of firing at once', async () => {
    assert.equal(boundedTimeout(2 ** 32), MAX_TIMEOUT_MS);
    assert.equal(boundedTimeout(Number.MAX_VALUE), MAX_TIMEOUT_MS);
    assert.equal(boundedTimeout(10), 1_000);
    assert.equal(boundedTimeout(Number.NaN), DEFAULT_CONNECTION.timeoutMs);
    route('/v1/operations/oper_slow', (res) => {
      const timer = setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"id":"oper_slow","name":"Slow"}}'),
        150,
      );
      res.on('close', () => clearTimeout(timer));
    });
    const t = transport({ timeoutMs: 2 ** 31 + 5_000 });
    const answer = await t.send({
      method: 'GET',
      path: '/v1/operations/oper_slow',
      scope: 'workspace',
      action: 'read operation oper_slow',
    });
    assert.equal(answer.status, 200);
    await t.close();
  });

  test('a list whose pages repeat a cursor stops there, and says so', async () => {
    const db = (i: number) => ({ id: `dbse_${i}`, name: `DB ${i}`, draft: { revisionId: `rvsn_${i}`, sequence: 1 }, published: null });
    route('/v1/databases', (res) => {
      const n = server.hits('/v1/databases');
      // Bounded: after 1,000 pages the list ends, so that old code stops too.
      const body = { data: { items: [db(n)], nextCursor: n >= 1_000 ? null : 'again' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const c = client();
    const all = await c.listAll('databases');
    assert.ok(all.supported);
    assert.equal(all.stopped, 'repeatedCursor');
    assert.equal(server.hits('/v1/databases'), 2, 'the repeated cursor is followed once, not again');
    assert.equal(all.items.length, 2);
    assert.equal((await c.getOperation('oper_normal')).name, 'Normal');
    await c.close();
  });

  test('a list of endless distinct pages stops after the page bound', async () => {
    route('/v1/write-syncs', (res) => {
      const n = server.hits('/v1/write-syncs');
      const body = { data: { items: [], nextCursor: n >= 1_000 ? null : `c${n}` } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const c = client();
    const all = await c.listAll('writeSyncs', { maxPages: 20 });
    assert.ok(all.supported);
    assert.equal(all.stopped, 'pages');
    assert.equal(server.hits('/v1/write-syncs'), 20);
    await c.close();
  });
});
