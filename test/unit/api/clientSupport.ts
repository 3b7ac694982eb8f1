// Shared by the client's unit tests against a scripted loopback server (test/harness/lib/scriptedServer.ts):
// the client made for it, no retries unless a test asks, and the ApiError a call failed with.
import assert from 'node:assert/strict';
import { ApiError, createClient, DEFAULT_CONNECTION, type RequestLogger, type RetryPolicy, type ServiceClient } from '../../../src/api';

/** One attempt: a test of a failure sees the failure, not a retry of it. */
export const NO_RETRY: RetryPolicy = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, budgetMs: 1 };

/** An operation as the service reads it, every field valid. */
export const OPERATION = {
  id: 'oper_1',
  name: 'Normal',
  kind: 'code',
  instructions: '',
  dataSourceIds: [],
  parentDataFlowId: null,
  status: 'ready',
  codeStale: false,
  draft: { revisionId: 'rvsn_1', sequence: 1 },
  published: null,
};

/** A write sync's definition as the service reads it, every field valid. */
export const WRITE_SYNC_DEFINITION = {
  source: { resourceId: 'a', object: 'b', scope: 'c' },
  destination: { resourceId: 'd', object: 'e', scope: 'f' },
  input: { type: 'operation', operationId: 'oper_1', revisionId: 'rvsn_1', table: 't' },
  keyColumn: 'id',
  fields: { id: 'Id' },
};

/** The answer (`{data: …}`) to a revision list of oper_1 holding `items`; `nextCursor` is left out when undefined. */
export function historyAnswer(items: unknown[], nextCursor?: unknown) {
  return {
    data: {
      resourceId: 'oper_1',
      version: 'v1',
      draft: { revisionId: 'rvsn_2', sequence: 2 },
      published: null,
      capabilities: { history: true, restore: true, publish: true },
      items,
      nextCursor,
    },
  };
}

/** The real client of `baseUrl` with our default carriers, key `apik_secret` and workspace `wksp_1`; `over` changes any setting. */
export function clientOf(
  baseUrl: string,
  over: Partial<Parameters<typeof createClient>[0]> = {},
  retry: RetryPolicy = NO_RETRY,
  log?: RequestLogger,
): ServiceClient {
  return createClient(
    { ...DEFAULT_CONNECTION, baseUrl, apiKey: 'apik_secret', workspaceId: 'wksp_1', timeoutMs: 5_000, ...over },
    log,
    retry,
  );
}

/** The ApiError `p` rejects with; fails the test when `p` resolves or rejects with anything else. */
export async function apiFailure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => assert.fail('answered'),
    (err: unknown) => err,
  );
  assert.ok(e instanceof ApiError, String(e));
  return e;
}
