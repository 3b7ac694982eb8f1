// `?limit` (default 100, at most 500) and an opaque `?cursor` for the list endpoints.
import { HttpError } from '../core/http';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

export function page<T>(
  items: readonly T[],
  query: URLSearchParams,
  present: (item: T) => unknown,
): { items: unknown[]; nextCursor: string | null } {
  const limit = parseLimit(query.get('limit'));
  const start = parseCursor(query.get('cursor'), items.length);
  const end = Math.min(items.length, start + limit);
  const out: unknown[] = [];
  for (let i = start; i < end; i++) out.push(present(items[i]!));
  return { items: out, nextCursor: end < items.length ? encodeCursor(end) : null };
}

function parseLimit(raw: string | null): number {
  if (raw === null || raw === '') return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new HttpError(400, 'bad_request', `limit must be a whole number from 1 to ${MAX_LIMIT}, got ${JSON.stringify(raw)}.`);
  return Math.min(Number(raw), MAX_LIMIT);
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function parseCursor(raw: string | null, length: number): number {
  if (raw === null || raw === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0) return Math.min(parsed.o, length);
  } catch {
    // fall through to the error below
  }
  throw new HttpError(400, 'bad_request', 'cursor is not a cursor this server returned.');
}
