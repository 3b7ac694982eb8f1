// A resource's text as promote compares it: what a save of it would send, without what the service
// manages (ids, revisions, version tokens, timestamps, deployment state, who created or changed it).
// The kind's own request body says which is which (its module's `body`: only the fields the spec's
// request names), so a field the service sets is never taken for a difference between two
// environments, and a new kind needs nothing here. The managed fields are returned apart, for a
// view that shows them. Pure.
import { createHash } from 'node:crypto';
import { jsonText } from '../../kinds/contract/jsonDocument';
import { READ_ONLY_KEY } from '../../kinds/contract/readOnlyGroup';
import { editOfView } from '../../kinds/kindModules';
import type { EditableView } from '../../kinds/resourcePath';
import { isRecord } from '../../util/isRecord';

export interface Normalized {
  /** What a save sends, as text: the JSON of the request's fields, or the text itself (a dashboard's TSX). */
  readonly text: string;
  /** The document's other fields, by name (the "$readOnly" group's fields at the top). */
  readonly managed: Readonly<Record<string, unknown>>;
}

/** The request body `text` becomes for its view; throws the kind's DocumentParseError when it cannot. */
export function bodyOf(view: EditableView, text: string): unknown {
  return editOfView(view)!.body(text);
}

/** Line ends as `\n`: a checkout's CRLF is no difference between two environments. */
function plainLines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The text of `view` without what the service manages; throws the kind's DocumentParseError. */
export function normalize(view: EditableView, text: string): Normalized {
  const body = bodyOf(view, text);
  // Every kind's body is an object of the request's fields, or the text itself (TSX).
  if (!isRecord(body)) return { text: plainLines(body as string), managed: {} };
  const doc = JSON.parse(text) as Record<string, unknown>;
  const managed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(doc)) {
    if (Object.hasOwn(body, field)) continue;
    if (field === READ_ONLY_KEY && isRecord(value)) Object.assign(managed, value);
    else managed[field] = value;
  }
  return { text: jsonText(body), managed };
}

/** JSON with its object keys sorted: two orders of one value are one text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * A short stable string of what a save of `text` sends: equal for two texts that differ only in
 * what the service manages, in key order or in line ends. Bindings record it as a revision.
 */
export function fingerprint(view: EditableView, text: string): string {
  const body = bodyOf(view, text);
  const key = isRecord(body) ? canonical(body) : plainLines(body as string);
  return `sha256:${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32)}`;
}

/** Whether two texts of `view` send the same thing. */
export function sameContent(view: EditableView, a: string, b: string): boolean {
  return fingerprint(view, a) === fingerprint(view, b);
}
