// Checks of token values read back from outside (a pulled folder's state file, which anyone who
// commits may have written): each editable kind names one per field of its tokens, and a push
// sends tokens only when every field passes. By hand rather than with zod: the local-folders engine
// is in the bundle activation loads, zod is not. Pure.
import { isRecord } from '../../util/isRecord';

/** Per token field (all but `kind`), whether a value may be sent as that field. The compiler asks for every field. */
export type TokenChecks<T> = { readonly [F in Exclude<keyof T, 'kind'>]-?: (value: unknown) => boolean };

export const isString = (v: unknown): v is string => typeof v === 'string';

/** A revision reference as the spec shows it (§2): a `revisionId` string and a `sequence` number. */
export const isRevisionRef = (v: unknown): boolean => isRecord(v) && isString(v.revisionId) && typeof v.sequence === 'number';
