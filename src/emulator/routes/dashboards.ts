// PUT /v1/dashboards/{id}/source (spec §4.6): replace the TSX source guarded by the expected
// revision and data run.
import { isIdOf } from '../../api/ids';
import { checkTsx } from '../../dashboardLanguage/check/tsxCheck';
import { HttpError } from '../core/http';
import { isRecord } from '../../util/isRecord';
import * as present from '../core/present';
import type { Route } from './router';
import type { RevisionRef } from '../core/records';

interface SourceBody {
  source: string;
  expectedRevision: RevisionRef;
  expectedDataRunId: string;
  message?: string;
}

function parseBody(body: unknown): SourceBody {
  const bad = (why: string) =>
    new HttpError(400, 'bad_request', `Expected {source, expectedRevision: {revisionId, sequence}, expectedDataRunId}: ${why}.`);
  if (!isRecord(body)) throw bad('the body is not a JSON object');
  const { source, expectedRevision, expectedDataRunId, message } = body;
  if (typeof source !== 'string') throw bad('source must be a string');
  if (!isRecord(expectedRevision)) throw bad('expectedRevision must be an object');
  if (typeof expectedRevision['revisionId'] !== 'string') throw bad('expectedRevision.revisionId must be a string');
  const sequence = expectedRevision['sequence'];
  if (typeof sequence !== 'number' || !Number.isInteger(sequence)) throw bad('expectedRevision.sequence must be an integer');
  if (typeof expectedDataRunId !== 'string') throw bad('expectedDataRunId must be a string');
  if (!isIdOf('revision', expectedRevision['revisionId'])) {
    const got = JSON.stringify(String(expectedRevision['revisionId']).slice(0, 60));
    throw new HttpError(400, 'invalid_id', `expectedRevision.revisionId must be a revision id (rvsn_…), got ${got}.`);
  }
  if (!isIdOf('dataRun', expectedDataRunId)) {
    throw new HttpError(
      400,
      'invalid_id',
      `expectedDataRunId must be a data run id (oprn_…), got ${JSON.stringify(String(expectedDataRunId).slice(0, 60))}.`,
    );
  }
  if (message !== undefined && typeof message !== 'string') throw bad('message, when sent, must be a string');
  return {
    source,
    expectedRevision: { revisionId: expectedRevision['revisionId'], sequence },
    expectedDataRunId,
    ...(message ? { message } : {}),
  };
}

export const dashboardRoutes: Route[] = [
  {
    method: 'PUT',
    path: '/v1/dashboards/:dashboardId/source',
    scope: 'workspace',
    ids: { dashboardId: 'operation' },
    permission: 'dashboardWrite',
    bodyFields: { source: true, expectedRevision: { revisionId: true, sequence: true }, expectedDataRunId: true },
    handle: async ({ store, workspace, params, key, body }) => {
      const id = params['dashboardId']!;
      const dashboard = store.dashboards.inWorkspace(id, workspace.id);
      if (!dashboard) throw new HttpError(404, 'not_found', `No dashboard ${id} in this workspace.`);
      const input = parseBody(await body());
      const history = store.historyOf(dashboard.resourceId);
      const current = history.draft;
      const stale: string[] = [];
      if (input.expectedRevision.revisionId !== current.revisionId || input.expectedRevision.sequence !== current.sequence) {
        stale.push(`the current revision is ${current.revisionId} (sequence ${current.sequence})`);
      }
      if (input.expectedDataRunId !== dashboard.dataRunId) stale.push(`the current data run is ${dashboard.dataRunId}`);
      if (stale.length) {
        throw new HttpError(409, 'conflict', `The dashboard changed since it was read: ${stale.join('; ')}.`, {
          current: { revision: current, dataRunId: dashboard.dataRunId },
        }).withPlainDetail('The dashboard changed since it was read; read it again.');
      }
      const check = checkTsx(input.source);
      if (!check.ok) {
        throw new HttpError(
          422,
          'validation_failed',
          `The dashboard source does not parse: ${check.message} (line ${check.line}, column ${check.column}).`,
          {
            line: check.line,
            column: check.column,
          },
        );
      }
      const handler = store.histories.byId.get(dashboard.dashboardId);
      store.appendRevision(history, {
        parentRevisionId: current.revisionId,
        dependencies: handler ? [{ resourceId: handler.resourceId, revisionId: handler.draft.revisionId }] : [],
        actorId: key.id,
        message: input.message ?? 'Updated dashboard source',
        value: { source: input.source },
      });
      return { data: present.dashboardSource(store, dashboard) };
    },
  },
];
