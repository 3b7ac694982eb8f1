// Source text of the demo workspace: dashboard TSX and operation handlers. Every dashboard
// source parses with checkTsx (a unit test holds us to it).

export const REVENUE_DASHBOARD = `import React, { useMemo, useState } from 'react';
import { useOperationData, Card, Table, BarChart } from '@workspace/dashboard';

interface RegionRow {
  region: string;
  orders: number;
  revenue: number;
  currency: string;
}

type SortKey = keyof Pick<RegionRow, 'region' | 'orders' | 'revenue'>;

function formatMoney(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
}

function sortRows<T extends RegionRow>(rows: readonly T[], key: SortKey): T[] {
  return [...rows].sort((a, b) => (a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : 0));
}

export default function RevenueByRegion() {
  const { rows, loading, error, refresh } = useOperationData<RegionRow>();
  const [sortKey, setSortKey] = useState<SortKey>('revenue');
  const sorted = useMemo(() => sortRows(rows ?? [], sortKey), [rows, sortKey]);
  const total = sorted.reduce((sum, row) => sum + row.revenue, 0);

  if (error) return <Card title="Revenue by region">Could not load data: {error.message}</Card>;
  if (loading) return <Card title="Revenue by region">Loading…</Card>;

  return (
    <Card title="Revenue by region" actions={<button onClick={refresh}>Refresh</button>}>
      <p className="summary">Total: {formatMoney(total, sorted[0]?.currency ?? 'USD')}</p>
      <BarChart data={sorted} x="region" y="revenue" />
      <Table<RegionRow>
        rows={sorted}
        columns={[
          { key: 'region', label: 'Region', onSort: () => setSortKey('region') },
          { key: 'orders', label: 'Orders', onSort: () => setSortKey('orders') },
          { key: 'revenue', label: 'Revenue', render: (r) => formatMoney(r.revenue, r.currency), onSort: () => setSortKey('revenue') },
        ]}
      />
    </Card>
  );
}
`;

export const CHURN_DASHBOARD = `import React from 'react';
import { useOperationData, Card, LineChart, Stat } from '@workspace/dashboard';

type ChurnPoint = { month: string; activeCustomers: number; churned: number };

const percent = (n: number) => \`\${(n * 100).toFixed(1)}%\`;

export default function CustomerChurn() {
  const { rows = [], loading } = useOperationData<ChurnPoint>();
  const latest = rows[rows.length - 1];
  const rate = latest && latest.activeCustomers > 0 ? latest.churned / latest.activeCustomers : 0;

  return (
    <div className="grid">
      <Stat label="Churn this month" value={loading ? '…' : percent(rate)} trend={rate > 0.05 ? 'down' : 'up'} />
      <Stat label="Active customers" value={latest?.activeCustomers ?? 0} />
      <Card title="Churn over time">
        <LineChart data={rows} x="month" series={[{ key: 'churned', label: 'Churned' }, { key: 'activeCustomers', label: 'Active' }]} />
      </Card>
    </div>
  );
}
`;

/** The long-history dashboard; `variant` makes each revision's text differ a little. */
export function inventorySource(variant: number): string {
  const threshold = 5 + (variant % 20);
  const title = variant % 3 === 0 ? 'Low stock' : variant % 3 === 1 ? 'Inventory alerts' : 'Stock to reorder';
  return `import React, { useState } from 'react';
import { useOperationData, Card, Table, Badge } from '@workspace/dashboard';

interface StockRow {
  sku: string;
  name: string;
  warehouse: string;
  onHand: number;
  reorderPoint: number;
}

const LOW_STOCK_MARGIN = ${threshold};

function status(row: StockRow): 'ok' | 'low' | 'out' {
  if (row.onHand <= 0) return 'out';
  return row.onHand - row.reorderPoint < LOW_STOCK_MARGIN ? 'low' : 'ok';
}

export default function InventoryAlerts() {
  const { rows = [] } = useOperationData<StockRow>();
  const [warehouse, setWarehouse] = useState<string>('all');
  const visible = rows.filter((r) => warehouse === 'all' || r.warehouse === warehouse).filter((r) => status(r) !== 'ok');
  const warehouses = Array.from(new Set(rows.map((r) => r.warehouse))).sort();

  return (
    <Card title="${title}" subtitle={\`\${visible.length} SKUs need attention\`}>
      <select value={warehouse} onChange={(e) => setWarehouse(e.target.value)}>
        <option value="all">All warehouses</option>
        {warehouses.map((w) => <option key={w} value={w}>{w}</option>)}
      </select>
      <Table<StockRow>
        rows={visible}
        columns={[
          { key: 'sku', label: 'SKU' },
          { key: 'name', label: 'Item' },
          { key: 'warehouse', label: 'Warehouse' },
          { key: 'onHand', label: 'On hand', render: (r) => <Badge tone={status(r) === 'out' ? 'danger' : 'warning'}>{r.onHand}</Badge> },
        ]}
      />
    </Card>
  );
}
`;
}

export function handlerSource(table: string, query: string): string {
  return `export default async function handler(ctx: OperationContext) {
  const rows = await ctx.sql(\`${query}\`);
  await ctx.output.replace('${table}', rows);
  return { rowCount: rows.length };
}
`;
}
