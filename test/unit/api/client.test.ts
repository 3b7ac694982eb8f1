// The service client against the real emulator over loopback HTTP: every endpoint, every error
// kind, the retry policy (with the emulator's fault injection) and the configurable headers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError, createClient, InvalidIdError, type ServiceClient } from '../../../src/api';
import { demoClient, useEmulator } from '../emulator/emulatorSupport';
import { startEmulator } from '../../../src/emulator';
import { json, withScriptedServer } from '../../harness/lib/scriptedServer';

const fastRetry = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 2_000, budgetMs: 5_000 };

describe('service client against the emulator', () => {
  let client: ServiceClient;
  const ids = () => emu.demo.ids as Record<string, string>;
  const make = (over: Partial<Parameters<typeof createClient>[0]> = {}) => demoClient(emu, over, fastRetry);

  const { emu } = useEmulator();
  before(async () => {
    client = make();
  });
  after(async () => {
    await client.close();
  });

  const puts = () => emu.requests().filter((r) => r.method === 'PUT');

  test('reads every kind of resource, typed', async () => {
    const op = await client.getOperation(ids().codeStaleOperationId!);
    assert.equal(op.codeStale, true);
    assert.match(op.draft.revisionId, /^rvsn_/);
    const source = await client.getDashboardSource(ids().dashboardId!);
    assert.match(source.resourceId, /^rept_/);
    assert.match(source.dataRunId, /^oprn_/);
    const history = await client.listRevisions(source.resourceId);
    assert.equal(history.draft.revisionId, source.revision.revisionId);
    const revision = await client.getRevision(source.resourceId, history.draft.revisionId);
    assert.equal(revision.value.source, source.source);
    const app = await client.getApp(ids().deployingAppId!);
    assert.equal(app.deployment.status, 'deploying');
    const sync = await client.getWriteSync(ids().identityLockedWriteSyncId ?? ids().writeSyncId!);
    assert.equal(typeof sync.version, 'number');
    const fact = await client.getFact(ids().factId!);
    assert.match(fact.id, /^fact_/);
  });

  test('unknown response fields are kept', async () => {
    const history = await client.listRevisions(ids().longHistoryDashboardResourceId!);
    // `dependencies` is an emulator extra the spec does not list.
    assert.ok(history.items.some((i) => Array.isArray((i as Record<string, unknown>).dependencies)));
  });

  test('a dashboard save sends the expected tokens once and gets sequence + 1', async () => {
    const before = await client.getDashboardSource(ids().dashboardId!);
    const saved = await client.replaceDashboardSource(ids().dashboardId!, {
      source: `${before.source}\n// edited\n`,
      expectedRevision: before.revision,
      expectedDataRunId: before.dataRunId,
    });
    assert.equal(saved.revision.sequence, before.revision.sequence + 1);
    assert.equal(puts().length, 1);
    assert.deepEqual((puts()[0]!.body as Record<string, unknown>).expectedRevision, before.revision);
  });

  test('a stale token is a conflict that carries the server’s current state', async () => {
    const before = await client.getDashboardSource(ids().dashboardId!);
    const body = { source: `${before.source}\n// a\n`, expectedRevision: before.revision, expectedDataRunId: before.dataRunId };
    const first = await client.replaceDashboardSource(ids().dashboardId!, body);
    const e = await client.replaceDashboardSource(ids().dashboardId!, body).then(
      () => undefined,
      (x: unknown) => x,
    );
    assert.ok(e instanceof ApiError && e.kind === 'conflict', String(e));
    assert.deepEqual(e.conflict?.revision, first.revision);
    assert.equal(e.conflict?.dataRunId, first.dataRunId);
  });

  test('invalid TSX is a validation error with line and column', async () => {
    const before = await client.getDashboardSource(ids().dashboardId!);
    const e = await client
      .replaceDashboardSource(ids().dashboardId!, {
        source: 'export default function A() {\n  return <div>;\n}\n',
        expectedRevision: before.revision,
        expectedDataRunId: before.dataRunId,
      })
      .then(
        () => undefined,
        (x: unknown) => x,
      );
    assert.ok(e instanceof ApiError && e.kind === 'validation');
    assert.equal(e.status, 422);
    assert.equal(e.position?.line, 2);
  });

  test('a database save with a stale expectedDraft is a conflict; a valid one returns the new draft', async () => {
    const dbId = ids().databaseId!;
    const history = await client.listRevisions(dbId);
    const draft = await client.getRevision(dbId, history.draft.revisionId);
    const definition = draft.value as { tables: never[] };
    const saved = await client.saveDatabaseDefinition(dbId, { expectedDraft: history.draft, definition });
    assert.match(saved.revisionId, /^rvsn_/);
    const e = await client.saveDatabaseDefinition(dbId, { expectedDraft: history.draft, definition }).then(
      () => undefined,
      (x: unknown) => x,
    );
    assert.ok(e instanceof ApiError && e.kind === 'conflict');
    assert.equal(e.conflict?.draft?.revisionId, saved.revisionId);
  });

  test('fact requests are organization-scoped and carry no workspace header', async () => {
    const fact = await client.getFact(ids().factId!);
    await client.replaceFact(fact.id, {
      name: fact.name,
      definition: String(fact.definition),
      formula: String(fact.formula),
      formulaType: String(fact.formulaType),
    });
    const requests = emu.requests();
    // The read and the replace at least; an empty log would pass the loop on nothing.
    assert.ok(requests.length >= 2, `${requests.length} requests logged`);
    for (const r of requests) assert.equal(r.workspace, null, `${r.method} ${r.path}`);
  });

  test('each failure status maps to its kind, with a readable message', async () => {
    const bad = make({ apiKey: 'apik_notAKeyAtAll000000000000' });
    await assert.rejects(
      bad.getOperation(ids().codeStaleOperationId!),
      (e: unknown) => e instanceof ApiError && e.kind === 'unauthorized' && e.message.length > 5,
    );
    await bad.close();
    const reader = make({ apiKey: emu.demo.readOnlyApiKey });
    const src = await reader.getDashboardSource(ids().dashboardId!);
    await assert.rejects(
      reader.replaceDashboardSource(ids().dashboardId!, {
        source: src.source,
        expectedRevision: src.revision,
        expectedDataRunId: src.dataRunId,
      }),
      (e: unknown) => e instanceof ApiError && e.kind === 'forbidden' && e.permission === 'dashboardWrite',
    );
    await reader.close();
    const other = make({ workspaceId: emu.demo.otherWorkspaceId, apiKey: emu.demo.readOnlyApiKey });
    await assert.rejects(other.getOperation(ids().codeStaleOperationId!), (e: unknown) => e instanceof ApiError && e.kind === 'notFound');
    await other.close();
    await assert.rejects(client.getOperation('oper_doesNotExist123'), (e: unknown) => e instanceof ApiError && e.kind === 'notFound');
  });

  test('an id of the wrong kind is refused before any request', async () => {
    await assert.rejects(client.getOperation(ids().writeSyncId ?? 'wsyn_abc'), InvalidIdError);
    await assert.rejects(client.getRevision(ids().dashboardResourceId!, 'oper_x'), /revision id/);
    assert.equal(emu.requests().length, 0);
  });

  test('a revision of another resource is not found', async () => {
    const a = await client.listRevisions(ids().dashboardResourceId!);
    await assert.rejects(
      client.getRevision(ids().longHistoryDashboardResourceId!, a.draft.revisionId),
      (e: unknown) => e instanceof ApiError && e.kind === 'notFound',
    );
  });

  test('GETs are retried after 503, 502, 429 and dropped connections, then succeed', async () => {
    for (const fault of [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 502 },
      { kind: 'rateLimit', retryAfterSeconds: 0 },
      { kind: 'drop' },
    ] as const) {
      emu.clearRequests();
      emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, count: 1, ...fault });
      const op = await client.getOperation(ids().codeStaleOperationId!);
      assert.equal(op.id, ids().codeStaleOperationId);
      assert.equal(emu.requests().length, 2, fault.kind);
    }
  });

  test('Retry-After is honoured and the retries are bounded', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, count: 1, kind: 'rateLimit', retryAfterSeconds: 1 });
    const started = Date.now();
    await client.getOperation(ids().codeStaleOperationId!);
    assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
    emu.clearRequests();
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, count: 10, kind: 'status', status: 503 });
    await assert.rejects(
      client.getOperation(ids().codeStaleOperationId!),
      (e: unknown) => e instanceof ApiError && e.kind === 'server' && e.status === 503,
    );
    assert.equal(emu.requests().length, fastRetry.maxAttempts);
    emu.clearFaults();
  });

  test('a 500 is not retried, and a PUT is never retried', async () => {
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations/' }, count: 1, kind: 'status', status: 500 });
    await assert.rejects(client.getOperation(ids().codeStaleOperationId!), (e: unknown) => e instanceof ApiError && e.kind === 'server');
    assert.equal(emu.requests().length, 1);
    const src = await client.getDashboardSource(ids().dashboardId!);
    emu.clearRequests();
    emu.injectFault({ match: { method: 'PUT' }, count: 1, kind: 'status', status: 503, retryAfterSeconds: 0 });
    await assert.rejects(
      client.replaceDashboardSource(ids().dashboardId!, {
        source: src.source,
        expectedRevision: src.revision,
        expectedDataRunId: src.dataRunId,
      }),
      (e: unknown) => e instanceof ApiError && e.kind === 'server' && e.maybeApplied,
    );
    assert.equal(puts().length, 1);
  });

  test('timeouts, dropped bodies and bad bodies are told apart', async () => {
    emu.injectFault({ match: { path: '/v1/operations/' }, count: 1, kind: 'latency', latencyMs: 1_500 });
    await assert.rejects(
      client.getOperation(ids().codeStaleOperationId!, { timeoutMs: 300 }),
      (e: unknown) => e instanceof ApiError && e.kind === 'timeout',
    );
    emu.clearFaults();
    emu.injectFault({ match: { path: '/v1/operations/' }, count: 5, kind: 'dropMidBody' });
    await assert.rejects(client.getOperation(ids().codeStaleOperationId!), (e: unknown) => e instanceof ApiError && e.kind === 'network');
    emu.clearFaults();
    emu.injectFault({ match: { path: '/v1/operations/' }, count: 1, kind: 'malformedJson' });
    await assert.rejects(
      client.getOperation(ids().codeStaleOperationId!),
      (e: unknown) => e instanceof ApiError && e.kind === 'invalidResponse' && /not valid JSON/.test(e.message),
    );
    emu.injectFault({ match: { path: '/v1/operations/' }, count: 1, kind: 'html', status: 200 });
    await assert.rejects(
      client.getOperation(ids().codeStaleOperationId!),
      (e: unknown) => e instanceof ApiError && e.kind === 'invalidResponse' && /HTML/.test(e.message),
    );
    emu.injectFault({ match: { path: '/v1/operations/' }, count: 1, kind: 'schemaViolation' });
    await assert.rejects(
      client.getOperation(ids().codeStaleOperationId!),
      (e: unknown) => e instanceof ApiError && e.kind === 'invalidResponse' && typeof e.field === 'string',
    );
  });

  test('a cancelled call rejects as cancelled', async () => {
    emu.injectFault({ match: { path: '/v1/operations/' }, count: 1, kind: 'latency', latencyMs: 1_000 });
    const controller = new AbortController();
    const pending = client.getOperation(ids().codeStaleOperationId!, { signal: controller.signal });
    setImmediate(() => controller.abort());
    await assert.rejects(pending, (e: unknown) => e instanceof ApiError && e.kind === 'cancelled');
    emu.clearFaults();
  });

  test('lists accept both page shapes and follow cursors', async () => {
    const page = await client.list('operations', { limit: 2 });
    assert.ok(page.supported);
    assert.equal(page.items.length, 2);
    assert.ok(page.nextCursor);
    const all = await client.listAll('operations');
    assert.ok(all.supported && all.items.length > 2);
    const facts = await client.listAll('facts');
    assert.ok(facts.supported && facts.items.every((f) => f.id.startsWith('fact_')));
  });

  test('the API key never appears in an error message', async () => {
    const bad = make({ apiKey: 'apik_secretSecretSecret000000000' });
    const e = await bad.getOperation(ids().codeStaleOperationId!).then(
      () => undefined,
      (x: unknown) => x,
    );
    assert.ok(e instanceof ApiError);
    assert.ok(!JSON.stringify({ m: e.message, s: e.stack }).includes('apik_secretSecretSecret'));
    await bad.close();
  });
});

describe('service client: configurable headers', () => {
  test('custom auth and workspace header names and a bare key reach the service', async () => {
    const emu = await startEmulator({ quiet: true, authHeader: 'X-Api-Key', authScheme: '', workspaceHeader: 'X-Workspace' });
    const client = createClient({
      baseUrl: emu.url,
      apiKey: emu.demo.apiKey,
      workspaceId: emu.demo.workspaceId,
      authHeader: 'X-Api-Key',
      authScheme: '',
      workspaceHeader: 'X-Workspace',
      timeoutMs: 5_000,
    });
    try {
      const op = await client.getOperation((emu.demo.ids as Record<string, string>).codeStaleOperationId!);
      assert.match(op.id, /^oper_/);
      const defaults = createClient({
        baseUrl: emu.url,
        apiKey: emu.demo.apiKey,
        workspaceId: emu.demo.workspaceId,
        authHeader: 'Authorization',
        authScheme: 'Bearer',
        workspaceHeader: 'X-Workspace-Id',
        timeoutMs: 5_000,
      });
      await assert.rejects(defaults.getOperation(op.id), (e: unknown) => e instanceof ApiError && e.kind === 'unauthorized');
      await defaults.close();
    } finally {
      await client.close();
      await emu.close();
    }
  });
});

describe('service client: a server without list endpoints', () => {
  test('a 404 or 405 on a list switches listing off without an error', async () => {
    await withScriptedServer(async (server) => {
      server.answerAll((res, req) =>
        json(req.path.startsWith('/v1/apps') ? 405 : 404, { error: { code: 'not_found', message: 'no such route' } })(res, req),
      );
      const client = createClient({
        baseUrl: server.url,
        apiKey: 'apik_x',
        workspaceId: 'wksp_x',
        authHeader: 'Authorization',
        authScheme: 'Bearer',
        workspaceHeader: 'X-Workspace-Id',
        timeoutMs: 2_000,
      });
      try {
        assert.deepEqual(await client.list('operations'), { supported: false });
        assert.deepEqual(await client.listAll('apps'), { supported: false });
        // Remembered: no second request.
        assert.deepEqual(await client.list('operations'), { supported: false });
      } finally {
        await client.close();
      }
    });
  });
});
