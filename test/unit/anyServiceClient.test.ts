// The client and the guarded save tolerate every choice the spec leaves to the service: unknown
// fields everywhere (never echoed), 400 or 422 refusals in problem+json (placed at the line), 412
// for a stale token with no current state in the body, and revision histories in pages or oldest
// first. A real HTTP proxy in front of the default emulator answers the way such a service does.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createClient, type ServiceClient } from '../../src/api';
import { databaseDefinitionBody, definitionBody, factBody, revisionRef } from '../../src/api/requestBodies';
import { newestFirst } from '../../src/api/revisionPages';
import type { RevisionListItem } from '../../src/api/schemas';
import { startEmulator, type RunningEmulator } from '../../src/emulator';
import { readOnlyEdits } from '../../src/model/factDocument';
import { ResourceReader } from '../../src/model/resourceReader';
import type { FileView, ResourceFile } from '../../src/model/resourcePath';
import { SaveFlow } from '../../src/model/saveFlow';
import type { SaveResult, ServerSnapshot } from '../../src/model/saveTypes';
import { validateText } from '../../src/validation/validate';
import { startVariantProxy, withExtraFields, type ProxiedReply, type ProxiedRequest, type VariantProxy } from './variantProxy';

const fastRetry = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 1_000, budgetMs: 3_000 };
// The TSX parser bundle the extension loads lazily (`node esbuild.mjs` builds it before the tests).
const validate = (view: FileView, text: string) => validateText(view, text, { tsxCheckPath: join(__dirname, '..', '..', '..', 'dist', 'tsx-check.js') });
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('request bodies hold only what the spec names', () => {
  test('a revision reference sent back is exactly {revisionId, sequence}', () => {
    assert.deepEqual(revisionRef({ revisionId: 'rvsn_1', sequence: 4, createdAt: 'x', actor: {} } as never), { revisionId: 'rvsn_1', sequence: 4 });
    assert.deepEqual(databaseDefinitionBody({ expectedDraft: { revisionId: 'rvsn_1', sequence: 4, by: 'y' } as never, definition: { tables: [] } }), {
      expectedDraft: { revisionId: 'rvsn_1', sequence: 4 },
      definition: { tables: [] },
    });
  });

  test('a definition keeps the request shape with its values and drops every other key', () => {
    const doc = {
      tables: [{ name: 'orders', comment: 'from the service', columns: [{ name: 'id', type: 'uuid', nullable: false, comment: 'pk', default: null }, 'odd'], primaryKey: ['id'], indexes: [] }],
      engine: 'x',
    };
    assert.deepEqual(definitionBody(doc), { tables: [{ name: 'orders', columns: [{ name: 'id', type: 'uuid', nullable: false }, 'odd'], primaryKey: ['id'] }] });
  });

  test('a fact body is the documented editable fields the document holds, nothing else', () => {
    const body = factBody({ name: 'n', formula: 'a', unit: null, id: 'fact_1', key: 'k', updatedAt: 'x', $readOnly: { v: 1 }, colour: 'blue' });
    assert.deepEqual(body, { name: 'n', formula: 'a', unit: null });
  });

  test('an edit under "$readOnly" is a warning at its line; no edit, no warning', () => {
    const base = `${JSON.stringify({ name: 'n', $readOnly: { vendorNote: 'a', level: 1 } }, null, 2)}\n`;
    assert.deepEqual(readOnlyEdits(base, base), []);
    const edited = base.replace('"a"', '"b"');
    const warnings = readOnlyEdits(edited, base);
    assert.deepEqual(warnings.map((w) => [w.severity, w.line]), [['warning', lineOf(edited, '"b"')]]);
    assert.match(warnings[0]!.message, /"\$readOnly\.vendorNote" is read-only .*not sent/);
    assert.equal(readOnlyEdits(base.replace(/,\n\s*"level": 1/, ''), base).length, 1, 'a removed field is an edit too');
  });

  test('revision items are put newest first, stable, whichever order they came in', () => {
    const item = (id: string, createdAt: string, parent: string | null): RevisionListItem => ({ id, parentRevisionId: parent, dependencyRevisionIds: [], actor: { type: 'user', id: 'user_1' }, message: id, createdAt });
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const newest = [item('r4', t(3), 'r3'), item('r3', t(2), 'r2'), item('r2', t(2), 'r1'), item('r1', t(1), null)];
    assert.deepEqual(newestFirst(newest).map((i) => i.id), ['r4', 'r3', 'r2', 'r1']);
    assert.deepEqual(newestFirst([...newest].reverse()).map((i) => i.id), ['r4', 'r3', 'r2', 'r1'], 'oldest first is turned round; equal times keep their order');
    const same = [item('a1', t(5), null), item('a2', t(5), 'a1'), item('a3', t(5), 'a2')];
    assert.deepEqual(newestFirst(same).map((i) => i.id), ['a3', 'a2', 'a1'], 'all at one instant: the chain tells the order');
    assert.deepEqual(newestFirst([item('x', 'not a time', null), item('y', 'nor this', 'x')]).map((i) => i.id), ['y', 'x']);
  });
});

describe('the client and the save against services that choose differently', () => {
  let emu: RunningEmulator;
  let proxy: VariantProxy;
  let client: ServiceClient;
  let reader: ResourceReader;
  let flow: SaveFlow;
  const ids = () => emu.demo.ids as Record<string, string>;
  const file = (view: FileView, id: string, name = 'Test'): ResourceFile => ({ workspaceId: emu.demo.workspaceId, view, id, name });
  const save = (f: ResourceFile, text: string, base: ServerSnapshot): Promise<SaveResult> => flow.save({ file: f, uri: `wsa:/${f.workspaceId}/${f.view}/${f.id}`, text, base });
  const puts = () => emu.requests().filter((r) => r.method === 'PUT');
  const isPut = (req: ProxiedRequest, path: RegExp) => req.method === 'PUT' && path.test(req.url);

  before(async () => {
    emu = await startEmulator({ quiet: true });
    proxy = await startVariantProxy(emu);
    client = createClient(
      { baseUrl: proxy.url, apiKey: emu.demo.apiKey, workspaceId: emu.demo.workspaceId, authHeader: 'Authorization', authScheme: 'Bearer', workspaceHeader: 'X-Workspace-Id', timeoutMs: 5_000 },
      undefined,
      fastRetry,
    );
    reader = new ResourceReader(() => client);
    flow = new SaveFlow(() => client, reader, { validate });
  });
  after(async () => {
    await client.close();
    await proxy.close();
    await emu.close();
  });
  beforeEach(async () => {
    proxy.hooks = {};
    proxy.seen.length = 0;
    await emu.reset();
  });

  test('with unknown fields on every answer (revision references too), tokens and bodies stay bare', async () => {
    const extras = { vendorNote: 'x', trace: { id: 'tr_1' } };
    proxy.hooks = { rewrite: (_req, reply) => (reply.status === 200 ? { ...reply, body: { data: extrasEverywhere((reply.body as { data: unknown }).data, extras) } } : undefined) };
    const f = file('dashboard', ids().dashboardId!);
    const base = await reader.snapshot(f);
    assert.deepEqual(Object.keys(base.tokens.kind === 'dashboard' ? base.tokens.expectedRevision : {}).sort(), ['revisionId', 'sequence']);
    emu.clearRequests();
    const result = await save(f, `${base.text}// edited\n`, base);
    assert.equal(result.status, 'saved', JSON.stringify(result));
    const body = puts()[0]!.body as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['expectedDataRunId', 'expectedRevision', 'source']);
    assert.deepEqual(Object.keys(body.expectedRevision as object).sort(), ['revisionId', 'sequence']);
    if (result.status === 'saved' && result.snapshot.tokens.kind === 'dashboard') assert.deepEqual(Object.keys(result.snapshot.tokens.expectedRevision).sort(), ['revisionId', 'sequence']);

    const db = file('database', ids().inventoryDatabaseId!);
    const dbBase = await reader.snapshot(db);
    // The document shows what the service keeps in its tables and columns…
    assert.match(dbBase.text, /"vendorNote"/);
    const warned = await validate('database', dbBase.text);
    assert.ok(warned.length > 0 && warned.every((p) => p.severity === 'info' && /not sent/.test(p.message)), 'unsent keys are information, never errors');
    emu.clearRequests();
    const dbResult = await save(db, dbBase.text.replace('"products"', '"items"'), dbBase);
    assert.equal(dbResult.status, 'saved', JSON.stringify(dbResult));
    // …and sends only the request shape.
    const dbBody = puts()[0]!.body as { expectedDraft: object; definition: { tables: Record<string, unknown>[] } };
    assert.deepEqual(Object.keys(dbBody).sort(), ['definition', 'expectedDraft']);
    assert.deepEqual(Object.keys(dbBody.expectedDraft).sort(), ['revisionId', 'sequence']);
    assert.deepEqual(Object.keys(dbBody.definition), ['tables']);
    for (const table of dbBody.definition.tables) {
      assert.deepEqual(Object.keys(table), ['name', 'columns', 'primaryKey']);
      for (const column of table.columns as object[]) assert.deepEqual(Object.keys(column), ['name', 'type', 'nullable']);
    }
    if (dbResult.status === 'saved') assert.ok(dbResult.warnings.length > 0, 'the save reports its warnings to show');
  });

  test('a fact document shows unknown fields under "$readOnly"; an edit there is a warning and is not sent', async () => {
    proxy.hooks = { rewrite: (req, reply) => (/^\/v1\/facts\/fact_/.test(req.url) && reply.status === 200 ? { ...reply, body: { data: { ...(reply.body as { data: object }).data, vendorNote: 'kept' } } } : undefined) };
    const f = file('fact', ids().factId!);
    const base = await reader.snapshot(f);
    const doc = JSON.parse(base.text) as Record<string, unknown>;
    assert.deepEqual(doc.$readOnly, { vendorNote: 'kept' });
    assert.ok(!('id' in doc) && !('updatedAt' in doc) && !('vendorNote' in doc));
    const text = base.text.replace('"kept"', '"changed"').replace('"Gross margin"', '"Gross margin 2"');
    emu.clearRequests();
    const result = await save(f, text, base);
    assert.equal(result.status, 'saved');
    if (result.status === 'saved') assert.deepEqual(result.warnings.map((w) => [w.severity, w.line]), [['warning', lineOf(text, '"changed"')]]);
    const body = puts()[0]!.body as Record<string, unknown>;
    assert.equal(body.name, 'Gross margin 2');
    assert.ok(!('$readOnly' in body) && !('vendorNote' in body));
  });

  test('a 400 refusal in problem+json is placed at the line it points to, like a 422', async () => {
    const db = file('database', ids().inventoryDatabaseId!);
    const base = await reader.snapshot(db);
    proxy.hooks = {
      answer: (req) =>
        isPut(req, /\/definition$/)
          ? problem(400, { title: 'Bad Request', detail: 'The definition is invalid.', errors: [{ detail: 'Table names must be lower case.', pointer: '/definition/tables/1/name' }] })
          : undefined,
    };
    const result = await save(db, base.text, base);
    assert.equal(result.status, 'invalid');
    if (result.status !== 'invalid') return;
    const tables = (JSON.parse(base.text) as { tables: { name: string }[] }).tables;
    assert.deepEqual([result.problems[0]!.source, result.problems[0]!.severity, result.problems[0]!.line], ['service', 'error', lineOf(base.text, `"${tables[1]!.name}"`)]);
    assert.equal(result.problems[0]!.message, 'Table names must be lower case.');

    const dash = file('dashboard', ids().dashboardId!);
    const dashBase = await reader.snapshot(dash);
    proxy.hooks = { answer: (req) => (isPut(req, /\/source$/) ? problem(400, { title: 'Bad Request', errors: [{ detail: 'Unexpected token', line: 3, column: 5 }] }) : undefined) };
    const placed = await save(dash, dashBase.text, dashBase);
    assert.equal(placed.status, 'invalid');
    if (placed.status === 'invalid') assert.deepEqual([placed.problems[0]!.line, placed.problems[0]!.column], [3, 5]);
  });

  test('a 412 for a stale token with no current state in the body still ends in a conflict with the latest state', async () => {
    const f = file('dashboard', ids().churnDashboardId!);
    const base = await reader.snapshot(f);
    proxy.hooks = { answer: (req) => (isPut(req, /\/source$/) ? problem(412, { title: 'Precondition Failed', detail: 'The revision is not the current one.' }) : undefined) };
    const result = await save(f, `${base.text}// mine\n`, base);
    assert.equal(result.status, 'conflict');
    if (result.status === 'conflict') {
      assert.deepEqual(result.conflict.latest.tokens, base.tokens, 'the latest state was read from the service');
      assert.equal(result.conflict.mine, `${base.text}// mine\n`);
    }
  });

  test('a revision history in pages of 25 (nextCursor, ?cursor=), oldest first, is read whole and newest first', async () => {
    const resourceId = ids().longHistoryDashboardResourceId!;
    const whole = await client.listRevisions(resourceId);
    assert.ok(whole.items.length > 50, 'a history long enough to page');
    proxy.seen.length = 0;
    proxy.hooks = {
      rewrite: (req, reply) => {
        const m = /^\/v1\/resources\/[^/]+\/revisions(?:\?cursor=(\d+))?$/.exec(req.url);
        if (!m || reply.status !== 200) return undefined;
        const data = (reply.body as { data: { items: unknown[] } }).data;
        const oldestFirst = [...data.items].reverse();
        const from = Number(m[1] ?? 0);
        const next = from + 25 < oldestFirst.length ? String(from + 25) : null;
        return { ...reply, body: { data: { ...data, items: oldestFirst.slice(from, from + 25), nextCursor: next } } };
      },
    };
    const paged = await client.listRevisions(resourceId);
    assert.deepEqual(paged.items.map((i) => i.id), whole.items.map((i) => i.id));
    const requests = proxy.seen.filter((r) => r.url.startsWith(`/v1/resources/${resourceId}/revisions`));
    assert.equal(requests.length, Math.ceil(whole.items.length / 25));
    assert.match(requests[1]!.url, /\?cursor=25$/);

    // Reading a database's state for a save needs its draft only: one page, not the whole history.
    proxy.seen.length = 0;
    const db = file('database', ids().databaseId!);
    const snapshot = await reader.snapshot(db);
    assert.equal(proxy.seen.filter((r) => /\/revisions(\?|$)/.test(r.url)).length, 1, 'one page read');
    assert.deepEqual(snapshot.tokens, { kind: 'database', expectedDraft: revisionRef((await client.listRevisions(db.id)).draft) });
  });
});

function problem(status: number, body: Record<string, unknown>): ProxiedReply {
  return { status, body: { type: 'about:blank', status, ...body }, contentType: 'application/problem+json' };
}

/** Unknown fields on every object, revision references included (they must be sent back bare). */
function extrasEverywhere(value: unknown, extra: Record<string, unknown>): unknown {
  const inner = withExtraFields(value, extra);
  const addToRefs = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(addToRefs);
    if (typeof v !== 'object' || v === null) return v;
    const r = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(r)) out[k] = addToRefs(x);
    return 'revisionId' in r && 'sequence' in r && !('vendorNote' in r) ? { ...out, ...extra } : out;
  };
  return addToRefs(inner);
}
