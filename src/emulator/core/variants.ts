// Variant profiles: for each point the spec leaves open, the emulator plays our own choice (the
// README's table); a profile makes it take another legitimate one instead, so the extension can be
// proven against services that decide differently. Profiles combine freely; `strict` is all of them.
// Wire code asks `variants.has('problem-json')`; nothing else reads the names.
import type { Carriers } from '../../api/carriers';

/** Every profile with the one line `--help` and the README show for it. */
export const VARIANTS = {
  'problem-json': 'errors as RFC 9457 application/problem+json, without our {error} object',
  'conflict-412': 'a stale expected token answers 412 instead of 409',
  'validation-400': 'a validation failure answers 400 instead of 422',
  'extra-fields': 'unknown fields on every response object; revision references stay bare',
  bare: 'only the fields the spec names (no sequence, dependencies on revision items)',
  'no-lists': 'no list endpoints: GET /v1/operations, /v1/apps, … answer 404',
  'paged-revisions': 'revision lists in pages of 25 with nextCursor and ?cursor=',
  'oldest-first': 'revision list items oldest first',
  'strict-bodies': 'a request body field the endpoint does not take gets 400 naming it',
  'foreign-values': "seed values outside the extension's lists (column types, …); saves accept them",
  'alt-carriers': 'the key bare in X-Api-Key, the workspace in X-WSA-Workspace',
  'no-types': 'no dashboard types or data-run read (404); runtime imported under other names',
  'fact-four-fields': 'a fact PUT takes only name, definition, formula, formulaType; others: 400',
  'fact-all-fields': 'a fact PUT replaces all but ids, key and times, type too; omitted: null',
  'fact-no-updated': 'facts carry no updatedAt: a client has no token to compare before a PUT',
  strict: 'all of the above together, but fact-all-fields and fact-no-updated',
} as const;

export type VariantName = keyof typeof VARIANTS;
/** A profile that changes behaviour by itself (`strict` only names the others). */
export type WireVariant = Exclude<VariantName, 'strict'>;

export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];
const WIRE_VARIANTS = VARIANT_NAMES.filter((n): n is WireVariant => n !== 'strict');
/**
 * Profiles `strict` leaves out: `fact-all-fields` takes the opposite reading of a point another one
 * takes; `fact-no-updated` leaves out a field the spec's fact table names, which the client
 * survives but no spec-conforming service does.
 */
const NOT_IN_STRICT: ReadonlySet<WireVariant> = new Set(['fact-all-fields', 'fact-no-updated']);

export class UnknownVariantError extends Error {
  constructor(readonly unknown: readonly string[]) {
    super(`Unknown variant ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the variants are ${VARIANT_NAMES.join(', ')}.`);
  }
}

/**
 * The names in `values`, each of which may be a comma-separated list (`--variant a,b` and
 * `--variant a --variant b` mean the same). Duplicates collapse; an unknown name throws.
 */
export function parseVariantNames(values: readonly string[]): VariantName[] {
  const names = values
    .flatMap((v) => v.split(','))
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = names.filter((n) => !(n in VARIANTS));
  if (unknown.length) throw new UnknownVariantError(unknown);
  return [...new Set(names as VariantName[])];
}

/** The active profiles of one emulator. */
export class VariantSet {
  /** The names as given (after parsing), for reports. */
  readonly names: readonly VariantName[];
  /** What is in effect: `strict` expanded, in table order. */
  readonly active: readonly WireVariant[];

  constructor(names: readonly string[] = []) {
    this.names = parseVariantNames(names);
    const strict = this.names.includes('strict');
    const named = (n: WireVariant) => this.names.includes(n);
    // A named profile wins over the opposite one `strict` would bring; both named cannot be played.
    if (named('fact-all-fields') && named('fact-four-fields'))
      throw new Error('The variants fact-all-fields and fact-four-fields take opposite readings of a fact PUT; name one.');
    const opposed = (n: WireVariant) => n === 'fact-four-fields' && named('fact-all-fields');
    this.active = WIRE_VARIANTS.filter((n) => named(n) || (strict && !NOT_IN_STRICT.has(n) && !opposed(n)));
  }

  has(name: WireVariant): boolean {
    return this.active.includes(name);
  }
}

export const DEFAULT_CARRIERS: Readonly<Carriers> = Object.freeze({
  authHeader: 'Authorization',
  authScheme: 'Bearer',
  workspaceHeader: 'X-Workspace-Id',
});
export const ALT_CARRIERS: Readonly<Carriers> = Object.freeze({
  authHeader: 'X-Api-Key',
  authScheme: '',
  workspaceHeader: 'X-WSA-Workspace',
});

/** Where a client must put the key and the workspace for an emulator started with these variants. */
export function carriersFor(variants: readonly string[] | VariantSet): Carriers {
  const set = variants instanceof VariantSet ? variants : new VariantSet(variants);
  return { ...(set.has('alt-carriers') ? ALT_CARRIERS : DEFAULT_CARRIERS) };
}
