// Facts (spec §4.4 and README): organization-scoped; PUT replaces every editable field.
import { HttpError, isPlainObject } from '../core/http';
import * as present from '../core/present';
import type { Route, RouteContext } from './router';
import { FACT_NULLABLE_FIELDS, type FactRecord } from '../core/records';
import type { BodyShape } from './bodyShape';
import { page } from './paging';

/** `formulaType` values accepted besides the empty string (the spec shows `math`). */
export const FORMULA_TYPES = ['math', 'logic'] as const;
/** Also accepted under the foreign-values variant. */
export const FOREIGN_FORMULA_TYPES = ['lookup', 'threshold'] as const;

const STRING_FIELDS = ['definition', 'formula', 'formulaType'] as const;
const NULLABLE_FIELDS = FACT_NULLABLE_FIELDS;
/** The editable fields (README): what a PUT may send. */
const BODY: BodyShape = Object.fromEntries(['name', ...STRING_FIELDS, ...NULLABLE_FIELDS].map((f) => [f, true]));

function invalid(path: string, message: string): HttpError {
  return new HttpError(422, 'validation_failed', message, { path });
}

function findFact({ store, key, params }: RouteContext): FactRecord {
  const fact = store.facts.get(params['factId']!);
  // Another organization's fact does not exist for this key.
  if (!fact || fact.organizationId !== key.organizationId)
    throw new HttpError(404, 'not_found', `No fact ${params['factId']} in this organization.`);
  return fact;
}

/** The replacement: sent fields as given, omitted strings "", omitted nullable fields null. */
export function replacement(body: unknown, foreignTypes = false): Partial<FactRecord> {
  if (!isPlainObject(body)) throw new HttpError(400, 'bad_request', "The body must be a JSON object with the fact's editable fields.");
  const name = body['name'];
  if (typeof name !== 'string' || name.trim() === '') throw invalid('/name', 'A fact needs a non-empty name.');
  const out: Partial<FactRecord> = { name };
  for (const field of STRING_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) out[field] = '';
    else if (typeof value === 'string') out[field] = value;
    else throw invalid(`/${field}`, `${field} must be a string.`);
  }
  const known: readonly string[] = foreignTypes ? [...FORMULA_TYPES, ...FOREIGN_FORMULA_TYPES] : FORMULA_TYPES;
  if (out.formulaType && !known.includes(out.formulaType)) {
    throw invalid('/formulaType', `formulaType must be one of ${known.join(', ')} or empty, got ${JSON.stringify(out.formulaType)}.`);
  }
  for (const field of NULLABLE_FIELDS) out[field] = body[field] === undefined ? null : body[field];
  return out;
}

export const factRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/facts',
    scope: 'organization',
    ids: {},
    list: true,
    handle: ({ store, key, query }) => ({ data: page(store.factsByOrg.get(key.organizationId) ?? [], query, present.fact) }),
  },
  {
    method: 'GET',
    path: '/v1/facts/:factId',
    scope: 'organization',
    ids: { factId: 'fact' },
    handle: (ctx) => ({ data: present.fact(findFact(ctx)) }),
  },
  {
    method: 'PUT',
    path: '/v1/facts/:factId',
    scope: 'organization',
    ids: { factId: 'fact' },
    bodyFields: BODY,
    handle: async (ctx) => {
      const fact = findFact(ctx);
      const fields = replacement(await ctx.body(), ctx.variants.has('foreign-values'));
      return { data: present.fact(ctx.store.replaceFact(fact, fields)) };
    },
  },
];
