// The request log the admin surface serves: what each public request asked for and what it got.
// It never holds the API key: entries record the key's public id only.

export interface RequestLogEntry {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The workspace header as sent, or null. */
  workspace: string | null;
  /** Public id of the key that authenticated, or null. */
  actorId: string | null;
  /** The parsed JSON body with long strings shortened, or null. */
  body: unknown;
  /** The status sent, or null when the connection was dropped. */
  status: number | null;
  /** The injected fault that applied, if any. */
  fault?: string;
  at: string;
}

const MAX_ENTRIES = 5000;
const MAX_STRING = 1000;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  start(fields: Omit<RequestLogEntry, 'seq' | 'at' | 'status' | 'body' | 'actorId'>): RequestLogEntry {
    const entry: RequestLogEntry = { seq: ++this.seq, ...fields, actorId: null, body: null, status: null, at: new Date().toISOString() };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES * 1.2) this.entries = this.entries.slice(-MAX_ENTRIES);
    return entry;
  }

  list(): RequestLogEntry[] {
    return this.entries.slice();
  }

  clear(): void {
    this.entries = [];
  }
}

/** A copy safe to keep in the log: long strings shortened, depth bounded. */
export function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [truncated, ${value.length} chars]` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((v) => shorten(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = shorten(v, depth + 1);
  return out;
}
