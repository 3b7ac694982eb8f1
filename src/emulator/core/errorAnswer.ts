// How an error reaches the wire: our `{error: {code, message, details}}` object, or under the
// `problem-json` variant an RFC 9457 problem whose details live in members of other names than
// ours; `conflict-412` and `validation-400` change the status. The one place that decides it.
import { STATUS_CODES } from 'node:http';
import { errorBody, JSON_CONTENT_TYPE, type HttpError } from './http';
import type { VariantSet } from './variants';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
/** Problem `type` URIs: this base plus the error code, e.g. …/conflict. `.invalid` never resolves. */
export const PROBLEM_TYPE_BASE = 'https://errors.emulator.invalid/';

export interface ErrorAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
  contentType: string;
}

/**
 * The answer for `err`. An injected fault keeps the status it was given: the fault names the exact
 * status a test wants to see.
 */
export function errorAnswer(err: HttpError, variants: VariantSet, options: { injected?: boolean } = {}): ErrorAnswer {
  const status = options.injected ? err.status : statusOf(err, variants);
  const headers = { ...err.headers };
  if (!variants.has('problem-json'))
    return { status, body: errorBody(err.code, err.message, err.details), headers, contentType: JSON_CONTENT_TYPE };
  return { status, body: JSON.stringify(problem(err, status)), headers, contentType: PROBLEM_CONTENT_TYPE };
}

function statusOf(err: HttpError, variants: VariantSet): number {
  if (err.code === 'conflict' && variants.has('conflict-412')) return 412;
  if (err.code === 'validation_failed' && variants.has('validation-400')) return 400;
  return err.status;
}

function problem(err: HttpError, status: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: PROBLEM_TYPE_BASE + err.code.replaceAll('_', '-'),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: err.plainDetail ?? err.message,
  };
  const errors = problemErrors(err);
  if (errors) out['errors'] = errors;
  return out;
}

/**
 * Where our details say where the problem is, an `errors` list does: `{detail, pointer}` into the
 * request body, `{detail, line, column}` in a TSX source. Other details (a conflict's current state,
 * the missing permission, the allowed methods) are not carried: the detail says them in words, the
 * Allow and Retry-After headers stay.
 */
function problemErrors(err: HttpError): Record<string, unknown>[] | undefined {
  const d = err.details;
  if (!d) return undefined;
  if (Array.isArray(d['unknownFields'])) {
    return (d['unknownFields'] as string[]).map((pointer) => ({
      detail: `This request does not take the field ${JSON.stringify(lastSegment(pointer))}.`,
      pointer,
    }));
  }
  if (typeof d['line'] === 'number') return [{ detail: err.message, line: d['line'], column: d['column'] }];
  if (typeof d['path'] === 'string') return [{ detail: err.message, pointer: d['path'] }];
  return undefined;
}

function lastSegment(pointer: string): string {
  return pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replaceAll('~1', '/')
    .replaceAll('~0', '~');
}
