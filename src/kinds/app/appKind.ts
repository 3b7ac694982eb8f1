// An app: name and description as a JSON document (appDocument.ts), updated with the draft
// reference read (spec §4.7). Its deployment changes on the service by itself: the tree polls it.
import * as l10n from '@vscode/l10n';
import type { Application, RevisionRef } from '../../api/schemas';
import type { KindModule, KindSnapshot } from '../contract/kindContract';
import { readOnlyEdits } from '../contract/readOnlyGroup';
import { codeSpan, errorText, heading, md, paragraph, revisionLabel, seq, shown, table, type Look } from '../contract/lookText';
import { isRevisionRef } from '../contract/tokenChecks';
import { appEditFromText, appText, type AppEdit } from './appDocument';
import { appProblems } from './appRules';

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

function appLook(a: Application, { singular }: { singular: string }): Look {
  // Only `deploying` is known (spec §3); any other status is shown as the service names it.
  const status = shown(a.deployment.status);
  const deploying = a.deployment.status === 'deploying';
  const failed = a.deployment.error !== null && a.deployment.error !== undefined;
  const rows: [string, string][] = [
    [l10n.t('Deployment'), deploying ? 'deploying…' : md(status)],
    [l10n.t('Draft'), seq(a.draft)],
  ];
  // As text: a URL the service names is shown, not offered as a link to follow.
  if (a.deployment.url) rows.push(['URL', codeSpan(a.deployment.url)]);
  if (failed) rows.push([l10n.t('Error'), md(errorText(a.deployment.error))]);
  return {
    description: `${deploying ? l10n.t('deploying…') : status} · ${l10n.t('draft {0}', seq(a.draft))}`,
    tooltip: `${heading(a.name, singular, a.id)}${paragraph(a.description)}\n\n${table(rows)}`,
    icon: deploying ? { id: 'loading~spin' } : failed || status === 'failed' ? { id: 'error', color: 'error' } : { id: 'rocket' },
  };
}

export const appKind: KindModule<AppTokens, Application> = {
  edit: {
    stateTokens: { expectedDraft: isRevisionRef },
    async snapshot({ client }, file, o) {
      const app = await client.getApp(file.id, o);
      return snapshotOf(appText(app), app);
    },
    tokensKey: (t) => `app:${t.expectedDraft.revisionId}@${t.expectedDraft.sequence}`,
    readOnlyEdits: (text, base) => readOnlyEdits(text, base.text),
    check: appProblems,
    body: appEditFromText,
    async send({ client, file, text }, tokens, body) {
      return snapshotOf(text, await client.updateApp(file.id, { expectedDraft: tokens.expectedDraft, ...(body as AppEdit) }));
    },
  },
  explorer: {
    look: appLook,
    find: (client, id, o) => client.getApp(id, o),
    identify: (a) => ({ id: a.id, resourceId: a.id, name: a.name }),
    revisionLabel: (a) => revisionLabel(a.draft),
    // Only `deploying` is known (spec §3).
    settling: (a) => a.deployment.status === 'deploying',
  },
};
