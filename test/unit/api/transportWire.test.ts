// What the client puts on the wire and what it tells the user and the log about each answer, against
// a plain loopback HTTP server that records every request and answers as each test sets (nothing
// mocked: the real transport and client over real sockets). Quick, so that it runs early.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { beforeEach, describe, test } from 'node:test';
import { ApiError, createClient, DEFAULT_CONNECTION, type ServiceClient } from '../../../src/api';
import { parseSuccess } from '../../../src/api/client';
import { HttpTransport, type RawRequest } from '../../../src/api/transport';
import * as z from 'zod/mini';
import { json, useScriptedServer } from '../../harness/lib/scriptedServer';
import { apiFailure as failure, clientOf, historyAnswer, NO_RETRY, OPERATION, WRITE_SYNC_DEFINITION } from './clientSupport';

// Each suite takes well under a second; one that hangs (a request that never settles) fails within 5 s,
// instead of holding a mutation run until Stryker's own timeout.
const SUITE = { timeout: 5_000 };

describe('the requests on the wire and what is told of their answers', SUITE, () => {
  const server = useScriptedServer();
  const lines: { level: 'debug' | 'error'; line: string }[] = [];
  const log = {
    debug: (line: string) => lines.push({ level: 'debug', line }),
    error: (line: string) => lines.push({ level: 'error', line }),
  };
  const client = (over: Parameters<typeof clientOf>[1] = {}): ServiceClient => clientOf(server.url, over, NO_RETRY, log);
  const withOperation = (field: string, value: unknown) => json(200, { data: { ...OPERATION, [field]: value } });

  beforeEach(() => {
    server.reset();
    lines.length = 0;
    server.answerAll(json(200, { data: OPERATION }));
  });

  test('a read asks for JSON, names the extension, carries the key and the workspace, and sends no body', async () => {
    const c = client();
    assert.equal((await c.getOperation('oper_1')).name, 'Normal');
    await c.close();
    assert.equal(server.requests.length, 1);
    const { method, url: path, headers, body } = server.requests[0]!;
    assert.equal(method, 'GET');
    assert.equal(path, '/v1/operations/oper_1');
    assert.equal(headers['accept'], 'application/json');
    assert.equal(headers['user-agent'], 'workspace-automation-vscode');
    assert.equal(headers['authorization'], 'Bearer apik_secret');
    assert.equal(headers['x-workspace-id'], 'wksp_1');
    assert.equal(headers['content-type'], undefined);
    assert.equal(body, '');
  });

  test('a save sends its JSON body as application/json; an organization-scoped request carries no workspace', async () => {
    const c = client();
    server.answerAll(json(200, { data: { version: 4, identityLocked: false } }));
    const saved = await c.updateWriteSync('wsyn_1', {
      expectedVersion: 3,
      name: 'Sync',
      definition: WRITE_SYNC_DEFINITION,
      isEnabled: true,
      automaticEnabled: false,
    });
    assert.equal(saved.version, 4);
    server.answerAll(json(404, { error: { code: 'not_found', message: 'No fact fact_1.' } }));
    await failure(c.getFact('fact_1'));
    await c.close();
    const [put, fact] = server.requests;
    assert.equal(put!.method, 'PUT');
    assert.equal(put!.headers['content-type'], 'application/json');
    assert.equal(put!.headers['x-workspace-id'], 'wksp_1');
    assert.equal(JSON.parse(put!.body).expectedVersion, 3);
    assert.equal(fact!.url, '/v1/facts/fact_1');
    assert.equal(fact!.headers['x-workspace-id'], undefined);
    assert.equal(fact!.headers['authorization'], 'Bearer apik_secret');
  });

  test('paths go below the base URL’s path, with or without its trailing slashes; an empty scheme sends the bare key', async () => {
    const c = client({ baseUrl: `${server.url}/api//`, authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-Team' });
    await c.getOperation('oper_1');
    await c.close();
    assert.equal(server.requests[0]!.url, '/api/v1/operations/oper_1');
    assert.equal(server.requests[0]!.headers['x-api-key'], 'apik_secret');
    assert.equal(server.requests[0]!.headers['authorization'], undefined);
    assert.equal(server.requests[0]!.headers['x-team'], 'wksp_1');
  });

  test('without a workspace no workspace header is sent', async () => {
    const c = client({ workspaceId: undefined });
    await c.getOperation('oper_1');
    await c.close();
    assert.equal(server.requests[0]!.headers['x-workspace-id'], undefined);
  });

  test('the log has one line per request: at debug when it succeeded, at error when it failed, and never the key', async () => {
    const c = client();
    await c.getOperation('oper_1');
    server.answerAll(json(404, { error: { code: 'not_found', message: 'gone' } }));
    await failure(c.getOperation('oper_2'));
    server.answerAll(json(399, { data: OPERATION }));
    await failure(c.getOperation('oper_3'));
    server.answerAll(json(400, { error: { message: 'bad' } }));
    await failure(c.getOperation('oper_4'));
    await c.close();
    assert.equal(lines.length, 4);
    assert.equal(lines[0]!.level, 'debug');
    assert.match(lines[0]!.line, /^\[HTTP\] GET \/v1\/operations\/oper_1 → 200 \(\d+ ms\)$/);
    assert.equal(lines[1]!.level, 'error');
    assert.match(lines[1]!.line, /^\[HTTP\] GET \/v1\/operations\/oper_2 → 404 \(\d+ ms\)$/);
    assert.equal(lines[2]!.level, 'debug', 'below 400 is no error for the log');
    assert.equal(lines[3]!.level, 'error', '400 is');
    for (const { line } of lines) assert.ok(!line.includes('apik_secret'));
  });

  test('a request that got no answer is logged at error with its kind and the reason', async () => {
    const c = client({ baseUrl: 'http://127.0.0.1:9' });
    const e = await failure(c.getOperation('oper_1'));
    await c.close();
    assert.equal(e.kind, 'network');
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.level, 'error');
    assert.match(
      lines[0]!.line,
      /^\[HTTP\] GET \/v1\/operations\/oper_1 failed after \d+ ms: network: Could not connect to http:\/\/127\.0\.0\.1:9: connection refused\. Is the service running\?$/,
    );
  });

  test('a save that got no answer may have been applied; a read that got none was not', async () => {
    const c = client({ baseUrl: 'http://127.0.0.1:9' });
    const read = await failure(c.getOperation('oper_1'));
    const save = await failure(
      c.updateApp('appl_1', { expectedDraft: { revisionId: 'rvsn_1', sequence: 1 }, name: 'App', description: null } as never),
    );
    await c.close();
    assert.equal(read.maybeApplied, false);
    assert.equal(save.kind, 'network');
    assert.equal(save.maybeApplied, true);
  });

  test('an error answer without a message is told by its status line', async () => {
    const expected: Record<number, string> = {
      400: '400 Bad Request',
      401: '401 Unauthorized',
      403: '403 Forbidden',
      404: '404 Not Found',
      405: '405 Method Not Allowed',
      409: '409 Conflict',
      412: '412 Precondition Failed',
      413: '413 Payload Too Large',
      422: '422 Unprocessable Entity',
      429: '429 Too Many Requests',
      500: '500 Internal Server Error',
      502: '502 Bad Gateway',
      503: '503 Service Unavailable',
      504: '504 Gateway Timeout',
      418: '418 HTTP error',
    };
    const c = client();
    for (const [status, message] of Object.entries(expected)) {
      server.answerAll((res) => res.writeHead(Number(status)).end());
      const e = await failure(c.getOperation('oper_1'));
      assert.equal(e.status, Number(status));
      assert.equal(e.message, message);
    }
    await c.close();
  });

  test('a body of the wrong shape says what was found where: null, a list, a fraction, nothing, text', async () => {
    const c = client();
    const cases: [string, unknown, string][] = [
      ['name', null, 'field “data.name”: expected string, got null'],
      ['name', ['a'], 'field “data.name”: expected string, got array'],
      ['codeStale', 'yes', 'field “data.codeStale”: expected boolean, got string'],
      ['dataSourceIds', undefined, 'field “data.dataSourceIds”: expected array, got nothing'],
      ['draft', { revisionId: 'rvsn_1', sequence: 1.5 }, 'field “data.draft.sequence”: expected int, got a fraction'],
    ];
    for (const [field, value, what] of cases) {
      server.answerAll(withOperation(field, value));
      const e = await failure(c.getOperation('oper_1'));
      assert.equal(e.kind, 'invalidResponse');
      assert.equal(e.message, `The server’s answer has an unexpected shape: ${what}.`);
      assert.equal(e.field, what.slice('field “'.length, what.indexOf('”')));
      assert.equal(e.status, 200);
    }
    server.answerAll(json(200, { data: 5 }));
    const list = await failure(c.list('databases'));
    assert.equal(
      list.message,
      'The server’s answer has an unexpected shape: field “data”: got number, which matches none of the accepted shapes.',
    );
    server.answerAll(json(200, { nothing: true }));
    const noData = await failure(c.getOperation('oper_1'));
    assert.equal(noData.message, 'The server’s answer has an unexpected shape: field “data”: expected object, got nothing.');
    await c.close();
  });

  test('a 2xx body that is not JSON is an HTML page when it says so in its type or its text starts with a tag', async () => {
    const c = client();
    server.answerAll((res) => res.writeHead(200, { 'content-type': 'text/HTML' }).end('oops'));
    assert.equal((await failure(c.getOperation('oper_1'))).message, 'The server answered with an HTML page instead of JSON.');
    server.answerAll((res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('  <p>oops</p>'));
    assert.equal((await failure(c.getOperation('oper_1'))).message, 'The server answered with an HTML page instead of JSON.');
    server.answerAll((res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('oops <p>'));
    assert.equal((await failure(c.getOperation('oper_1'))).message, 'The server’s answer is not valid JSON.');
    await c.close();
  });

  test('a publish takes any 2xx, with or without a body, but not a body cut off mid-JSON', async () => {
    const c = client();
    const body = { expectedVersion: 'v1' };
    server.answerAll((res) => res.writeHead(204).end());
    assert.equal(await c.publishRevision('oper_1', 'rvsn_1', body), undefined);
    server.answerAll((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('  \n'));
    assert.equal(await c.publishRevision('oper_1', 'rvsn_1', body), undefined);
    server.answerAll(json(200, { unexpected: ['shape'] }));
    assert.equal(await c.restoreRevision('oper_1', 'rvsn_1', body), undefined);
    server.answerAll((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": {'));
    const cut = await failure(c.publishRevision('oper_1', 'rvsn_1', body));
    assert.equal(cut.kind, 'invalidResponse');
    assert.equal(cut.maybeApplied, true);
    await c.close();
    assert.deepEqual(
      server.requests.map((s) => `${s.method} ${s.url}`),
      [
        'POST /v1/resources/oper_1/revisions/rvsn_1/publish',
        'POST /v1/resources/oper_1/revisions/rvsn_1/publish',
        'POST /v1/resources/oper_1/revisions/rvsn_1/restore',
        'POST /v1/resources/oper_1/revisions/rvsn_1/publish',
      ],
    );
  });
});

describe('lists, optional reads and retries on the wire', SUITE, () => {
  const server = useScriptedServer();
  const RETRY = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, budgetMs: 2_000 };
  const client = (retry = NO_RETRY): ServiceClient => clientOf(server.url, {}, retry);
  const db = (n: number) => ({ id: `dbse_${n}`, name: `DB ${n}`, draft: { revisionId: `rvsn_${n}`, sequence: 1 }, published: null });

  beforeEach(() => server.reset());

  test('a list page asks for its size and cursor, and takes a bare array or an object with or without a next cursor', async () => {
    const c = client();
    server.script(
      json(200, { data: [db(1)] }),
      json(200, { data: { items: [db(2)] } }),
      json(200, { data: { items: [], nextCursor: 'n2' } }),
    );
    assert.deepEqual(await c.list('databases'), { supported: true, items: [db(1)], nextCursor: null });
    assert.deepEqual(await c.list('databases', { limit: 20, cursor: 'n1' }), { supported: true, items: [db(2)], nextCursor: null });
    assert.deepEqual(await c.list('databases', { cursor: '' }), { supported: true, items: [], nextCursor: 'n2' });
    await c.close();
    assert.deepEqual(server.lines(), ['GET /v1/databases', 'GET /v1/databases?limit=20&cursor=n1', 'GET /v1/databases']);
  });

  test('a list the service answers 404 or 405 is off for the connection without an error; another failure is an error', async () => {
    const c = client();
    server.script(json(404, {}), json(405, {}), json(500, { error: { message: 'broken' } }));
    assert.deepEqual(await c.list('databases'), { supported: false });
    assert.deepEqual(await c.list('databases'), { supported: false });
    assert.deepEqual(await c.listAll('databases'), { supported: false });
    assert.deepEqual(await c.list('writeSyncs'), { supported: false });
    const e = await c.list('apps').then(
      () => assert.fail('listed'),
      (err: unknown) => err,
    );
    assert.ok(e instanceof ApiError && e.status === 500);
    await c.close();
    assert.deepEqual(
      server.lines(),
      ['GET /v1/databases', 'GET /v1/write-syncs', 'GET /v1/apps'],
      'an unlisted collection is not asked again',
    );
  });

  test('a whole list follows its cursors with pages of 500 and stops at the item bound', async () => {
    const c = client();
    server.script(
      json(200, { data: { items: [db(1)], nextCursor: 'p2' } }),
      json(200, { data: { items: [db(2), db(3)], nextCursor: null } }),
    );
    const all = await c.listAll('databases');
    assert.deepEqual(all, { supported: true, items: [db(1), db(2), db(3)], nextCursor: null });
    assert.deepEqual(server.lines(), ['GET /v1/databases?limit=500', 'GET /v1/databases?limit=500&cursor=p2']);
    server.script(
      json(200, { data: { items: [db(1)], nextCursor: 'p2' } }),
      json(200, { data: { items: [db(2), db(3)], nextCursor: 'p3' } }),
    );
    const bounded = await c.listAll('databases', { maxItems: 2 });
    assert.deepEqual(bounded, { supported: true, items: [db(1), db(2)], nextCursor: 'p3', stopped: 'items' });
    server.script(json(200, { data: { items: [db(1), db(2)], nextCursor: null } }));
    assert.deepEqual(await c.listAll('databases', { maxItems: 2 }), { supported: true, items: [db(1), db(2)], nextCursor: null });
    server.script(json(200, { data: { items: [db(1)], nextCursor: 'p2' } }), json(404, {}));
    assert.deepEqual(await c.listAll('databases'), { supported: false }, 'a list switched off on a later page');
    await c.close();
  });

  test('runtime types and a data run the service does not have are no error: 404, 405 and 501 read as absent', async () => {
    const c = client();
    for (const status of [404, 405, 501]) {
      server.script(json(status, {}), json(status, {}));
      assert.equal(await c.dashboardRuntimeTypes(), undefined, String(status));
      assert.equal(await c.dataRun('oprn_1'), undefined, String(status));
    }
    server.script(json(500, {}), json(403, {}));
    for (const read of [() => c.dashboardRuntimeTypes(), () => c.dataRun('oprn_1')]) {
      const e = await read().then(
        () => assert.fail('read'),
        (err: unknown) => err,
      );
      assert.ok(e instanceof ApiError);
    }
    await c.close();
    assert.equal(server.lines()[0], 'GET /v1/dashboard-runtime/types');
    assert.equal(server.lines()[1], 'GET /v1/operation-runs/oprn_1');
  });

  test('a read that met a 503 is asked again; a save is not; each failure names what was being done', async () => {
    const c = client(RETRY);
    server.script(json(503, {}), json(200, { data: OPERATION }));
    assert.equal((await c.getOperation('oper_1')).name, 'Normal');
    server.script(json(503, { error: { message: 'busy' } }));
    const save = await c.updateWriteSync('wsyn_1', { expectedVersion: 1 } as never).then(
      () => assert.fail('saved'),
      (err: unknown) => err,
    );
    assert.ok(save instanceof ApiError);
    assert.equal(save.action, 'save write sync wsyn_1');
    assert.equal(save.maybeApplied, true, 'a 5xx to a save leaves open whether it was stored');
    server.script(json(404, {}));
    const runtime = await c.dataRun('oprn_1').then(() => undefined);
    assert.equal(runtime, undefined);
    await c.close();
    assert.deepEqual(server.lines(), [
      'GET /v1/operations/oper_1',
      'GET /v1/operations/oper_1',
      'PUT /v1/write-syncs/wsyn_1',
      'GET /v1/operation-runs/oprn_1',
    ]);
  });

  test('a read cancelled while it waits to be asked again is cancelled, not the last failure', async () => {
    const controller = new AbortController();
    // The 503 is logged as its answer settles; the wait before the next attempt starts right after.
    const log = { debug() {}, error: (line: string) => void (/→ 503/.test(line) && setImmediate(() => controller.abort())) };
    const c = clientOf(server.url, {}, { maxAttempts: 3, baseDelayMs: 2_000, maxDelayMs: 2_000, budgetMs: 10_000 }, log);
    server.script(json(503, {}), json(200, { data: OPERATION }));
    const pending = c.getOperation('oper_1', { signal: controller.signal });
    const e = await pending.then(
      () => assert.fail('answered'),
      (err: unknown) => err,
    );
    assert.ok(e instanceof ApiError);
    assert.equal(e.kind, 'cancelled');
    assert.equal(e.message, 'The request was cancelled.');
    assert.equal(e.action, 'read operation oper_1');
    assert.equal(e.path, '/v1/operations/oper_1');
    assert.equal(e.method, 'GET');
    await c.close();
    assert.equal(server.requests.length, 1);
  });

  test('a host that does not resolve is told as such', async () => {
    const c = createClient(
      { ...DEFAULT_CONNECTION, baseUrl: 'http://wsa-test.invalid', apiKey: 'k', timeoutMs: 5_000 },
      undefined,
      NO_RETRY,
    );
    const e = await c.getOperation('oper_1').then(
      () => assert.fail('answered'),
      (err: unknown) => err,
    );
    await c.close();
    assert.ok(e instanceof ApiError);
    assert.equal(e.kind, 'network');
    assert.equal(e.message, 'Could not resolve the host of http://wsa-test.invalid.');
  });
});

describe('what the client asks and what it makes of the answers', SUITE, () => {
  const server = useScriptedServer();
  const client = (baseUrl = server.url): ServiceClient => clientOf(baseUrl);
  const item = (id: string, minute: number) => ({
    id,
    parentRevisionId: null,
    dependencyRevisionIds: [],
    actor: { type: 'user', id: 'user_1' },
    message: id,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  });
  const history = historyAnswer;

  beforeEach(() => server.reset());

  test('the connection’s workspace is the one it was made with', async () => {
    const c = client();
    assert.equal(c.workspaceId, 'wksp_1');
    await c.close();
  });

  test('an id of the wrong kind is refused before any request', async () => {
    const c = client();
    await assert.rejects(c.getOperation('dbse_1'));
    await assert.rejects(c.getRevision('oper_1', 'oper_2'));
    await c.close();
    assert.deepEqual(server.requests, []);
  });

  test('the whole history follows its cursor; its state is the first page alone', async () => {
    const c = client();
    server.script(json(200, history([item('rvsn_2', 2)], 'c2')), json(200, history([item('rvsn_1', 1)], null)));
    const whole = await c.listRevisions('oper_1');
    assert.deepEqual(
      whole.items.map((i) => i.id),
      ['rvsn_2', 'rvsn_1'],
    );
    server.script(json(200, history([item('rvsn_2', 2)], 'c2')));
    const state = await c.revisionState('oper_1');
    assert.equal(state.items.length, 1);
    await c.close();
    assert.deepEqual(
      server.requests.map((r) => r.url),
      ['/v1/resources/oper_1/revisions', '/v1/resources/oper_1/revisions?cursor=c2', '/v1/resources/oper_1/revisions'],
    );
  });

  test('a 3xx is no success, whatever its body', async () => {
    const c = client();
    server.script(json(300, { data: OPERATION }));
    const e = await failure(c.getOperation('oper_1'));
    assert.equal(e.status, 300);
    await c.close();
  });

  test('a whole number where text belongs is a number, not a fraction; a body that is no object is told at “data”', async () => {
    const c = client();
    server.script(json(200, { data: { ...OPERATION, name: 5 } }), json(200, '5'));
    assert.equal(
      (await failure(c.getOperation('oper_1'))).message,
      'The server’s answer has an unexpected shape: field “data.name”: expected string, got number.',
    );
    const root = await failure(c.getOperation('oper_1'));
    assert.equal(root.message, 'The server’s answer has an unexpected shape: field “data”: expected object, got number.');
    assert.equal(root.field, 'data');
    await c.close();
  });

  test('a save answered 500 may have been stored; answered 409 or 400 it was not', async () => {
    const c = client();
    const body = { expectedDraft: { revisionId: 'rvsn_1', sequence: 1 }, name: 'App' };
    server.script(json(500, {}), json(409, {}), json(400, {}));
    assert.equal((await failure(c.updateApp('appl_1', body))).maybeApplied, true);
    assert.equal((await failure(c.updateApp('appl_1', body))).maybeApplied, false);
    assert.equal((await failure(c.updateApp('appl_1', body))).maybeApplied, false);
    await c.close();
  });

  test('runtime types are read up to 4 MB; a failure reading them names what was being done', async () => {
    const c = client();
    const declarations = 'x'.repeat(4 * 1024 * 1024);
    server.script(json(200, { data: { modules: [{ name: 'runtime', declarations }] } }), json(500, {}));
    const big = await failure(c.dashboardRuntimeTypes());
    assert.equal(big.code, 'responseTooLarge');
    assert.equal(big.message, 'The service answered more than 4 MB for read dashboard runtime types; the answer was not read.');
    const broken = await failure(c.dashboardRuntimeTypes());
    assert.equal(broken.action, 'read dashboard runtime types');
    await c.close();
    const refused = client('http://127.0.0.1:9');
    assert.equal((await failure(refused.dashboardRuntimeTypes())).kind, 'network', 'no answer is no absent endpoint');
    await refused.close();
  });
});

describe('the transport’s limits', SUITE, () => {
  const server = useScriptedServer();
  const held: ServerResponse[] = [];
  let size = 0;
  server.answerAll((res, req) => {
    if (req.url.startsWith('/hold')) held.push(res);
    else if (req.url === '/multi') res.setHeader('x-multi', ['a', 'b']).writeHead(200).end('{}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end('x'.repeat(size));
  });

  const lines: string[] = [];
  const transport = () =>
    new HttpTransport(
      { ...DEFAULT_CONNECTION, baseUrl: server.url, apiKey: 'k', workspaceId: 'wksp_1', timeoutMs: 5_000 },
      { debug: (l) => lines.push(l), error: (l) => lines.push(l) },
    );
  const sentSince = (since: number) => server.requests.slice(since).map((r) => r.url);
  const get = (t: HttpTransport, path: string, over: Partial<RawRequest> = {}) =>
    t.send({ method: 'GET', path, scope: 'workspace', action: 'read it', ...over });
  test('an answer of exactly the byte limit is read; one byte more is not, and the limit is told in KB or MB', async () => {
    const t = transport();
    size = 1024;
    assert.equal((await get(t, '/a', { maxBytes: 1024 })).text.length, 1024);
    size = 1025;
    const e = await failure(get(t, '/b', { maxBytes: 1024 }));
    assert.equal(e.code, 'responseTooLarge');
    assert.equal(e.message, 'The service answered more than 1 KB for read it; the answer was not read.');
    size = 1024 * 1024 + 1;
    const mb = await failure(get(t, '/c', { maxBytes: 1024 * 1024 }));
    assert.equal(mb.message, 'The service answered more than 1 MB for read it; the answer was not read.');
    const half = await failure(get(t, '/d', { maxBytes: 512 * 1024 }));
    assert.equal(half.message, 'The service answered more than 512 KB for read it; the answer was not read.');
    size = 0;
    assert.equal((await get(t, '/e', { maxBytes: 1024 })).text, '');
    await t.close();
  });

  test('a header sent twice is read as one value, joined', async () => {
    const t = transport();
    const answer = await get(t, '/multi');
    assert.equal(answer.headers['x-multi'], 'a, b');
    await t.close();
  });

  test('a request that timed out is logged once, with the time it waited', async () => {
    const t = transport();
    lines.length = 0;
    const e = await failure(get(t, '/hold/1', { timeoutMs: 150 }));
    assert.equal(e.message, 'The server did not answer within 150 ms.');
    await t.close();
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /^\[HTTP\] GET \/hold\/1 failed after \d+ ms: timeout: The server did not answer within 150 ms\.$/);
    for (const res of held.splice(0)) res.destroy();
  });

  test('a request given up while it waited for a free connection never reaches the service', async () => {
    const t = transport();
    const since = server.requests.length;
    const busy = Array.from({ length: 6 }, (_, i) => get(t, `/hold/busy${i}`).catch((e: unknown) => e));
    while (held.length < 6) await new Promise((resolve) => setImmediate(resolve));
    const queued = await failure(get(t, '/late', { timeoutMs: 100 }));
    assert.equal(queued.kind, 'timeout');
    const controller = new AbortController();
    const cancelled = get(t, '/cancelled', { signal: controller.signal });
    controller.abort();
    assert.equal((await failure(cancelled)).kind, 'cancelled');
    for (const res of held.splice(0)) res.writeHead(200).end('{}');
    await Promise.all(busy);
    size = 2;
    assert.equal((await get(t, '/after')).status, 200);
    await t.close();
    assert.ok(!sentSince(since).includes('/late'), 'the timed-out request was not sent');
    assert.ok(!sentSince(since).includes('/cancelled'), 'the cancelled request was not sent');
  });
});

describe('the words for a shape a future schema may hold', () => {
  const req = { method: 'GET' as const, path: '/v1/x', scope: 'workspace' as const, action: 'read x' };
  const answer = (data: unknown) => ({ status: 200, statusText: '200', headers: {}, text: JSON.stringify({ data }) });
  const messageOf = (schema: z.ZodMiniType, data: unknown) => {
    try {
      parseSuccess(answer(data), schema, req);
    } catch (e) {
      assert.ok(e instanceof ApiError);
      return e.message;
    }
    return assert.fail('parsed');
  };

  test('a value outside a fixed list names the values taken', () => {
    assert.equal(
      messageOf(z.object({ mode: z.enum(['draft', 'published']) }), { mode: 'gone' }),
      'The server’s answer has an unexpected shape: field “data.mode”: expected one of "draft", "published".',
    );
  });

  test('a string of the wrong format names the format', () => {
    assert.equal(
      messageOf(z.object({ at: z.iso.datetime() }), { at: 'yesterday' }),
      'The server’s answer has an unexpected shape: field “data.at”: expected datetime.',
    );
  });

  test('a refusal with its own message says it', () => {
    assert.equal(
      messageOf(z.object({ colour: z.string().check(z.refine((v) => v === 'blue', 'must be blue')) }), { colour: 'red' }),
      'The server’s answer has an unexpected shape: field “data.colour”: must be blue.',
    );
  });

  test('any other refusal says its code', () => {
    assert.equal(
      messageOf(z.object({ n: z.number().check(z.minimum(3)) }), { n: 1 }),
      'The server’s answer has an unexpected shape: field “data.n”: not accepted (too_small).',
    );
  });
});
