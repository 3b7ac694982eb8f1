// The one HTTP choke point: every request goes through `HttpTransport.send`, which adds the auth and
// workspace headers, applies the timeout and cancellation, logs, and turns socket-level failures
// into ApiErrors. Status codes and bodies are interpreted one level up, in the client.
import { Pool } from 'undici';
import { ApiError } from './errors';

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
  method: 'GET' | 'PUT';
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
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 412: 'Precondition Failed', 413: 'Payload Too Large', 422: 'Unprocessable Entity',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusLine(status: number): string {
  return `${status} ${STATUS_TEXT[status] ?? 'HTTP error'}`.trim();
}

export class HttpTransport {
  private readonly pool: Pool;
  private readonly basePath: string;
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
    // A small keep-alive pool: the extension makes few requests at a time, but repeats them often.
    this.pool = new Pool(url.origin, { connections: 6, keepAliveTimeout: 30_000, pipelining: 1 });
  }

  get workspaceId(): string | undefined {
    return this.settings.workspaceId;
  }

  async send(req: RawRequest): Promise<RawResponse> {
    const timeoutMs = req.timeoutMs ?? this.settings.timeoutMs;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timer.signal]) : timer.signal;
    const started = performance.now();
    const failure = (kind: 'timeout' | 'cancelled' | 'network', message: string, cause?: unknown) =>
      new ApiError({
        kind, message, cause, action: req.action, method: req.method, path: req.path,
        // A PUT that failed after it may have reached the server must not be repeated blindly.
        maybeApplied: req.method !== 'GET' && kind !== 'cancelled',
      });
    const classify = (cause: unknown): ApiError => {
      if (req.signal?.aborted) return failure('cancelled', 'The request was cancelled.', cause);
      if (timer.signal.aborted) return failure('timeout', `The server did not answer within ${formatMs(timeoutMs)}.`, cause);
      return failure('network', describeNetworkError(cause, this.origin), cause);
    };
    if (req.signal?.aborted) {
      clearTimeout(timeout);
      throw failure('cancelled', 'The request was cancelled.');
    }

    try {
      const response = await this.pool.request({
        method: req.method,
        path: this.basePath + req.path,
        headers: this.headers(req),
        body: req.body === undefined ? null : JSON.stringify(req.body),
        signal,
        headersTimeout: timeoutMs + 1_000,
        bodyTimeout: timeoutMs + 1_000,
      });
      const text = await response.body.text();
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const ms = Math.round(performance.now() - started);
      const line = `[HTTP] ${req.method} ${req.path} → ${response.statusCode} (${ms} ms)`;
      if (response.statusCode >= 400) this.log.error(line);
      else this.log.debug(line);
      return { status: response.statusCode, statusText: statusLine(response.statusCode), headers, text };
    } catch (cause) {
      const error = cause instanceof ApiError ? cause : classify(cause);
      this.log.error(`[HTTP] ${req.method} ${req.path} failed after ${Math.round(performance.now() - started)} ms: ${error.kind}: ${error.message}`);
      throw error;
    } finally {
      clearTimeout(timeout);
    }
  }

  private headers(req: RawRequest): Record<string, string> {
    const s = this.settings;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'workspace-automation-vscode',
      [s.authHeader.toLowerCase()]: s.authScheme ? `${s.authScheme} ${s.apiKey}` : s.apiKey,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.scope === 'workspace' && s.workspaceId) headers[s.workspaceHeader.toLowerCase()] = s.workspaceId;
    return headers;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
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
