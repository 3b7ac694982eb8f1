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
  readonly kind: ApiErrorKind;
  readonly action: string;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly conflict: ConflictState | undefined;
  readonly position: SourcePosition | undefined;
  readonly pointer: string | undefined;
  readonly bodyFields: readonly string[] | undefined;
  readonly permission: string | undefined;
  readonly field: string | undefined;
  readonly maybeApplied: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.action = init.action;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.code = init.code;
    this.retryAfterMs = init.retryAfterMs;
    this.conflict = init.conflict;
    this.position = init.position;
    this.pointer = init.pointer;
    this.bodyFields = init.bodyFields;
    this.permission = init.permission;
    this.field = init.field;
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
