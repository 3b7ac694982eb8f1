// The status-bar item: which service and workspace the window talks to; a click offers the
// connection commands.
import * as vscode from 'vscode';
import { COMMANDS } from '../manifest/contributions';
import { Disposable } from '../util/lifecycle';
import type { Connection, ConnectionProvider } from './connectionProvider';

export class ConnectionStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;

  /** Shown once `whenReady` settles (the key is read): never a "Signed out" flash before that. */
  constructor(connection: ConnectionProvider, whenReady: Promise<unknown>) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem('workspaceAutomation.connection', vscode.StatusBarAlignment.Left, 10));
    this.item.name = 'Workspace Automation Connection';
    this.item.command = COMMANDS.showConnectionMenu;
    this._register(connection.onDidChangeConnection((c) => this.render(c)));
    void whenReady.then(
      () => this.show(connection),
      () => this.show(connection),
    );
  }

  private show(connection: ConnectionProvider): void {
    if (this.isDisposed) return;
    this.render(connection.current);
    this.item.show();
  }

  private render(connection: Connection | undefined): void {
    if (!connection) {
      this.item.text = '$(circle-slash) Workspace Automation: Signed out';
      this.item.tooltip = new vscode.MarkdownString(
        '**Workspace Automation** — signed out\n\nClick to sign in or connect to the local emulator.',
      );
      return;
    }
    this.item.text = `$(cloud) ${connection.label} · ${connection.workspaceId}`;
    const tooltip = new vscode.MarkdownString(
      `**Workspace Automation**\n\nService: ${connection.baseUrl}  \nWorkspace: \`${connection.workspaceId}\`\n\nClick to switch workspace, sign out or show the log.`,
    );
    tooltip.supportThemeIcons = true;
    this.item.tooltip = tooltip;
  }
}
