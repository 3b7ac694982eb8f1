// Every endpoint of the service, declared once: method, path, scope, response schema, and whether a
// failed call may be repeated. Retries follow from this table, never from call sites.
import * as l10n from '@vscode/l10n';
import type { IdKind } from './ids';
import { schemas as s } from './lazySchemas';
import type { z } from './schemas';

export type Scope = 'workspace' | 'organization';

export interface Endpoint<P extends Record<string, string>, R> {
  readonly method: 'GET' | 'PUT' | 'POST';
  /** Path parameters with the id kind each must have. */
  readonly params: { readonly [K in keyof P]: readonly IdKind[] };
  readonly path: (p: P) => string;
  readonly scope: Scope;
  /** The response's schema, built on first use (lazySchemas.ts). */
  readonly response: () => z.ZodMiniType<R>;
  /** GETs: safe to repeat after a network error, 429, 502, 503 or 504. */
  readonly idempotent: boolean;
  /** What the call does, for messages: "save dashboard source". */
  readonly action: string;
  /**
   * A 2xx answer is success whatever its body (204, the history, another object): the caller reads
   * the state again instead, so `response` is not checked.
   */
  readonly ignoresAnswer?: true;
}

function endpoint<P extends Record<string, string>, R>(e: Endpoint<P, R>): Endpoint<P, R> {
  return e;
}

const e = encodeURIComponent;

/** Resources that carry a revision history (a dashboard's through its `rept_` resource). */
export const HISTORY_KINDS: readonly IdKind[] = ['operation', 'dashboardResource', 'database', 'application'];

export const endpoints = {
  listRevisions: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('list revisions'),
    params: { resourceId: HISTORY_KINDS },
    path: (p: { resourceId: string }) => `/v1/resources/${e(p.resourceId)}/revisions`,
    response: () => s().RevisionHistory,
  }),
  getRevision: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read revision'),
    params: { resourceId: HISTORY_KINDS, revisionId: ['revision'] as IdKind[] },
    path: (p: { resourceId: string; revisionId: string }) => `/v1/resources/${e(p.resourceId)}/revisions/${e(p.revisionId)}`,
    response: () => s().Revision,
  }),
  getWriteSync: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read write sync'),
    params: { writeSyncId: ['writeSync'] as IdKind[] },
    path: (p: { writeSyncId: string }) => `/v1/write-syncs/${e(p.writeSyncId)}`,
    response: () => s().WriteSync,
  }),
  getFact: endpoint({
    method: 'GET',
    scope: 'organization',
    idempotent: true,
    action: l10n.t('read fact'),
    params: { factId: ['fact'] as IdKind[] },
    path: (p: { factId: string }) => `/v1/facts/${e(p.factId)}`,
    response: () => s().Fact,
  }),
  replaceFact: endpoint({
    method: 'PUT',
    scope: 'organization',
    idempotent: false,
    action: l10n.t('replace fact'),
    params: { factId: ['fact'] as IdKind[] },
    path: (p: { factId: string }) => `/v1/facts/${e(p.factId)}`,
    response: () => s().Fact,
  }),
  saveDatabaseDefinition: endpoint({
    method: 'PUT',
    scope: 'workspace',
    idempotent: false,
    action: l10n.t('save database definition'),
    params: { databaseId: ['database'] as IdKind[] },
    path: (p: { databaseId: string }) => `/v1/databases/${e(p.databaseId)}/definition`,
    response: () => s().DatabaseSaveResult,
  }),
  getDashboardSource: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read dashboard source'),
    params: { dashboardId: ['operation'] as IdKind[] },
    path: (p: { dashboardId: string }) => `/v1/dashboards/${e(p.dashboardId)}/source`,
    response: () => s().DashboardSource,
  }),
  replaceDashboardSource: endpoint({
    method: 'PUT',
    scope: 'workspace',
    idempotent: false,
    action: l10n.t('save dashboard source'),
    params: { dashboardId: ['operation'] as IdKind[] },
    path: (p: { dashboardId: string }) => `/v1/dashboards/${e(p.dashboardId)}/source`,
    response: () => s().DashboardSourceSaved,
  }),
  getApp: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read app'),
    params: { applicationId: ['application'] as IdKind[] },
    path: (p: { applicationId: string }) => `/v1/apps/${e(p.applicationId)}`,
    response: () => s().Application,
  }),
  // ---- Updates whose paths the spec does not show (README "write sync update", "app update").
  updateWriteSync: endpoint({
    method: 'PUT',
    scope: 'workspace',
    idempotent: false,
    action: l10n.t('save write sync'),
    params: { writeSyncId: ['writeSync'] as IdKind[] },
    path: (p: { writeSyncId: string }) => `/v1/write-syncs/${e(p.writeSyncId)}`,
    response: () => s().WriteSyncSaved,
  }),
  updateApp: endpoint({
    method: 'PUT',
    scope: 'workspace',
    idempotent: false,
    action: l10n.t('save app'),
    params: { applicationId: ['application'] as IdKind[] },
    path: (p: { applicationId: string }) => `/v1/apps/${e(p.applicationId)}`,
    response: () => s().ApplicationSaved,
  }),
  getOperation: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read operation'),
    params: { operationId: ['operation'] as IdKind[] },
    path: (p: { operationId: string }) => `/v1/operations/${e(p.operationId)}`,
    response: () => s().Operation,
  }),
  // Assumed endpoints (the spec does not show them; README, "What the spec does not show"). A
  // service without them answers 404/405/501, which the client turns into `undefined`.
  dashboardRuntimeTypes: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read dashboard runtime types'),
    params: {},
    path: () => '/v1/dashboard-runtime/types',
    response: () => s().RuntimeTypes,
  }),
  dataRun: endpoint({
    method: 'GET',
    scope: 'workspace',
    idempotent: true,
    action: l10n.t('read data run'),
    params: { operationRunId: ['dataRun'] as IdKind[] },
    path: (p: { operationRunId: string }) => `/v1/operation-runs/${e(p.operationRunId)}`,
    response: () => s().DataRun,
  }),
  // The revision operations (publish, restore). Their paths and body are not in the spec (README: the choices
  // made); a service with other paths changes only these two rows. Never retried: a lost answer is
  // read back from the history instead.
  publishRevision: endpoint({
    method: 'POST',
    scope: 'workspace',
    idempotent: false,
    ignoresAnswer: true,
    action: l10n.t('publish revision'),
    params: { resourceId: HISTORY_KINDS, revisionId: ['revision'] as IdKind[] },
    path: (p: { resourceId: string; revisionId: string }) => `/v1/resources/${e(p.resourceId)}/revisions/${e(p.revisionId)}/publish`,
    response: () => s().Ignored,
  }),
  restoreRevision: endpoint({
    method: 'POST',
    scope: 'workspace',
    idempotent: false,
    ignoresAnswer: true,
    action: l10n.t('restore revision'),
    params: { resourceId: HISTORY_KINDS, revisionId: ['revision'] as IdKind[] },
    path: (p: { resourceId: string; revisionId: string }) => `/v1/resources/${e(p.resourceId)}/revisions/${e(p.revisionId)}/restore`,
    response: () => s().Ignored,
  }),
};

/** The collections that may have a list endpoint (not in the spec; detected at run time). */
export const collections = {
  operations: { path: '/v1/operations', scope: 'workspace', item: () => s().Operation },
  dashboards: { path: '/v1/dashboards', scope: 'workspace', item: () => s().DashboardSummary },
  apps: { path: '/v1/apps', scope: 'workspace', item: () => s().Application },
  databases: { path: '/v1/databases', scope: 'workspace', item: () => s().DatabaseSummary },
  writeSyncs: { path: '/v1/write-syncs', scope: 'workspace', item: () => s().WriteSync },
  facts: { path: '/v1/facts', scope: 'organization', item: () => s().Fact },
} as const satisfies Record<string, { path: string; scope: Scope; item: () => z.ZodMiniType }>;

export type Collection = keyof typeof collections;
export type CollectionItem<C extends Collection> = z.infer<ReturnType<(typeof collections)[C]['item']>>;
