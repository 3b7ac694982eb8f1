// The one HTTP choke point: every request goes through `HttpTransport.send`, which adds the auth and
// workspace headers, applies the timeout and cancellation, logs, and turns socket-level failures
// into ApiErrors. Status codes and bodies are interpreted one level up, in the client.
import type { Dispatcher, Pool as UndiciPool } from 'undici';
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

export interface RawRequest {
  method: 'GET' | 'PUT' | 'POST';
  /** Path below the base URL, with its query string. */
  path: string;
  scope: 'workspace' | 'organization';
  body?: unknown;
  action: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
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
  return `${status} ${STATUS_TEXT[status] ?? 'HTTP error'}`.trim();
}

export class HttpTransport {
  private _pool: UndiciPool | undefined;
  private closed = false;
  private readonly basePath: string;
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
      throw new Error(`The base URL ${JSON.stringify(settings.baseUrl)} is not a valid URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`The base URL must start with http:// or https://, got ${JSON.stringify(settings.baseUrl)}.`);
    }
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.headerSets = { workspace: headerSet(settings, 'workspace'), organization: headerSet(settings, 'organization') };
  }

  get workspaceId(): string | undefined {
    return this.settings.workspaceId;
  }

  /** A small keep-alive pool, made for the first request: few requests at a time, but repeated often. */
  private get pool(): UndiciPool {
    return (this._pool ??= new (loadPool())(this.origin, { connections: 6, keepAliveTimeout: 30_000, pipelining: 1 }));
  }

  /**
   * One exchange on undici's dispatch API: the body is collected into one string as it arrives, and
   * the timeout and the caller's cancellation abort the exchange directly. That costs a fraction of
   * `request()` with an AbortSignal (a stream per body, EventTarget listeners per call), which was
   * most of the client's overhead over a bare request (measured in `npm run bench`).
   */
  send(req: RawRequest): Promise<RawResponse> {
    const timeoutMs = req.timeoutMs ?? this.settings.timeoutMs;
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
    if (req.signal?.aborted) return Promise.reject(failure('cancelled', 'The request was cancelled.'));
    if (this.closed) return Promise.reject(failure('network', `Could not reach ${this.origin}: this connection was closed.`));

    return new Promise<RawResponse>((resolve, reject) => {
      let controller: Dispatcher.DispatchController | undefined;
      /** Why the exchange was given up on our side (timeout, cancelled), before undici reports it. */
      let givenUp: ApiError | undefined;
      let settled = false;
      let status = 0;
      let headers: Record<string, string | undefined> = {};
      const chunks: Buffer[] = [];

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
      const onCancel = () => giveUp(failure('cancelled', 'The request was cancelled.'));
      const timeout = setTimeout(() => giveUp(failure('timeout', `The server did not answer within ${formatMs(timeoutMs)}.`)), timeoutMs);
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
          chunks.push(chunk);
        },
        onResponseEnd: () => {
          const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          settle(undefined, { status, statusText: statusLine(status), headers, text });
        },
        onResponseError: (_c, cause) => {
          settle(givenUp ?? (cause instanceof ApiError ? cause : failure('network', describeNetworkError(cause, this.origin), cause)));
        },
      };
      this.pool.dispatch(
        {
          method: req.method,
          path: this.basePath + req.path,
          headers: req.body === undefined ? this.headerSets[req.scope].get : this.headerSets[req.scope].put,
          body: req.body === undefined ? null : JSON.stringify(req.body),
          // undici's own 300 s limits must not pre-empt ours, which is the one that says "timeout".
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

function headerSet(
  s: ConnectionSettings,
  scope: 'workspace' | 'organization',
): { get: Record<string, string>; put: Record<string, string> } {
  const get: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'workspace-automation-vscode',
    [s.authHeader.toLowerCase()]: s.authScheme ? `${s.authScheme} ${s.apiKey}` : s.apiKey,
  };
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
      return `Could not connect to ${origin}: connection refused. Is the service running?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not resolve the host of ${origin}.`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return `The connection to ${origin} was dropped before the response was complete.`;
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `The server at ${origin} stopped answering.`;
    default: {
      const message = cause instanceof Error ? cause.message : String(cause);
      return `Could not reach ${origin}: ${message}`;
    }
  }
}
