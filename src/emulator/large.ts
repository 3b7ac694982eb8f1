// `--large n`: n more operations in the demo workspace and a dashboard with max(5,000, n) revisions,
// for paging, long lists and long histories: a larger workspace has a longer history as well, so
// that the bench at 10,000 resources opens a history of 10,000 revisions. Deterministic, and fast enough to build in every test run that asks for it.
import { SeedBuilder } from './seedBuilder';
import { handlerSource, inventorySource } from './seedSources';
import { SEED_COLUMNS, addDataRun } from './seedDataRuns';
import type { StateSnapshot } from './core/records';

export const LARGE_DASHBOARD_REVISIONS = 5000;

/** How many revisions the large dashboard has for `--large count`. */
export function largeDashboardRevisions(count: number): number {
  return Math.max(LARGE_DASHBOARD_REVISIONS, count);
}

const KINDS = ['dataTable', 'transform', 'script', 'report'];
const TOPICS = ['orders', 'invoices', 'shipments', 'returns', 'tickets', 'leads', 'payments', 'stock', 'visits', 'refunds'];

export function addLargeContent(s: StateSnapshot, count: number): void {
  const b = new SeedBuilder(`wsa-large-v1-${count}`, '2024-06-03T08:00:00.000Z');
  const ws = s.demo.workspaceId;
  const actor = s.apiKeys.find((k) => k.secret === s.demo.apiKey)?.id ?? 'apik_unknown';
  const source = b.ids.id('dataSource');
  let first: string | undefined;
  for (let i = 1; i <= count; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const id = b.ids.id('operation');
    first ??= id;
    const name = `Generated ${topic} ${String(i).padStart(5, '0')}`;
    const instructions = `Generated operation ${i} over ${topic}.`;
    s.operations.push({
      id,
      workspaceId: ws,
      name,
      kind: KINDS[i % KINDS.length]!,
      instructions,
      dataSourceIds: [source],
      parentDataFlowId: null,
      status: i % 7 === 0 ? 'published' : 'draft',
      codeStale: i % 11 === 0,
    });
    const h = b.history(s, id, ws, 'operation');
    const r = b.revise(
      h,
      {
        actorId: actor,
        message: 'Generated',
        value: {
          source: handlerSource(`${topic}_${i}`, `SELECT * FROM ${topic} WHERE batch = ${i}`),
          instructions,
          referencedDataSourceIds: [source],
          resolvedDataSourceIds: [source],
          dependencyOperationIds: [],
        },
      },
      1,
    );
    if (i % 7 === 0) b.publish(h, r);
  }
  if (!first) return;
  const resourceId = b.ids.id('dashboardResource');
  const dashboard = { dashboardId: first, resourceId, workspaceId: ws, name: 'Large history dashboard', dataRunId: b.ids.id('dataRun') };
  s.dashboards.push(dashboard);
  const handler = s.histories[s.histories.length - count]!;
  const dependencies = [{ resourceId: first, revisionId: handler.draft.revisionId }];
  const h = b.history(s, resourceId, ws, 'dashboard');
  const revisions = largeDashboardRevisions(count);
  for (let i = 1; i <= revisions; i++) {
    const parentRevisionId = i % 500 === 0 ? h.revisions[h.revisions.length - 25]!.id : undefined;
    b.revise(
      h,
      {
        parentRevisionId,
        actorId: actor,
        message: parentRevisionId ? 'Restored an older revision' : `Save ${i}`,
        dependencies,
        value: { source: inventorySource(i) },
      },
      3,
    );
  }
  addDataRun(s, dashboard, SEED_COLUMNS.inventory, h.revisions[h.revisions.length - 1]!.createdAt);
  Object.assign(s.demo.ids, { largeDashboardId: first, largeDashboardResourceId: resourceId, largeFirstOperationId: first });
}
