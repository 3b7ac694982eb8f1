// The revision history's open panels, one per resource (a second request for the same resource
// reveals its panel); the Show Revision History command calls `show`. Panels of a workspace close
// when the connection moves to another workspace or signs out.
import * as vscode from 'vscode';
import type { ServiceClient } from '../../api';
import type { Connection, ConnectionProvider } from '../../connection/api';
import { ResourceNames } from '../model/resourceNames';
import type { RevisionCache } from '../../documents/model/revisionCache';
import { PromiseCache } from '../../util/async';
import { Disposable } from '../../util/lifecycle';
import { HistoryPanel } from './historyPanel';
import { resolveHistoryTarget, type HistoryTarget } from './historyTarget';
import { VSCODE_DIALOGS, type HistoryDialogs } from './historyDialogs';
import type { ServiceOperations } from './serviceOperations';

export interface HistoryPanelsDeps {
  extensionUri: vscode.Uri;
  connection: ConnectionProvider;
  revisions: RevisionCache;
  /** Whether the window's connection serves a `wsa:` document (DocumentRegistry.windowOwns). */
  windowOwns?: (uri: vscode.Uri) => boolean;
  log: vscode.LogOutputChannel;
  /** Saves that reached the service (DocumentSaver.onDidSave): the resource's open panel shows them. */
  onDidSave?: vscode.Event<{ snapshot: { revision?: { resourceId: string } } }>;
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
          // Another service's or workspace's revisions mean nothing here (and its ids must not be sent
          // to the new one); the same service and workspace is read again.
          if (!connection || !key.startsWith(placeOf(connection))) panel.dispose();
          else void panel.refresh();
        }
      }),
    );
  }

  /** Opens (or reveals) the history of what `arg` names; see historyTarget.ts for the accepted shapes. */
  async show(arg?: unknown): Promise<HistoryPanel | undefined> {
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
    const { workspaceId } = connection;
    const key = `${placeOf(connection)}${target.resourceId}`;
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = new HistoryPanel(
      target,
      {
        extensionUri: this.deps.extensionUri,
        workspaceId,
        client: () => this.deps.connection.require().client,
        revisions: this.deps.revisions,
        names: this.names,
        log: this.deps.log,
        operations: () => this.operations,
      },
      vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Active,
    );
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

/** The service and workspace a panel was opened on: its key's start. */
function placeOf({ baseUrl, workspaceId }: Connection): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // A connection's URL was checked when it was made; kept as it is otherwise.
  }
  return `${origin} ${workspaceId}/`;
}
