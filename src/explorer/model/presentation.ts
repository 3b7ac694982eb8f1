// How each explorer node looks: label, description, Markdown tooltip, codicon, context value and
// what a click does. vscode-free and pure, so the wording is unit-tested; the tree provider only
// maps it onto a TreeItem. Every text from the service goes into a tooltip escaped (util/markdown.ts)
// or as a code span: a name or description is shown, never followed as a link, image or icon. A
// resource item's own look is its kind's (`look` in src/kinds/<kind>/<kind>Kind.ts, words in src/kinds/contract/lookText.ts).
import * as l10n from '@vscode/l10n';
import { FILE_VIEWS, hasHistory, isResourceKind, openView, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { ResourceFile } from '../../kinds/resourcePath';
import { codeSpan, escapeMarkdown } from '../../util/markdown';
import {
  explorerFor,
  rootOf,
  type ConnectionNode,
  type ExplorerNode,
  type MessageAction,
  type ResourceKind,
  type ResourceNode,
} from './nodes';
import { hasRelated } from './related';

export interface Presentation {
  label: string;
  description?: string;
  /** Markdown without theme icons, HTML or trusted links; service text in it is escaped. */
  tooltip?: string;
  icon?: { id: string; color?: 'warning' | 'error' | 'success' };
  /**
   * Words the package.json menus test: group, resource, openable, history, editable, added, message;
   * `elsewhere` under another connection's root, whose items offer only what acts on that connection.
   */
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
    case 'connection':
      return presentConnection(node);
    case 'group':
      return {
        label: node.group.label,
        icon: { id: node.group.icon },
        // Promote to Another Environment… on a group of what can be saved: its whole kind, from the group's connection.
        contextValue: ['group', ...(node.parent ? ['elsewhere'] : []), ...(promotable(node.group.kind) ? ['promotable'] : [])].join(' '),
        collapsible: 'collapsed',
      };
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

/** Whether a kind's resources can be saved, hence promoted: false for a kind the registry does not hold. */
function promotable(kind: ResourceKind): boolean {
  // A kind the registry does not hold (a test's made-up one) has no view to look up.
  const spec = RESOURCE_KINDS[kind] as (typeof RESOURCE_KINDS)[ResourceKind] | undefined;
  return spec !== undefined && FILE_VIEWS[spec.files[0].view].editable;
}

function presentConnection({ connection: c }: ConnectionNode): Presentation {
  const stage = c.protected ? l10n.t('{0}, protected: every write asks first', c.stage) : c.stage;
  return {
    label: c.label,
    description: `${c.host} · ${c.workspaceId}`,
    // The user's own words, escaped all the same: a label is shown, never followed.
    tooltip: l10n.t(
      '**{0}** ({1})\n\nService {2}, workspace {3}. Its files are read and saved through this connection, beside the window’s.',
      escapeMarkdown(c.label),
      escapeMarkdown(stage),
      codeSpan(c.host),
      codeSpan(c.workspaceId),
    ),
    icon: { id: c.protected ? 'shield' : 'cloud', color: c.protected ? 'error' : c.stage === 'staging' ? 'warning' : 'success' },
    contextValue: 'connection',
    collapsible: 'collapsed',
  };
}

function words(node: ResourceNode): string {
  const w = ['resource', node.kind, 'openable'];
  // Under another connection's root: its history (read-only), compare and promote read through it;
  // publish goes through the window's connection, and is not offered.
  if (rootOf(node))
    return [
      ...w,
      'elsewhere',
      ...(hasHistory(node.kind) && node.resourceId ? ['history'] : []),
      ...(FILE_VIEWS[openView(node.kind)].editable ? ['editable'] : []),
      ...(node.relation ? ['related'] : []),
    ].join(' ');
  if (hasHistory(node.kind) && node.resourceId) w.push('history');
  // Publish… on items whose resource shows a published reference (operations, databases);
  // the command still asks the service's capabilities before offering the question.
  if (hasHistory(node.kind) && node.resourceId && hasPublishedField(node.data.value)) w.push('publishable');
  // Compare with Another Environment… on what can be saved, hence compared and promoted.
  if (FILE_VIEWS[openView(node.kind)].editable) w.push('editable');
  if (node.added) w.push('added');
  if (node.relation) w.push('related');
  return w.join(' ');
}

function hasPublishedField(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'published' in value;
}

function presentResource(node: ResourceNode): Presentation {
  const base = { label: node.name, contextValue: words(node), click: 'open' as const };
  const leaf = node.relation !== undefined;
  const look = explorerFor(node.data).look(node.data.value, { singular: RESOURCE_KINDS[node.data.kind].singular, relation: node.relation });
  return { ...base, ...look, collapsible: !leaf && hasRelated(node.kind) ? 'collapsed' : 'none' };
}
