// What a promotion plan reads of each environment besides one snapshot per resource: which
// resources to promote (the ids asked for, or every one of the editable kinds) and their names, and
// the target's resources of a kind when one of its sources needs finding by name. One list per kind
// and side at most, and only where it is needed. vscode-free.
import * as l10n from '@vscode/l10n';
import { ID_KIND_LABELS, kindOfId, type CallOptions, type ServiceClient } from '../../api';
import { explorerOf } from '../../kinds/kindModules';
import { KINDS, kindsForIdKind, RESOURCE_KINDS, type ResourceKind } from '../../kinds/resourceKinds';
import type { Named, PlanEntry } from '../model/plan';
import { PROMOTION_RULES, type EditableKind } from '../model/promotionRules';

/** The kinds promote can save, in the registry's order. */
export const EDITABLE_KINDS: readonly EditableKind[] = KINDS.filter((k): k is EditableKind => Object.hasOwn(PROMOTION_RULES, k));

function isEditable(kind: ResourceKind): kind is EditableKind {
  return (EDITABLE_KINDS as readonly string[]).includes(kind);
}

/** One kind's resources on one side, or undefined when that side cannot list them. */
export async function listNamed(client: ServiceClient, kind: EditableKind, o?: CallOptions): Promise<Named[] | undefined> {
  const page = await client.listAll(RESOURCE_KINDS[kind].collection, o);
  if (!page.supported) return undefined;
  const explorer = explorerOf(kind);
  return page.items.map((item) => {
    const { id, name } = explorer.identify(explorer.fromListItem(item));
    return { id, name };
  });
}

/** The source resources a plan covers, by kind, and the entries of ids that name nothing promote can save. */
export interface SourceSelection {
  readonly byKind: Map<EditableKind, Named[]>;
  readonly refused: PlanEntry[];
  readonly notes: string[];
}

/** Which source resources a plan covers: every one of `kinds`, and the `ids` asked for besides. */
export interface SourceQuery {
  readonly ids?: readonly string[] | undefined;
  readonly kinds?: readonly EditableKind[] | undefined;
}

/**
 * The source resources: every one of each kind of `kinds` the source lists (no ids and no kinds:
 * every editable kind), and the ids asked for (the editable kind of each id's prefix; a dashboard
 * for an operation's id). The names of the ids come from the source's list of a kind, read only when
 * `needsName` says a resource of it needs finding by name.
 */
export async function selectSources(
  client: ServiceClient,
  from: string,
  query: SourceQuery,
  needsName: (kind: EditableKind, id: string) => boolean,
  o?: CallOptions,
): Promise<SourceSelection> {
  const byKind = new Map<EditableKind, Named[]>();
  const refused: PlanEntry[] = [];
  const notes: string[] = [];
  const { ids } = query;
  const whole = new Set(query.kinds ?? (ids === undefined ? EDITABLE_KINDS : []));
  for (const kind of EDITABLE_KINDS) {
    if (!whole.has(kind)) continue;
    const listed = await listNamed(client, kind, o);
    if (listed === undefined) notes.push(l10n.t('{0} lists no {1}: name them by id to promote them.', from, RESOURCE_KINDS[kind].plural));
    else if (listed.length) byKind.set(kind, listed);
  }
  if (ids === undefined) return { byKind, refused, notes };
  const wanted = new Map<EditableKind, string[]>();
  for (const id of new Set(ids)) {
    const idKind = kindOfId(id);
    const kind = idKind === undefined ? undefined : kindsForIdKind(idKind).find(isEditable);
    if (kind === undefined) {
      refused.push({
        kind: idKind ?? 'unknown',
        sourceId: id,
        targetId: null,
        action: 'blocked',
        reason:
          idKind === undefined
            ? l10n.t('not an id of the service')
            : l10n.t('a {0} id: the service offers no way to save one, so it cannot be promoted', ID_KIND_LABELS[idKind]),
      });
      continue;
    }
    // Its whole kind is in the plan already.
    if (whole.has(kind)) continue;
    wanted.set(kind, [...(wanted.get(kind) ?? []), id]);
  }
  for (const kind of EDITABLE_KINDS) {
    const kindIds = wanted.get(kind);
    if (!kindIds) continue;
    const names = kindIds.some((id) => needsName(kind, id)) ? await listNamed(client, kind, o) : undefined;
    const nameOf = new Map((names ?? []).map((n) => [n.id, n.name]));
    byKind.set(
      kind,
      kindIds.map((id) => ({ id, name: nameOf.get(id) ?? id })),
    );
  }
  // In the registry's order of kinds, whichever way each came.
  const ordered = new Map(EDITABLE_KINDS.filter((k) => byKind.has(k)).map((k) => [k, byKind.get(k)!]));
  return { byKind: ordered, refused, notes };
}
