// The `extra-fields` variant: a service may add fields the spec does not name to anything it
// returns. One generic pass over the response value adds some to every object, list item and nested
// object. Revision references (`{revisionId, sequence}`) stay bare, so that a client can send one
// back as a token as it came: present.ts marks them with revisionRef().
import { isRecord } from '../../util/isRecord';
import { FACT_NULLABLE_FIELDS, type RevisionRef } from './records';

const REVISION_REFS = new WeakSet<object>();

/** A copy of `ref` that the extra-fields pass leaves as it is. */
export function revisionRef(ref: RevisionRef): RevisionRef {
  const out = { revisionId: ref.revisionId, sequence: ref.sequence };
  REVISION_REFS.add(out);
  return out;
}

/**
 * Values whose keys are the user's data (a write sync's field mapping, a fact's free-form fields):
 * a service would not add to them, and a key added there would change their meaning.
 */
const DATA_KEYS = new Set<string>(['fields', ...FACT_NULLABLE_FIELDS]);

/** Objects a write sync's definition is made of. */
const WRITE_SYNC_PARTS = new Set(['source', 'destination', 'input']);

/** `data` with extra fields everywhere; the top object also links to itself (`links.self`). */
export function withExtraFields(data: unknown, selfPath: string): unknown {
  const out = decorate(data, '');
  if (isRecord(out) && !REVISION_REFS.has(out)) out['links'] = { self: selfPath };
  return out;
}

/** `key` is the property the value sits under; list items inherit their list's key. */
function decorate(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.map((v) => decorate(v, key));
  if (!isRecord(value) || REVISION_REFS.has(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = DATA_KEYS.has(k) ? v : decorate(v, k);
  return Object.assign(out, extrasFor(key, value));
}

function extrasFor(key: string, value: Record<string, unknown>): Record<string, unknown> {
  const extras: Record<string, unknown> = {
    etag: `W/"${fnv1a(JSON.stringify(value))}"`,
    labels: [],
    meta: { origin: 'wsa-emulator', schemaRevision: 7 },
  };
  if (key === 'actor') extras['displayName'] = `Actor ${String(value['id'] ?? '').slice(-4)}`;
  if (key === 'capabilities') extras['archive'] = false;
  if (key === 'deployment') extras['region'] = 'eu-central-1';
  if (key === 'tables' || key === 'columns') extras['comment'] = '';
  if (WRITE_SYNC_PARTS.has(key)) extras['connector'] = { version: 2 };
  if (typeof value['formulaType'] === 'string' && typeof value['key'] === 'string') {
    extras['tags'] = ['reviewed'];
    extras['lastEvaluatedAt'] = '2025-03-01T06:00:00.000Z';
  }
  return extras;
}

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}
