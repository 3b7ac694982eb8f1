// The public route table, in matching order.
import { dashboardRoutes } from './dashboards';
import { dashboardTypeRoutes } from './dashboardTypes';
import { databaseRoutes } from './databases';
import { factRoutes } from './facts';
import { readRoutes } from './reads';
import { revisionRoutes } from './revisions';
import type { Route } from './router';

export const publicRoutes: readonly Route[] = [
  ...readRoutes,
  ...revisionRoutes,
  ...dashboardRoutes,
  ...dashboardTypeRoutes,
  ...databaseRoutes,
  ...factRoutes,
];
