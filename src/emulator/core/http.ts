// Wire helpers shared by the public and admin servers: the error type routes throw, JSON
// responses, and a bounded JSON body reader.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord } from '../../util/isRecord';

export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export type ErrorCode =
  | 'bad_request'
  | 'invalid_id'
  | 'workspace_required'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'validation_failed'
  /** A revision operation the resource's capabilities say it does not offer (README: 422). */
  | 'capability_disabled'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Thrown by routes; the server turns it into `{error: {code, message, details?}}`, or a problem+json
 * answer under the `problem-json` variant (errorAnswer.ts).
 */
export class HttpError extends Error {
  /**
   * The `detail` of a problem+json answer when `message` names things a client could take as
   * structure (a permission's code name, a conflict's current revision), which that form leaves out.
   */
  plainDetail: string | undefined;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  withPlainDetail(detail: string): this {
    this.plainDetail = detail;
    return this;
  }
}

/** The code the README table names for a status, for injected status faults. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

export function errorBody(code: string, message: string, details?: Record<string, unknown>): string {
  return JSON.stringify({ error: details === undefined ? { code, message } : { code, message, details } });
}

export function sendRaw(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
  contentType = JSON_CONTENT_TYPE,
): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers?: Record<string, string>): void {
  sendRaw(res, status, JSON.stringify(value), headers);
}

/**
 * Reads a JSON body. Over the limit it stops buffering and rejects with 413; the caller answers
 * and closes the connection. An empty body reads as `undefined`.
 */
export function readJsonBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const onData = (chunk: Buffer): void => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('error', (e) => {
      if (!failed) reject(e);
      failed = true;
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new HttpError(400, 'bad_request', `The request body is not valid JSON: ${(e as Error).message}`));
      }
    });
  });
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The request body is larger than ${limit / (1024 * 1024)} MiB.`, { limitBytes: limit });
}

/** A request's revision reference `{revisionId, sequence}` (an integer), or undefined when it is not one. */
export function revisionRefOf(value: unknown): { revisionId: string; sequence: number } | undefined {
  if (!isRecord(value)) return undefined;
  const { revisionId, sequence } = value;
  return typeof revisionId === 'string' && Number.isInteger(sequence) ? { revisionId, sequence: sequence as number } : undefined;
}
