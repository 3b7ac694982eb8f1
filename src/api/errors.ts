// The closed set of outcomes a request can fail with. Every layer above maps these, and only these,
// to what the user sees; nothing above the client inspects HTTP statuses.
import type { RevisionRef } from './schemas';

export type ApiErrorKind =
  | 'conflict'
  | 'notFound'
  | 'unauthorized'
  | 'forbidden'
  | 'validation'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalidResponse'
  | 'cancelled';

/** What the server said it currently holds, when it answered a stale expected token. */
export interface ConflictState {
  revision?: RevisionRef;
  dataRunId?: string;
  draft?: RevisionRef | null;
}

export interface SourcePosition {
  line: number;
  column: number;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** What was being done, e.g. "save dashboard source oper_123". */
  action: string;
  method: string;
  path: string;
  status?: number;
  code?: string;
  retryAfterMs?: number;
  conflict?: ConflictState;
  position?: SourcePosition;
  /** JSON pointer of the offending part of a request body, when the server names it. */
  pointer?: string;
  /** The top-level body fields a refusal names (by pointer or name), e.g. fields it does not take. */
  bodyFields?: readonly string[];
  /** The permission a 403 says is missing. */
  permission?: string;
  /** For invalidResponse: the path of the field that failed the schema. */
  field?: string;
  /** A non-idempotent request failed in a way that leaves open whether the server applied it. */
  maybeApplied?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  declare readonly kind: ApiErrorKind;
  declare readonly action: string;
  declare readonly method: string;
  declare readonly path: string;
  declare readonly status: number | undefined;
  declare readonly code: string | undefined;
  declare readonly retryAfterMs: number | undefined;
  declare readonly conflict: ConflictState | undefined;
  declare readonly position: SourcePosition | undefined;
  declare readonly pointer: string | undefined;
  declare readonly bodyFields: readonly string[] | undefined;
  declare readonly permission: string | undefined;
  declare readonly field: string | undefined;
  readonly maybeApplied: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    // Every field of the init but the two Error's constructor took: an undefined one reads undefined.
    const { message: _message, cause: _cause, ...fields } = init;
    Object.assign(this, fields);
    this.maybeApplied = init.maybeApplied ?? false;
  }
}

export function isApiError(e: unknown, kind?: ApiErrorKind): e is ApiError {
  return e instanceof ApiError && (kind === undefined || e.kind === kind);
}

/** The kind an HTTP error status maps to. */
export function kindForStatus(status: number): ApiErrorKind {
  if (status === 409 || status === 412) return 'conflict';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return 'validation';
}
