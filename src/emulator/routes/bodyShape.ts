// The fields a request body may hold, declared per route, and the `strict-bodies` variant's check:
// a service may refuse any field it does not take (400 naming it), so a client must send only the
// fields the spec, or the README's choice for an open point, names.
import { HttpError } from '../core/http';
import { isRecord } from '../../util/isRecord';

/**
 * `true`: any value; an object: a nested object with these fields; a one-item array: a list whose
 * items have that shape. A value of another type than the shape expects is left to the route.
 */
export type BodyShape = { readonly [field: string]: BodyField };
export type BodyField = true | BodyShape | readonly [BodyShape];

/** JSON pointers (RFC 6901) of every field in `body` that `shape` does not name. */
export function unknownFields(body: unknown, shape: BodyShape, at = ''): string[] {
  if (!isRecord(body)) return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const pointer = `${at}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (field === undefined) out.push(pointer);
    else if (Array.isArray(field)) {
      if (Array.isArray(value))
        value.forEach((item: unknown, i) => out.push(...unknownFields(item, field[0] as BodyShape, `${pointer}/${i}`)));
    } else if (field !== true) out.push(...unknownFields(value, field as BodyShape, pointer));
  }
  return out;
}

/** Throws 400 naming every unknown field; `details.path` is the first one's pointer, as for validation. */
export function refuseUnknownFields(body: unknown, shape: BodyShape): void {
  const unknown = unknownFields(body, shape);
  if (unknown.length === 0) return;
  const list = unknown.map((p) => `${JSON.stringify(fieldName(p))} (at ${p})`).join(', ');
  throw new HttpError(
    400,
    'bad_request',
    `The request body holds ${unknown.length === 1 ? 'a field' : 'fields'} this request does not take: ${list}.`,
    {
      path: unknown[0],
      unknownFields: unknown,
    },
  );
}

function fieldName(pointer: string): string {
  return pointer
    .slice(pointer.lastIndexOf('/') + 1)
    .replaceAll('~1', '/')
    .replaceAll('~0', '~');
}
