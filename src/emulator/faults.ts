// Fault injection: the next N requests that match get a latency, an error status, a rate limit, a
// dropped connection, a body cut short, malformed JSON, an HTML page, or a schema-violating body.
import { randomRemainder } from './core/idgen';
import { HttpError } from './core/http';
import { isRecord } from '../util/isRecord';

export const FAULT_KINDS = ['latency', 'status', 'rateLimit', 'drop', 'dropMidBody', 'malformedJson', 'html', 'schemaViolation'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  /** `path` is a prefix, or a regular expression when it starts with `^`. Both default to "any". */
  match?: { method?: string; path?: string };
  kind: FaultKind;
  /** How many of the next matching requests it applies to; default 1. */
  count?: number;
  /** `latency`: delay before the request is handled normally (default 1000). */
  latencyMs?: number;
  /** `status`: the status to answer with (default 500); `html`: the page's status (default 502). */
  status?: number;
  /** `rateLimit` (default 1) and, when set, `status` 429/503: the Retry-After header. */
  retryAfterSeconds?: number;
  /** `status`: the error body's message, as a service (or a hostile one) words it; at most 1,000 characters. */
  message?: string;
}

export interface Fault extends FaultSpec {
  id: string;
  remaining: number;
}

interface Armed {
  fault: Fault;
  method: string | undefined;
  test: (path: string) => boolean;
}

export class Faults {
  private armed: Armed[] = [];

  /** Validates and arms a fault; a bad spec is a 400 for the admin surface. */
  add(input: unknown): Fault {
    const spec = parseSpec(input);
    const fault: Fault = { ...spec, id: `flt_${randomRemainder(12)}`, remaining: spec.count ?? 1 };
    const path = spec.match?.path ?? '';
    let test: (p: string) => boolean;
    if (path.startsWith('^')) {
      let re: RegExp;
      try {
        re = new RegExp(path);
      } catch (e) {
        throw new HttpError(400, 'bad_request', `match.path is not a valid regular expression: ${(e as Error).message}`);
      }
      test = (p) => re.test(p);
    } else {
      test = (p) => p.startsWith(path);
    }
    this.armed.push({ fault, method: spec.match?.method?.toUpperCase(), test });
    return fault;
  }

  clear(): void {
    this.armed = [];
  }

  list(): Fault[] {
    return this.armed.map((a) => a.fault);
  }

  /** The first armed fault matching the request, counted down; undefined on the fast path. */
  take(method: string, path: string): Fault | undefined {
    if (this.armed.length === 0) return undefined;
    const i = this.armed.findIndex((a) => (!a.method || a.method === method) && a.test(path));
    if (i === -1) return undefined;
    const { fault } = this.armed[i]!;
    fault.remaining--;
    if (fault.remaining <= 0) this.armed.splice(i, 1);
    return fault;
  }
}

function parseSpec(input: unknown): FaultSpec {
  const bad = (why: string) => new HttpError(400, 'bad_request', `Invalid fault: ${why}.`);
  if (!isRecord(input)) throw bad('expected a JSON object');
  const { match, kind, count, latencyMs, status, retryAfterSeconds, message } = input;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind))
    throw bad(`kind must be one of ${FAULT_KINDS.join(', ')}`);
  const spec: FaultSpec = { kind: kind as FaultKind };
  if (match !== undefined) {
    if (!isRecord(match)) throw bad('match must be an object {method?, path?}');
    if (match['method'] !== undefined && typeof match['method'] !== 'string') throw bad('match.method must be a string');
    if (match['path'] !== undefined && typeof match['path'] !== 'string') throw bad('match.path must be a string');
    spec.match = {
      ...(match['method'] ? { method: match['method'] as string } : {}),
      ...(match['path'] ? { path: match['path'] as string } : {}),
    };
  }
  const positiveInt = (v: unknown, name: string, min = 1): number | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw bad(`${name} must be an integer ≥ ${min}`);
    return v;
  };
  const c = positiveInt(count, 'count');
  if (c !== undefined) spec.count = c;
  const l = positiveInt(latencyMs, 'latencyMs', 0);
  if (l !== undefined) spec.latencyMs = l;
  const s = positiveInt(status, 'status', 100);
  if (s !== undefined) {
    if (s > 599) throw bad('status must be from 100 to 599');
    spec.status = s;
  }
  const r = positiveInt(retryAfterSeconds, 'retryAfterSeconds', 0);
  if (r !== undefined) spec.retryAfterSeconds = r;
  if (message !== undefined) {
    if (typeof message !== 'string' || message.length > 1000) throw bad('message must be a string of at most 1000 characters');
    spec.message = message;
  }
  return spec;
}

/** Changes the type of every top-level field of `data`, so any schema for it fails. */
export function violateSchema(data: unknown): unknown {
  if (Array.isArray(data)) return { notAList: true };
  if (!isRecord(data)) return [data];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string') out[k] = v.length;
    else if (typeof v === 'number') out[k] = String(v);
    else if (typeof v === 'boolean') out[k] = v ? 'yes' : 'no';
    else if (Array.isArray(v)) out[k] = { length: v.length };
    else if (v === null) out[k] = 0;
    else out[k] = '[object]';
  }
  return out;
}
