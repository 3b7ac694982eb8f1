// The public `/v1` request handler: fault injection, routing, auth, workspace and permission
// checks, then the route; every answer is logged (without the key).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { assertId, InvalidIdError } from '../api/ids';
import { Authenticator, requirePermission } from './auth';
import { Faults, violateSchema, type Fault } from './faults';
import { HttpError, codeForStatus, errorBody, readJsonBody, sendRaw } from './core/http';
import { RequestLog, shorten, type RequestLogEntry } from './requestLog';
import { Router, type RouteContext } from './routes/router';
import { dashboardRoutes } from './routes/dashboards';
import { databaseRoutes } from './routes/databases';
import { factRoutes } from './routes/facts';
import { readRoutes } from './routes/reads';
import { revisionRoutes } from './routes/revisions';
import type { Store } from './core/store';
import type { WorkspaceRecord } from './core/records';

interface Outcome {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** Close the connection after answering (e.g. a body over the limit that was not read). */
  close?: boolean;
}

/** What organization-scoped routes receive as `workspace`; they never read it. */
const NO_WORKSPACE: WorkspaceRecord = Object.freeze({ id: '', organizationId: '', name: '' });

export class PublicApi {
  private readonly router = new Router([...readRoutes, ...revisionRoutes, ...dashboardRoutes, ...databaseRoutes, ...factRoutes]);

  constructor(
    private readonly store: () => Store,
    private readonly auth: Authenticator,
    readonly faults: Faults,
    readonly log: RequestLog,
    private readonly onError: (e: unknown) => void,
  ) {}

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.serve(req, res).catch((e: unknown) => {
      this.onError(e);
      if (!res.headersSent) sendRaw(res, 500, errorBody('internal', 'The emulator failed to handle the request.'));
      else res.destroy();
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
    const entry = this.log.start({ method, path, query: Object.fromEntries(query), workspace: this.auth.workspaceHeaderValue(req.headers) });

    const fault = this.faults.take(method, path);
    if (fault) {
      entry.fault = fault.kind;
      if (fault.kind === 'latency') await delay(fault.latencyMs ?? 1000);
      else if (this.answerWithFault(fault, req, res, entry)) return;
    }

    let outcome: Outcome;
    try {
      outcome = await this.route(req, method, path, query, entry);
    } catch (e) {
      outcome = toOutcome(e, this.onError);
    }
    entry.status = outcome.status;
    if (fault?.kind === 'schemaViolation' && outcome.status < 300) {
      const parsed = JSON.parse(outcome.body) as { data: unknown };
      outcome.body = JSON.stringify({ data: violateSchema(parsed.data) });
    }
    if (outcome.close) {
      outcome.headers['Connection'] = 'close';
      res.on('finish', () => req.socket.destroySoon());
    }
    if (fault?.kind === 'dropMidBody') return dropMidBody(res, outcome);
    sendRaw(res, outcome.status, outcome.body, outcome.headers);
  }

  /** Faults that answer instead of the route. Returns false when the route should still run. */
  private answerWithFault(fault: Fault, req: IncomingMessage, res: ServerResponse, entry: RequestLogEntry): boolean {
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return true;
      case 'status': {
        const status = fault.status ?? 500;
        entry.status = status;
        const headers: Record<string, string> = fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {};
        sendRaw(res, status, errorBody(codeForStatus(status), `Injected fault: status ${status}.`), headers);
        return true;
      }
      case 'rateLimit': {
        const seconds = fault.retryAfterSeconds ?? 1;
        entry.status = 429;
        sendRaw(res, 429, errorBody('rate_limited', `Too many requests; retry after ${seconds} s.`, { retryAfterSeconds: seconds }), { 'Retry-After': String(seconds) });
        return true;
      }
      case 'malformedJson':
        entry.status = 200;
        sendRaw(res, 200, '{"data": {"id": "oper_', {});
        return true;
      case 'html': {
        const status = fault.status ?? 502;
        entry.status = status;
        sendRaw(res, status, `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><h1>${status} Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>\n`, {}, 'text/html; charset=utf-8');
        return true;
      }
      default:
        return false;
    }
  }

  private async route(req: IncomingMessage, method: string, path: string, query: URLSearchParams, entry: RequestLogEntry): Promise<Outcome> {
    const match = this.router.match(method, path);
    if (match.kind === 'none') throw new HttpError(404, 'not_found', `No endpoint ${method} ${path}.`);
    if (match.kind === 'method') {
      const allow = match.allow.join(', ');
      throw new HttpError(405, 'method_not_allowed', `${path} does not support ${method}; use ${allow}.`, { allow: match.allow }, { Allow: allow });
    }
    const { route, params } = match;
    const store = this.store();
    const key = this.auth.key(req.headers);
    entry.actorId = key.id;
    for (const [name, kinds] of Object.entries(route.ids)) {
      try {
        assertId(kinds, params[name]);
      } catch (e) {
        if (e instanceof InvalidIdError) throw new HttpError(400, 'invalid_id', `Path parameter ${name}: ${e.message}`, { parameter: name, value: e.id.slice(0, 100) });
        throw e;
      }
    }
    const workspace = route.scope === 'workspace' ? this.auth.workspace(req.headers, key) : NO_WORKSPACE;
    if (route.permission) requirePermission(key, route.permission);
    const ctx: RouteContext = {
      store,
      key,
      workspace,
      params,
      query,
      now: Date.now(),
      body: async () => {
        const body = await readJsonBody(req);
        entry.body = shorten(body ?? null);
        return body;
      },
    };
    const result = await route.handle(ctx);
    const body = 'body' in result ? result.body : JSON.stringify({ data: result.data });
    return { status: result.status ?? 200, body, headers: {} };
  }
}

function toOutcome(e: unknown, onError: (e: unknown) => void): Outcome {
  if (e instanceof HttpError) {
    return { status: e.status, body: errorBody(e.code, e.message, e.details), headers: { ...e.headers }, close: e.status === 413 };
  }
  onError(e);
  return { status: 500, body: errorBody('internal', 'The emulator failed to handle the request.'), headers: {} };
}

/** Sends the status, headers and part of the body, then cuts the connection. */
function dropMidBody(res: ServerResponse, outcome: Outcome): void {
  const bytes = Buffer.from(outcome.body);
  res.writeHead(outcome.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length, ...outcome.headers });
  const cut = Math.max(1, Math.min(bytes.length - 1, Math.floor(bytes.length / 2)));
  res.write(bytes.subarray(0, cut), () => res.destroy());
}
