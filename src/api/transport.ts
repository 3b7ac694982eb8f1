// The one HTTP choke point: every request goes through `HttpTransport.send`, which adds the auth and
// workspace headers, applies the timeout and cancellation, logs, and turns socket-level failures
// into ApiErrors. Status codes and bodies are interpreted one level up, in the client.
import * as l10n from '@vscode/l10n';
import type { Dispatcher, Pool as UndiciPool } from 'undici';
import { carriersProblem } from './carriers';
import { ApiError } from './errors';

// undici's index loads fetch, WebSocket, caches and mocks too, most of its bundle; the pool
// alone, with its HTTP parser, is a fraction of it. undici declares no `exports`, so the module
// can be required by its path; its types come from the index. It is required when the first
// request goes out, not when the extension loads: evaluating it (and the Node modules it loads,
// http2, tls...) was most of the bundle's load time, which activation pays (README, Performance).
function loadPool(): typeof UndiciPool {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('undici/lib/dispatcher/pool') as typeof UndiciPool;
}

export interface ConnectionSettings {
  /** e.g. `https://automation.example.com` or `http://127.0.0.1:4000/api`; paths start at `/v1` below it. */
  baseUrl: string;
  apiKey: string;
  workspaceId?: string | undefined;
  authHeader: string;
  /** Written before the key (`Bearer`); empty sends the bare key. */
  authScheme: string;
  workspaceHeader: string;
  timeoutMs: number;
  /** The largest answer read, in bytes (default MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number | undefined;
}

/** The largest answer the host holds: a history of 20,000 revisions is about 7 MB (343 bytes each in the emulator). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** A request's total time, whatever the setting says: past 2^31 ms Node's timer would fire at once. */
export const MIN_TIMEOUT_MS = 1_000;
export const MAX_TIMEOUT_MS = 300_000;

/** The connection's timeout within its bounds; a value that is not a number is the default. */
export function boundedTimeout(ms: number): number {
  if (!Number.isFinite(ms)) return DEFAULT_CONNECTION.timeoutMs;
  return Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(ms)));
}

export const DEFAULT_CONNECTION: Omit<ConnectionSettings, 'baseUrl' | 'apiKey'> = {
  authHeader: 'Authorization',
  authScheme: 'Bearer',
  workspaceHeader: 'X-Workspace-Id',
  timeoutMs: 15_000,
};

export interface RequestLogger {
  debug(message: string): void;
  error(message: string): void;
}

/** What a caller may set for one call: its cancellation, and a time limit shorter than the connection's. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface RawRequest extends CallOptions {
  method: 'GET' | 'PUT' | 'POST';
  /** Path below the base URL, with its query string. */
  path: string;
  scope: 'workspace' | 'organization';
  body?: unknown;
  action: string;
  /** A smaller byte limit than the connection's, for an answer that must stay small. */
  maxBytes?: number | undefined;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | undefined>;
  text: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusLine(status: number): string {
  // Stryker disable next-line MethodExpression: the text after the status is never empty, so trim removes nothing
  return `${status} ${STATUS_TEXT[status] ?? 'HTTP error'}`.trim();
}

export class HttpTransport {
  private _pool: UndiciPool | undefined;
  private closed = false;
  private readonly basePath: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  /** Request headers by scope and body: built once, they never change for a connection. */
  private readonly headerSets: Record<'workspace' | 'organization', { get: Record<string, string>; put: Record<string, string> }>;
  readonly origin: string;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly log: RequestLogger,
  ) {
    let url: URL;
    try {
      url = new URL(settings.baseUrl);
    } catch {
      throw new Error(l10n.t('The base URL {0} is not a valid URL.', JSON.stringify(settings.baseUrl)));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(l10n.t('The base URL must start with http:// or https://, got {0}.', JSON.stringify(settings.baseUrl)));
    }
    // Checked where the headers are built too: whatever chose the carriers, none that steers the request is sent.
    const carriers = carriersProblem(settings);
    if (carriers) throw new Error(l10n.t('The {0} setting cannot be used: {1}. Nothing was sent.', carriers.setting, carriers.problem));
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.timeoutMs = boundedTimeout(settings.timeoutMs);
    this.maxBytes = settings.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    this.headerSets = { workspace: headerSet(settings, 'workspace'), organization: headerSet(settings, 'organization') };
  }

  get workspaceId(): string | undefined {
    return this.settings.workspaceId;
  }

  /**
   * A small keep-alive pool, made for the first request: few requests at a time, but repeated often.
   * undici's `maxResponseSize` ends an answer past the byte limit as its bytes arrive (the handler
   * below counts too, for a request with a smaller limit).
   */
  private get pool(): UndiciPool {
    return (this._pool ??= new (loadPool())(this.origin, {
      connections: 6,
      keepAliveTimeout: 30_000,
      pipelining: 1,
      maxResponseSize: this.maxBytes,
    }));
  }

  /**
   * One exchange on undici's dispatch API: the body is collected into one string as it arrives, and
   * the timeout and the caller's cancellation abort the exchange directly. That costs a fraction of
   * `request()` with an AbortSignal (a stream per body, EventTarget listeners per call), which was
   * most of the client's overhead over a bare request (measured in `npm run bench`).
   */
  send(req: RawRequest): Promise<RawResponse> {
    // A caller's own timeout may be shorter than a second (a quick probe), never longer than the bound.
    const timeoutMs = req.timeoutMs === undefined ? this.timeoutMs : Math.min(MAX_TIMEOUT_MS, Math.max(1, req.timeoutMs));
    const maxBytes = req.maxBytes === undefined ? this.maxBytes : Math.min(req.maxBytes, this.maxBytes);
    const started = performance.now();
    const failure = (kind: 'timeout' | 'cancelled' | 'network', message: string, cause?: unknown) =>
      new ApiError({
        kind,
        message,
        cause,
        action: req.action,
        method: req.method,
        path: req.path,
        // A PUT that failed after it may have reached the server must not be repeated blindly.
        maybeApplied: req.method !== 'GET' && kind !== 'cancelled',
      });
    if (req.signal?.aborted) return Promise.reject(failure('cancelled', l10n.t('The request was cancelled.')));
    if (this.closed) return Promise.reject(failure('network', l10n.t('Could not reach {0}: this connection was closed.', this.origin)));

    return new Promise<RawResponse>((resolve, reject) => {
      let controller: Dispatcher.DispatchController | undefined;
      /** Why the exchange was given up on our side (timeout, cancelled), before undici reports it. */
      let givenUp: ApiError | undefined;
      let settled = false;
      let status = 0;
      let headers: Record<string, string | undefined> = {};
      const chunks: Buffer[] = [];
      let bytes = 0;
      const tooLarge = () => tooLargeError(req, maxBytes);

      const settle = (error: ApiError | undefined, response?: RawResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        req.signal?.removeEventListener('abort', onCancel);
        const ms = Math.round(performance.now() - started);
        if (error) {
          this.log.error(`[HTTP] ${req.method} ${req.path} failed after ${ms} ms: ${error.kind}: ${error.message}`);
          reject(error);
          return;
        }
        const line = `[HTTP] ${req.method} ${req.path} → ${status} (${ms} ms)`;
        if (status >= 400) this.log.error(line);
        else this.log.debug(line);
        resolve(response!);
      };
      const giveUp = (error: ApiError) => {
        givenUp = error;
        // Not started yet (all connections busy): it is aborted as soon as it starts.
        controller?.abort(error);
        settle(error);
      };
      const onCancel = () => giveUp(failure('cancelled', l10n.t('The request was cancelled.')));
      const timeout = setTimeout(
        () => giveUp(failure('timeout', l10n.t('The server did not answer within {0}.', formatMs(timeoutMs)))),
        timeoutMs,
      );
      req.signal?.addEventListener('abort', onCancel, { once: true });

      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(c) {
          controller = c;
          if (givenUp) c.abort(givenUp);
        },
        onResponseStart(_c, statusCode, responseHeaders) {
          status = statusCode;
          headers = flattenHeaders(responseHeaders);
        },
        onResponseData(_c, chunk) {
          bytes += chunk.length;
          if (bytes > maxBytes) {
            // Dropped at once: the host never holds more than the limit of one answer.
            chunks.length = 0;
            giveUp(tooLarge());
            return;
          }
          chunks.push(chunk);
        },
        onResponseEnd: () => {
          // Stryker disable next-line ConditionalExpression: one chunk decoded alone or joined first is the same text; the branch saves a copy
          const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          // An error body may echo the request's headers: the key goes from the whole body, before
          // its message is read and cut (a cut key would no longer be found).
          const text = status >= 200 && status < 300 ? body : withoutKey(body, this.settings.apiKey);
          settle(undefined, { status, statusText: statusLine(status), headers, text });
        },
        onResponseError: (_c, cause) => {
          if (givenUp) return settle(givenUp);
          if (cause instanceof ApiError) return settle(cause);
          if ((cause as { code?: string } | undefined)?.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return settle(tooLarge());
          settle(failure('network', describeNetworkError(cause, this.origin), cause));
        },
      };
      this.pool.dispatch(
        {
          method: req.method,
          path: this.basePath + req.path,
          headers: req.body === undefined ? this.headerSets[req.scope].get : this.headerSets[req.scope].put,
          body: req.body === undefined ? null : JSON.stringify(req.body),
          // undici's own 300 s limits must not pre-empt ours, which is the one that says "timeout".
          // Stryker disable next-line all: below 290 s ours fires first either way; above, telling them apart takes a silent server and five minutes
          ...(timeoutMs >= 290_000 ? { headersTimeout: timeoutMs + 1_000, bodyTimeout: timeoutMs + 1_000 } : {}),
        },
        handler,
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this._pool?.destroy();
  }
}

/** `text` with `key` (in any case) replaced by `[redacted]`; a key shorter than 8 characters would match anything. */
function withoutKey(text: string, key: string): string {
  if (key.length < 8) return text;
  return text.replace(new RegExp(key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[redacted]');
}

/**
 * An answer past the byte limit. Not retried (no status: the next answer would be as large). A PUT reached the
 * server, which answered: whether it applied the change is unknown, so the caller reads back, as
 * for a lost answer.
 */
function tooLargeError(req: RawRequest, maxBytes: number): ApiError {
  return new ApiError({
    kind: 'invalidResponse',
    code: 'responseTooLarge',
    message: l10n.t('The service answered more than {0} for {1}; the answer was not read.', formatBytes(maxBytes), req.action),
    action: req.action,
    method: req.method,
    path: req.path,
    maybeApplied: req.method !== 'GET',
  });
}

function formatBytes(n: number): string {
  const mb = n / (1024 * 1024);
  return mb >= 1 ? `${+mb.toFixed(1)} MB` : `${Math.round(n / 1024)} KB`;
}

function headerSet(
  s: ConnectionSettings,
  scope: 'workspace' | 'organization',
): { get: Record<string, string>; put: Record<string, string> } {
  const get: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'workspace-automation-vscode',
    // Stryker disable next-line MethodExpression: header names are case-insensitive on the wire; lower case keeps one spelling per name
    [s.authHeader.toLowerCase()]: s.authScheme ? `${s.authScheme} ${s.apiKey}` : s.apiKey,
  };
  // Stryker disable next-line MethodExpression: header names are case-insensitive on the wire
  if (scope === 'workspace' && s.workspaceId) get[s.workspaceHeader.toLowerCase()] = s.workspaceId;
  return { get, put: { ...get, 'content-type': 'application/json' } };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const name in headers) {
    const value = headers[name];
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

function describeNetworkError(cause: unknown, origin: string): string {
  const code = (cause as { code?: string } | undefined)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return l10n.t('Could not connect to {0}: connection refused. Is the service running?', origin);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return l10n.t('Could not resolve the host of {0}.', origin);
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH': // closed before the declared Content-Length arrived
      return l10n.t('The connection to {0} was dropped before the response was complete.', origin);
    // Stryker disable StringLiteral: undici's own timeouts are set past ours (send), so ours always answers first
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return l10n.t('The server at {0} stopped answering.', origin);
    // Stryker restore StringLiteral
    default: {
      const message = cause instanceof Error ? cause.message : String(cause);
      return l10n.t('Could not reach {0}: {1}', origin, message);
    }
  }
}
