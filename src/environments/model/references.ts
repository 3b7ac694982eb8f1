// The ids inside a resource that name other resources of its own environment (a write sync's source,
// destination and input operation; ids in a dashboard's TSX), rewritten to the target environment's
// ids through the bindings. Nothing is guessed: an id without a binding is reported, by where it
// is, and the resource that holds it is not promoted. Pure.
import * as l10n from '@vscode/l10n';
import { ID_PREFIXES, kindOfId, type IdKind } from '../../api/ids';
import { isRecord } from '../../util/isRecord';
import { fieldLabel } from './promotionRules';

/** The target id a source id is bound to, if it is. */
export type BindingLookup = (sourceId: string) => string | undefined;

/** A reference that could not be rewritten: where it is and what it holds. */
export interface UnboundReference {
  /** `definition.input.operationId`, or the id itself for one in a text. */
  readonly where: string;
  readonly id: string;
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function segments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
}

/** The value at a JSON pointer, or undefined where there is none. */
export function valueAt(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const s of segments(pointer)) {
    if (!isRecord(v) || !Object.hasOwn(v, s)) return undefined;
    v = v[s];
  }
  return v;
}

/**
 * Sets the value at a JSON pointer inside `doc` (changed in place); undefined removes the field.
 * Nothing happens where a parent is missing or no object: there is no field to set.
 */
export function setAt(doc: Record<string, unknown>, pointer: string, value: unknown): void {
  const path = segments(pointer);
  const last = path.pop();
  if (last === undefined) return;
  let parent: unknown = doc;
  for (const s of path) parent = isRecord(parent) && Object.hasOwn(parent, s) ? parent[s] : undefined;
  if (!isRecord(parent)) return;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

/** Whether `pointer` is `under` or inside it. */
export function isWithin(pointer: string, under: string): boolean {
  return pointer === under || pointer.startsWith(`${under}/`);
}

/** The message for the references a resource could not take along. */
export function unboundReason(unbound: readonly UnboundReference[], from: string, to: string): string {
  const named = unbound.map((u) => (u.where === u.id ? u.id : `${u.where} ${u.id}`)).join(', ');
  return l10n.t('it names {0} of {1}, bound to nothing on {2}: promote or bind that first (wsa.targets.json, "bindings")', named, from, to);
}

/**
 * Rewrites the id at each pointer of `doc` (changed in place) through `lookup`. A pointer with no
 * string there is left alone (the field is not in this document); any other value without a
 * binding, an id or not, is unbound: a source environment's value never reaches the target.
 */
export function rewriteFields(doc: Record<string, unknown>, pointers: readonly string[], lookup: BindingLookup): UnboundReference[] {
  const unbound: UnboundReference[] = [];
  for (const pointer of pointers) {
    const id = valueAt(doc, pointer);
    if (typeof id !== 'string') continue;
    const target = lookup(id);
    if (target === undefined) unbound.push({ where: fieldLabel(pointer), id });
    else setAt(doc, pointer, target);
  }
  return unbound;
}

// An id of any prefix, as a whole word; its kind is checked after.
const ID_WORD = new RegExp(`(?<![A-Za-z0-9_-])(?:${Object.values(ID_PREFIXES).join('|')})[A-Za-z0-9][A-Za-z0-9_-]*(?![A-Za-z0-9_-])`, 'g');

/**
 * Rewrites each bound id in a text (a dashboard's TSX) through `lookup`. An unbound id of one of
 * `kinds` is reported once; one of another kind is left as it is (`user_id` is a column's name far
 * more often than a user's id).
 */
export function rewriteText(text: string, kinds: readonly IdKind[], lookup: BindingLookup): { text: string; unbound: UnboundReference[] } {
  const unbound = new Map<string, UnboundReference>();
  const rewritten = text.replace(ID_WORD, (word) => {
    const kind = kindOfId(word);
    if (kind === undefined) return word;
    const target = lookup(word);
    if (target !== undefined) return target;
    if (kinds.includes(kind)) unbound.set(word, { where: word, id: word });
    return word;
  });
  return { text: rewritten, unbound: [...unbound.values()] };
}
