// The explorer tree: a thin TreeDataProvider over the ExplorerModel (the window's connection's
// groups) and the roots of the user's other connections (connectionRoots.ts), the TreeView, and the
// deployment poller that follows the view's visibility.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../../connection/api';
import { VIEWS } from '../../manifest/contributions';
import type { ExplorerModel } from '../model/explorerModel';
import { GROUPS, isResourceNode, rootOf, type ExplorerNode } from '../model/nodes';
import { ConnectionRoots, type OtherConnections } from './connectionRoots';
import { Disposable } from '../../util/lifecycle';
import { DeploymentPoller, type PollTiming } from './deploymentPoller';
import { treeItemFor } from './treeItems';

export class ExplorerTreeProvider extends Disposable implements vscode.TreeDataProvider<ExplorerNode> {
  private readonly _onDidChangeTreeData = this._register(new vscode.EventEmitter<ExplorerNode | undefined>());
  readonly onDidChangeTreeData = this._onDidChangeTreeData.event;

  constructor(
    private readonly model: ExplorerModel,
    private readonly poller: DeploymentPoller,
    private readonly roots: ConnectionRoots,
  ) {
    super();
    this._register(model.onDidChange((node) => this._onDidChangeTreeData.fire(node)));
    this._register(roots.onDidChange((node) => this._onDidChangeTreeData.fire(node)));
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    // The poller watches only what changes on the service by itself (an app deploying), through the window's connection.
    if (isResourceNode(node) && !rootOf(node)) this.poller.watch(node);
    return treeItemFor(node);
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (!node) return [...(await this.model.getChildren()), ...this.roots.nodes()];
    if (node.kind === 'connection') return this.roots.children(node);
    const other = this.roots.loadedModel(node);
    return other ? (await other).getChildren(node) : this.model.getChildren(node);
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }
}

export class ExplorerView extends Disposable {
  readonly provider: ExplorerTreeProvider;
  readonly poller: DeploymentPoller;
  readonly view: vscode.TreeView<ExplorerNode>;
  /** The roots of the user's other connections. */
  readonly roots: ConnectionRoots;

  constructor(
    readonly model: ExplorerModel,
    connection: ConnectionProvider,
    log: vscode.LogOutputChannel,
    timing?: PollTiming,
    others?: OtherConnections,
  ) {
    super();
    this.poller = this._register(new DeploymentPoller(model, log, timing));
    this.roots = this._register(
      new ConnectionRoots(others, { debug: (m) => log.debug(m), info: (m) => log.info(m), error: (m) => log.error(m) }),
    );
    this.provider = this._register(new ExplorerTreeProvider(model, this.poller, this.roots));
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
