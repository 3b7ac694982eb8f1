// The public route table, in matching order.
import { dashboardRoutes } from './dashboards';
import { databaseRoutes } from './databases';
import { factRoutes } from './facts';
import { readRoutes } from './reads';
import { revisionRoutes } from './revisions';
// Issue 14: publish and restore (kept apart so merges with other route additions stay simple).
import { revisionOperationRoutes } from './revisionOps';
import type { Route } from './router';

export const publicRoutes: readonly Route[] = [
  ...readRoutes,
  ...revisionRoutes,
  ...revisionOperationRoutes,
  ...dashboardRoutes,
  ...databaseRoutes,
  ...factRoutes,
];
