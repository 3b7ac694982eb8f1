// How each explorer node looks: label, description, Markdown tooltip, codicon, context value and
// what a click does. vscode-free and pure, so the wording is unit-tested; the tree provider only
// maps it onto a TreeItem. Every text from the service goes into a tooltip escaped (util/markdown.ts)
// or as a code span: a name or description is shown, never followed as a link, image or icon.
import * as l10n from '@vscode/l10n';
import type { Application, Fact, Operation, RevisionRef, WriteSync } from '../../api/schemas';
import { hasHistory, isResourceKind, openView, RESOURCE_KINDS } from '../resourceKinds';
import type { ResourceFile } from '../resourcePath';
import { codeSpan, escapeMarkdown, escapeMarkdownLine } from '../../util/markdown';
import type { KindValue } from '../kindModules';
import type { DashboardInfo, DatabaseInfo, ExplorerNode, MessageAction, ResourceKind, ResourceNode } from './nodes';
import { hasRelated } from './related';

export interface Presentation {
  label: string;
  description?: string;
  /** Markdown without theme icons, HTML or trusted links; service text in it is escaped. */
  tooltip?: string;
  icon?: { id: string; color?: 'warning' | 'error' | 'success' };
  /** Words the package.json menus test: group, resource, openable, history, added, message. */
  contextValue: string;
  collapsible: 'none' | 'collapsed';
  /** What a click does. */
  click?: 'open' | 'loadMore' | MessageAction;
}

export function fileForNode(node: ExplorerNode, workspaceId: string): ResourceFile | undefined {
  if (node.kind === 'file') return { workspaceId, view: node.view, id: node.id, name: node.name };
  if (isResourceKind(node.kind)) {
    const r = node as ResourceNode;
    return { workspaceId, view: openView(r.kind), id: r.id, name: r.name };
  }
  return undefined;
}

export function present(node: ExplorerNode): Presentation {
  switch (node.kind) {
    case 'group':
      return { label: node.group.label, icon: { id: node.group.icon }, contextValue: 'group', collapsible: 'collapsed' };
    case 'dataSource':
      return {
        label: node.id,
        description: l10n.t('data source'),
        tooltip: l10n.t('**Data source** {0}\n\nThe service has no read endpoint for data sources.', codeSpan(node.id)),
        icon: { id: 'plug' },
        contextValue: 'dataSource',
        collapsible: 'none',
      };
    case 'file':
      return {
        label: node.label,
        icon: { id: 'json' },
        contextValue: l10n.t('file openable'),
        collapsible: 'none',
        click: 'open',
        tooltip: l10n.t('Open the read-only JSON view of {0}', codeSpan(node.id)),
      };
    case 'loadMore':
      return { label: l10n.t('Load more…'), icon: { id: 'ellipsis' }, contextValue: 'loadMore', collapsible: 'none', click: 'loadMore' };
    case 'message': {
      const icon = node.severity === 'info' ? 'info' : node.severity === 'warning' ? 'warning' : 'error';
      const p: Presentation = {
        label: node.label,
        icon: { id: icon, ...(node.severity === 'info' ? {} : { color: node.severity }) },
        contextValue: node.addedId ? l10n.t('message added') : 'message',
        collapsible: 'none',
      };
      if (node.detail) p.description = node.detail;
      if (node.action) p.click = node.action;
      if (node.addedId)
        p.tooltip = l10n.t(
          '{0} was added to the explorer but could not be read: {1}.\n\nRemove it from the explorer, or refresh.',
          codeSpan(node.addedId),
          escapeMarkdown(node.detail ?? ''),
        );
      return p;
    }
    default:
      return presentResource(node);
  }
}

/**
 * A value the spec leaves open (a status, kind or type outside the ones it shows), as it is: a
 * string itself, an empty one as "(none)", anything else as JSON. Never "undefined", never blank.
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value.trim() ? value : l10n.t('(none)');
  if (value === undefined || value === null) return '(none)';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 199)}…` : json;
}

/** An error of a shape the spec does not show: its own words when it has them, else as JSON. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
    const e = error as Record<string, unknown>;
    const words = [e.message, e.detail, e.title, e.reason].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (words) return typeof e.code === 'string' && e.code ? `${words} (${e.code})` : words;
  }
  return shown(error);
}

const md = escapeMarkdownLine;

function seq(ref: RevisionRef | null | undefined): string {
  return ref ? `#${ref.sequence}` : '—';
}

/** Revisions after the published one (the draft counts); 0 when the draft is published. */
function unpublishedCount(draft: RevisionRef, published: RevisionRef | null): number {
  return published?.revisionId === draft.revisionId ? 0 : Math.max(0, draft.sequence - (published?.sequence ?? 0));
}

function revisions(draft: RevisionRef, published: RevisionRef | null): string {
  if (!published) return l10n.t('draft {0}', seq(draft));
  const ahead = unpublishedCount(draft, published);
  return l10n.t('draft {0} · published {1}', seq(draft), seq(published)) + (ahead ? ` · ${l10n.t('{0} unpublished', ahead)}` : '');
}

/** The tooltip's row: how many revisions publishing the draft would bring live. */
function unpublishedRow(draft: RevisionRef, published: RevisionRef | null): [string, string] {
  const ahead = unpublishedCount(draft, published);
  return [l10n.t('Unpublished revisions'), ahead ? String(ahead) : l10n.t('none (the draft is published)')];
}

function words(node: ResourceNode): string {
  const w = ['resource', node.kind, 'openable'];
  if (hasHistory(node.kind) && node.resourceId) w.push('history');
  // Issue 14: Publish… on items whose resource shows a published reference (operations, databases);
  // the command still asks the service's capabilities before offering the question.
  if (hasHistory(node.kind) && node.resourceId && hasPublishedField(node.data.value)) w.push('publishable');
  if (node.added) w.push('added');
  if (node.relation) w.push('related');
  return w.join(' ');
}

function hasPublishedField(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'published' in value;
}

/** Field lines; two trailing spaces make Markdown line breaks. */
function table(rows: [string, string][]): string {
  return rows.map(([k, v]) => `${k}: ${v}`).join('  \n');
}

/** Service text as a paragraph of its own, escaped; nothing when there is none. */
function paragraph(text: string | null | undefined): string {
  return text ? `\n\n${escapeMarkdown(text)}` : '';
}

function heading(name: string, what: string, id: string): string {
  return `**${md(name)}** — ${what}\n\n${codeSpan(id)}`;
}

function presentResource(node: ResourceNode): Presentation {
  const base = { label: node.name, contextValue: words(node), click: 'open' as const };
  const leaf = node.relation !== undefined;
  const look = LOOKS[node.kind] as LookOf<ResourceKind>;
  return { ...base, ...look(node.data.value, node.relation), collapsible: !leaf && hasRelated(node.kind) ? 'collapsed' : 'none' };
}

const RELATION_LABELS: Record<string, string> = {
  parentDataFlow: l10n.t('parent data flow'),
  inputOperation: l10n.t('input operation'),
  dashboardOperation: 'operation',
  childOperation: 'step',
};

type Look = Pick<Presentation, 'description' | 'tooltip' | 'icon'>;

function operation(op: Operation, relation?: string): Look {
  const parts = [shown(op.kind), shown(op.status), revisions(op.draft, op.published)];
  if (op.codeStale) parts.unshift(l10n.t('⚠ code stale'));
  if (relation) parts.unshift(RELATION_LABELS[relation] ?? relation);
  const rows: [string, string][] = [
    [l10n.t('Kind'), md(shown(op.kind))],
    [l10n.t('Status'), md(shown(op.status))],
    [l10n.t('Draft'), seq(op.draft)],
    [l10n.t('Published'), seq(op.published)],
    unpublishedRow(op.draft, op.published),
  ];
  if (op.parentDataFlowId) rows.push([l10n.t('Data flow'), codeSpan(op.parentDataFlowId)]);
  if (op.dataSourceIds.length) rows.push([l10n.t('Data sources'), op.dataSourceIds.map(codeSpan).join(', ')]);
  // A glyph, not `$(warning)`: a tooltip with service text in it renders no theme icons.
  const stale = op.codeStale ? l10n.t('\n\n⚠ **The handler code is stale**: regenerate it before running the operation.') : '';
  const instructions = op.instructions ? `\n\n${escapeMarkdown(op.instructions.slice(0, 500))}` : '';
  return {
    description: parts.join(' · '),
    tooltip: `${heading(op.name, RESOURCE_KINDS.operation.singular, op.id)}${stale}${instructions}\n\n${table(rows)}`,
    icon: op.codeStale ? { id: 'warning', color: 'warning' } : { id: op.kind === 'dataFlow' ? 'type-hierarchy' : 'symbol-method' },
  };
}

function dashboard(d: DashboardInfo): Look {
  return {
    description: l10n.t('revision {0}', seq(d.revision)),
    tooltip: l10n.t(
      '{0}\n\n{1}',
      heading(d.name, `${RESOURCE_KINDS.dashboard.singular} (TSX)`, d.dashboardId),
      table([
        [l10n.t('Revision'), seq(d.revision)],
        [l10n.t('Resource'), codeSpan(d.resourceId)],
        ...(d.dataRunId ? ([[l10n.t('Data run'), codeSpan(d.dataRunId)]] as [string, string][]) : []),
      ]),
    ),
    icon: { id: 'dashboard' },
  };
}

function app(a: Application): Look {
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
    tooltip: `${heading(a.name, RESOURCE_KINDS.app.singular, a.id)}${paragraph(a.description)}\n\n${table(rows)}`,
    icon: deploying ? { id: 'loading~spin' } : failed || status === 'failed' ? { id: 'error', color: 'error' } : { id: 'rocket' },
  };
}

function database(d: DatabaseInfo): Look {
  return {
    description: d.published ? revisions(d.draft, d.published) : l10n.t('draft {0} · unpublished', seq(d.draft)),
    tooltip: `${heading(d.name, RESOURCE_KINDS.database.singular, d.id)}\n\n${table([
      [l10n.t('Draft'), seq(d.draft)],
      [l10n.t('Published'), seq(d.published)],
      unpublishedRow(d.draft, d.published),
    ])}`,
    icon: { id: 'database' },
  };
}

function writeSync(w: WriteSync): Look {
  const state = w.isEnabled ? (w.automaticEnabled ? l10n.t('enabled · automatic') : l10n.t('enabled · manual')) : l10n.t('disabled');
  const d = w.definition;
  const rows: [string, string][] = [
    [l10n.t('State'), state],
    [l10n.t('Version'), String(w.version)],
    [l10n.t('Source'), `${md(d.source.object)} (${codeSpan(d.source.resourceId)})`],
    [l10n.t('Destination'), `${md(d.destination.object)} (${codeSpan(d.destination.resourceId)})`],
    [l10n.t('Key column'), md(d.keyColumn)],
  ];
  const locked = w.identityLocked
    ? l10n.t('\n\n🔒 **Identity locked**: source, destination, key, matching field and managed field names are fixed.')
    : '';
  return {
    description: `${w.identityLocked ? `${l10n.t('locked')} · ` : ''}${state} · v${w.version}`,
    tooltip: `${heading(w.name, RESOURCE_KINDS.writeSync.singular, w.id)}${locked}\n\n${table(rows)}`,
    icon: w.identityLocked ? { id: 'lock' } : w.isEnabled ? { id: 'sync' } : { id: 'sync-ignored' },
  };
}

function fact(f: Fact): Look {
  const rows: [string, string][] = [
    [l10n.t('Key'), codeSpan(f.key)],
    [l10n.t('Type'), md(shown(f.type))],
  ];
  if (f.formulaType) rows.push([l10n.t('Formula type'), md(shown(f.formulaType))]);
  // Any of these may be null or of another type on a service that decides so: shown as text.
  const formula = f.formula ? shown(f.formula) : '';
  if (formula) rows.push([l10n.t('Formula'), codeSpan(formula)]);
  const definition = paragraph(f.definition ? shown(f.definition) : undefined);
  return {
    description: formula ? `${f.key} = ${formula}` : f.key,
    tooltip: `${heading(f.name, RESOURCE_KINDS.fact.singular, f.id)}${definition}\n\n${table(rows)}`,
    icon: { id: 'symbol-constant' },
  };
}

type LookOf<K extends ResourceKind> = (value: KindValue<K>, relation?: string) => Look;

/** How an item of each kind looks. */
const LOOKS: { readonly [K in ResourceKind]: LookOf<K> } = { operation, dashboard, app, database, writeSync, fact };
