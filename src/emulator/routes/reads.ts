// Workspace-scoped reads: operations, apps, write syncs, dashboard source, and the list endpoints.
import { HttpError } from '../core/http';
import * as present from '../core/present';
import type { Route } from './router';
import { page } from './paging';

function notFound(what: string, id: string): HttpError {
  return new HttpError(404, 'not_found', `No ${what} ${id} in this workspace.`);
}

export const readRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/operations',
    scope: 'workspace',
    ids: {},
    list: true,
    handle: ({ store, workspace, query }) => ({
      data: page(store.operations.list(workspace.id), query, (o) => present.operation(store, o)),
    }),
  },
  {
    method: 'GET',
    path: '/v1/operations/:operationId',
    scope: 'workspace',
    ids: { operationId: 'operation' },
    handle: ({ store, workspace, params }) => {
      const op = store.operations.inWorkspace(params['operationId']!, workspace.id);
      if (!op) throw notFound('operation', params['operationId']!);
      return { data: present.operation(store, op) };
    },
  },
  {
    method: 'GET',
    path: '/v1/dashboards',
    scope: 'workspace',
    ids: {},
    list: true,
    handle: ({ store, workspace, query }) => ({
      data: page(store.dashboards.list(workspace.id), query, (d) => present.dashboardSummary(store, d)),
    }),
  },
  {
    method: 'GET',
    path: '/v1/dashboards/:dashboardId/source',
    scope: 'workspace',
    ids: { dashboardId: 'operation' },
    handle: ({ store, workspace, params }) => {
      const d = store.dashboards.inWorkspace(params['dashboardId']!, workspace.id);
      if (!d) throw notFound('dashboard', params['dashboardId']!);
      return { data: present.dashboardSource(store, d) };
    },
  },
  {
    method: 'GET',
    path: '/v1/apps',
    scope: 'workspace',
    ids: {},
    list: true,
    handle: ({ store, workspace, query, now }) => {
      const apps = store.applications.list(workspace.id);
      for (const a of apps) store.settleDeployment(a, now);
      return { data: page(apps, query, (a) => present.application(store, a)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/apps/:applicationId',
    scope: 'workspace',
    ids: { applicationId: 'application' },
    handle: ({ store, workspace, params, now }) => {
      const app = store.applications.inWorkspace(params['applicationId']!, workspace.id);
      if (!app) throw notFound('app', params['applicationId']!);
      store.settleDeployment(app, now);
      return { data: present.application(store, app) };
    },
  },
  {
    method: 'GET',
    path: '/v1/databases',
    scope: 'workspace',
    ids: {},
    list: true,
    handle: ({ store, workspace, query }) => ({
      data: page(store.databases.list(workspace.id), query, (d) => present.databaseSummary(store, d)),
    }),
  },
  {
    method: 'GET',
    path: '/v1/write-syncs',
    scope: 'workspace',
    ids: {},
    list: true,
    handle: ({ store, workspace, query }) => ({ data: page(store.writeSyncs.list(workspace.id), query, present.writeSync) }),
  },
  {
    method: 'GET',
    path: '/v1/write-syncs/:writeSyncId',
    scope: 'workspace',
    ids: { writeSyncId: 'writeSync' },
    handle: ({ store, workspace, params }) => {
      const ws = store.writeSyncs.inWorkspace(params['writeSyncId']!, workspace.id);
      if (!ws) throw notFound('write sync', params['writeSyncId']!);
      return { data: present.writeSync(ws) };
    },
  },
];
