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

const FOLDER_FILE = vscode.l10n.t('this folder’s settings (.vscode/settings.json)');

export class ConnectionStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;
  private shown = false;
  /** The protected connection the active editor writes to (the production guard says), if any. */
  private protectedLabel: string | undefined;
  private editor: { label: string; host: string; workspaceId: string } | undefined;

  /** Shown once `whenReady` settles (the key is read): never a "Signed out" flash before that. */
  constructor(
    private readonly connection: StatusSource,
    whenReady: Promise<unknown>,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem('workspaceAutomation.connection', vscode.StatusBarAlignment.Left, 10));
    this.item.name = vscode.l10n.t('Workspace Automation Connection');
    this.item.command = COMMANDS.showConnectionMenu;
    this._register(connection.onDidChangeConnection(() => this.shown && this.render()));
    this._register(connection.onDidChangeStatus(() => this.shown && this.render()));
    void whenReady.then(
      () => this.show(),
      () => this.show(),
    );
  }

  /** The connection of the active editor's file when it is another than the window's (ProtectedMarks says). */
  showEditorConnection(editor: { label: string; host: string; workspaceId: string } | undefined): void {
    this.editor = editor;
    if (this.shown) this.render();
  }

  /** Coloured as an error while the active editor holds a file of a protected connection, and only then. */
  markProtected(label: string | undefined): void {
    this.protectedLabel = label;
    this.item.backgroundColor = label === undefined ? undefined : new vscode.ThemeColor('statusBarItem.errorBackground');
    if (this.shown) this.render();
  }

  private show(): void {
    if (this.isDisposed) return;
    this.shown = true;
    this.render();
    this.item.show();
  }

  /** The tooltip's end: the protected connection the active editor writes to, and what a click does. */
  private closingNote(): string {
    const guarded =
      this.protectedLabel === undefined
        ? ''
        : vscode.l10n.t('\n\n$(shield) «{0}» is a protected connection: every write asks first, auto saves are held.', this.protectedLabel);
    return guarded + vscode.l10n.t('\n\nClick to switch workspace, sign out or show the log.');
  }

  private render(): void {
    const tooltip = (text: string) => {
      const t = new vscode.MarkdownString(text);
      t.supportThemeIcons = true;
      return t;
    };
    const status = this.connection.status;
    const connection = this.connection.current;
    if (this.editor) {
      // The active file is read and saved through another connection than the window's: that one is shown.
      const { label, host, workspaceId } = this.editor;
      this.item.text = `$(cloud) ${label} · ${workspaceId}`;
      this.item.tooltip = tooltip(
        vscode.l10n.t(
          '**Workspace Automation**\n\nThis file is of «{0}»: service {1}, workspace {2}. It is read and saved through that connection.',
          label,
          md(host),
          md(workspaceId),
        ) +
          vscode.l10n.t(
            '  \nThe window’s connection, for commands without a file: {0}.',
            connection ? md(connection.label) : vscode.l10n.t('none'),
          ) +
          this.closingNote(),
      );
      return;
    }
    const ignored = status && 'ignoredFolder' in status ? Object.entries(status.ignoredFolder) : [];
    const ignoredNote = ignored.length
      ? vscode.l10n.t(
          '\n\n$(warning) {0} ask for {1}; yours are used until you accept them (Use the Folder’s Header Settings…).',
          FOLDER_FILE,
          ignored.map(([k, v]) => `${md(k)} = ${md(v || vscode.l10n.t('(empty)'))}`).join(', '),
        )
      : '';
    if (connection) {
      const folderUrl = connection.fromFolder.includes('baseUrl');
      this.item.text = `$(cloud) ${connection.label} · ${connection.workspaceId}${folderUrl || ignored.length ? ' $(warning)' : ''}`;
      // Origins and the workspace may come from a folder's settings: in code spans, never as Markdown.
      const key =
        connection.keyFrom === 'env'
          ? vscode.l10n.t('from {0}', 'WORKSPACE_AUTOMATION_API_KEY')
          : vscode.l10n.t('stored for {0}', md(connection.origin));
      const where = folderUrl
        ? vscode.l10n.t(
            'Service: {0} — from {1}, which override yours{2}',
            md(connection.origin),
            FOLDER_FILE,
            status && 'userOrigin' in status && status.userOrigin ? ` (${md(status.userOrigin)})` : '',
          )
        : vscode.l10n.t('Service: {0}', md(connection.origin));
      const carriers = connection.fromFolder.filter((s) => s !== 'baseUrl');
      this.item.tooltip = tooltip(
        vscode.l10n.t('**Workspace Automation**\n\n{0}  \nWorkspace: {1}  \nAPI key: {2}', where, md(connection.workspaceId), key) +
          (carriers.length
            ? vscode.l10n.t('  \nHeader settings from {0} (you accepted them): {1}', FOLDER_FILE, carriers.join(', '))
            : '') +
          ignoredNote +
          this.closingNote(),
      );
      return;
    }
    if (status?.kind === 'noKey' && status.fromFolder.includes('baseUrl')) {
      this.item.text = vscode.l10n.t('$(warning) Workspace Automation: folder asks for {0}', status.origin);
      this.item.tooltip = tooltip(
        vscode.l10n.t('**Workspace Automation** — {0} name the service {1}', FOLDER_FILE, md(status.origin)) +
          vscode.l10n.t('{0}. ', status.userOrigin ? vscode.l10n.t(', overriding yours ({0})', md(status.userOrigin)) : '') +
          vscode.l10n.t('You have not signed in to it, so no API key is sent there.\n\n') +
          vscode.l10n.t(
            'Click to Sign In to {0}{1}.',
            md(status.origin),
            status.userHasKey ? vscode.l10n.t(' or Use My Key for {0}', md(status.origin)) : '',
          ) +
          ignoredNote,
      );
      return;
    }
    if (status?.kind === 'plainHttp') {
      this.item.text = vscode.l10n.t('$(warning) Workspace Automation: {0} is plain http', status.origin);
      this.item.tooltip = tooltip(
        vscode.l10n.t(
          '**Workspace Automation** — {0} is plain http to another machine: requests would send your API key unencrypted, so none is sent.\n\n',
          md(status.origin),
        ) + vscode.l10n.t('Use https://, or click to allow plain http for this origin.'),
      );
      return;
    }
    if (status?.kind === 'invalidCarrier') {
      this.item.text = vscode.l10n.t('$(warning) Workspace Automation: invalid {0}', status.setting);
      this.item.tooltip = tooltip(
        vscode.l10n.t(
          '**Workspace Automation** — the {0} setting cannot be used: {1}. No key is sent until it is changed.',
          status.setting,
          md(status.problem),
        ),
      );
      return;
    }
    if (status?.kind === 'invalidUrl') {
      this.item.text = vscode.l10n.t('$(warning) Workspace Automation: invalid base URL');
      this.item.tooltip = tooltip(
        vscode.l10n.t(
          '**Workspace Automation** — the base URL{0} is not an http(s) URL, so no key is sent.',
          status.fromFolder ? ` from ${FOLDER_FILE}` : '',
        ),
      );
      return;
    }
    this.item.text = vscode.l10n.t('$(circle-slash) Workspace Automation: Signed out');
    this.item.tooltip = tooltip(
      vscode.l10n.t('**Workspace Automation** — signed out\n\nClick to sign in or connect to the local emulator.'),
    );
  }
}
