// What Compare with Another Environment compares: two resources' texts without what the service
// manages (normalize.ts), the first side's references to other resources rewritten into the second
// side's ids through the bindings (references.ts), so that a reference that maps is no difference;
// an unbound one is left as it is and shows as one. The managed fields are compared apart, by name.
// Also which name a connection has in the bindings. Pure.
import { jsonText } from '../../kinds/contract/jsonDocument';
import { FILE_VIEWS } from '../../kinds/resourceKinds';
import type { EditableView } from '../../kinds/resourcePath';
import { isRecord } from '../../util/isRecord';
import { originOf } from '../../connection/model/origins';
import type { Binding, Bindings } from './bindings';
import { bodyOf, canonical, normalize } from './normalize';
import { fieldLabel, PROMOTION_RULES, type EditableKind } from './promotionRules';
import { rewriteFields, rewriteText, setAt, valueAt, type BindingLookup } from './references';

/** A connection as the bindings name it. */
export interface NamedConnection {
  readonly id: string;
  readonly baseUrl: string;
  readonly workspaceId: string;
}

/** A target of wsa.targets.json, as far as naming a connection goes. */
export interface NamingTarget {
  readonly name: string;
  readonly baseUrl: string;
  readonly workspace: string;
}

function samePlace(a: string, b: string): boolean {
  const path = (url: string) => new URL(url).pathname.replace(/\/+$/, '');
  return originOf(a) !== undefined && originOf(a) === originOf(b) && path(a) === path(b);
}

/**
 * The environment name of `connection` in the bindings: the name of the targets file's target of
 * the same service and workspace (what `wsa promote --from/--to` wrote the bindings under), else the
 * connection's id (a label may change; the id stays).
 */
export function environmentName(connection: NamedConnection, targets: readonly NamingTarget[] | undefined): string {
  const target = targets?.find((t) => t.workspace === connection.workspaceId && samePlace(t.baseUrl, connection.baseUrl));
  return target?.name ?? connection.id;
}

/**
 * The bindings between `a` and `b` seen from `a`: those written from `a` to `b`, and those from `b`
 * to `a` turned round where they bind nothing already. A comparison has no direction.
 */
export function pairBindings(bindings: Bindings, a: string, b: string): Bindings {
  const pair: Record<string, Binding> = {};
  const forward = bindings[a]?.[b] ?? {};
  for (const id of Object.keys(forward)) pair[id] = forward[id]!;
  const taken = new Set(Object.values(pair).map((x) => x.targetId));
  const backward = bindings[b]?.[a] ?? {};
  for (const bId of Object.keys(backward)) {
    const aId = backward[bId]!.targetId;
    if (Object.hasOwn(pair, aId) || taken.has(bId)) continue;
    pair[aId] = { targetId: bId, sourceRevision: null, targetRevision: null };
    taken.add(bId);
  }
  return { [a]: { [b]: pair } };
}

/** The lookup of `pairBindings(…)` from `a` to `b`. */
export function lookupOf(paired: Bindings, a: string, b: string): BindingLookup {
  const pair = paired[a]?.[b] ?? {};
  return (id) => (Object.hasOwn(pair, id) ? pair[id]!.targetId : undefined);
}

export interface ComparedTexts {
  /** The first side's text without managed fields, its bound references in the second side's ids. */
  readonly left: string;
  readonly right: string;
  readonly same: boolean;
  /** The managed fields whose values differ (or that one side has only), sorted. */
  readonly managedDiffer: readonly string[];
  /** The fields each environment keeps its own (a write sync's switches), where they differ: no difference either. */
  readonly keptDiffer: readonly string[];
}

function differingFields(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((n) => !Object.hasOwn(a, n) || !Object.hasOwn(b, n) || canonical(a[n]) !== canonical(b[n])).sort();
}

/**
 * Compares the documents `leftText` (first side) and `rightText` (second side) of `view`, as a
 * promotion plan would find them unchanged: `kept` are the JSON pointers each environment keeps its
 * own (promotionRules.ts, given the second side's tokens), left out of both texts and named apart
 * when they differ. Throws the kind's DocumentParseError for a text that is no document of it.
 */
export function compareTexts(
  view: EditableView,
  leftText: string,
  rightText: string,
  lookup: BindingLookup,
  kept: readonly string[] = [],
): ComparedTexts {
  const rule = PROMOTION_RULES[FILE_VIEWS[view].kind as EditableKind];
  const leftNorm = normalize(view, leftText);
  const rightNorm = normalize(view, rightText);
  const managedDiffer = differingFields(leftNorm.managed, rightNorm.managed);
  const body = bodyOf(view, leftText);
  if (!isRecord(body)) {
    const left = rewriteText(leftNorm.text, rule.textReferences ?? [], lookup).text;
    return { left, right: rightNorm.text, same: left === rightNorm.text, managedDiffer, keptDiffer: [] };
  }
  const doc = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  const right = JSON.parse(JSON.stringify(bodyOf(view, rightText))) as Record<string, unknown>;
  const leftDoc = JSON.parse(leftText) as unknown;
  const rightDoc = JSON.parse(rightText) as unknown;
  const keptDiffer = kept.filter((p) => canonical(valueAt(leftDoc, p)) !== canonical(valueAt(rightDoc, p))).map(fieldLabel);
  for (const p of kept) {
    setAt(doc, p, undefined);
    setAt(right, p, undefined);
  }
  // An unbound reference stays the first side's id: it is a difference, and shows as one.
  rewriteFields(
    doc,
    (rule.references ?? []).filter((p) => !kept.some((k) => p === k || p.startsWith(`${k}/`))),
    lookup,
  );
  return { left: jsonText(doc), right: jsonText(right), same: canonical(doc) === canonical(right), managedDiffer, keptDiffer };
}
