// The public route table, in matching order.
import { dashboardRoutes } from './dashboards';
import { databaseRoutes } from './databases';
import { factRoutes } from './facts';
// Write sync and app updates (issue 15).
import { appRoutes } from './apps';
import { writeSyncRoutes } from './writeSyncs';
import { readRoutes } from './reads';
import { revisionRoutes } from './revisions';
import type { Route } from './router';

export const publicRoutes: readonly Route[] = [
  ...readRoutes,
  ...revisionRoutes,
  ...dashboardRoutes,
  ...databaseRoutes,
  ...factRoutes,
  ...writeSyncRoutes,
  ...appRoutes,
];
