// The two assumed reads behind typed dashboard editing (README, "What the spec does not show"):
// the runtime's declarations and a data run with its columns. The no-types variant plays a
// service that has neither: both answer 404 like any unknown path.
import { HttpError } from '../core/http';
import type { DataRunRecord } from '../core/records';
import { runtimeTypes } from '../core/runtimeTypes';
import type { Route, RouteContext } from './router';

function withoutTypes({ variants }: RouteContext, method: string, path: string): void {
  if (variants.has('no-types')) throw new HttpError(404, 'not_found', `No endpoint ${method} ${path}.`);
}

function presentDataRun(run: DataRunRecord) {
  return {
    id: run.id,
    operationId: run.operationId,
    status: run.status,
    columns: run.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable })),
    createdAt: run.createdAt,
  };
}

export const dashboardTypeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/dashboard-runtime/types',
    scope: 'workspace',
    ids: {},
    handle: (ctx) => {
      withoutTypes(ctx, 'GET', '/v1/dashboard-runtime/types');
      return { data: runtimeTypes() };
    },
  },
  {
    method: 'GET',
    path: '/v1/operation-runs/:operationRunId',
    scope: 'workspace',
    ids: { operationRunId: 'dataRun' },
    handle: (ctx) => {
      const id = ctx.params['operationRunId']!;
      withoutTypes(ctx, 'GET', `/v1/operation-runs/${id}`);
      const run = ctx.store.dataRuns.inWorkspace(id, ctx.workspace.id);
      if (!run) throw new HttpError(404, 'not_found', `No data run ${id} in this workspace.`);
      return { data: presentDataRun(run) };
    },
  },
];
