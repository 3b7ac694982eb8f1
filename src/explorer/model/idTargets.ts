// What Add Resource by ID and Open Resource by ID decide once the id is parsed (addition.ts): which
// of the resources an id names opens, what an id that names none says, and which list of added ids
// loses one on Remove. vscode-free, so that each choice is unit-tested.
import * as l10n from '@vscode/l10n';
import { ID_KIND_LABELS, type IdKind } from '../../api/ids';
import { openView, RESOURCE_KINDS, sharesIdWith, type FileView } from '../../kinds/resourceKinds';
import type { ResourceData, ResourceKind } from './nodes';

/** What Add Resource by ID answers a script: the kinds the id named, or why nothing was added. */
export type AddOutcome = { added: true; id: string; kinds: ResourceKind[] } | { added: false; message: string };

/** What `workspaceAutomation.open` accepts besides a tree node. */
export interface OpenTarget {
  kind: ResourceKind;
  id: string;
  name?: string;
}

/** "No fact fact_1 exists in workspace wksp_1." */
export function noSuchResource(kind: IdKind, id: string, workspaceId: string): string {
  return l10n.t('No {0} {1} exists in workspace {2}.', ID_KIND_LABELS[kind], id, workspaceId);
}

/**
 * Which of the resources an id names opens: the one of `view` when a view is asked for, else a
 * kind that shares another's id (a dashboard's TSX, for an `oper_` id: what people open it for),
 * else the first. Undefined when none has the view.
 */
export function resourceToOpen(found: readonly ResourceData[], view?: FileView): ResourceData | undefined {
  return view ? found.find((d) => openView(d.kind) === view) : (found.find((d) => sharesIdWith(d.kind)) ?? found[0]);
}

/** A kind's choice where an id names more than one resource: "Dashboard (.tsx)", "Operation (.handler.ts)". */
export function openLabel(kind: ResourceKind): string {
  const { singular, files } = RESOURCE_KINDS[kind];
  return `${singular.charAt(0).toUpperCase()}${singular.slice(1)} (${files[0].suffix})`;
}

/** The lists of added ids (one per settings file) that hold `id`, each as it is without it; the others are left alone. */
export function listsWithout<T>(
  lists: readonly { where: T; ids: readonly unknown[] | undefined }[],
  id: string,
): { where: T; ids: unknown[] }[] {
  return lists.flatMap(({ where, ids }) => (ids?.includes(id) ? [{ where, ids: ids.filter((v) => v !== id) }] : []));
}
