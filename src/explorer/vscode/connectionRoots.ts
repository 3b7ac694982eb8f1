// The roots of the user's other connections in the explorer: beside the window's groups, one root
// per connection of workspaceAutomation.connections that is not the window's, each expanding on its
// own to that connection's groups, read through its own client with the key stored for its origin
// (a model of its own; nothing is sent before the root is expanded). Documents opened under a root
// are pinned to its connection. Roots are rebuilt when the connections, a key or the window change.
import * as vscode from 'vscode';
import type { ServiceClient } from '../../api';
import type { Connection, ConnectionProvider } from '../../connection/api';
import { Disposable } from '../../util/lifecycle';
import { ExplorerModel, type ExplorerLog } from '../model/explorerModel';
import { connectionNode, messageNode, rootOf, type ConnectionNode, type ExplorerNode, type RootConnection } from '../model/nodes';

/** Another of the user's connections, with the way to its client. */
export interface OtherConnection extends RootConnection {
  readonly baseUrl: string;
  /** Its client, with the key stored for its origin; rejects, sending nothing, when there is none. */
  client(): Promise<ServiceClient>;
}

/** The user's other connections (DocumentPins in the environments feature). */
export interface OtherConnections {
  others(): OtherConnection[];
  /** The connections, a key or the window's connection changed: the clients given before are dropped. */
  readonly onDidDrop: vscode.Event<unknown>;
}

interface Root {
  readonly node: ConnectionNode;
  readonly source: OtherConnection;
  model?: Promise<ExplorerModel>;
}

const never: vscode.Event<Connection | undefined> = () => ({ dispose: () => undefined });

export class ConnectionRoots extends Disposable {
  private readonly _onDidChange = this._register(new vscode.EventEmitter<ExplorerNode | undefined>());
  /** A node of a root changed; undefined: the roots themselves. */
  readonly onDidChange = this._onDidChange.event;
  private roots: Root[] | undefined;
  private readonly models = new Set<ExplorerModel>();

  constructor(
    private readonly source: OtherConnections | undefined,
    private readonly log: ExplorerLog,
  ) {
    super();
    if (source) this._register(source.onDidDrop(() => this.rebuild()));
    this._register({ dispose: () => this.forget() });
  }

  /** The roots, in the setting's order. */
  nodes(): ConnectionNode[] {
    this.roots ??= (this.source?.others() ?? []).map((source) => ({
      node: connectionNode({
        id: source.id,
        label: source.label,
        host: source.host,
        workspaceId: source.workspaceId,
        stage: source.stage,
        protected: source.protected,
      }),
      source,
    }));
    return this.roots.map((r) => r.node);
  }

  /** A root's groups; a message when its connection has no key (nothing is sent then). */
  async children(node: ConnectionNode): Promise<ExplorerNode[]> {
    const root = this.roots?.find((r) => r.node === node);
    if (!root) return [];
    try {
      return await (await this.modelOf(root)).getChildren(undefined);
    } catch (e) {
      root.model = undefined;
      const message = e instanceof Error ? e.message : String(e);
      // A click asks for its key (Sign In to Another Connection…); the window's connection stays.
      return [messageNode(node, 'unavailable', { label: message, severity: 'warning', action: 'signInConnection' })];
    }
  }

  /** The model of the root a node is under, when it is loaded; undefined for the window's nodes. */
  loadedModel(node: ExplorerNode): Promise<ExplorerModel> | undefined {
    const root = rootOf(node);
    return root && this.roots?.find((r) => r.node === root)?.model;
  }

  /** Reads a root again (every root without one). */
  refresh(node?: ConnectionNode): void {
    if (!node) return this.rebuild();
    const root = this.roots?.find((r) => r.node === node);
    if (root) void root.model?.then((m) => m.refresh());
  }

  private modelOf(root: Root): Promise<ExplorerModel> {
    root.model ??= root.source.client().then((client) => {
      const { baseUrl, workspaceId, label } = root.source;
      const connection: Connection = { client, baseUrl, workspaceId, label };
      const provider: ConnectionProvider = { current: connection, require: () => connection, onDidChangeConnection: never };
      const model = new ExplorerModel(provider, { log: this.log, root: root.node });
      this.models.add(model);
      model.onDidChange((n) => this._onDidChange.fire(n ?? root.node));
      return model;
    });
    return root.model;
  }

  private rebuild(): void {
    this.forget();
    this.roots = undefined;
    this._onDidChange.fire(undefined);
  }

  private forget(): void {
    for (const model of this.models) model.dispose();
    this.models.clear();
  }
}
