// The public `/v1` request handler: fault injection, routing, auth, workspace and permission
// checks, then the route; every answer is logged (without the key). The variant profiles act here
// where they touch every route: which routes exist, unknown body fields, response shapes, errors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { assertId, InvalidIdError } from '../api/ids';
import { Authenticator, requirePermission } from './auth';
import { Faults, violateSchema, type Fault } from './faults';
import { errorAnswer } from './core/errorAnswer';
import { withExtraFields } from './core/extraFields';
import { HttpError, codeForStatus, JSON_CONTENT_TYPE, readJsonBody, sendRaw } from './core/http';
import type { WorkspaceRecord } from './core/records';
import type { Store } from './core/store';
import type { VariantSet } from './core/variants';
import { RequestLog, shorten, type RequestLogEntry } from './requestLog';
import { refuseUnknownFields } from './routes/bodyShape';
import { publicRoutes } from './routes/publicRoutes';
import { Router, type RouteContext } from './routes/router';

interface Outcome {
  status: number;
  body: string;
  headers: Record<string, string>;
  contentType: string;
  /** Close the connection after answering (e.g. a body over the limit that was not read). */
  close?: boolean;
}

/** What organization-scoped routes receive as `workspace`; they never read it. */
const NO_WORKSPACE: WorkspaceRecord = Object.freeze({ id: '', organizationId: '', name: '' });

export class PublicApi {
  private readonly router: Router;

  constructor(
    private readonly store: () => Store,
    private readonly auth: Authenticator,
    readonly faults: Faults,
    readonly log: RequestLog,
    private readonly variants: VariantSet,
    private readonly onError: (e: unknown) => void,
  ) {
    // Without list endpoints their paths are unknown paths: 404, no 405.
    this.router = new Router(variants.has('no-lists') ? publicRoutes.filter((r) => !r.list) : publicRoutes);
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.serve(req, res).catch((e: unknown) => {
      this.onError(e);
      if (!res.headersSent) this.send(res, this.toOutcome(internal()));
      else res.destroy();
    });
  };

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
    const entry = this.log.start({
      method,
      path,
      query: Object.fromEntries(query),
      workspace: this.auth.workspaceHeaderValue(req.headers),
    });

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
      outcome = this.toOutcome(e);
    }
    entry.status = outcome.status;
    if (fault?.kind === 'schemaViolation' && outcome.status < 300 && outcome.body !== '') {
      const parsed = JSON.parse(outcome.body) as { data: unknown };
      outcome.body = JSON.stringify({ data: violateSchema(parsed.data) });
    }
    if (outcome.close) {
      outcome.headers['Connection'] = 'close';
      res.on('finish', () => req.socket.destroySoon());
    }
    if (fault?.kind === 'dropMidBody') return dropMidBody(res, outcome);
    this.send(res, outcome);
  }

  private send(res: ServerResponse, outcome: Outcome): void {
    sendRaw(res, outcome.status, outcome.body, outcome.headers, outcome.contentType);
  }

  private toOutcome(e: unknown, injected = false): Outcome {
    if (!(e instanceof HttpError)) this.onError(e);
    const err = e instanceof HttpError ? e : internal();
    const answer = errorAnswer(err, this.variants, { injected });
    return { ...answer, close: err.status === 413 };
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
        const headers: Record<string, string> =
          fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {};
        this.send(
          res,
          this.toOutcome(
            new HttpError(status, codeForStatus(status), fault.message ?? `Injected fault: status ${status}.`, undefined, headers),
            true,
          ),
        );
        return true;
      }
      case 'rateLimit': {
        const seconds = fault.retryAfterSeconds ?? 1;
        entry.status = 429;
        const err = new HttpError(
          429,
          'rate_limited',
          `Too many requests; retry after ${seconds} s.`,
          { retryAfterSeconds: seconds },
          { 'Retry-After': String(seconds) },
        );
        this.send(res, this.toOutcome(err, true));
        return true;
      }
      case 'malformedJson':
        entry.status = 200;
        sendRaw(res, 200, '{"data": {"id": "oper_');
        return true;
      case 'html': {
        const status = fault.status ?? 502;
        entry.status = status;
        sendRaw(
          res,
          status,
          `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head>` +
            `<body><h1>${status} Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>\n`,
          {},
          'text/html; charset=utf-8',
        );
        return true;
      }
      default:
        return false;
    }
  }

  private async route(
    req: IncomingMessage,
    method: string,
    path: string,
    query: URLSearchParams,
    entry: RequestLogEntry,
  ): Promise<Outcome> {
    const match = this.router.match(method, path);
    if (match.kind === 'none') throw new HttpError(404, 'not_found', `No endpoint ${method} ${path}.`);
    if (match.kind === 'method') {
      const allow = match.allow.join(', ');
      throw new HttpError(
        405,
        'method_not_allowed',
        `${path} does not support ${method}; use ${allow}.`,
        { allow: match.allow },
        { Allow: allow },
      );
    }
    const { route, params } = match;
    const store = this.store();
    const key = this.auth.key(req.headers);
    entry.actorId = key.id;
    for (const [name, kinds] of Object.entries(route.ids)) {
      try {
        assertId(kinds, params[name]);
      } catch (e) {
        if (e instanceof InvalidIdError)
          throw new HttpError(400, 'invalid_id', `Path parameter ${name}: ${e.message}`, { parameter: name, value: e.id.slice(0, 100) });
        throw e;
      }
    }
    const workspace = route.scope === 'workspace' ? this.auth.workspace(req.headers, key) : NO_WORKSPACE;
    if (route.permission) requirePermission(key, route.permission);
    const variants = this.variants;
    const strictBody = variants.has('strict-bodies') ? route.bodyFields : undefined;
    const extras = variants.has('extra-fields');
    const envelope = (data: unknown): string => JSON.stringify({ data: extras ? withExtraFields(data, path) : data });
    const ctx: RouteContext = {
      store,
      key,
      workspace,
      params,
      query,
      now: Date.now(),
      variants,
      envelope,
      body: async () => {
        const body = await readJsonBody(req);
        entry.body = shorten(body ?? null);
        if (strictBody) refuseUnknownFields(body, strictBody);
        return body;
      },
    };
    const result = await route.handle(ctx);
    const body = 'body' in result ? result.body : envelope(result.data);
    return { status: result.status ?? 200, body, headers: {}, contentType: JSON_CONTENT_TYPE };
  }
}

function internal(): HttpError {
  return new HttpError(500, 'internal', 'The emulator failed to handle the request.');
}

/** Sends the status, headers and part of the body, then cuts the connection. */
function dropMidBody(res: ServerResponse, outcome: Outcome): void {
  const bytes = Buffer.from(outcome.body);
  res.writeHead(outcome.status, { 'Content-Type': outcome.contentType, 'Content-Length': bytes.length, ...outcome.headers });
  const cut = Math.max(1, Math.min(bytes.length - 1, Math.floor(bytes.length / 2)));
  res.write(bytes.subarray(0, cut), () => res.destroy());
}
