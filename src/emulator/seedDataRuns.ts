// The data runs of the seed dashboards: each run's columns match the row type its dashboard reads,
// so the seeds type-check against their own data contract (test/unit/dashboardLanguage/dashboardRuntimeTypes.test.ts).
import type { DashboardRecord, DataRunColumnRecord, StateSnapshot } from './core/records';

export type SeedColumn = DataRunColumnRecord;

const column = (name: string, type: string, nullable = false): SeedColumn => ({ name, type, nullable });

export const SEED_COLUMNS = {
  // `lastOrderAt` is in the run and not in the dashboard's row type: reading fewer columns is fine.
  revenue: [
    column('region', 'text'),
    column('orders', 'integer'),
    column('revenue', 'numeric(12,2)'),
    column('currency', 'text'),
    column('lastOrderAt', 'timestamp', true),
  ],
  churn: [column('month', 'date'), column('activeCustomers', 'integer'), column('churned', 'integer')],
  inventory: [
    column('sku', 'text'),
    column('name', 'text'),
    column('warehouse', 'text'),
    column('onHand', 'integer'),
    column('reorderPoint', 'integer'),
  ],
  // The foreign-values variant's dashboard reads churn rows from a database with other type names.
  foreignChurn: [column('month', 'date'), column('activeCustomers', 'int8'), column('churned', 'hugeint')],
} as const satisfies Record<string, readonly SeedColumn[]>;

/** Records the dashboard's current data run, finished at `createdAt`, with `columns`. */
export function addDataRun(s: StateSnapshot, dashboard: DashboardRecord, columns: readonly SeedColumn[], createdAt: string): void {
  (s.dataRuns ??= []).push({
    id: dashboard.dataRunId,
    workspaceId: dashboard.workspaceId,
    operationId: dashboard.dashboardId,
    status: 'succeeded',
    columns: columns.map((c) => ({ ...c })),
    createdAt,
  });
}
