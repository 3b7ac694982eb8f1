// The public route table, in matching order.
import { appRoutes } from './apps';
import { dashboardRoutes } from './dashboards';
import { dashboardTypeRoutes } from './dashboardTypes';
import { databaseRoutes } from './databases';
import { factRoutes } from './facts';
import { readRoutes } from './reads';
import { revisionOperationRoutes } from './revisionOps';
import { revisionRoutes } from './revisions';
import type { Route } from './router';
import { writeSyncRoutes } from './writeSyncs';

export const publicRoutes: readonly Route[] = [
  ...readRoutes,
  ...revisionRoutes,
  ...revisionOperationRoutes,
  ...dashboardRoutes,
  ...dashboardTypeRoutes,
  ...databaseRoutes,
  ...factRoutes,
  ...writeSyncRoutes,
  ...appRoutes,
];
