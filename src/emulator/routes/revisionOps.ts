// The revision operations (spec §2 "version token, read before restoring or publishing"; their paths
// are not shown, README: the choices made): POST …/revisions/{revisionId}/publish and …/restore with
// `{expectedVersion}`. Both are guarded by the history's version token, offered only where the
// capabilities say so, need the permission a save of that resource needs, and answer with the
// history after the operation (204 without a body under the `bare` variant).
import type { IdKind } from '../../api/ids';
import { HttpError } from '../core/http';
import { isRecord } from '../../util/isRecord';
import { requirePermission } from '../core/permissions';
import * as present from '../core/present';
import type { HistoryKind, HistoryRecord, RevisionRecord } from '../core/records';
import type { Store } from '../core/store';
import type { BodyShape } from './bodyShape';
import { revisionPage } from './revisions';
import type { Route, RouteContext, RouteResult } from './router';

const HISTORY_KINDS: readonly IdKind[] = ['operation', 'dashboardResource', 'database', 'application'];
const BODY: BodyShape = { expectedVersion: true };

/** As for saves: database admin for a database, dashboard write access for a dashboard. */
const PERMISSION: Partial<Record<HistoryKind, 'databaseAdmin' | 'dashboardWrite'>> = {
  database: 'databaseAdmin',
  dashboard: 'dashboardWrite',
};

type Operation = 'publish' | 'restore';

interface Target {
  history: HistoryRecord;
  revision: RevisionRecord;
}

/** Everything checked before the change, in the order a client can act on: exists, may, offered, fresh. */
async function target(ctx: RouteContext, op: Operation): Promise<Target> {
  const { store, workspace, params, key } = ctx;
  const id = params['resourceId']!;
  const history = store.history(id, workspace.id);
  if (!history) throw new HttpError(404, 'not_found', `No resource ${id} with a revision history in this workspace.`);
  const revision = store.revisions.get(params['revisionId']!);
  // A revision of another resource does not exist here (spec §7.1), as for GET of a revision.
  if (!revision || revision.resourceId !== id) {
    throw new HttpError(404, 'not_found', `Revision ${params['revisionId']} does not belong to resource ${id}.`);
  }
  const permission = PERMISSION[history.kind];
  if (permission) requirePermission(key, permission);
  if (!history.capabilities[op]) {
    throw new HttpError(422, 'capability_disabled', `Resource ${id} does not offer ${op} (capabilities.${op} is false).`, {
      capability: op,
    });
  }
  const input = await ctx.body();
  if (!isRecord(input)) throw new HttpError(400, 'bad_request', 'Expected {expectedVersion: "<version>"}.');
  const expected = input['expectedVersion'];
  if (expected !== history.version) {
    const why =
      typeof expected === 'string' ? 'the version token is stale' : 'expectedVersion is missing (read the revision history first)';
    throw new HttpError(
      409,
      'conflict',
      `The revision history of ${id} changed since it was read: ${why}; the version is now ${history.version}.`,
      {
        current: { version: history.version, draft: history.draft, published: history.published },
      },
    ).withPlainDetail(`The revision history of ${id} changed since it was read; read it again.`);
  }
  return { history, revision };
}

/** The history after the operation, first page as GET gives it; or 204 under `bare`. */
function answer(ctx: RouteContext, history: HistoryRecord): RouteResult {
  if (ctx.variants.has('bare')) return { status: 204, body: '' };
  const page = revisionPage(history, ctx.variants, null);
  return { data: present.revisionHistory(history, page.items, false, page.nextCursor) };
}

/** A new draft equal to `revision`, after the current draft (its parent), naming what it restored. */
export function restoreAsDraft(store: Store, history: HistoryRecord, revision: RevisionRecord, actorId: string): RevisionRecord {
  return store.appendRevision(history, {
    parentRevisionId: history.draft.revisionId,
    dependencies: revision.dependencies.map((d) => ({ ...d })),
    actorId,
    message: `Restored revision #${revision.sequence} (${revision.id})`,
    value: structuredClone(revision.value),
  });
}

/** POST …/revisions/{revisionId}/{op}: the target checked, then `apply` on the history. */
const operationRoute = (op: Operation, apply: (ctx: RouteContext, history: HistoryRecord, revision: RevisionRecord) => void): Route => ({
  method: 'POST',
  path: `/v1/resources/:resourceId/revisions/:revisionId/${op}`,
  scope: 'workspace',
  ids: { resourceId: HISTORY_KINDS, revisionId: 'revision' },
  bodyFields: BODY,
  handle: async (ctx) => {
    const { history, revision } = await target(ctx, op);
    apply(ctx, history, revision);
    return answer(ctx, history);
  },
});

export const revisionOperationRoutes: Route[] = [
  operationRoute('publish', (ctx, history, revision) => ctx.store.publish(history, revision)),
  operationRoute('restore', (ctx, history, revision) => restoreAsDraft(ctx.store, history, revision, ctx.key.id)),
];
