// Stored records → wire shapes (spec §2 and the README's choices). Nothing here mutates.
import type {
  ApplicationRecord,
  DashboardRecord,
  DatabaseRecord,
  FactRecord,
  HistoryRecord,
  OperationRecord,
  RevisionRecord,
  WriteSyncRecord,
} from './records';
import type { Store } from './store';

export function revisionListItem(r: RevisionRecord) {
  return {
    id: r.id,
    parentRevisionId: r.parentRevisionId,
    dependencyRevisionIds: r.dependencies.map((d) => d.revisionId),
    // Not in the spec: where each dependency revision lives, so a client can fetch it.
    dependencies: r.dependencies,
    actor: { type: 'apiKey', id: r.actorId },
    message: r.message,
    createdAt: r.createdAt,
    // Not in the spec: the position, handy for display; the spec's revision refs carry it too.
    sequence: r.sequence,
  };
}

export function revisionFull(r: RevisionRecord) {
  return { ...revisionListItem(r), resourceId: r.resourceId, value: r.value };
}

export function revisionHistory(h: HistoryRecord) {
  const items = [];
  if (h.capabilities.history) for (let i = h.revisions.length - 1; i >= 0; i--) items.push(revisionListItem(h.revisions[i]!));
  return {
    resourceId: h.resourceId,
    version: h.version,
    draft: h.draft,
    published: h.published,
    capabilities: h.capabilities,
    items,
  };
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
    draft: h?.draft ?? null,
    published: h?.published ?? null,
  };
}

export function dashboardSource(store: Store, d: DashboardRecord) {
  const h = store.historyOf(d.resourceId);
  const current = store.revisions.get(h.draft.revisionId);
  return {
    dashboardId: d.dashboardId,
    resourceId: d.resourceId,
    source: typeof current?.value['source'] === 'string' ? current.value['source'] : '',
    revision: h.draft,
    dataRunId: d.dataRunId,
  };
}

export function dashboardSummary(store: Store, d: DashboardRecord) {
  return { dashboardId: d.dashboardId, resourceId: d.resourceId, name: d.name, revision: store.historyOf(d.resourceId).draft };
}

export function databaseSummary(store: Store, d: DatabaseRecord) {
  const h = store.historyOf(d.id);
  return { id: d.id, name: d.name, draft: h.draft, published: h.published };
}

export function application(store: Store, a: ApplicationRecord) {
  const { pending: _pending, ...deployment } = a.deployment;
  return {
    id: a.id,
    workspaceId: a.workspaceId,
    name: a.name,
    description: a.description,
    deployment,
    draft: store.historyOf(a.id).draft,
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
