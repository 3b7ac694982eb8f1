// The words that list the kinds' id prefixes, made from the registry: a kind added to it is named
// in each of them (the explorer's Add and Open Resource by ID, Show Revision History, the agent
// tools' descriptions) with no sentence to find and edit. Pure.
import * as l10n from '@vscode/l10n';
import { ID_PREFIXES, type IdKind } from '../api/ids';
import { RESOURCE_KINDS, type KindSpec } from './resourceKinds';

/** The part of a registry the sentences read. */
export type IdRegistry = Readonly<Record<string, Pick<KindSpec, 'idKind' | 'singular' | 'history'>>>;

/** "oper_…, appl_…, dbas_…, wsyn_…, fact_…": the id prefixes of the registry's kinds, once each, in its order. */
export function idPrefixList(registry: IdRegistry = RESOURCE_KINDS): string {
  return idKinds(registry)
    .map(([idKind]) => `${ID_PREFIXES[idKind]}…`)
    .join(', ');
}

/**
 * "operation or dashboard (oper_…), app (appl_…), managed database (dbas_…), write sync (wsyn_…)
 * or fact (fact_…)": each id prefix after the kinds an id of it may name.
 */
export function idKindsSentence(registry: IdRegistry = RESOURCE_KINDS): string {
  return orList(idKinds(registry).map(([idKind, names]) => l10n.t('{0} ({1}…)', orList(names), ID_PREFIXES[idKind])));
}

/**
 * "operation (oper_…), dashboard (rept_…), app (appl_…) or managed database (dbas_…)": each kind
 * with a revision history, after the prefix of its history's id; with `ownIds`, its own id's prefix
 * too where that differs: "dashboard (oper_… or rept_…)".
 */
export function historyIdsSentence(registry: IdRegistry = RESOURCE_KINDS, { ownIds = false } = {}): string {
  return orList(
    Object.values(registry).flatMap(({ idKind, singular, history }) => {
      if (!history) return [];
      const prefixes = [...new Set([...(ownIds ? [idKind] : []), history.idKind])].map((k) => `${ID_PREFIXES[k]}…`);
      return [l10n.t('{0} ({1})', singular, orList(prefixes))];
    }),
  );
}

/** The registry's id kinds in its order, each with the singular names of the kinds it names. */
function idKinds(registry: IdRegistry): [IdKind, string[]][] {
  const names = new Map<IdKind, string[]>();
  for (const { idKind, singular } of Object.values(registry)) names.set(idKind, [...(names.get(idKind) ?? []), singular]);
  return [...names];
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length < 2) return items[0] ?? '';
  return l10n.t('{0} or {1}', items.slice(0, -1).join(', '), items.at(-1)!);
}
