// Maps a node's presentation (model/explorer/presentation.ts) onto a VS Code TreeItem.
import * as vscode from 'vscode';
import { COMMANDS } from '../../manifest/contributions';
import { rootOf, type ExplorerNode } from '../model/nodes';
import { present, type Presentation } from '../model/presentation';

const COLORS: Record<NonNullable<NonNullable<Presentation['icon']>['color']>, string> = {
  warning: 'list.warningForeground',
  error: 'list.errorForeground',
  success: 'testing.iconPassed',
};

function clickCommand(node: ExplorerNode, click: Presentation['click']): vscode.Command | undefined {
  switch (click) {
    case undefined:
      return undefined;
    case 'open':
      return { command: COMMANDS.open, title: vscode.l10n.t('Open'), arguments: [node] };
    case 'loadMore':
      return { command: COMMANDS.loadMore, title: vscode.l10n.t('Load more'), arguments: [node] };
    case 'retry':
      return { command: COMMANDS.refresh, title: vscode.l10n.t('Retry') };
    case 'signIn':
      return { command: COMMANDS.signIn, title: vscode.l10n.t('Sign In') };
    case 'switchWorkspace':
      return { command: COMMANDS.switchWorkspace, title: vscode.l10n.t('Switch Workspace') };
    case 'refreshParent':
      return { command: COMMANDS.refreshItem, title: vscode.l10n.t('Retry'), arguments: [node] };
    case 'addResource':
      return { command: COMMANDS.addResource, title: vscode.l10n.t('Add Resource by ID') };
    case 'signInConnection':
      return { command: COMMANDS.signInToConnection, title: vscode.l10n.t('Sign In'), arguments: [rootOf(node)?.connection.id] };
  }
}

export function treeItemFor(node: ExplorerNode): vscode.TreeItem {
  const p = present(node);
  const item = new vscode.TreeItem(
    p.label,
    p.collapsible === 'collapsed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.key;
  item.contextValue = p.contextValue;
  if (p.description !== undefined) item.description = p.description;
  if (p.icon) item.iconPath = new vscode.ThemeIcon(p.icon.id, p.icon.color ? new vscode.ThemeColor(COLORS[p.icon.color]) : undefined);
  // Untrusted, no HTML, no theme icons: the tooltip carries service text (escaped by present()).
  if (p.tooltip) item.tooltip = new vscode.MarkdownString(p.tooltip);
  const command = clickCommand(node, p.click);
  if (command) item.command = command;
  if (node.kind === 'message') item.accessibilityInformation = { label: [p.label, p.description].filter(Boolean).join(', ') };
  return item;
}
