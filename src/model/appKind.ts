// An app: name and description as a JSON document (recordDocuments.ts), updated with the draft
// reference read (spec §4.7). Its deployment changes on the service by itself: the tree polls it.
import * as l10n from '@vscode/l10n';
import type { Application, RevisionRef } from '../api/schemas';
import type { KindModule, KindSnapshot } from './kindModule';
import { readOnlyEdits } from './readOnlyGroup';
import { appEditFromText, appText, type AppEdit } from './recordDocuments';
import { sameJson } from './serialize';

export interface AppTokens {
  readonly kind: 'app';
  /** The app's draft reference as read. */
  expectedDraft: RevisionRef;
}

function snapshotOf(text: string, app: { id: string; draft: RevisionRef }): KindSnapshot<AppTokens> {
  const draft = { revisionId: app.draft.revisionId, sequence: app.draft.sequence };
  return {
    text,
    tokens: { kind: 'app', expectedDraft: draft },
    label: l10n.t('revision {0}', draft.sequence),
    revision: { resourceId: app.id, revisionId: draft.revisionId },
  };
}

export const appKind: KindModule<AppTokens, Application> = {
  edit: {
    async snapshot({ client }, file, o) {
      const app = await client.getApp(file.id, o);
      return snapshotOf(appText(app), app);
    },
    tokensKey: (t) => `app:${t.expectedDraft.revisionId}@${t.expectedDraft.sequence}`,
    readOnlyEdits: (text, base) => readOnlyEdits(text, base.text),
    body: appEditFromText,
    async send({ client, file, text }, tokens, body) {
      return snapshotOf(text, await client.updateApp(file.id, { expectedDraft: tokens.expectedDraft, ...(body as AppEdit) }));
    },
    holdsText: (latest, _text, body) => sameJson(appEditFromText(latest.text), body),
    documentPointer: (pointer) => pointer,
  },
  explorer: {
    fromListItem: (item) => item as Application,
    find: (client, id, o) => client.getApp(id, o),
    reread: (client, current, o) => client.getApp(current.id, o),
    identify: (a) => ({ id: a.id, resourceId: a.id, name: a.name }),
    // Only `deploying` is known (spec §3).
    settling: (a) => a.deployment.status === 'deploying',
  },
};
