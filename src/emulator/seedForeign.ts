// The foreign-values variant's seed: resources whose values lie outside the lists the extension
// knows, where the spec says "not shown" (column types, operation kinds and statuses, formula
// types, actor types, deployment states and errors). Added after the demo content with a builder of
// its own, so every demo id stays what it is.
import type { HistoryRecord, StateSnapshot } from './core/records';
import { FACT_OPTIONAL_NULLS, SeedBuilder } from './seedBuilder';
import { CHURN_DASHBOARD, handlerSource } from './seedSources';
import { SEED_COLUMNS, addDataRun } from './seedDataRuns';

interface Actor {
  actorId: string;
  actorType?: string;
}

const col = (name: string, type: string, nullable = false) => ({ name, type, nullable });

const JOURNAL = {
  name: 'journal_entries',
  columns: [
    col('id', 'uuid'),
    col('amount', 'decimal(12,2)'),
    col('memo', 'varchar(80)', true),
    col('posted_at', 'timestamptz'),
    col('account', 'text'),
  ],
  primaryKey: ['id'],
};
const ACCOUNTS = {
  name: 'accounts',
  columns: [col('code', 'varchar(12)'), col('name', 'text'), col('opened_on', 'date', true)],
  primaryKey: ['code'],
};

export function addForeignContent(s: StateSnapshot): void {
  const b = new SeedBuilder('wsa-foreign-v1', '2025-03-20T08:00:00.000Z');
  const ws = s.demo.workspaceId;
  const user: Actor = { actorType: 'user', actorId: b.ids.id('user', 12) };
  const service: Actor = { actorType: 'serviceAccount', actorId: b.ids.id('user', 12) };
  const apiKey: Actor = { actorId: s.demo.ids.adminKeyActorId };
  const source = s.operations.find((o) => o.workspaceId === ws)?.dataSourceIds[0] ?? b.ids.id('dataSource');

  const operation = (name: string, status: string, actors: Actor[]): { id: string; history: HistoryRecord } => {
    const id = b.ids.id('operation');
    const instructions = `${name}: runs as a pipeline of the finance team.`;
    s.operations.push({
      id,
      workspaceId: ws,
      name,
      kind: 'pipeline',
      instructions,
      dataSourceIds: [source],
      parentDataFlowId: null,
      status,
      codeStale: false,
    });
    const history = b.history(s, id, ws, 'operation');
    actors.forEach((actor, i) => {
      b.revise(history, {
        ...actor,
        message: i === 0 ? `Created ${name}` : 'Adjusted the schedule',
        value: {
          source: handlerSource('ledger', `SELECT * FROM journal_entries LIMIT ${(i + 1) * 500}`),
          instructions,
          referencedDataSourceIds: [source],
          resolvedDataSourceIds: [source],
          dependencyOperationIds: [],
        },
      });
    });
    return { id, history };
  };
  const archived = operation('Quarterly ledger close', 'archived', [user, service]);
  const scheduled = operation('Supplier scorecard refresh', 'scheduled', [service, user, apiKey]);

  const resourceId = b.ids.id('dashboardResource');
  const dashboard = { dashboardId: scheduled.id, resourceId, workspaceId: ws, name: 'Supplier scorecard', dataRunId: b.ids.id('dataRun') };
  s.dashboards.push(dashboard);
  const dash = b.history(s, resourceId, ws, 'dashboard');
  const dependencies = [{ resourceId: scheduled.id, revisionId: scheduled.history.draft.revisionId }];
  [user, service, apiKey].forEach((actor, i) => {
    const source = i === 2 ? CHURN_DASHBOARD : CHURN_DASHBOARD.replace('0.05', `0.0${6 + i}`);
    b.revise(dash, { ...actor, dependencies, message: i === 0 ? 'Created dashboard' : 'Tuned the alert threshold', value: { source } });
  });
  addDataRun(s, dashboard, SEED_COLUMNS.foreignChurn, dash.revisions[dash.revisions.length - 1]!.createdAt);

  const database = b.ids.id('database');
  s.databases.push({ id: database, workspaceId: ws, name: 'Ledger' });
  const ledger = b.history(s, database, ws, 'database');
  b.publish(ledger, b.revise(ledger, { ...user, message: 'Created journal entries', value: { tables: [JOURNAL] } }));
  b.revise(ledger, { ...service, message: 'Added accounts (draft)', value: { tables: [JOURNAL, ACCOUNTS] } });

  const fact = b.ids.id('fact');
  s.facts.push({
    id: fact,
    organizationId: s.demo.organizationId,
    ownerId: user.actorId,
    key: 'preferred_supplier',
    name: 'Preferred supplier',
    type: 'formula',
    definition: 'The supplier with the best on-time rate for a SKU over the last quarter.',
    formula: 'argmax(supplier, on_time_rate_90d)',
    formulaType: 'lookup',
    ...FACT_OPTIONAL_NULLS,
    scope: 'procurement',
    createdAt: b.tick(60),
    updatedAt: b.tick(60),
  });

  const app = (name: string, slug: string, status: string, error: unknown): string => {
    const id = b.ids.id('application');
    const h = b.history(s, id, ws, 'app');
    const first = b.revise(h, { ...user, message: 'Created app', value: { name, description: `${name} for the finance team.` } });
    const description = `${name} for the finance and procurement teams.`;
    b.revise(h, { ...service, message: 'Updated app details', value: { name, description } });
    const deployment = { status, url: `https://apps.wsa-emulator.test/${slug}`, revisionId: first.id, error };
    s.applications.push({ id, workspaceId: ws, name, description, deployment, createdAt: first.createdAt, updatedAt: b.tick(5) });
    return id;
  };
  const queued = app('Supplier portal', 'supplier-portal', 'queued', null);
  // An error of another shape than the demo's {code, message}: the spec leaves its type open.
  const rolledBack = app(
    'Ledger exporter',
    'ledger-exporter',
    'rolledBack',
    'Health check failed 3 times after the deploy; rolled back to the previous revision.',
  );

  Object.assign(s.demo.ids, {
    archivedOperationId: archived.id,
    scheduledOperationId: scheduled.id,
    foreignDashboardId: scheduled.id,
    foreignDashboardResourceId: resourceId,
    foreignDatabaseId: database,
    foreignFactId: fact,
    queuedAppId: queued,
    rolledBackAppId: rolledBack,
  });
}
