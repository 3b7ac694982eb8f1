// The status-bar item: which service (origin) and workspace the window talks to, whether the
// folder's settings chose it, and why no key is sent when the folder names a service the user has
// not signed in to or the URL is plain http; a click offers the connection commands.
import * as vscode from 'vscode';
import { COMMANDS } from '../manifest/contributions';
import { Disposable } from '../util/lifecycle';
import { codeSpan as md } from '../util/markdown';
import type { KeyedConnection } from './connectionProvider';
import type { ConnectionStatus } from './connectionManager';
import type { Event } from '../util/events';

export interface StatusSource {
  readonly current: KeyedConnection | undefined;
  readonly status: ConnectionStatus | undefined;
  readonly onDidChangeConnection: Event<KeyedConnection | undefined>;
  readonly onDidChangeStatus: Event<ConnectionStatus>;
}

const FOLDER_FILE = 'this folder’s settings (.vscode/settings.json)';

export class ConnectionStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;
  private shown = false;

  /** Shown once `whenReady` settles (the key is read): never a "Signed out" flash before that. */
  constructor(
    private readonly connection: StatusSource,
    whenReady: Promise<unknown>,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem('workspaceAutomation.connection', vscode.StatusBarAlignment.Left, 10));
    this.item.name = 'Workspace Automation Connection';
    this.item.command = COMMANDS.showConnectionMenu;
    this._register(connection.onDidChangeConnection(() => this.shown && this.render()));
    this._register(connection.onDidChangeStatus(() => this.shown && this.render()));
    void whenReady.then(
      () => this.show(),
      () => this.show(),
    );
  }

  private show(): void {
    if (this.isDisposed) return;
    this.shown = true;
    this.render();
    this.item.show();
  }

  private render(): void {
    const tooltip = (text: string) => {
      const t = new vscode.MarkdownString(text);
      t.supportThemeIcons = true;
      return t;
    };
    const status = this.connection.status;
    const connection = this.connection.current;
    const ignored = status && 'ignoredFolder' in status ? Object.entries(status.ignoredFolder) : [];
    const ignoredNote = ignored.length
      ? `\n\n$(warning) ${FOLDER_FILE} ask for ${ignored.map(([k, v]) => `${md(k)} = ${md(v || '(empty)')}`).join(', ')}; yours are used until you accept them (Use This Folder’s Header Settings).`
      : '';
    if (connection) {
      const folderUrl = connection.fromFolder.includes('baseUrl');
      this.item.text = `$(cloud) ${connection.label} · ${connection.workspaceId}${folderUrl || ignored.length ? ' $(warning)' : ''}`;
      // Origins and the workspace may come from a folder's settings: in code spans, never as Markdown.
      const key = connection.keyFrom === 'env' ? 'from WORKSPACE_AUTOMATION_API_KEY' : `stored for ${md(connection.origin)}`;
      const where = folderUrl
        ? `Service: ${md(connection.origin)} — from ${FOLDER_FILE}, which override yours${status && 'userOrigin' in status && status.userOrigin ? ` (${md(status.userOrigin)})` : ''}`
        : `Service: ${md(connection.origin)}`;
      const carriers = connection.fromFolder.filter((s) => s !== 'baseUrl');
      this.item.tooltip = tooltip(
        `**Workspace Automation**\n\n${where}  \nWorkspace: ${md(connection.workspaceId)}  \nAPI key: ${key}` +
          (carriers.length ? `  \nHeader settings from ${FOLDER_FILE} (you accepted them): ${carriers.join(', ')}` : '') +
          ignoredNote +
          '\n\nClick to switch workspace, sign out or show the log.',
      );
      return;
    }
    if (status?.kind === 'noKey' && status.fromFolder.includes('baseUrl')) {
      this.item.text = `$(warning) Workspace Automation: folder asks for ${status.origin}`;
      this.item.tooltip = tooltip(
        `**Workspace Automation** — ${FOLDER_FILE} name the service ${md(status.origin)}` +
          `${status.userOrigin ? `, overriding yours (${md(status.userOrigin)})` : ''}. ` +
          `You have not signed in to it, so no API key is sent there.\n\n` +
          `Click to Sign In to ${md(status.origin)}${status.userHasKey ? ` or Use My Key for ${md(status.origin)}` : ''}.` +
          ignoredNote,
      );
      return;
    }
    if (status?.kind === 'plainHttp') {
      this.item.text = `$(warning) Workspace Automation: ${status.origin} is plain http`;
      this.item.tooltip = tooltip(
        `**Workspace Automation** — ${md(status.origin)} is plain http to another machine: requests would send your API key unencrypted, so none is sent.\n\n` +
          'Use https://, or click to allow plain http for this origin.',
      );
      return;
    }
    if (status?.kind === 'invalidUrl') {
      this.item.text = '$(warning) Workspace Automation: invalid base URL';
      this.item.tooltip = tooltip(
        `**Workspace Automation** — the base URL${status.fromFolder ? ` from ${FOLDER_FILE}` : ''} is not an http(s) URL, so no key is sent.`,
      );
      return;
    }
    this.item.text = '$(circle-slash) Workspace Automation: Signed out';
    this.item.tooltip = tooltip('**Workspace Automation** — signed out\n\nClick to sign in or connect to the local emulator.');
  }
}
