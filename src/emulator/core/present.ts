// Stored records → wire shapes (spec §2 and the README's choices). Nothing here mutates. Revision
// references go out through revisionRef(), which the extra-fields variant leaves bare.
import { revisionRef } from './extraFields';
import type {
  ApplicationRecord,
  DashboardRecord,
  DatabaseRecord,
  FactRecord,
  HistoryRecord,
  OperationRecord,
  RevisionRecord,
  RevisionRef,
  WriteSyncRecord,
} from './records';
import type { Store } from './store';

const refOrNull = (ref: RevisionRef | null | undefined) => (ref ? revisionRef(ref) : null);

/** `bare` (the variant): only the spec's fields, without the two of our own. */
export function revisionListItem(r: RevisionRecord, bare = false) {
  const item = {
    id: r.id,
    parentRevisionId: r.parentRevisionId,
    dependencyRevisionIds: r.dependencies.map((d) => d.revisionId),
    // Not in the spec: where each dependency revision lives, so a client can fetch it.
    dependencies: r.dependencies,
    actor: { type: r.actorType ?? 'apiKey', id: r.actorId },
    message: r.message,
    createdAt: r.createdAt,
    // Not in the spec: the position, handy for display; the spec's revision refs carry it too.
    sequence: r.sequence,
  };
  if (!bare) return item;
  const { dependencies: _dependencies, sequence: _sequence, ...spec } = item;
  return spec;
}

export function revisionFull(r: RevisionRecord, bare = false) {
  return { ...revisionListItem(r, bare), resourceId: r.resourceId, value: r.value };
}

/** The history with the given items (already chosen and ordered); `nextCursor` only when paged. */
export function revisionHistory(h: HistoryRecord, items: readonly RevisionRecord[], bare = false, nextCursor?: string | null) {
  const out = {
    resourceId: h.resourceId,
    version: h.version,
    draft: revisionRef(h.draft),
    published: refOrNull(h.published),
    capabilities: h.capabilities,
    items: items.map((r) => revisionListItem(r, bare)),
  };
  return nextCursor === undefined ? out : { ...out, nextCursor };
}

export function operation(store: Store, o: OperationRecord) {
  const h = store.histories.byId.get(o.id);
  return {
    id: o.id,
    name: o.name,
    kind: o.kind,
    instructions: o.instructions,
    dataSourceIds: o.dataSourceIds,
    parentDataFlowId: o.parentDataFlowId,
    status: o.status,
    codeStale: o.codeStale,
    draft: refOrNull(h?.draft),
    published: refOrNull(h?.published),
  };
}

export function dashboardSource(store: Store, d: DashboardRecord) {
  const h = store.historyOf(d.resourceId);
  const current = store.revisions.get(h.draft.revisionId);
  return {
    dashboardId: d.dashboardId,
    resourceId: d.resourceId,
    source: typeof current?.value['source'] === 'string' ? current.value['source'] : '',
    revision: revisionRef(h.draft),
    dataRunId: d.dataRunId,
  };
}

export function dashboardSummary(store: Store, d: DashboardRecord) {
  return { dashboardId: d.dashboardId, resourceId: d.resourceId, name: d.name, revision: revisionRef(store.historyOf(d.resourceId).draft) };
}

export function databaseSummary(store: Store, d: DatabaseRecord) {
  const h = store.historyOf(d.id);
  return { id: d.id, name: d.name, draft: revisionRef(h.draft), published: refOrNull(h.published) };
}

export function application(store: Store, a: ApplicationRecord) {
  const { pending: _pending, ...deployment } = a.deployment;
  return {
    id: a.id,
    workspaceId: a.workspaceId,
    name: a.name,
    description: a.description,
    deployment,
    draft: revisionRef(store.historyOf(a.id).draft),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export function writeSync(w: WriteSyncRecord) {
  const { workspaceId: _ws, ...rest } = w;
  return rest;
}

export function fact(f: FactRecord) {
  return {
    id: f.id,
    organizationId: f.organizationId,
    ownerId: f.ownerId,
    key: f.key,
    name: f.name,
    type: f.type,
    definition: f.definition,
    formula: f.formula,
    formulaType: f.formulaType,
    aliases: f.aliases,
    usualValue: f.usualValue,
    usualValueMin: f.usualValueMin,
    usualValueMax: f.usualValueMax,
    unit: f.unit,
    startDate: f.startDate,
    endDate: f.endDate,
    scope: f.scope,
    metadata: f.metadata,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}
