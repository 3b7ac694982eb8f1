// Demo operations (a data flow with children, a stale one, …) and their dashboards, with
// revision histories.
import type { OperationRecord } from './core/records';
import { DATA_FLOW_ROOT, type SeedContext } from './seedBuilder';
import { CHURN_DASHBOARD, REVENUE_DASHBOARD, handlerSource, inventorySource } from './seedSources';
import { SEED_COLUMNS, addDataRun, type SeedColumn } from './seedDataRuns';

/** Long-history dashboard length; a few revisions restore older ones, branching the parents. */
const INVENTORY_REVISIONS = 150;

export interface OperationSpec {
  name: string;
  kind: string;
  instructions: string;
  dataSourceIds: string[];
  parent?: string;
  status?: string;
  codeStale?: boolean;
  table: string;
  query: string;
  dependsOn?: string[];
  revisions?: number;
}

export function addOperation(ctx: SeedContext, workspaceId: string, spec: OperationSpec): OperationRecord {
  const { b, s } = ctx;
  const op: OperationRecord = {
    id: b.ids.id('operation'),
    workspaceId,
    name: spec.name,
    kind: spec.kind,
    instructions: spec.instructions,
    dataSourceIds: spec.dataSourceIds,
    parentDataFlowId: spec.parent ?? null,
    status: spec.status ?? 'draft',
    codeStale: spec.codeStale ?? false,
  };
  s.operations.push(op);
  const h = b.history(s, op.id, workspaceId, 'operation', spec.kind === 'dataFlow' ? DATA_FLOW_ROOT : undefined);
  const count = spec.revisions ?? 2;
  for (let i = 1; i <= count; i++) {
    const deps = (spec.dependsOn ?? []).map((id) => {
      const dep = s.histories.find((x) => x.resourceId === id)!;
      return { resourceId: id, revisionId: dep.draft.revisionId };
    });
    const revision = b.revise(h, {
      actorId: i % 2 ? ctx.adminActor : ctx.editorActor,
      message: i === 1 ? `Created ${spec.name}` : i === count ? 'Tightened the date filter' : 'Refined the query',
      dependencies: deps,
      value: {
        source: handlerSource(spec.table, i === count ? spec.query : `${spec.query} LIMIT ${i * 1000}`),
        instructions: spec.instructions,
        referencedDataSourceIds: spec.dataSourceIds,
        resolvedDataSourceIds: spec.dataSourceIds,
        dependencyOperationIds: spec.dependsOn ?? [],
      },
    });
    if (spec.status === 'published' && i === count) b.publish(h, revision);
  }
  return op;
}

export function seedOperations(ctx: SeedContext): void {
  const { b, ids, ws } = ctx;
  const ordersDb = b.ids.id('dataSource');
  const crm = b.ids.id('dataSource');
  const warehouse = b.ids.id('dataSource');
  Object.assign(ids, { ordersDataSource: ordersDb, crmDataSource: crm, warehouseDataSource: warehouse });

  const flow = addOperation(ctx, ws, {
    name: 'Nightly sales pipeline',
    kind: 'dataFlow',
    status: 'published',
    dataSourceIds: [ordersDb],
    instructions: 'Runs every night at 02:00 UTC: loads orders, normalizes addresses, then aggregates revenue.',
    table: 'pipeline_runs',
    query: 'SELECT now() AS started_at',
    revisions: 1,
  });
  const loadOrders = addOperation(ctx, ws, {
    name: 'Load orders',
    kind: 'dataTable',
    parent: flow.id,
    dataSourceIds: [ordersDb],
    instructions: "Copy yesterday's orders from the orders database into the staging table.",
    table: 'orders_staging',
    query: "SELECT * FROM orders WHERE created_at >= current_date - interval '1 day'",
    revisions: 3,
  });
  const normalize = addOperation(ctx, ws, {
    name: 'Normalize addresses',
    kind: 'transform',
    parent: flow.id,
    dataSourceIds: [ordersDb],
    dependsOn: [loadOrders.id],
    instructions: 'Trim, upper-case country codes and geocode shipping addresses.',
    table: 'orders_clean',
    query: 'SELECT id, upper(country) AS country, trim(city) AS city FROM orders_staging',
  });
  const revenue = addOperation(ctx, ws, {
    name: 'Revenue by region',
    kind: 'dataTable',
    parent: flow.id,
    status: 'published',
    dataSourceIds: [ordersDb],
    dependsOn: [normalize.id],
    instructions: 'Sum order revenue per sales region for the current quarter, in the order currency.',
    table: 'revenue_by_region',
    query: 'SELECT region, count(*) AS orders, sum(total) AS revenue, currency FROM orders_clean GROUP BY region, currency',
    revisions: 4,
  });
  const churn = addOperation(ctx, ws, {
    name: 'Customer churn',
    kind: 'dataTable',
    codeStale: true,
    dataSourceIds: [crm],
    instructions: 'Monthly active and churned customers from the CRM. The CRM schema changed: regenerate the handler.',
    table: 'customer_churn',
    query: 'SELECT month, active_customers, churned FROM crm.monthly_churn ORDER BY month',
  });
  const inventory = addOperation(ctx, ws, {
    name: 'Inventory levels',
    kind: 'dataTable',
    dataSourceIds: [warehouse],
    instructions: 'Current stock per SKU and warehouse with reorder points.',
    table: 'inventory_levels',
    query: 'SELECT sku, name, warehouse, on_hand, reorder_point FROM stock',
    revisions: 5,
  });
  const crmSync = addOperation(ctx, ws, {
    name: 'Prepare CRM contacts',
    kind: 'script',
    dataSourceIds: [crm, ordersDb],
    instructions: 'Build one contact row per customer with lifetime value, for the CRM write sync.',
    table: 'crm_contacts',
    query: 'SELECT customer_id, email, sum(total) AS lifetime_value FROM orders GROUP BY customer_id, email',
  });
  const kpi = addOperation(ctx, ws, {
    name: 'Weekly KPI summary',
    kind: 'report',
    dataSourceIds: [ordersDb, crm],
    dependsOn: [revenue.id, churn.id],
    instructions: 'Every Monday, summarize revenue and churn for the leadership email.',
    table: 'kpi_weekly',
    query: 'SELECT * FROM revenue_by_region CROSS JOIN customer_churn',
  });
  Object.assign(ids, {
    dataFlowOperationId: flow.id,
    dataFlowChildOperationId: loadOrders.id,
    normalizeOperationId: normalize.id,
    publishedOperationId: revenue.id,
    codeStaleOperationId: churn.id,
    inventoryOperationId: inventory.id,
    crmContactsOperationId: crmSync.id,
    kpiOperationId: kpi.id,
  });

  const revenueDash = addDashboard(ctx, revenue, 'Revenue by region', SEED_COLUMNS.revenue, [
    REVENUE_DASHBOARD.replace('maximumFractionDigits: 0', 'maximumFractionDigits: 2'),
    REVENUE_DASHBOARD.replace("useState<SortKey>('revenue')", "useState<SortKey>('region')"),
    REVENUE_DASHBOARD,
  ]);
  const churnDash = addDashboard(ctx, churn, 'Customer churn', SEED_COLUMNS.churn, [
    CHURN_DASHBOARD.replace('0.05', '0.1'),
    CHURN_DASHBOARD,
  ]);
  const inventoryDash = addDashboard(ctx, inventory, 'Inventory alerts', SEED_COLUMNS.inventory, INVENTORY_REVISIONS);
  Object.assign(ids, {
    dashboardId: revenue.id,
    dashboardResourceId: revenueDash.resourceId,
    dashboardDataRunId: revenueDash.dataRunId,
    churnDashboardId: churn.id,
    churnDashboardResourceId: churnDash.resourceId,
    longHistoryDashboardId: inventory.id,
    longHistoryDashboardResourceId: inventoryDash.resourceId,
  });
}

/**
 * A dashboard for `op`: given sources in order, or `count` generated revisions with restores. Its
 * data run has `columns`.
 */
export function addDashboard(
  ctx: SeedContext,
  op: OperationRecord,
  name: string,
  columns: readonly SeedColumn[],
  sources: string[] | number,
): { resourceId: string; dataRunId: string } {
  const { b, s } = ctx;
  const resourceId = b.ids.id('dashboardResource');
  const dataRunId = b.ids.id('dataRun');
  const dashboard = { dashboardId: op.id, resourceId, workspaceId: op.workspaceId, name, dataRunId };
  s.dashboards.push(dashboard);
  const h = b.history(s, resourceId, op.workspaceId, 'dashboard');
  // The run finished when the dashboard's last revision was saved (no clock tick: seed times stay put).
  const runAfterSeeding = () => addDataRun(s, dashboard, columns, h.revisions[h.revisions.length - 1]!.createdAt);
  const handler = s.histories.find((x) => x.resourceId === op.id)!;
  const dependencies = [{ resourceId: op.id, revisionId: handler.draft.revisionId }];
  if (Array.isArray(sources)) {
    sources.forEach((source, i) => {
      b.revise(h, {
        actorId: i % 2 ? ctx.editorActor : ctx.adminActor,
        message: i === 0 ? 'Created dashboard' : 'Edited layout',
        dependencies,
        value: { source },
      });
    });
    runAfterSeeding();
    return { resourceId, dataRunId };
  }
  for (let i = 1; i <= sources; i++) {
    // Every 40th save restores the revision from 10 saves earlier: its parent is that revision.
    if (i % 40 === 0) {
      const restored = h.revisions[h.revisions.length - 10]!;
      b.revise(
        h,
        {
          parentRevisionId: restored.id,
          actorId: ctx.adminActor,
          message: `Restored revision ${restored.sequence}`,
          dependencies,
          value: restored.value,
        },
        90,
      );
      continue;
    }
    b.revise(
      h,
      {
        actorId: i % 3 ? ctx.editorActor : ctx.adminActor,
        message: i === 1 ? 'Created dashboard' : `Tuned the low-stock margin (${i})`,
        dependencies,
        value: { source: inventorySource(i) },
      },
      240,
    );
  }
  runAfterSeeding();
  return { resourceId, dataRunId };
}
