// The admin surface: a separate loopback-only server for tests and tools. It is never routed from
// the public server. JSON in, `{data}` / `{error}` out, like the public API. Loopback is not enough
// (any local process, or a web page the user visits posting to 127.0.0.1, could reset or fault the
// emulator): every request must carry `Authorization: Bearer <token>`, the token made at start.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './faults';
import { HttpError, errorBody, readJsonBody, sendJson, sendRaw } from './core/http';
import { isRecord } from '../util/isRecord';
import type { RequestLogEntry } from './requestLog';
import type { Capabilities, DataRunColumnRecord, DemoInfo, StateSnapshot } from './core/records';
import type { Carriers } from '../api/carriers';
import type { VariantName, WireVariant } from './core/variants';

/** What GET /variants answers. */
export interface VariantReport {
  /** As given at start. */
  names: readonly VariantName[];
  /** In effect (`strict` expanded). */
  active: readonly WireVariant[];
  carriers: Carriers;
}

/** What the admin surface can do; implemented by the running emulator. */
export interface EmulatorControl {
  url: string;
  demo(): DemoInfo;
  variants(): VariantReport;
  injectFault(spec: unknown): Fault;
  faults(): Fault[];
  clearFaults(): void;
  requests(): RequestLogEntry[];
  clearRequests(): void;
  reset(): Promise<void>;
  /** Starts a new data run (with `columns`, else the last run's); undefined when the dashboard does not exist. */
  startDataRun(dashboardId: string, columns?: DataRunColumnRecord[]): string | undefined;
  /** Finishes a pending deployment now; returns the app as the public API shows it. */
  finishDeploy(applicationId: string): unknown;
  snapshot(): StateSnapshot;
  /**
   * Changes what a resource's history offers (a service may turn restore or publish off for a
   * resource); returns the capabilities now in effect. Undefined when there is no such history.
   */
  setCapabilities(resourceId: string, capabilities: Partial<Capabilities>): Capabilities | undefined;
}

/** A fresh admin token: 256 random bits, URL- and header-safe. */
export function newAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the request carries `Authorization: Bearer <token>`; compared in constant time. */
export function hasAdminToken(req: Pick<IncomingMessage, 'headers'>, token: string): boolean {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '');
  // Digests have one length, so timingSafeEqual neither throws nor tells the token's length.
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

export function adminHandler(control: EmulatorControl, token: string, onError: (e: unknown) => void) {
  const started = Date.now();
  return (req: IncomingMessage, res: ServerResponse): void => {
    // Checked before anything is read or done: a request without the token changes nothing.
    if (!hasAdminToken(req, token)) {
      req.resume();
      sendRaw(
        res,
        401,
        errorBody(
          'unauthorized',
          'The emulator admin surface needs "Authorization: Bearer <token>" (WSA_ADMIN_TOKEN of its start banner).',
        ),
        { 'WWW-Authenticate': 'Bearer realm="emulator-admin"' },
      );
      return;
    }
    route(control, req, started)
      .then((data) => sendJson(res, 200, { data }))
      .catch((e: unknown) => {
        if (e instanceof HttpError) return sendRaw(res, e.status, errorBody(e.code, e.message, e.details), e.headers);
        onError(e);
        sendRaw(res, 500, errorBody('internal', (e as Error)?.message ?? String(e)));
      });
  };
}

async function route(control: EmulatorControl, req: IncomingMessage, started: number): Promise<unknown> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://admin.local');
  const path = url.pathname;
  const is = (m: string, p: string) => method === m && path === p;
  if (is('GET', '/health')) return { ok: true, url: control.url, uptimeMs: Date.now() - started };
  if (is('GET', '/demo')) return control.demo();
  if (is('GET', '/variants')) return control.variants();
  if (is('GET', '/faults')) return control.faults();
  if (is('POST', '/faults')) return control.injectFault(await readJsonBody(req));
  if (is('DELETE', '/faults')) {
    control.clearFaults();
    return { cleared: true };
  }
  if (is('GET', '/requests')) {
    const since = Number(url.searchParams.get('since') ?? 0);
    return control.requests().filter((r) => r.seq > since);
  }
  if (is('DELETE', '/requests')) {
    control.clearRequests();
    return { cleared: true };
  }
  if (is('POST', '/reset')) {
    await control.reset();
    return { reset: true };
  }
  if (is('GET', '/snapshot')) return control.snapshot();
  let m = /^\/dashboards\/([^/]+)\/data-run$/.exec(path);
  if (m && method === 'POST') {
    const dataRunId = control.startDataRun(m[1]!, runColumns(await readJsonBody(req)));
    if (!dataRunId) throw new HttpError(404, 'not_found', `No dashboard ${m[1]}.`);
    return { dashboardId: m[1], dataRunId };
  }
  m = /^\/resources\/([^/]+)\/capabilities$/.exec(path);
  if (m && method === 'POST') {
    const capabilities = control.setCapabilities(m[1]!, capabilityChanges(await readJsonBody(req)));
    if (!capabilities) throw new HttpError(404, 'not_found', `No history of ${m[1]}.`);
    return capabilities;
  }
  m = /^\/apps\/([^/]+)\/finish-deploy$/.exec(path);
  if (m && method === 'POST') return control.finishDeploy(m[1]!);
  throw new HttpError(404, 'not_found', `No admin endpoint ${method} ${path}.`);
}

/** The body of POST /resources/{id}/capabilities: some of `{history, restore, publish}`, booleans. */
function capabilityChanges(body: unknown): Partial<Capabilities> {
  const names = ['history', 'restore', 'publish'] as const;
  const valid =
    isRecord(body) && Object.entries(body).every(([k, v]) => (names as readonly string[]).includes(k) && typeof v === 'boolean');
  if (!valid) throw new HttpError(400, 'bad_request', 'Expected some of {history, restore, publish} as booleans.');
  return body as Partial<Capabilities>;
}

/** The optional body of POST /dashboards/{id}/data-run: `{columns: [{name, type, nullable}]}`. */
function runColumns(body: unknown): DataRunColumnRecord[] | undefined {
  if (body === undefined) return undefined;
  const columns = (body as { columns?: unknown } | null)?.columns;
  const valid =
    Array.isArray(columns) &&
    columns.every(
      (c: { name?: unknown; type?: unknown; nullable?: unknown } | null) =>
        typeof c?.name === 'string' && typeof c.type === 'string' && (c.nullable === undefined || typeof c.nullable === 'boolean'),
    );
  if (!valid) throw new HttpError(400, 'bad_request', 'Expected {columns: [{name, type, nullable?}]} or no body.');
  return (columns as { name: string; type: string; nullable?: boolean }[]).map((c) => ({
    name: c.name,
    type: c.type,
    nullable: c.nullable ?? false,
  }));
}
