// The revision history's open panels, one per resource (a second request for the same resource
// reveals its panel); the Show Revision History command calls `show`. Panels of a workspace close
// when the connection moves to another workspace or signs out.
import * as vscode from 'vscode';
import type { ServiceClient } from '../../api';
import type { Connection, ConnectionProvider } from '../../connection/api';
import { originOf } from '../../connection/model/origins';
import { ResourceNames } from '../model/resourceNames';
import type { RevisionCache } from '../../documents/model/revisionCache';
import { PromiseCache } from '../../util/async';
import { Disposable } from '../../util/lifecycle';
import { HistoryPanel, type HistoryPanelDeps } from './historyPanel';
import { resolveHistoryTarget, type HistoryTarget } from './historyTarget';
import { VSCODE_DIALOGS, type HistoryDialogs } from './historyDialogs';
import type { ServiceOperations } from './serviceOperations';

export interface HistoryPanelsDeps {
  extensionUri: vscode.Uri;
  connection: ConnectionProvider;
  revisions: RevisionCache;
  /** Whether the window's connection serves a `wsa:` document (DocumentRegistry.windowOwns). */
  windowOwns?: (uri: vscode.Uri) => boolean;
  /**
   * The other connection than the window's that a command's argument is of (an explorer item under
   * its root, its `wsa:` document or revision), read through its own client and revisions; undefined
   * for the window's. Rejects, sending nothing, when that connection cannot be used now.
   */
  otherConnection?: (arg: unknown) => Promise<OtherHistoryConnection | undefined>;
  /** The other connections' clients were dropped (their entries, a key or the window changed). */
  onDidDropOthers?: vscode.Event<unknown>;
  log: vscode.LogOutputChannel;
  /** Saves that reached the service (DocumentSaver.onDidSave): the resource's open panel shows them. */
  onDidSave?: vscode.Event<{ snapshot: { revision?: { resourceId: string } } }>;
}

/** Another connection a history is read through: read-only here (publish and restore go through the window's). */
export interface OtherHistoryConnection {
  /** The entry's id: its revisions' URIs carry it. */
  readonly authority: string;
  readonly label: string;
  readonly workspaceId: string;
  readonly client: () => ServiceClient;
  readonly revisions: RevisionCache;
}

export interface HistoryPanelsOptions {
  /** Read at each question, so that the integration tests' API can answer in the user's place. */
  readonly dialogs: HistoryDialogs;
}

/** A panel read this recently is not read again when the window regains focus. */
const REFRESH_ON_FOCUS_AFTER_MS = 3_000;

export class HistoryPanels extends Disposable {
  private readonly panels = new Map<string, HistoryPanel>();
  private names: ResourceNames;
  private operations: ServiceOperations | undefined;
  /** `oper_` → `rept_` of dashboards: fixed for a dashboard, so asked once per connection. */
  private readonly dashboardResources = new PromiseCache<string, string>();
  private readonly _onDidOpenPanel = this._register(new vscode.EventEmitter<HistoryPanel>());
  readonly onDidOpenPanel = this._onDidOpenPanel.event;

  constructor(
    private readonly deps: HistoryPanelsDeps,
    private readonly options: HistoryPanelsOptions = { dialogs: VSCODE_DIALOGS },
  ) {
    super();
    this.names = this.newNames();
    if (deps.onDidSave) {
      this._register(deps.onDidSave((e) => (e.snapshot.revision ? this.get(e.snapshot.revision.resourceId)?.noteSaved() : undefined)));
    }
    // Back in the window: what other tools saved meanwhile shows in the visible panels (one list
    // request each, at most every few seconds).
    this._register(
      vscode.window.onDidChangeWindowState((s) => {
        if (s.focused) for (const panel of this.panels.values()) panel.refreshIfStale(REFRESH_ON_FOCUS_AFTER_MS);
      }),
    );
    this._register(
      deps.connection.onDidChangeConnection((connection) => {
        this.names = this.newNames();
        this.dashboardResources.clear();
        for (const [key, panel] of this.panels) {
          // Another connection's panel reads through its own, whatever the window's is.
          if (key.startsWith(ELSEWHERE)) continue;
          // Another service's or workspace's revisions mean nothing here (and its ids must not be sent
          // to the new one); the same service and workspace is read again.
          if (!connection || !key.startsWith(placeOf(connection))) panel.dispose();
          else void panel.refresh();
        }
      }),
    );
    if (deps.onDidDropOthers)
      this._register(
        deps.onDidDropOthers(() => {
          // Their client may be closed: open them again to read through the connection as it is now.
          for (const [key, panel] of this.panels) if (key.startsWith(ELSEWHERE)) panel.dispose();
        }),
      );
  }

  /** Opens (or reveals) the history of what `arg` names; see historyTarget.ts for the accepted shapes. */
  async show(arg?: unknown): Promise<HistoryPanel | undefined> {
    const other = await this.deps.otherConnection?.(arg);
    if (other) return this.showOther(arg, other);
    const connection = this.deps.connection.require();
    const target = await resolveHistoryTarget(arg, {
      dashboardResource: (id) => this.dashboardResource(connection.client, id),
      askForId: () => this.options.dialogs.askForId(),
      pickHistory: (id, kinds) => this.options.dialogs.pickHistory(id, kinds),
      ...(this.deps.windowOwns ? { windowOwns: this.deps.windowOwns } : {}),
    });
    if (!target) return undefined;
    return this.open(connection, target);
  }

  /** The history of a resource of another connection, read through it, in a panel of its own. */
  private async showOther(arg: unknown, other: OtherHistoryConnection): Promise<HistoryPanel | undefined> {
    const client = other.client();
    const target = await resolveHistoryTarget(arg, {
      // Not the window's cache of dashboard resources: two services may give one id to two dashboards.
      dashboardResource: (id) => client.getDashboardSource(id).then((s) => s.resourceId),
      askForId: () => this.options.dialogs.askForId(),
      pickHistory: (id, kinds) => this.options.dialogs.pickHistory(id, kinds),
    });
    if (!target) return undefined;
    const key = `${ELSEWHERE}${other.authority.toLowerCase()} ${other.workspaceId}/${target.resourceId}`;
    return this.openPanel(key, target, {
      extensionUri: this.deps.extensionUri,
      workspaceId: other.workspaceId,
      authority: other.authority,
      client: other.client,
      revisions: other.revisions,
      names: new ResourceNames(other.client),
      log: this.deps.log,
      // Publish and restore go through the window's connection: not offered here.
      operations: () => undefined,
    });
  }

  /** Publish and restore through the service (src/publish registers them after this feature). */
  useOperations(operations: ServiceOperations): void {
    this.operations = operations;
  }

  /** The open panel of a history resource (`rept_…` for a dashboard), if any. */
  get(resourceId: string): HistoryPanel | undefined {
    return [...this.panels.values()].find((p) => p.resourceId === resourceId);
  }

  all(): HistoryPanel[] {
    return [...this.panels.values()];
  }

  override dispose(): void {
    for (const panel of this.panels.values()) panel.dispose();
    this.panels.clear();
    super.dispose();
  }

  private dashboardResource(client: ServiceClient, dashboardId: string): Promise<string> {
    return this.dashboardResources.get(dashboardId, () => client.getDashboardSource(dashboardId).then((s) => s.resourceId));
  }

  /** Names are per connection: a new workspace may name things differently. */
  private newNames(): ResourceNames {
    return new ResourceNames(() => this.deps.connection.require().client);
  }

  private open(connection: Connection, target: HistoryTarget): HistoryPanel {
    return this.openPanel(`${placeOf(connection)}${target.resourceId}`, target, {
      extensionUri: this.deps.extensionUri,
      workspaceId: connection.workspaceId,
      client: () => this.deps.connection.require().client,
      revisions: this.deps.revisions,
      names: this.names,
      log: this.deps.log,
      operations: () => this.operations,
    });
  }

  private openPanel(key: string, target: HistoryTarget, deps: HistoryPanelDeps): HistoryPanel {
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = new HistoryPanel(target, deps, vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Active);
    this.panels.set(key, panel);
    // Shown again after another tab was in front: what other tools saved meanwhile appears.
    let visible = panel.panel.visible;
    const shown = panel.panel.onDidChangeViewState(({ webviewPanel }) => {
      if (webviewPanel.visible && !visible) panel.refreshIfStale(0);
      visible = webviewPanel.visible;
    });
    const closed = panel.host.onDidDispose(() => {
      closed.dispose();
      shown.dispose();
      if (this.panels.get(key) === panel) this.panels.delete(key);
    });
    this._onDidOpenPanel.fire(panel);
    return panel;
  }
}

/** The start of the key of a panel of another connection than the window's. */
const ELSEWHERE = 'elsewhere:';

/** The service and workspace a panel was opened on: its key's start. */
function placeOf({ baseUrl, workspaceId }: Connection): string {
  return `${originOf(baseUrl) ?? baseUrl} ${workspaceId}/`;
}
