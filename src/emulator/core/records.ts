// The emulator's stored state. It is plain JSON so a snapshot can be persisted, loaded as a seed
// and compared in tests; the wire shapes are derived from it in present.ts.
import type { HistoryKind } from '../../kinds/resourceKinds';
import { FACT_OPTIONAL_FIELDS } from '../../api/schemaConstants';

export interface RevisionRef {
  revisionId: string;
  sequence: number;
}

export interface Permissions {
  dashboardWrite: boolean;
  databaseAdmin: boolean;
}

export interface OrganizationRecord {
  id: string;
  name: string;
}

export interface WorkspaceRecord {
  id: string;
  organizationId: string;
  name: string;
}

export interface ApiKeyRecord {
  /** The secret token callers send. Never leaves the emulator except in the demo summary. */
  secret: string;
  /** The public id shown as `actor.id`. */
  id: string;
  name: string;
  organizationId: string;
  workspaceIds: string[];
  permissions: Permissions;
}

export interface Dependency {
  resourceId: string;
  revisionId: string;
}

export interface RevisionRecord {
  id: string;
  resourceId: string;
  sequence: number;
  parentRevisionId: string | null;
  dependencies: Dependency[];
  actorId: string;
  /** The actor's `type` on the wire; absent means `apiKey`, the type the spec shows. */
  actorType?: string;
  message: string;
  createdAt: string;
  value: Record<string, unknown>;
}

/** The kinds with a revision history, in the extension's names (its registry, src/kinds/resourceKinds.ts). */
export type { HistoryKind };

export interface Capabilities {
  history: boolean;
  restore: boolean;
  publish: boolean;
}

export interface HistoryRecord {
  resourceId: string;
  workspaceId: string;
  kind: HistoryKind;
  version: string;
  draft: RevisionRef;
  published: RevisionRef | null;
  capabilities: Capabilities;
  /** Oldest first; the wire lists them newest first. */
  revisions: RevisionRecord[];
}

export interface OperationRecord {
  id: string;
  workspaceId: string;
  name: string;
  kind: string;
  instructions: string;
  dataSourceIds: string[];
  parentDataFlowId: string | null;
  status: string;
  codeStale: boolean;
}

export interface DashboardRecord {
  /** The operation the dashboard is the frontend of (`oper_`). */
  dashboardId: string;
  /** The dashboard resource that owns the source revisions (`rept_`). */
  resourceId: string;
  workspaceId: string;
  name: string;
  dataRunId: string;
}

/** One column of a data run's result (README: the data-run read is an assumed endpoint). */
export interface DataRunColumnRecord {
  name: string;
  /** In the database's vocabulary: text, integer, numeric(12,2), timestamp, … */
  type: string;
  nullable: boolean;
}

/** A run of a dashboard's operation; its columns are the dashboard's data contract. */
export interface DataRunRecord {
  /** `oprn_` */
  id: string;
  workspaceId: string;
  operationId: string;
  status: string;
  columns: DataRunColumnRecord[];
  createdAt: string;
}

export interface DatabaseRecord {
  id: string;
  workspaceId: string;
  name: string;
}

export interface PendingDeployment {
  revisionId: string;
  /** Absolute time the deployment finishes; set from `readyAfterMs` when the state is loaded. */
  readyAt?: string;
  readyAfterMs?: number;
}

export interface ApplicationRecord {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  deployment: {
    status: string;
    url: string;
    revisionId: string;
    /** The spec leaves its type open: our seed uses {code, message}, foreign-values others. */
    error: unknown;
    pending?: PendingDeployment;
  };
  createdAt: string;
  updatedAt: string;
}

export interface WriteSyncEndpoint {
  resourceId: string;
  object: string;
  scope: string;
}

export interface WriteSyncRecord {
  id: string;
  workspaceId: string;
  name: string;
  definition: {
    source: WriteSyncEndpoint;
    destination: WriteSyncEndpoint;
    input: { type: string; operationId: string; revisionId: string; table: string };
    keyColumn: string;
    fields: Record<string, string>;
  };
  version: number;
  isEnabled: boolean;
  automaticEnabled: boolean;
  identityLocked: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A fact's nullable descriptive fields (spec §2): editable (README), cleared to null when a replace omits them. */
export const FACT_NULLABLE_FIELDS = FACT_OPTIONAL_FIELDS.filter(
  (f): f is Exclude<(typeof FACT_OPTIONAL_FIELDS)[number], 'type'> => f !== 'type',
);

export interface FactRecord {
  id: string;
  organizationId: string;
  ownerId: string;
  key: string;
  name: string;
  /** Null once a replace under the fact-all-fields variant omitted it. */
  type: string | null;
  definition: string | null;
  formula: string | null;
  formulaType: string | null;
  aliases: unknown;
  usualValue: unknown;
  usualValueMin: unknown;
  usualValueMax: unknown;
  unit: unknown;
  startDate: unknown;
  endDate: unknown;
  scope: unknown;
  metadata: unknown;
  createdAt: string;
  updatedAt: string;
}

/** Well-known ids of the demo seed (deterministic: the same on every start). */
export interface DemoIds {
  /** Public ids (`actor.id`) of the four demo keys; never the secrets. */
  adminKeyActorId: string;
  readOnlyKeyActorId: string;
  editorKeyActorId: string;
  otherWorkspaceOnlyKeyActorId: string;
  otherOrganizationId: string;
  ordersDataSource: string;
  crmDataSource: string;
  warehouseDataSource: string;
  /** A data flow root (history: false, publish: true). */
  dataFlowOperationId: string;
  /** A child of that data flow (`parentDataFlowId` set). */
  dataFlowChildOperationId: string;
  normalizeOperationId: string;
  /** A published operation; also the main dashboard's operation. */
  publishedOperationId: string;
  /** An operation with `codeStale: true`; also has a dashboard. */
  codeStaleOperationId: string;
  inventoryOperationId: string;
  crmContactsOperationId: string;
  /** An operation without a dashboard. */
  kpiOperationId: string;
  /** The main dashboard (`oper_`), its resource (`rept_`) and its seeded data run (`oprn_`). */
  dashboardId: string;
  dashboardResourceId: string;
  dashboardDataRunId: string;
  churnDashboardId: string;
  churnDashboardResourceId: string;
  /** The dashboard with ~150 revisions, some restored (branching parents). */
  longHistoryDashboardId: string;
  longHistoryDashboardResourceId: string;
  /** Orders database: draft ahead of published. */
  databaseId: string;
  /** Inventory database: nothing published. */
  inventoryDatabaseId: string;
  liveAppId: string;
  /** Turns live after `deployDelayMs`, deploying `deployingAppTargetRevisionId`. */
  deployingAppId: string;
  deployingAppTargetRevisionId: string;
  failedAppId: string;
  writeSyncId: string;
  identityLockedWriteSyncId: string;
  disabledWriteSyncId: string;
  salesforceConnectionId: string;
  erpConnectionId: string;
  /** Facts of the demo organization (math formulas; `logicFactId` uses formulaType "logic"). */
  factId: string;
  churnFactId: string;
  aovFactId: string;
  logicFactId: string;
  /** A fact of another organization: 404 for the demo keys. */
  otherOrganizationFactId: string;
  otherWorkspaceOperationId: string;
  otherWorkspaceAppId: string;
  /** Only with the foreign-values variant (seedForeign.ts). */
  archivedOperationId?: string;
  scheduledOperationId?: string;
  foreignDashboardId?: string;
  foreignDashboardResourceId?: string;
  foreignDatabaseId?: string;
  foreignFactId?: string;
  queuedAppId?: string;
  rolledBackAppId?: string;
  /** Only with `large`. */
  largeDashboardId?: string;
  largeDashboardResourceId?: string;
  largeFirstOperationId?: string;
}

/** Well-known names a seed publishes so docs, tests and the CLI summary can refer to them. */
export interface DemoInfo {
  apiKey: string;
  workspaceId: string;
  otherWorkspaceId: string;
  organizationId: string;
  readOnlyApiKey: string;
  editorApiKey: string;
  otherWorkspaceOnlyApiKey: string;
  // Indexable too: callers may look ids up by name.
  ids: DemoIds & Record<string, string>;
}

export interface StateSnapshot {
  format: 'wsa-emulator-state';
  formatVersion: 1;
  demo: DemoInfo;
  organizations: OrganizationRecord[];
  workspaces: WorkspaceRecord[];
  apiKeys: ApiKeyRecord[];
  operations: OperationRecord[];
  dashboards: DashboardRecord[];
  databases: DatabaseRecord[];
  applications: ApplicationRecord[];
  writeSyncs: WriteSyncRecord[];
  facts: FactRecord[];
  histories: HistoryRecord[];
  /** Absent in states saved before data runs were records: their dashboards have no contract. */
  dataRuns?: DataRunRecord[];
}
