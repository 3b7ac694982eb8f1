// Properties of reading what a hostile or broken server sends: any status, body and headers become
// one bounded, single-line message of a known kind; nothing throws, recurses without end or
// pollutes prototypes; and an unreadable 2xx answer to a PUT is marked as possibly applied (the
// save then reads the resource back instead of reporting a failure or sending it again).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { errorFromResponse, parseSuccess } from '../../../src/api/client';
import { ApiError, kindForStatus } from '../../../src/api/errors';
import { parseRetryAfter, readErrorBody } from '../../../src/api/errorBody';
import * as s from '../../../src/api/schemas';
import type { RawRequest, RawResponse } from '../../../src/api/transport';

const GET: RawRequest = { method: 'GET', path: '/v1/dashboards/oper_1/source', scope: 'workspace', action: 'read dashboard source oper_1' };
const PUT: RawRequest = { method: 'PUT', path: '/v1/dashboards/oper_1/source', scope: 'workspace', action: 'save dashboard source oper_1' };
/** The longest message readErrorBody keeps, plus its ellipsis. */
const MAX_MESSAGE = 501;

const contentType = fc.option(
  fc.constantFrom('application/json', 'application/problem+json', 'text/html; charset=utf-8', 'text/plain', 'application/octet-stream', ''),
  { nil: undefined },
);

/** Bodies a broken proxy, a newer server or an attacker might send. */
const hostileBody = fc.oneof(
  fc.string({ maxLength: 2000 }),
  fc.json(),
  fc.string().map((t) => `<!DOCTYPE html><html><head><title>${t}</title></head><body>${t}</body></html>`),
  fc
    .string()
    .map((m) => JSON.stringify({ error: { code: m, message: m, details: { line: m, column: -1, current: { revision: m, draft: 7 } } } })),
  fc.string().map((m) => `{"__proto__": {"polluted": "${m.replace(/["\\]/g, '')}"}, "error": {"message": "x"}}`),
  fc.integer({ min: 1, max: 4000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1, max: 4000 }).map((depth) => `${'{"error":'.repeat(depth)}"deep"${'}'.repeat(depth)}`),
  fc.constant('x'.repeat(200_000)),
);

function response(status: number, text: string, type?: string, retryAfter?: string): RawResponse {
  return { status, statusText: `${status}`, headers: { 'content-type': type, 'retry-after': retryAfter }, text };
}

describe('hostile response bodies (properties)', () => {
  test('any error answer becomes an ApiError of the status’s kind with one bounded line of message', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }),
        hostileBody,
        contentType,
        fc.option(fc.string(), { nil: undefined }),
        fc.boolean(),
        (status, body, type, retryAfter, put) => {
          const error = errorFromResponse(response(status, body, type, retryAfter), put ? PUT : GET);
          assert.ok(error instanceof ApiError);
          assert.equal(error.kind, kindForStatus(status));
          assert.equal(typeof error.message, 'string');
          assert.ok(error.message.length <= MAX_MESSAGE + 20, `message of ${error.message.length} characters`);
          assert.ok(!/[\r\n]/.test(error.message), 'one line');
          assert.equal(error.maybeApplied, put && status >= 500, 'only a PUT answered with 5xx may have been applied');
          if (error.retryAfterMs !== undefined) assert.ok(Number.isFinite(error.retryAfterMs) && error.retryAfterMs >= 0);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('the message of an HTML page is at most its title, never markup', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, body) => {
        const facts = readErrorBody(`<html><head><title>${title}</title></head><body><script>${body}</script></body></html>`, 'text/html');
        if (facts.message !== undefined) assert.ok(!facts.message.includes('<'), facts.message);
      }),
    );
  });

  test('bodies with __proto__ keys leave Object.prototype alone', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const body = `{"__proto__": {"polluted": ${JSON.stringify(value)}}, "constructor": {"prototype": {"polluted": 1}}, "data": {"__proto__": {"polluted": 2}}}`;
        readErrorBody(body, 'application/json');
        errorFromResponse(response(500, body, 'application/json'), GET);
        // `data` holds no dashboard source: reading it must refuse it.
        assert.throws(
          () => parseSuccess(response(200, body, 'application/json'), s.DashboardSource, GET),
          (e) => e instanceof ApiError && e.kind === 'invalidResponse',
        );
        assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
      }),
      { numRuns: 50 },
    );
  });

  test('an unreadable 2xx answer is invalidResponse; to a PUT it may have been applied, to a GET never', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 299 }), hostileBody, contentType, (status, body, type) => {
        // No hostile body is a `{data: <dashboard source>}`: every one must be refused, not returned.
        for (const req of [GET, PUT]) {
          assert.throws(
            () => parseSuccess(response(status, body, type), s.DashboardSource, req),
            (e) => {
              assert.ok(e instanceof ApiError && e.kind === 'invalidResponse', String(e));
              assert.equal(e.maybeApplied, req.method === 'PUT');
              assert.ok(e.message.length <= 400, 'the message does not echo the body');
              return true;
            },
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  test('Retry-After of any text is ignored or a finite wait that is not negative', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.integer().map(String),
          fc.double().map(String),
          fc.stringMatching(/^\d{300,400}$/),
          fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toUTCString())),
        ),
        (value) => {
          const ms = parseRetryAfter(value, 1_000_000);
          if (ms !== undefined) assert.ok(Number.isFinite(ms) && ms >= 0, `${value} → ${ms}`);
        },
      ),
    );
  });
});
