// Facts (spec §4.4 and README): organization-scoped; PUT replaces every editable field. Which fields
// are editable the spec does not show: our choice is the body fields and the nullable ones, `type`
// taken when sent and kept when omitted; `fact-four-fields` takes only the four body fields (and
// refuses others), `fact-all-fields` replaces `type` too and clears any omitted field to null;
// `fact-no-updated` sends facts without `updatedAt` (a client then has no token to compare).
import { HttpError } from '../core/http';
import { isRecord } from '../../util/isRecord';
import * as present from '../core/present';
import type { Route, RouteContext } from './router';
import { FACT_NULLABLE_FIELDS, type FactRecord } from '../core/records';
import { refuseUnknownFields, type BodyShape } from './bodyShape';
import { page } from './paging';

/** `formulaType` values accepted besides the empty string (the spec shows `math`). */
export const FORMULA_TYPES = ['math', 'logic'] as const;
/** Also accepted under the foreign-values variant. */
export const FOREIGN_FORMULA_TYPES = ['lookup', 'threshold'] as const;

const STRING_FIELDS = ['definition', 'formula', 'formulaType'] as const;
const NULLABLE_FIELDS = FACT_NULLABLE_FIELDS;
/** The editable fields (README): what a PUT may send. */
const BODY: BodyShape = Object.fromEntries(['name', 'type', ...STRING_FIELDS, ...NULLABLE_FIELDS].map((f) => [f, true]));
/** The `fact-four-fields` variant: only the body fields spec §4.4 names. */
const FOUR_FIELDS: BodyShape = Object.fromEntries(['name', ...STRING_FIELDS].map((f) => [f, true]));

/** How a PUT reads its body: the variant profiles that decide the spec's open points otherwise. */
export interface ReplaceReading {
  foreignTypes?: boolean;
  /** Only the four body fields are taken; every other field is refused (400 naming each). */
  fourFields?: boolean;
  /** Every field of the spec's table but ids, key and timestamps is editable; an omitted one is null. */
  allFields?: boolean;
}

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

/** The replacement: sent fields as given, omitted strings "" (null when all are editable), omitted nullable fields null. */
export function replacement(body: unknown, reading: ReplaceReading = {}): Partial<FactRecord> {
  if (!isRecord(body)) throw new HttpError(400, 'bad_request', "The body must be a JSON object with the fact's editable fields.");
  if (reading.fourFields) refuseUnknownFields(body, FOUR_FIELDS);
  const name = body['name'];
  if (typeof name !== 'string' || name.trim() === '') throw invalid('/name', 'A fact needs a non-empty name.');
  const out: Record<string, unknown> = { name };
  const omitted = reading.allFields ? null : '';
  for (const field of STRING_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) out[field] = omitted;
    else if (typeof value === 'string') out[field] = value;
    else throw invalid(`/${field}`, `${field} must be a string.`);
  }
  const known: readonly string[] = reading.foreignTypes ? [...FORMULA_TYPES, ...FOREIGN_FORMULA_TYPES] : FORMULA_TYPES;
  if (typeof out.formulaType === 'string' && out.formulaType && !known.includes(out.formulaType)) {
    throw invalid('/formulaType', `formulaType must be one of ${known.join(', ')} or empty, got ${JSON.stringify(out.formulaType)}.`);
  }
  const type = body['type'];
  if (type !== undefined && type !== null && typeof type !== 'string') throw invalid('/type', 'type must be a string.');
  if (reading.allFields) out.type = type ?? null;
  else if (typeof type === 'string') out.type = type;
  if (reading.fourFields) return out as Partial<FactRecord>;
  for (const field of NULLABLE_FIELDS) out[field] = body[field] === undefined ? null : body[field];
  return out as Partial<FactRecord>;
}

/** A fact as this service presents it: without `updatedAt` under `fact-no-updated`. */
function shown(ctx: Pick<RouteContext, 'variants'>): (f: FactRecord) => Record<string, unknown> {
  if (!ctx.variants.has('fact-no-updated')) return present.fact;
  return (f) => {
    const { updatedAt: _updatedAt, ...rest } = present.fact(f);
    return rest;
  };
}

export const factRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/facts',
    scope: 'organization',
    ids: {},
    list: true,
    handle: (ctx) => ({ data: page(ctx.store.factsByOrg.get(ctx.key.organizationId) ?? [], ctx.query, shown(ctx)) }),
  },
  {
    method: 'GET',
    path: '/v1/facts/:factId',
    scope: 'organization',
    ids: { factId: 'fact' },
    handle: (ctx) => ({ data: shown(ctx)(findFact(ctx)) }),
  },
  {
    method: 'PUT',
    path: '/v1/facts/:factId',
    scope: 'organization',
    ids: { factId: 'fact' },
    bodyFields: BODY,
    handle: async (ctx) => {
      const fact = findFact(ctx);
      const fields = replacement(await ctx.body(), {
        foreignTypes: ctx.variants.has('foreign-values'),
        fourFields: ctx.variants.has('fact-four-fields'),
        allFields: ctx.variants.has('fact-all-fields'),
      });
      return { data: shown(ctx)(ctx.store.replaceFact(fact, fields)) };
    },
  },
];
