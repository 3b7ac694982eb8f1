// A dashboard: its TSX source, saved whole with the revision and data run it was read at (spec §4.1).
// The explorer knows it from the dashboard list or the source read; it is named by its operation's id.
import * as l10n from '@vscode/l10n';
import type { DashboardSource, DashboardSummary, RevisionRef } from '../../api/schemas';
import type { KindModule, KindSnapshot } from '../contract/kindContract';
import { codeSpan, heading, revisionLabel, seq, table, type Look } from '../contract/lookText';
import { isRevisionRef, isString } from '../contract/tokenChecks';

export interface DashboardTokens {
  readonly kind: 'dashboard';
  expectedRevision: RevisionRef;
  expectedDataRunId: string;
}

/** A dashboard as the explorer knows it: from the list endpoint or from the source read. */
export interface DashboardInfo {
  dashboardId: string;
  resourceId: string;
  name: string;
  revision: RevisionRef;
  dataRunId?: string;
}

export function dashboardFromSource(source: DashboardSource, name: string): DashboardInfo {
  return { dashboardId: source.dashboardId, resourceId: source.resourceId, name, revision: source.revision, dataRunId: source.dataRunId };
}

export function dashboardFromSummary(summary: DashboardSummary): DashboardInfo {
  return { dashboardId: summary.dashboardId, resourceId: summary.resourceId, name: summary.name, revision: summary.revision };
}

/** The source read and the save answer carry the same revision, resource and data run. */
function snapshotOf(text: string, read: { resourceId: string; revision: RevisionRef; dataRunId: string }): KindSnapshot<DashboardTokens> {
  return {
    text,
    tokens: {
      kind: 'dashboard',
      expectedRevision: { revisionId: read.revision.revisionId, sequence: read.revision.sequence },
      expectedDataRunId: read.dataRunId,
    },
    label: l10n.t('revision {0}', read.revision.sequence),
    revision: { resourceId: read.resourceId, revisionId: read.revision.revisionId },
  };
}

function dashboardLook(d: DashboardInfo, { singular }: { singular: string }): Look {
  return {
    description: l10n.t('revision {0}', seq(d.revision)),
    tooltip: l10n.t(
      '{0}\n\n{1}',
      heading(d.name, `${singular} (TSX)`, d.dashboardId),
      table([
        [l10n.t('Revision'), seq(d.revision)],
        [l10n.t('Resource'), codeSpan(d.resourceId)],
        ...(d.dataRunId ? ([[l10n.t('Data run'), codeSpan(d.dataRunId)]] as [string, string][]) : []),
      ]),
    ),
    icon: { id: 'dashboard' },
  };
}

export const dashboardKind: KindModule<DashboardTokens, DashboardInfo> = {
  edit: {
    stateTokens: { expectedRevision: isRevisionRef, expectedDataRunId: isString },
    draftOf: (tokens) => tokens.expectedRevision,
    async snapshot({ client }, file, o) {
      const source = await client.getDashboardSource(file.id, o);
      return snapshotOf(source.source, source);
    },
    tokensKey: (t) => `dashboard:${t.expectedRevision.revisionId}@${t.expectedRevision.sequence}:${t.expectedDataRunId}`,
    // The dashboard language's TSX syntax check (src/dashboardLanguage/check), loaded on first use.
    check: (text, { tsx }) => tsx(text),
    // The text itself is the body, and it is no JSON: a pointer of a refusal has no place in it.
    body: (text) => text,
    documentPointer: null,
    async send({ client, file, text }, tokens) {
      const saved = await client.replaceDashboardSource(file.id, {
        source: text,
        expectedRevision: tokens.expectedRevision,
        expectedDataRunId: tokens.expectedDataRunId,
      });
      return snapshotOf(text, saved);
    },
  },
  explorer: {
    look: dashboardLook,
    fromListItem: (item) => dashboardFromSummary(item as DashboardSummary),
    // The source read carries no name: named after the id until its operation names it.
    find: async (client, id, o) => dashboardFromSource(await client.getDashboardSource(id, o), id),
    reread: async (client, current, o) => dashboardFromSource(await client.getDashboardSource(current.dashboardId, o), current.name),
    identify: (d) => ({ id: d.dashboardId, resourceId: d.resourceId, name: d.name }),
    revisionLabel: (d) => revisionLabel(d.revision),
    renamed: (d, name) => ({ ...d, name }),
    related: (d) => [{ link: d.dashboardId, relation: 'dashboardOperation' }],
    reaches: (d) => [d.dashboardId],
  },
};
