// Revision histories (spec §4.1, §4.2): operations, dashboard resources, databases and apps.
import type { IdKind } from '../../api/ids';
import { HttpError } from '../core/http';
import * as present from '../core/present';
import type { Route } from './router';

const HISTORY_KINDS: readonly IdKind[] = ['operation', 'dashboardResource', 'database', 'application'];

function noResource(id: string): HttpError {
  return new HttpError(404, 'not_found', `No resource ${id} with a revision history in this workspace.`);
}

export const revisionRoutes: Route[] = [
  {
    method: 'GET', path: '/v1/resources/:resourceId/revisions', scope: 'workspace', ids: { resourceId: HISTORY_KINDS },
    handle: ({ store, workspace, params }) => {
      const id = params['resourceId']!;
      const history = store.history(id, workspace.id);
      if (!history) throw noResource(id);
      // Long histories are served from a body cached per version token.
      const cached = store.historyBodyCache.get(id);
      if (cached && cached.version === history.version) return { body: cached.body };
      const body = JSON.stringify({ data: present.revisionHistory(history) });
      store.historyBodyCache.set(id, { version: history.version, body });
      return { body };
    },
  },
  {
    method: 'GET', path: '/v1/resources/:resourceId/revisions/:revisionId', scope: 'workspace',
    ids: { resourceId: HISTORY_KINDS, revisionId: 'revision' },
    handle: ({ store, workspace, params }) => {
      const id = params['resourceId']!;
      const history = store.history(id, workspace.id);
      if (!history) throw noResource(id);
      const revision = store.revisions.get(params['revisionId']!);
      // A revision of another resource does not exist here (spec §7.1, README: 404).
      if (!revision || revision.resourceId !== id) {
        throw new HttpError(404, 'not_found', `Revision ${params['revisionId']} does not belong to resource ${id}.`);
      }
      return { data: present.revisionFull(revision) };
    },
  },
];
