// Schemas with realistic and hostile payloads: what a newer or broken server might send.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseSuccess } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import * as s from '../../../src/api/schemas';

const ref = { revisionId: 'rvsn_1', sequence: 3 };
const operation = {
  id: 'oper_1',
  name: 'Load orders',
  kind: 'dataTable',
  instructions: 'Load',
  dataSourceIds: ['data_1'],
  parentDataFlowId: 'oper_0',
  status: 'draft',
  codeStale: false,
  draft: ref,
  published: null,
};
const req = { method: 'GET' as const, path: '/v1/operations/oper_1', scope: 'workspace' as const, action: 'read operation oper_1' };
const respond = (body: unknown, text = JSON.stringify(body)) => ({
  status: 200,
  statusText: '200 OK',
  headers: { 'content-type': 'application/json' },
  text,
});

describe('schemas', () => {
  test('a realistic operation parses, and fields the spec does not list are kept', () => {
    const op = parseSuccess(respond({ data: { ...operation, owner: { id: 'user_1' }, labels: ['x'] } }), s.Operation, req);
    assert.deepEqual((op as Record<string, unknown>).owner, { id: 'user_1' });
    assert.deepEqual((op as Record<string, unknown>).labels, ['x']);
  });

  test('an operation without a parent data flow is accepted (the spec calls it optional)', () => {
    const { parentDataFlowId: _omit, ...rest } = operation;
    void _omit;
    assert.equal(parseSuccess(respond({ data: rest }), s.Operation, req).parentDataFlowId, undefined);
    assert.equal(parseSuccess(respond({ data: { ...operation, parentDataFlowId: null } }), s.Operation, req).parentDataFlowId, null);
  });

  test('a missing or mistyped field names the field', () => {
    const { codeStale: _c, ...missing } = operation;
    void _c;
    assert.throws(
      () => parseSuccess(respond({ data: missing }), s.Operation, req),
      (e: unknown) => e instanceof ApiError && e.kind === 'invalidResponse' && e.field === 'data.codeStale',
    );
    assert.throws(
      () => parseSuccess(respond({ data: { ...operation, draft: { revisionId: 'rvsn_1', sequence: '3' } } }), s.Operation, req),
      (e: unknown) => e instanceof ApiError && e.field === 'data.draft.sequence' && /expected number/.test(e.message),
    );
    assert.throws(() => parseSuccess(respond({ data: { ...operation, draft: { ...ref, sequence: 1.5 } } }), s.Operation, req), ApiError);
  });

  test('a body without the data envelope is refused', () => {
    assert.throws(
      () => parseSuccess(respond(operation), s.Operation, req),
      (e: unknown) => e instanceof ApiError && e.field === 'data',
    );
    assert.throws(() => parseSuccess(respond(null), s.Operation, req), ApiError);
    assert.throws(() => parseSuccess(respond([operation]), s.Operation, req), ApiError);
  });

  test('huge strings pass through untouched', () => {
    const big = 'x'.repeat(2_000_000);
    assert.equal(parseSuccess(respond({ data: { ...operation, instructions: big } }), s.Operation, req).instructions.length, big.length);
  });

  test('list pages in both shapes', () => {
    const list = s.listPage(s.Operation);
    assert.ok(list.safeParse([operation]).success);
    assert.ok(list.safeParse({ items: [operation], nextCursor: null }).success);
    assert.ok(list.safeParse({ items: [operation] }).success);
    assert.ok(!list.safeParse({ items: 'x' }).success);
  });

  test('no JSON value crashes parsing: it parses or becomes an invalidResponse', () => {
    // Operations as a server might send them: whole, with a field of another JSON value, a field
    // missing, or extra fields; and any JSON value at all. Both outcomes must occur often.
    const field = fc.constantFrom(...Object.keys(operation));
    const candidate = fc.oneof(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).map((extra) => ({ ...extra, ...operation })),
      fc.tuple(field, fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ ...operation, [k]: v })),
      field.map((k) => Object.fromEntries(Object.entries(operation).filter(([key]) => key !== k))),
      fc.jsonValue(),
    );
    const outcomes = { parsed: 0, refused: 0 };
    fc.assert(
      fc.property(candidate, (data) => {
        let parsed: s.Operation | undefined;
        try {
          parsed = parseSuccess(respond({ data }), s.Operation, req);
        } catch (e) {
          assert.ok(e instanceof ApiError && e.kind === 'invalidResponse', String(e));
          outcomes.refused++;
          return;
        }
        outcomes.parsed++;
        assert.equal(parsed.id, (data as { id: unknown }).id, 'what parses is what was sent');
      }),
      { numRuns: 300 },
    );
    assert.ok(outcomes.parsed >= 50 && outcomes.refused >= 50, `both outcomes ran often: ${JSON.stringify(outcomes)}`);
    const texts = { parsed: 0, refused: 0 };
    const history = {
      resourceId: 'oper_1',
      version: 'v1',
      draft: ref,
      published: null,
      capabilities: { history: true, restore: true, publish: true },
      items: [],
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((t) => JSON.stringify({ data: { ...history, note: t } })),
        ),
        (text) => {
          try {
            parseSuccess(respond(undefined, text), s.RevisionHistory, req);
            texts.parsed++;
          } catch (e) {
            assert.ok(e instanceof ApiError && e.kind === 'invalidResponse', String(e));
            texts.refused++;
          }
        },
      ),
      { numRuns: 200 },
    );
    assert.ok(texts.parsed >= 30 && texts.refused >= 30, `both outcomes ran often: ${JSON.stringify(texts)}`);
  });
});
