// The explorer tree: a thin TreeDataProvider over the ExplorerModel, the TreeView, and the
// deployment poller that follows the view's visibility.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../../connection/api';
import { VIEWS } from '../../manifest/contributions';
import type { ExplorerModel } from '../model/explorerModel';
import { GROUPS, isResourceNode, type ExplorerNode } from '../model/nodes';
import { Disposable } from '../../util/lifecycle';
import { DeploymentPoller, type PollTiming } from './deploymentPoller';
import { treeItemFor } from './treeItems';

export class ExplorerTreeProvider extends Disposable implements vscode.TreeDataProvider<ExplorerNode> {
  private readonly _onDidChangeTreeData = this._register(new vscode.EventEmitter<ExplorerNode | undefined>());
  readonly onDidChangeTreeData = this._onDidChangeTreeData.event;

  constructor(
    private readonly model: ExplorerModel,
    private readonly poller: DeploymentPoller,
  ) {
    super();
    this._register(model.onDidChange((node) => this._onDidChangeTreeData.fire(node)));
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    // The poller watches only what changes on the service by itself (an app deploying).
    if (isResourceNode(node)) this.poller.watch(node);
    return treeItemFor(node);
  }

  getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    return this.model.getChildren(node);
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }
}

export class ExplorerView extends Disposable {
  readonly provider: ExplorerTreeProvider;
  readonly poller: DeploymentPoller;
  readonly view: vscode.TreeView<ExplorerNode>;

  constructor(
    readonly model: ExplorerModel,
    connection: ConnectionProvider,
    log: vscode.LogOutputChannel,
    timing?: PollTiming,
  ) {
    super();
    this.poller = this._register(new DeploymentPoller(model, log, timing));
    this.provider = this._register(new ExplorerTreeProvider(model, this.poller));
    // Several items at once: Promote and Pull into Folder act on the selection (a command gets the
    // clicked item, then every selected one).
    this.view = this._register(
      vscode.window.createTreeView(VIEWS.explorer, { treeDataProvider: this.provider, showCollapseAll: true, canSelectMany: true }),
    );
    this.poller.setVisible(this.view.visible);
    this._register(this.view.onDidChangeVisibility((e) => this.poller.setVisible(e.visible)));
    const describe = () => {
      const c = connection.current;
      this.view.description = c ? `${c.label} · ${c.workspaceId}` : undefined;
    };
    describe();
    this._register(connection.onDidChangeConnection(describe));
    this._register(model.onDidChangeListing(() => this.updateMessage()));
  }

  /** Says so when the tree shows added ids because the service has no list endpoints. */
  private updateMessage(): void {
    const listless = GROUPS.filter((g) => this.model.isListed(g.id) === false);
    this.view.message = listless.length
      ? vscode.l10n.t('This service lists no resources: showing the ids you added (Add Resource by ID) and the resources they lead to.')
      : undefined;
  }

  /** Shows a node in the tree (expanding its parents). */
  async reveal(node: ExplorerNode, options: { select?: boolean; focus?: boolean; expand?: boolean | number } = {}): Promise<void> {
    await this.view.reveal(node, { select: true, focus: false, ...options });
  }
}
