// Demo databases, apps, write syncs, facts, and the small second workspace.
import type { ApplicationRecord, Capabilities, FactRecord, WriteSyncRecord } from './core/records';
import { FACT_OPTIONAL_NULLS, type SeedContext } from './seedBuilder';
import { addOperation } from './seedOperations';

const col = (name: string, type: string, nullable = false) => ({ name, type, nullable });

const ORDERS_TABLES_V1 = [
  {
    name: 'customers',
    columns: [col('id', 'text'), col('email', 'text'), col('name', 'text'), col('created_at', 'timestamp')],
    primaryKey: ['id'],
  },
  {
    name: 'orders',
    columns: [
      col('id', 'text'),
      col('customer_id', 'text'),
      col('total', 'number'),
      col('currency', 'text'),
      col('created_at', 'timestamp'),
    ],
    primaryKey: ['id'],
  },
];
const ORDERS_TABLES_V2 = [
  ORDERS_TABLES_V1[0]!,
  { ...ORDERS_TABLES_V1[1]!, columns: [...ORDERS_TABLES_V1[1]!.columns, col('region', 'text', true)] },
  {
    name: 'order_items',
    columns: [
      col('order_id', 'text'),
      col('line', 'integer'),
      col('sku', 'text'),
      col('quantity', 'integer'),
      col('unit_price', 'number'),
      col('gift_wrap', 'boolean', true),
    ],
    primaryKey: ['order_id', 'line'],
  },
];
const ORDERS_TABLES_V3 = [
  { ...ORDERS_TABLES_V2[0]!, columns: [...ORDERS_TABLES_V2[0]!.columns, col('preferences', 'json', true)] },
  ORDERS_TABLES_V2[1]!,
  ORDERS_TABLES_V2[2]!,
];
const INVENTORY_TABLES = [
  { name: 'products', columns: [col('sku', 'text'), col('name', 'text'), col('launched_on', 'date', true)], primaryKey: ['sku'] },
  {
    name: 'stock_levels',
    columns: [
      col('sku', 'text'),
      col('warehouse', 'text'),
      col('on_hand', 'integer'),
      col('reorder_point', 'integer'),
      col('counted_at', 'timestamp'),
    ],
    primaryKey: ['sku', 'warehouse'],
  },
];

export function seedResources(ctx: SeedContext, otherOrg: string): void {
  seedDatabases(ctx);
  seedApps(ctx);
  seedWriteSyncs(ctx);
  seedFacts(ctx, otherOrg);
  seedOtherWorkspace(ctx);
}

function seedDatabases(ctx: SeedContext): void {
  const { b, s, ws, ids } = ctx;
  const orders = b.ids.id('database');
  const inventory = b.ids.id('database');
  s.databases.push({ id: orders, workspaceId: ws, name: 'Orders' }, { id: inventory, workspaceId: ws, name: 'Inventory' });
  const ho = b.history(s, orders, ws, 'database');
  b.revise(ho, { actorId: ctx.adminActor, message: 'Created customers and orders', value: { tables: ORDERS_TABLES_V1 } });
  const published = b.revise(ho, { actorId: ctx.adminActor, message: 'Added order items and region', value: { tables: ORDERS_TABLES_V2 } });
  b.publish(ho, published);
  b.revise(ho, { actorId: ctx.adminActor, message: 'Customer preferences (draft)', value: { tables: ORDERS_TABLES_V3 } });
  const hi = b.history(s, inventory, ws, 'database');
  b.revise(hi, { actorId: ctx.adminActor, message: 'Created products and stock levels', value: { tables: INVENTORY_TABLES } });
  Object.assign(ids, { databaseId: orders, inventoryDatabaseId: inventory });
}

/** An app's draft is deployed, not published: its history offers restore and no publish. */
const APP_HISTORY: Capabilities = { history: true, restore: true, publish: false };

function app(
  ctx: SeedContext,
  workspaceId: string,
  description: string,
  slug: string,
  names: string[],
): { record: ApplicationRecord; revisions: string[] } {
  const { b, s } = ctx;
  const id = b.ids.id('application');
  const h = b.history(s, id, workspaceId, 'app', APP_HISTORY);
  const revisions = names.map(
    (n, i) =>
      b.revise(h, { actorId: ctx.adminActor, message: i === 0 ? 'Created app' : 'Updated app details', value: { name: n, description } })
        .id,
  );
  const createdAt = h.revisions[0]!.createdAt;
  const record: ApplicationRecord = {
    id,
    workspaceId,
    name: names[names.length - 1]!,
    description,
    deployment: {
      status: 'live',
      url: `https://apps.wsa-emulator.test/${slug}`,
      revisionId: revisions[revisions.length - 1]!,
      error: null,
    },
    createdAt,
    updatedAt: b.tick(5),
  };
  s.applications.push(record);
  return { record, revisions };
}

function seedApps(ctx: SeedContext): void {
  const { ws, ids } = ctx;
  const live = app(ctx, ws, 'Self-service order tracking for customers.', 'customer-portal', ['Customer portal', 'Customer portal']);
  const deploying = app(ctx, ws, 'Internal console for the operations team: stock, returns, refunds.', 'ops-console', [
    'Ops console',
    'Ops console',
    'Ops console',
  ]);
  // Deploying the newest revision; the previous one is what runs until it finishes.
  deploying.record.deployment = {
    status: 'deploying',
    url: deploying.record.deployment.url,
    revisionId: deploying.revisions[1]!,
    error: null,
    pending: { revisionId: deploying.revisions[2]!, readyAfterMs: ctx.deployDelayMs },
  };
  const failed = app(ctx, ws, 'Public API for logistics partners.', 'partner-gateway', ['Partner gateway', 'Partner API gateway']);
  failed.record.deployment = {
    status: 'failed',
    url: failed.record.deployment.url,
    revisionId: failed.revisions[1]!,
    error: { code: 'build_failed', message: 'Build failed: module "./routes/shipments" not found (src/server.ts:14).' },
  };
  Object.assign(ids, {
    liveAppId: live.record.id,
    deployingAppId: deploying.record.id,
    deployingAppTargetRevisionId: deploying.revisions[2]!,
    failedAppId: failed.record.id,
  });
}

function writeSync(
  ctx: SeedContext,
  fields: Omit<WriteSyncRecord, 'id' | 'createdAt' | 'updatedAt' | 'workspaceId'>,
  workspaceId = ctx.ws,
): WriteSyncRecord {
  const record: WriteSyncRecord = {
    id: ctx.b.ids.id('writeSync'),
    workspaceId,
    ...fields,
    createdAt: ctx.b.tick(60),
    updatedAt: ctx.b.tick(600),
  };
  ctx.s.writeSyncs.push(record);
  return record;
}

function draftOf(ctx: SeedContext, id: string): string {
  return ctx.s.histories.find((h) => h.resourceId === id)!.draft.revisionId;
}

interface OperationSync {
  name: string;
  /** The operation whose output table is written. */
  operationId: string;
  table: string;
  destination: { resourceId: string; object: string; scope: string };
  keyColumn: string;
  fields: Record<string, string>;
  version: number;
  /** isEnabled, automaticEnabled, identityLocked. */
  switches: [boolean, boolean, boolean];
}

/** A write sync of an operation's output table, on the operation's draft. */
function operationSync(ctx: SeedContext, o: OperationSync): WriteSyncRecord {
  const [isEnabled, automaticEnabled, identityLocked] = o.switches;
  return writeSync(ctx, {
    name: o.name,
    definition: {
      source: { resourceId: o.operationId, object: o.table, scope: 'operationOutput' },
      destination: o.destination,
      input: { type: 'operation', operationId: o.operationId, revisionId: draftOf(ctx, o.operationId), table: o.table },
      keyColumn: o.keyColumn,
      fields: o.fields,
    },
    version: o.version,
    isEnabled,
    automaticEnabled,
    identityLocked,
  });
}

function seedWriteSyncs(ctx: SeedContext): void {
  const { b, ids } = ctx;
  const salesforce = b.ids.id('connection');
  const erp = b.ids.id('connection');
  const contacts = ids['crmContactsOperationId']!;
  const churn = ids['codeStaleOperationId']!;
  const inventory = ids['inventoryOperationId']!;
  const locked = operationSync(ctx, {
    name: 'CRM contacts → Salesforce',
    operationId: contacts,
    table: 'crm_contacts',
    destination: { resourceId: salesforce, object: 'Contact', scope: 'salesforce' },
    keyColumn: 'customer_id',
    fields: { email: 'Email', lifetime_value: 'Lifetime_Value__c', customer_id: 'External_Id__c' },
    version: 4,
    switches: [true, true, true],
  });
  const churnSync = operationSync(ctx, {
    name: 'Churn scores → Salesforce',
    operationId: churn,
    table: 'customer_churn',
    destination: { resourceId: salesforce, object: 'Account', scope: 'salesforce' },
    keyColumn: 'month',
    fields: { churned: 'Churned_Customers__c', active_customers: 'Active_Customers__c', month: 'Month__c' },
    version: 1,
    switches: [true, false, false],
  });
  const stock = operationSync(ctx, {
    name: 'Stock levels → ERP',
    operationId: inventory,
    table: 'inventory_levels',
    destination: { resourceId: erp, object: 'item_stock', scope: 'erp' },
    keyColumn: 'sku',
    fields: { on_hand: 'qty_on_hand', reorder_point: 'reorder_level', warehouse: 'site_code', sku: 'item_code' },
    version: 2,
    switches: [false, false, false],
  });
  Object.assign(ids, {
    writeSyncId: churnSync.id,
    identityLockedWriteSyncId: locked.id,
    disabledWriteSyncId: stock.id,
    salesforceConnectionId: salesforce,
    erpConnectionId: erp,
  });
}

function fact(ctx: SeedContext, organizationId: string, fields: Partial<FactRecord> & Pick<FactRecord, 'key' | 'name'>): FactRecord {
  const record: FactRecord = {
    id: ctx.b.ids.id('fact'),
    organizationId,
    ownerId: `user_${ctx.b.ids.remainder(12)}`,
    type: 'formula',
    definition: '',
    formula: '',
    formulaType: 'math',
    ...FACT_OPTIONAL_NULLS,
    createdAt: ctx.b.tick(120),
    updatedAt: ctx.b.tick(300),
    ...fields,
  };
  ctx.s.facts.push(record);
  return record;
}

function seedFacts(ctx: SeedContext, otherOrg: string): void {
  const { org, ids } = ctx;
  const margin = fact(ctx, org, {
    key: 'gross_margin',
    name: 'Gross margin',
    definition: 'Share of revenue left after the cost of goods sold.',
    formula: '(revenue - cost_of_goods_sold) / revenue',
    aliases: ['GM', 'gross profit margin'],
    usualValue: 0.42,
    usualValueMin: 0.35,
    usualValueMax: 0.5,
    unit: 'ratio',
    scope: 'company',
    metadata: { owner: 'Finance', reviewed: '2025-02-14' },
  });
  const churn = fact(ctx, org, {
    key: 'monthly_churn_rate',
    name: 'Monthly churn rate',
    definition: 'Customers lost during the month divided by customers active at its start.',
    formula: 'churned_customers / active_customers_start',
    aliases: ['churn'],
    usualValue: 0.031,
    usualValueMax: 0.05,
    unit: 'ratio',
    startDate: '2024-01-01',
  });
  const aov = fact(ctx, org, {
    key: 'average_order_value',
    name: 'Average order value',
    definition: 'Revenue divided by the number of orders in the period.',
    formula: 'revenue / order_count',
    usualValue: 86.5,
    unit: 'USD',
  });
  const vip = fact(ctx, org, {
    key: 'vip_customer',
    name: 'VIP customer',
    definition: 'A customer who spent more than 5,000 in the last 12 months or holds a partner contract.',
    formula: 'lifetime_value_12m > 5000 or has_partner_contract',
    formulaType: 'logic',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    scope: 'sales',
  });
  const foreign = fact(ctx, otherOrg, { key: 'globex_secret_ratio', name: 'Globex ratio', formula: 'a / b' });
  Object.assign(ids, {
    factId: margin.id,
    churnFactId: churn.id,
    aovFactId: aov.id,
    logicFactId: vip.id,
    otherOrganizationFactId: foreign.id,
  });
}

function seedOtherWorkspace(ctx: SeedContext): void {
  const { b, otherWs, ids } = ctx;
  const source = b.ids.id('dataSource');
  const op = addOperation(ctx, otherWs, {
    name: 'Sandbox orders sample',
    kind: 'dataTable',
    dataSourceIds: [source],
    instructions: 'A 1% sample of orders for experiments.',
    table: 'orders_sample',
    query: 'SELECT * FROM orders TABLESAMPLE SYSTEM (1)',
  });
  const sandboxApp = app(ctx, otherWs, 'Experimental storefront.', 'prototype-storefront', ['Prototype storefront']);
  Object.assign(ids, { otherWorkspaceOperationId: op.id, otherWorkspaceAppId: sandboxApp.record.id });
}
