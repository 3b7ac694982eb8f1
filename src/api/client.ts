// The typed service client: one method per endpoint of the spec, each declared in `endpoints.ts`.
// Responses are checked against their schema; every failure is an ApiError of a known kind.
import * as l10n from '@vscode/l10n';
import { collections, endpoints, type Collection, type CollectionItem, type Endpoint } from './endpoints';
import { ApiError, kindForStatus } from './errors';
import { parseRetryAfter, readErrorBody } from './errorBody';
import { assertId } from './ids';
import { FactFieldMemory, type ReplaceFactOptions } from './factReplace';
import { appUpdateBody, dashboardSourceBody, databaseDefinitionBody, revisionOperationBody, writeSyncUpdateBody } from './requestBodies';
import type {
  AppUpdateBody,
  DashboardSourceBody,
  DatabaseDefinitionBody,
  RevisionOperationBody,
  WriteSyncUpdateBody,
} from './requestBodies';
import { DEFAULT_RETRY, nextRetryDelay, sleep, type RetryPolicy } from './retry';
import { CursorTrail, type ListStop } from './listPaging';
import { readAllPages, type PagedHistory } from './revisionPages';
import { schemas } from './lazySchemas';
import type { z } from './schemas';
import type * as s from './schemas';
import type { CallOptions, HttpTransport, RawRequest, RawResponse } from './transport';

export type { CallOptions } from './transport';

export type ReplaceDashboardSourceBody = DashboardSourceBody;
export type SaveDatabaseDefinitionBody = DatabaseDefinitionBody;

export type { ReplaceFactOptions } from './factReplace';
/** The runtime declarations' answer on the wire: their 2 MB bound (src/dashboardLanguage/service/dashboardProject.ts) with
 * room for JSON's escapes. Larger, it is not read and the runtime stays untyped. */
export const RUNTIME_TYPES_MAX_BYTES = 4 * 1024 * 1024;

export type ListPage<T> = { supported: false } | { supported: true; items: T[]; nextCursor: string | null };

const listPages = new Map<Collection, z.ZodMiniType>();
function listPageOf(collection: Collection): z.ZodMiniType {
  let schema = listPages.get(collection);
  // Stryker disable next-line ConditionalExpression: building the page schema again gives the same schema; the cache saves the cost
  if (!schema) listPages.set(collection, (schema = schemas().listPage(collections[collection].item())));
  return schema;
}

export class ServiceClient {
  /** What this connection learnt of the fields a fact replace may hold. */
  private readonly factFields = new FactFieldMemory();
  /** Collections whose list endpoint answered 404/405: listing stays off for them. */
  private readonly unlisted = new Set<Collection>();

  constructor(
    private readonly transport: HttpTransport,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  get workspaceId(): string | undefined {
    return this.transport.workspaceId;
  }

  getOperation(operationId: string, o?: CallOptions): Promise<s.Operation> {
    return this.call(endpoints.getOperation, { operationId }, o);
  }

  getDashboardSource(dashboardId: string, o?: CallOptions): Promise<s.DashboardSource> {
    return this.call(endpoints.getDashboardSource, { dashboardId }, o);
  }

  // Each PUT body is rebuilt from the spec's list of its fields (requestBodies.ts): whatever the
  // caller hands in, response extras and unknown keys never leave the machine.
  replaceDashboardSource(dashboardId: string, body: ReplaceDashboardSourceBody, o?: CallOptions): Promise<s.DashboardSourceSaved> {
    return this.call(endpoints.replaceDashboardSource, { dashboardId }, { ...o, body: dashboardSourceBody(body) });
  }

  /**
   * The history's state — draft, published, version, capabilities — from its first page only: for
   * callers that need no items (a paged history of thousands of revisions is many requests).
   * `items` holds whatever that page had, in the service's order.
   */
  revisionState(resourceId: string, o?: CallOptions): Promise<s.RevisionHistory> {
    return this.call(endpoints.listRevisions, { resourceId }, o);
  }

  /** The whole history, newest first: pages (`nextCursor`) are followed up to a bound. */
  async listRevisions(resourceId: string, o?: CallOptions): Promise<s.RevisionHistory> {
    const first: PagedHistory = await this.call(endpoints.listRevisions, { resourceId }, o);
    return readAllPages(first, (cursor) => this.call(endpoints.listRevisions, { resourceId }, { ...o, query: { cursor } }));
  }

  getRevision(resourceId: string, revisionId: string, o?: CallOptions): Promise<s.Revision> {
    return this.call(endpoints.getRevision, { resourceId, revisionId }, o);
  }

  getWriteSync(writeSyncId: string, o?: CallOptions): Promise<s.WriteSync> {
    return this.call(endpoints.getWriteSync, { writeSyncId }, o);
  }

  getApp(applicationId: string, o?: CallOptions): Promise<s.Application> {
    return this.call(endpoints.getApp, { applicationId }, o);
  }

  getFact(factId: string, o?: CallOptions): Promise<s.Fact> {
    return this.call(endpoints.getFact, { factId }, o);
  }

  /**
   * Replaces the fact: every editable field not in `body` is cleared by the server. Optional fields
   * the service refuses as ones it does not take are left out (factReplace.ts).
   */
  replaceFact(factId: string, body: s.FactReplaceBody, o: ReplaceFactOptions = {}): Promise<s.Fact> {
    const { unchanged, leaveOut, onLeftOut, ...callOptions } = o;
    return this.factFields.replace(body, { unchanged, leaveOut, onLeftOut }, (sent) =>
      this.call(endpoints.replaceFact, { factId }, { ...callOptions, body: sent }),
    );
  }

  /** The optional fact fields this connection leaves out of a replace (refused before, or chosen). */
  factFieldsLeftOut(): readonly string[] {
    return this.factFields.leftOut();
  }

  // The revision operations, each guarded by the history's version token. Success is any
  // 2xx whatever its body; the caller reads the history again (the source of truth). Never retried.
  publishRevision(resourceId: string, revisionId: string, body: RevisionOperationBody, o?: CallOptions): Promise<void> {
    return this.call(endpoints.publishRevision, { resourceId, revisionId }, { ...o, body: revisionOperationBody(body) }).then(
      () => undefined,
    );
  }

  restoreRevision(resourceId: string, revisionId: string, body: RevisionOperationBody, o?: CallOptions): Promise<void> {
    return this.call(endpoints.restoreRevision, { resourceId, revisionId }, { ...o, body: revisionOperationBody(body) }).then(
      () => undefined,
    );
  }

  saveDatabaseDefinition(databaseId: string, body: SaveDatabaseDefinitionBody, o?: CallOptions): Promise<s.DatabaseSaveResult> {
    return this.call(endpoints.saveDatabaseDefinition, { databaseId }, { ...o, body: databaseDefinitionBody(body) });
  }

  /**
   * The dashboard runtime's declarations, or `undefined` when the service has no such endpoint
   * (404, 405, 501): then the runtime's modules stay untyped, which is no error for the user.
   */
  dashboardRuntimeTypes(signal?: AbortSignal): Promise<s.RuntimeTypes | undefined> {
    return absentAsUndefined(this.call(endpoints.dashboardRuntimeTypes, {}, { signal, maxBytes: RUNTIME_TYPES_MAX_BYTES }));
  }

  /**
   * A data run with its columns (the dashboard's data contract), or `undefined` when the service
   * has no such read or no such run (404, 405, 501): then there is no contract to check against.
   */
  dataRun(dataRunId: string, signal?: AbortSignal): Promise<s.DataRun | undefined> {
    return absentAsUndefined(this.call(endpoints.dataRun, { operationRunId: dataRunId }, { signal }));
  }

  /** Updates the write sync if its version is still `expectedVersion`; the answer has version + 1. */
  updateWriteSync(writeSyncId: string, body: WriteSyncUpdateBody, o?: CallOptions): Promise<s.WriteSyncSaved> {
    return this.call(endpoints.updateWriteSync, { writeSyncId }, { ...o, body: writeSyncUpdateBody(body) });
  }

  /** Updates the app if its draft is still `expectedDraft`; the answer carries the new draft. */
  updateApp(applicationId: string, body: AppUpdateBody, o?: CallOptions): Promise<s.ApplicationSaved> {
    return this.call(endpoints.updateApp, { applicationId }, { ...o, body: appUpdateBody(body) });
  }

  /** One page of a collection, or `{supported: false}` when the server has no list endpoint for it. */
  async list<C extends Collection>(
    collection: C,
    page: { cursor?: string | null; limit?: number } = {},
    o?: CallOptions,
  ): Promise<ListPage<CollectionItem<C>>> {
    if (this.unlisted.has(collection)) return { supported: false };
    const { path, scope } = collections[collection];
    const query = new URLSearchParams();
    if (page.limit) query.set('limit', String(page.limit));
    if (page.cursor) query.set('cursor', page.cursor);
    const qs = query.size ? `?${query}` : '';
    try {
      const data = (await this.execute(
        { method: 'GET', path: path + qs, scope, action: `list ${collection}` },
        listPageOf(collection),
        true,
        o,
      )) as CollectionItem<C>[] | { items: CollectionItem<C>[]; nextCursor?: string | null };
      return Array.isArray(data)
        ? { supported: true, items: data, nextCursor: null }
        : { supported: true, items: data.items, nextCursor: data.nextCursor ?? null };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 405)) {
        this.unlisted.add(collection);
        return { supported: false };
      }
      throw e;
    }
  }

  /**
   * Every item of a collection, following cursors up to `maxItems` and a page bound; a cursor that
   * comes back ends it. `stopped` says why a list stopped early.
   */
  async listAll<C extends Collection>(
    collection: C,
    o?: CallOptions & { maxItems?: number; maxPages?: number },
  ): Promise<ListPage<CollectionItem<C>> & { stopped?: ListStop }> {
    const trail = new CursorTrail(o?.maxPages, o?.maxItems);
    const first = await this.list(collection, { limit: 500 }, o);
    if (!first.supported) return first;
    const items = [...first.items];
    let cursor = first.nextCursor;
    let stopped: ListStop | undefined;
    while (cursor && !(stopped = trail.stopBefore(cursor, items.length))) {
      trail.follow(cursor);
      const page: ListPage<CollectionItem<C>> = await this.list(collection, { cursor, limit: 500 }, o);
      if (!page.supported) return page;
      items.push(...page.items);
      cursor = page.nextCursor;
    }
    if (items.length > trail.maxItems) stopped = 'items';
    const result = { supported: true as const, items: items.slice(0, trail.maxItems), nextCursor: cursor };
    return stopped ? { ...result, stopped } : result;
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private async call<P extends Record<string, string>, R>(
    ep: Endpoint<P, R>,
    params: P,
    o: CallOptions & { body?: unknown; query?: Record<string, string>; maxBytes?: number } = {},
  ): Promise<R> {
    for (const name of Object.keys(ep.params) as (keyof P & string)[]) assertId(ep.params[name], params[name]);
    const subject = Object.values(params)[0];
    const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
    const action = subject === undefined ? ep.action : `${ep.action} ${subject}`;
    const req: RawRequest = { method: ep.method, path: ep.path(params) + qs, scope: ep.scope, action };
    if (o.body !== undefined) req.body = o.body;
    if (o.maxBytes !== undefined) req.maxBytes = o.maxBytes;
    return ep.ignoresAnswer ? this.execute(req, undefined, ep.idempotent, o) : this.execute(req, ep.response(), ep.idempotent, o);
  }

  /** `schema` undefined: any 2xx is success and its body is not read (endpoints.ts `ignoresAnswer`). */
  private execute<R>(req: RawRequest, schema: z.ZodMiniType<R> | undefined, idempotent: boolean, o: CallOptions = {}): Promise<R> {
    const started = Date.now();
    const request = o.signal === undefined && o.timeoutMs === undefined ? req : { ...req, signal: o.signal, timeoutMs: o.timeoutMs };
    const read = (response: RawResponse): R => {
      if (response.status >= 200 && response.status < 300)
        return schema ? parseSuccess(response, schema, req) : ignoreAnswer(response, req);
      throw errorFromResponse(response, req);
    };
    // Plain promise chains, not an async loop: this runs for every request (see `npm run bench`).
    const attempt = (n: number): Promise<R> =>
      this.transport
        .send(request)
        .then(read)
        .catch(async (error: unknown) => {
          if (!(error instanceof ApiError) || !idempotent) throw error;
          const delay = nextRetryDelay(error, n, Date.now() - started, this.retry);
          if (delay === undefined) throw error;
          try {
            await sleep(delay, o.signal);
          } catch {
            throw new ApiError({
              kind: 'cancelled',
              message: l10n.t('The request was cancelled.'),
              action: req.action,
              method: req.method,
              path: req.path,
            });
          }
          return attempt(n + 1);
        });
    return attempt(1);
  }
}

/** Statuses that say "this service does not offer that read" for the assumed endpoints. */
const ABSENT_STATUSES: ReadonlySet<number> = new Set([404, 405, 501]);

async function absentAsUndefined<R>(call: Promise<R>): Promise<R | undefined> {
  try {
    return await call;
  } catch (e) {
    if (e instanceof ApiError && e.status !== undefined && ABSENT_STATUSES.has(e.status)) return undefined;
    throw e;
  }
}

// Building a schema is far costlier than running it (zod compiles object parsers), so each
// response schema gets its envelope once.
const envelopes = new WeakMap<z.ZodMiniType, z.ZodMiniType<{ data: unknown }>>();
function enveloped<R>(schema: z.ZodMiniType<R>): z.ZodMiniType<{ data: R }> {
  let wrapped = envelopes.get(schema);
  // Stryker disable next-line ConditionalExpression: building the envelope again gives the same schema; the cache saves the cost
  if (!wrapped) envelopes.set(schema, (wrapped = schemas().envelope(schema) as z.ZodMiniType<{ data: unknown }>));
  return wrapped as z.ZodMiniType<{ data: R }>;
}

function invalid(req: RawRequest, message: string, field?: string, status?: number): ApiError {
  return new ApiError({
    kind: 'invalidResponse',
    message,
    field,
    status,
    action: req.action,
    method: req.method,
    path: req.path,
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: parseJson sees 2xx answers only; such a PUT was applied
    maybeApplied: req.method !== 'GET' && status !== undefined && status >= 200 && status < 300,
  });
}

/**
 * A 2xx whose body is not read: any JSON (or none) is success. A body that is not JSON at all is an
 * answer that did not arrive whole, as for a save: `maybeApplied`, and the caller reads back.
 */
function ignoreAnswer<R>(response: RawResponse, req: RawRequest): R {
  if (response.text.trim() !== '') parseJson(response, req);
  return undefined as R;
}

/** The body of a 2xx as JSON; one that is not JSON (an HTML page, a cut-off body) is `invalid`. */
function parseJson(response: RawResponse, req: RawRequest): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    const html = /html/i.test(response.headers['content-type'] ?? '') || /^\s*</.test(response.text);
    throw invalid(
      req,
      html ? l10n.t('The server answered with an HTML page instead of JSON.') : l10n.t('The server’s answer is not valid JSON.'),
      undefined,
      response.status,
    );
  }
}

export function parseSuccess<R>(response: RawResponse, schema: z.ZodMiniType<R>, req: RawRequest): R {
  const body = parseJson(response, req);
  const parsed = enveloped(schema).safeParse(body);
  if (parsed.success) return parsed.data.data;
  const issue = parsed.error.issues[0];
  // Stryker disable next-line OptionalChaining: a failed parse has at least one issue
  const field = issue?.path.length ? issue.path.map(String).join('.') : 'data';
  // Stryker disable next-line StringLiteral: a failed parse has at least one issue
  const what = issue ? describeIssue(issue, valueAt(body, issue.path)) : 'unexpected shape';
  throw invalid(req, l10n.t('The server’s answer has an unexpected shape: field “{0}”: {1}.', field, what), field, response.status);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const key of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fraction';
  return value === undefined ? 'nothing' : typeof value;
}

/** zod/mini carries no message texts (no locale), so the message is made here from the issue. */
function describeIssue(issue: z.core.$ZodIssue, received: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${kindOf(received)}`;
    case 'invalid_format':
      return `expected ${issue.format}`;
    case 'invalid_union':
      return l10n.t('got {0}, which matches none of the accepted shapes', kindOf(received));
    case 'invalid_value':
      return l10n.t('expected one of {0}', issue.values.map((v) => JSON.stringify(v)).join(', '));
    default:
      return issue.message && issue.message !== l10n.t('Invalid input') ? issue.message : l10n.t('not accepted ({0})', issue.code);
  }
}

export function errorFromResponse(response: RawResponse, req: RawRequest): ApiError {
  const facts = readErrorBody(response.text, response.headers['content-type']);
  const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
  return new ApiError({
    kind: kindForStatus(response.status),
    message: facts.message ?? response.statusText,
    status: response.status,
    action: req.action,
    method: req.method,
    path: req.path,
    code: facts.code,
    retryAfterMs,
    conflict: facts.conflict,
    position: facts.position,
    pointer: facts.pointer,
    bodyFields: facts.bodyFields,
    permission: facts.permission,
    // A 5xx answer to a PUT leaves open whether the change was stored.
    maybeApplied: req.method !== 'GET' && response.status >= 500,
  });
}
