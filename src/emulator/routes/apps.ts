// PUT /v1/apps/{id} (README: "app update"; the spec names the operation, not its path): name and
// description, guarded by the draft reference read (spec §4.7). Each accepted update records a new
// draft revision in the app's history and starts deploying it, like a deploy from the service's UI.
import { HttpError, revisionRefOf } from '../core/http';
import { isRecord } from '../../util/isRecord';
import * as present from '../core/present';
import type { RevisionRef } from '../core/records';
import type { BodyShape } from './bodyShape';
import type { Route } from './router';

const BODY: BodyShape = { expectedDraft: { revisionId: true, sequence: true }, name: true, description: true };

function invalid(path: string, message: string): HttpError {
  return new HttpError(422, 'validation_failed', `${message} (at ${path}).`, { path });
}

function parseExpectedDraft(input: unknown): RevisionRef {
  const ref = revisionRefOf(isRecord(input) ? input['expectedDraft'] : undefined);
  if (!ref) throw new HttpError(400, 'bad_request', 'Expected {expectedDraft: {revisionId, sequence}, name, description}.');
  return ref;
}

/** The revision message: what the update changed. */
export function appChangeMessage(before: { name: string; description: string }, after: { name: string; description: string }): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`renamed to “${after.name}”`);
  if (before.description !== after.description) parts.push('description changed');
  if (parts.length === 0) return 'Saved app details (no change)';
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const appRoutes: Route[] = [
  {
    method: 'PUT',
    path: '/v1/apps/:applicationId',
    scope: 'workspace',
    ids: { applicationId: 'application' },
    bodyFields: BODY,
    handle: async ({ store, workspace, params, key, body, now }) => {
      const id = params['applicationId']!;
      const app = store.applications.inWorkspace(id, workspace.id);
      if (!app) throw new HttpError(404, 'not_found', `No app ${id} in this workspace.`);
      store.settleDeployment(app, now);
      const input = await body();
      const expected = parseExpectedDraft(input);
      const history = store.historyOf(app.id);
      const current = history.draft;
      if (expected.revisionId !== current.revisionId || expected.sequence !== current.sequence) {
        throw new HttpError(
          409,
          'conflict',
          `The app changed since it was read: its draft is ${current.revisionId} (sequence ${current.sequence}).`,
          { current: present.application(store, app) },
        ).withPlainDetail('The app changed since it was read; read it again.');
      }
      const fields = input as Record<string, unknown>;
      const name = fields['name'];
      if (typeof name !== 'string' || name.trim() === '') throw invalid('/name', 'An app needs a non-empty name');
      const description = fields['description'];
      if (typeof description !== 'string') throw invalid('/description', 'The description must be a string');
      const revision = store.appendRevision(history, {
        parentRevisionId: current.revisionId,
        dependencies: [],
        actorId: key.id,
        message: appChangeMessage(app, { name, description }),
        value: { name, description },
      });
      store.updateApp(app, { name, description }, revision.id, now);
      return { data: present.application(store, app) };
    },
  },
];
