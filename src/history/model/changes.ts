// What "Show Changes" of one revision compares: the resource against its parent revision and each
// dependency whose revision differs from the one the parent had. Produces the
// `[resource, original, modified]` triples of VS Code's multi-file diff as revision files; the
// adapter turns them into `wsa-revision:` URIs. Pure.
import { kindOfId } from '../../api/ids';
import { kindWithHistoryId, openView } from '../../kinds/resourceKinds';
import type { FileView, RevisionFile } from '../../kinds/resourcePath';

export interface DependencyRef {
  resourceId: string;
  revisionId: string;
}

/** The part of a revision (list item or full) that Show Changes reads. */
export interface ChangeSource {
  id: string;
  parentRevisionId: string | null;
  dependencyRevisionIds: readonly string[];
  /** Not in the spec: where each dependency revision lives. The emulator sends it; a service may not. */
  dependencies?: unknown;
}

export type ChangeTriple = [resource: RevisionFile, original: RevisionFile | undefined, modified: RevisionFile | undefined];

export interface ChangeSet {
  triples: ChangeTriple[];
  /** Dependency revisions that changed but cannot be opened: the service did not say whose they are. */
  unlocated: number;
}

/** The history view of a resource id, by its prefix. */
export function viewForHistoryResource(resourceId: string): FileView | undefined {
  const kind = kindWithHistoryId(kindOfId(resourceId));
  return kind && openView(kind);
}

/** The `dependencies` field when it is present and well formed, else undefined. */
export function dependencyRefs(source: ChangeSource): DependencyRef[] | undefined {
  const raw = source.dependencies;
  if (!Array.isArray(raw)) return undefined;
  const refs: DependencyRef[] = [];
  for (const d of raw) {
    if (typeof d !== 'object' || d === null) return undefined;
    const { resourceId, revisionId } = d as Record<string, unknown>;
    if (typeof resourceId !== 'string' || typeof revisionId !== 'string') return undefined;
    refs.push({ resourceId, revisionId });
  }
  return refs;
}

export interface ChangeContext {
  workspaceId: string;
  view: FileView;
  resourceId: string;
  /** Tab name of a revision document of the resource itself. */
  nameOf(revisionId: string): string;
  /** Tab name of a dependency's revision document. */
  dependencyName(resourceId: string, revisionId: string): string;
}

export function changeSet(ctx: ChangeContext, revision: ChangeSource, parent: ChangeSource | undefined): ChangeSet {
  const file = (view: FileView, resourceId: string, revisionId: string, name: string): RevisionFile => ({
    workspaceId: ctx.workspaceId,
    view,
    resourceId,
    revisionId,
    name,
  });
  const own = file(ctx.view, ctx.resourceId, revision.id, ctx.nameOf(revision.id));
  const triples: ChangeTriple[] = [[own, parent ? file(ctx.view, ctx.resourceId, parent.id, ctx.nameOf(parent.id)) : undefined, own]];

  const before = parent?.dependencyRevisionIds ?? [];
  const after = revision.dependencyRevisionIds;
  const changedIds = new Set([...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))]);
  if (!changedIds.size) return { triples, unlocated: 0 };

  const mine = dependencyRefs(revision);
  const theirs = parent ? dependencyRefs(parent) : [];
  if (!mine || !theirs) return { triples, unlocated: changedIds.size };

  const depFile = (ref: DependencyRef): RevisionFile | undefined => {
    const view = viewForHistoryResource(ref.resourceId);
    return view ? file(view, ref.resourceId, ref.revisionId, ctx.dependencyName(ref.resourceId, ref.revisionId)) : undefined;
  };
  let unlocated = 0;
  const resources = [...new Set([...mine, ...theirs].map((d) => d.resourceId))];
  for (const resourceId of resources) {
    const now = mine.find((d) => d.resourceId === resourceId);
    const was = theirs.find((d) => d.resourceId === resourceId);
    if (now?.revisionId === was?.revisionId) continue;
    const left = was && depFile(was);
    const right = now && depFile(now);
    if ((was && !left) || (now && !right)) {
      unlocated++;
      continue;
    }
    triples.push([(right ?? left)!, left, right]);
  }
  // Changed ids the dependency lists do not account for.
  const located = new Set([...mine, ...theirs].map((d) => d.revisionId));
  for (const id of changedIds) if (!located.has(id)) unlocated++;
  return { triples, unlocated };
}
