// In-memory state with indexes, built from a snapshot and turned back into one for persistence.
// Every mutation goes through a method here and ends in `changed()`, which the persistence layer
// listens to. Validation happens before these methods are called: a rejected request never gets here.
import { newId, newVersionToken } from './idgen';
import type {
  ApiKeyRecord,
  ApplicationRecord,
  DashboardRecord,
  DataRunRecord,
  DatabaseRecord,
  Dependency,
  DemoInfo,
  FactRecord,
  HistoryRecord,
  OperationRecord,
  OrganizationRecord,
  RevisionRecord,
  StateSnapshot,
  WorkspaceRecord,
  WriteSyncRecord,
} from './records';

/** Records of one kind: by id, and per workspace in insertion order for paging. */
class Collection<T extends { workspaceId: string }> {
  readonly byId = new Map<string, T>();
  private readonly perWorkspace = new Map<string, T[]>();

  constructor(
    items: readonly T[],
    private readonly key: (item: T) => string,
  ) {
    for (const item of items) this.add(item);
  }

  add(item: T): void {
    this.byId.set(this.key(item), item);
    let list = this.perWorkspace.get(item.workspaceId);
    if (!list) this.perWorkspace.set(item.workspaceId, (list = []));
    list.push(item);
  }

  /** The record if it exists in that workspace; another workspace's record does not exist here. */
  inWorkspace(id: string, workspaceId: string): T | undefined {
    const item = this.byId.get(id);
    return item && item.workspaceId === workspaceId ? item : undefined;
  }

  list(workspaceId: string): readonly T[] {
    return this.perWorkspace.get(workspaceId) ?? [];
  }

  all(): T[] {
    return [...this.byId.values()];
  }
}

export class Store {
  readonly demo: DemoInfo;
  readonly organizations = new Map<string, OrganizationRecord>();
  readonly workspaces = new Map<string, WorkspaceRecord>();
  readonly keysBySecret = new Map<string, ApiKeyRecord>();
  readonly operations: Collection<OperationRecord>;
  readonly dashboards: Collection<DashboardRecord>;
  readonly dashboardsByResource = new Map<string, DashboardRecord>();
  readonly databases: Collection<DatabaseRecord>;
  readonly applications: Collection<ApplicationRecord>;
  readonly writeSyncs: Collection<WriteSyncRecord>;
  readonly facts = new Map<string, FactRecord>();
  readonly factsByOrg = new Map<string, FactRecord[]>();
  readonly histories: Collection<HistoryRecord>;
  readonly dataRuns: Collection<DataRunRecord>;
  readonly revisions = new Map<string, RevisionRecord>();
  /** Serialized revision lists by resource, valid while the history's version is unchanged. */
  readonly historyBodyCache = new Map<string, { version: string; body: string }>();

  private listener: (() => void) | undefined;

  constructor(snapshot: StateSnapshot, now = Date.now()) {
    this.demo = snapshot.demo;
    for (const o of snapshot.organizations) this.organizations.set(o.id, o);
    for (const w of snapshot.workspaces) this.workspaces.set(w.id, w);
    for (const k of snapshot.apiKeys) this.keysBySecret.set(k.secret, k);
    this.operations = new Collection(snapshot.operations, (o) => o.id);
    this.dashboards = new Collection(snapshot.dashboards, (d) => d.dashboardId);
    for (const d of snapshot.dashboards) this.dashboardsByResource.set(d.resourceId, d);
    this.databases = new Collection(snapshot.databases, (d) => d.id);
    this.applications = new Collection(snapshot.applications, (a) => a.id);
    this.writeSyncs = new Collection(snapshot.writeSyncs, (w) => w.id);
    for (const f of snapshot.facts) this.addFact(f);
    this.histories = new Collection(snapshot.histories, (h) => h.resourceId);
    this.dataRuns = new Collection(snapshot.dataRuns ?? [], (r) => r.id);
    for (const h of snapshot.histories) for (const r of h.revisions) this.revisions.set(r.id, r);
    // Deployments in a seed are relative ("ready after N ms"); pin them to this start.
    for (const app of snapshot.applications) {
      const pending = app.deployment.pending;
      if (pending && !pending.readyAt) pending.readyAt = new Date(now + (pending.readyAfterMs ?? 0)).toISOString();
    }
  }

  /** One listener (persistence); called after every mutation. */
  onDidChange(listener: () => void): void {
    this.listener = listener;
  }

  private changed(): void {
    this.listener?.();
  }

  private addFact(f: FactRecord): void {
    this.facts.set(f.id, f);
    let list = this.factsByOrg.get(f.organizationId);
    if (!list) this.factsByOrg.set(f.organizationId, (list = []));
    list.push(f);
  }

  toSnapshot(): StateSnapshot {
    return {
      format: 'wsa-emulator-state',
      formatVersion: 1,
      demo: this.demo,
      organizations: [...this.organizations.values()],
      workspaces: [...this.workspaces.values()],
      apiKeys: [...this.keysBySecret.values()],
      operations: this.operations.all(),
      dashboards: this.dashboards.all(),
      databases: this.databases.all(),
      applications: this.applications.all(),
      writeSyncs: this.writeSyncs.all(),
      facts: [...this.facts.values()],
      histories: this.histories.all(),
      dataRuns: this.dataRuns.all(),
    };
  }

  history(resourceId: string, workspaceId: string): HistoryRecord | undefined {
    return this.histories.inWorkspace(resourceId, workspaceId);
  }

  historyOf(resourceId: string): HistoryRecord {
    const h = this.histories.byId.get(resourceId);
    if (!h) throw new Error(`Emulator state is inconsistent: no history for ${resourceId}.`);
    return h;
  }

  /** Appends a draft revision; its sequence follows the current draft. */
  appendRevision(
    history: HistoryRecord,
    fields: {
      parentRevisionId: string | null;
      dependencies: Dependency[];
      actorId: string;
      message: string;
      value: Record<string, unknown>;
    },
    now = new Date(),
  ): RevisionRecord {
    const revision: RevisionRecord = {
      id: newId('revision'),
      resourceId: history.resourceId,
      sequence: history.draft.sequence + 1,
      parentRevisionId: fields.parentRevisionId,
      dependencies: fields.dependencies,
      actorId: fields.actorId,
      message: fields.message,
      createdAt: now.toISOString(),
      value: fields.value,
    };
    history.revisions.push(revision);
    this.revisions.set(revision.id, revision);
    history.draft = { revisionId: revision.id, sequence: revision.sequence };
    history.version = newVersionToken();
    this.changed();
    return revision;
  }

  replaceFact(fact: FactRecord, fields: Partial<FactRecord>, now = new Date()): FactRecord {
    Object.assign(fact, fields, { updatedAt: now.toISOString() });
    this.changed();
    return fact;
  }

  /**
   * Starts a new data run for a dashboard, making any `expectedDataRunId` sent before it stale. Its
   * columns are `columns`, or the previous run's (a rerun of the same query).
   */
  newDataRun(dashboard: DashboardRecord, columns?: DataRunRecord['columns'], now = new Date()): string {
    const previous = this.dataRuns.byId.get(dashboard.dataRunId);
    dashboard.dataRunId = newId('dataRun');
    this.dataRuns.add({
      id: dashboard.dataRunId,
      workspaceId: dashboard.workspaceId,
      operationId: dashboard.dashboardId,
      status: 'succeeded',
      columns: (columns ?? previous?.columns ?? []).map((c) => ({ ...c })),
      createdAt: now.toISOString(),
    });
    this.changed();
    return dashboard.dataRunId;
  }

  /** Finishes a pending deployment when its time has come (or `force`). Returns whether it changed. */
  settleDeployment(app: ApplicationRecord, now: number, force = false): boolean {
    const pending = app.deployment.pending;
    if (!pending) return false;
    const readyAt = pending.readyAt ? Date.parse(pending.readyAt) : now;
    if (!force && now < readyAt) return false;
    app.deployment = { status: 'live', url: app.deployment.url, revisionId: pending.revisionId, error: null };
    app.updatedAt = new Date(force ? now : Math.min(now, readyAt)).toISOString();
    const history = this.histories.byId.get(app.id);
    if (history) history.version = newVersionToken();
    this.changed();
    return true;
  }
}
