// Sign In, Switch Workspace, Sign Out, Connect to Local Emulator, the status bar's menu, and the
// answers to what a folder's settings ask for (Sign In to its service, Use My Key for it, Use Its
// Header Settings) and to a plain-http URL. Each of those asks a modal question first.
import * as vscode from 'vscode';
import { notificationText } from '../util/notify';
import type { ConnectionManager, SignInDetails } from './connectionManager';
import type { LocalEmulator } from './emulatorLauncher';
import type { SignInFlow, SignInOutcome } from './signIn';
import { COMMANDS, focusViewCommand, VIEWS } from '../manifest/contributions';
import type { CommandHandler } from '../ui/registerCommand';
import type { ConnectionCommandId } from './connectionCommandIds';

export interface ConnectEmulatorResult {
  url: string;
  workspaceId: string;
}

export class ConnectionCommands {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly flow: SignInFlow,
    private readonly emulator: LocalEmulator,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  handlers(): Record<ConnectionCommandId, CommandHandler> {
    return {
      [COMMANDS.signIn]: (given?: Partial<SignInDetails>) => this.signIn(given),
      [COMMANDS.switchWorkspace]: (workspaceId?: string) => this.switchWorkspace(workspaceId),
      [COMMANDS.signOut]: () => this.signOut(),
      [COMMANDS.connectEmulator]: () => this.connectEmulator(),
      [COMMANDS.showConnectionMenu]: () => this.showMenu(),
      [COMMANDS.signInToFolderService]: (given?: Partial<SignInDetails>) => this.signInToFolderService(given),
      [COMMANDS.useMyKeyForFolderService]: () => this.useMyKeyForFolderService(),
      [COMMANDS.acceptFolderHeaders]: () => this.acceptFolderHeaders(),
      [COMMANDS.allowPlainHttp]: () => this.allowPlainHttp(),
    };
  }

  private get dialogs() {
    return this.flow.options.dialogs;
  }

  /** Sign In for the service the folder's settings name; `{apiKey, workspaceId}` signs in without prompts. */
  async signInToFolderService(given?: Partial<SignInDetails>): Promise<SignInOutcome> {
    const scripted = typeof given === 'object' && given !== null;
    const outcome = await this.flow.signIn(scripted ? given : {}, { forFolder: true });
    if (!outcome.signedIn && outcome.message && (scripted || !outcome.step))
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Could not sign in: {0}', outcome.message)));
    return outcome;
  }

  /** The folder names a service without a key: after a modal yes, the user's own key is stored for it too. */
  async useMyKeyForFolderService(): Promise<boolean> {
    const status = this.connection.status;
    if (status?.kind !== 'noKey' || !status.userOrigin || !status.userHasKey) {
      void vscode.window.showInformationMessage(
        notificationText(
          status?.kind === 'noKey' && status.fromFolder.includes('baseUrl')
            ? vscode.l10n.t('You have no key of your own to send to {0}: sign in to it instead.', status.origin)
            : vscode.l10n.t('This folder’s settings name no service that needs your key.'),
        ),
      );
      return false;
    }
    const use = vscode.l10n.t('Use My Key for {0}', status.origin);
    const answer = await this.dialogs.confirm(
      vscode.l10n.t('Send your API key for {0} to {1}?', status.userOrigin, status.origin),
      vscode.l10n.t(
        'This folder’s settings (.vscode/settings.json) send requests to {0}. Your key for {1} will be stored for {2} as well and sent there from now on. Do this only if you trust {3} with that key; Sign Out while connected to it forgets it there.',
        status.origin,
        status.userOrigin,
        status.origin,
        status.origin,
      ),
      [use],
    );
    if (answer !== use) return false;
    await this.connection.copyKey(status.userOrigin, status.origin);
    return true;
  }

  /** The folder asks for other header settings: after a modal yes, they are used for this folder and origin. */
  async acceptFolderHeaders(): Promise<boolean> {
    const status = this.connection.status;
    const asked = status && 'ignoredFolder' in status ? Object.entries(status.ignoredFolder) : [];
    if (!status || !('origin' in status) || asked.length === 0) {
      void vscode.window.showInformationMessage(
        notificationText(vscode.l10n.t('This folder’s settings ask for no other header settings.')),
      );
      return false;
    }
    const accept = vscode.l10n.t('Use the Folder’s Header Settings');
    const answer = await this.dialogs.confirm(
      vscode.l10n.t('Send your API key for {0} the way this folder’s settings say?', status.origin),
      vscode.l10n.t('This folder’s settings (.vscode/settings.json) set {0}. ', asked.map(([k, v]) => `${k} = “${v}”`).join(', ')) +
        vscode.l10n.t(
          'They decide which header carries your key and workspace. Your own settings are used until you accept these, for this folder and {0} only.',
          status.origin,
        ),
      [accept],
    );
    if (answer !== accept) return false;
    await this.connection.acceptFolderCarriers();
    return true;
  }

  /** The URL in the settings is plain http to another machine: after a modal yes, the key is sent there. */
  async allowPlainHttp(): Promise<boolean> {
    const status = this.connection.status;
    if (status?.kind !== 'plainHttp') {
      void vscode.window.showInformationMessage(
        notificationText(
          status && 'origin' in status
            ? vscode.l10n.t('Nothing to allow: {0} is not plain http to another machine.', status.origin)
            : vscode.l10n.t('Nothing to allow: no service is set (workspaceAutomation.baseUrl).'),
        ),
      );
      return false;
    }
    const allow = vscode.l10n.t('Send My Key Unencrypted to {0}', status.origin);
    const answer = await this.dialogs.confirm(
      vscode.l10n.t('{0} is plain http: it sends your API key unencrypted.', status.origin),
      vscode.l10n.t(
        'Anyone on the network between this machine and {0} can read the key and act as you. Use https:// if the service offers it.',
        new URL(status.origin).host,
      ),
      [allow],
    );
    if (answer !== allow) return false;
    await this.connection.allowPlainHttp(status.origin);
    return true;
  }

  /** Sign In; an argument `{baseUrl, apiKey, workspaceId}` signs in without prompts. */
  async signIn(given?: Partial<SignInDetails>): Promise<SignInOutcome> {
    const scripted = typeof given === 'object' && given !== null;
    const outcome = await this.flow.signIn(scripted ? given : {});
    // Interactive failures were shown in the input box; a scripted one has only this message.
    if (!outcome.signedIn && scripted && outcome.message)
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Could not sign in: {0}', outcome.message)));
    return outcome;
  }

  async switchWorkspace(workspaceId?: string): Promise<SignInOutcome> {
    const outcome = await this.flow.switchWorkspace(typeof workspaceId === 'string' ? workspaceId : undefined);
    if (!outcome.signedIn && typeof workspaceId === 'string' && outcome.message) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Could not switch workspace: {0}', outcome.message)));
    }
    return outcome;
  }

  /** Forgets the key of the origin requests go to now (keys of other services stay) and says which. */
  async signOut(): Promise<void> {
    const origin = await this.connection.signOut();
    if (this.emulator.running) await this.emulator.stop();
    const what = origin ? vscode.l10n.t('Signed out of {0}: its stored API key is forgotten', origin) : vscode.l10n.t('Signed out');
    this.log.info(`[Connection] ${what}; the environment key is ignored until the next sign-in.`);
    void vscode.window.showInformationMessage(notificationText(`${what}.`));
  }

  async connectEmulator(): Promise<ConnectEmulatorResult> {
    const endpoint = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local Workspace Automation emulator…') },
      () => this.emulator.start(),
    );
    await this.connection.signIn({ baseUrl: endpoint.url, apiKey: endpoint.apiKey, workspaceId: endpoint.workspaceId });
    void vscode.commands.executeCommand(focusViewCommand(VIEWS.explorer));
    return { url: endpoint.url, workspaceId: endpoint.workspaceId };
  }

  async showMenu(): Promise<void> {
    type Item = vscode.QuickPickItem & { command: string };
    const current = this.connection.current;
    const status = this.connection.status;
    const asks: Item[] = [];
    if (status?.kind === 'noKey' && status.fromFolder.includes('baseUrl')) {
      asks.push({
        label: vscode.l10n.t('$(sign-in) Sign In to {0}', status.origin),
        description: vscode.l10n.t('the service this folder’s settings name'),
        command: COMMANDS.signInToFolderService,
      });
      if (status.userHasKey)
        asks.push({
          label: vscode.l10n.t('$(key) Use My Key for {0}', status.origin),
          description: vscode.l10n.t('your key for {0}', String(status.userOrigin)),
          command: COMMANDS.useMyKeyForFolderService,
        });
    }
    if (status?.kind === 'plainHttp')
      asks.push({
        label: vscode.l10n.t('$(unlock) Allow Plain HTTP to {0}…', status.origin),
        description: vscode.l10n.t('sends your key unencrypted'),
        command: COMMANDS.allowPlainHttp,
      });
    if (status && 'ignoredFolder' in status && Object.keys(status.ignoredFolder).length) {
      asks.push({
        label: vscode.l10n.t('$(settings) Use the Folder’s Header Settings…'),
        description: Object.keys(status.ignoredFolder).join(', '),
        command: COMMANDS.acceptFolderHeaders,
      });
    }
    const items: Item[] = current
      ? [
          { label: vscode.l10n.t('$(arrow-swap) Switch Workspace…'), description: current.workspaceId, command: COMMANDS.switchWorkspace },
          {
            label: vscode.l10n.t('$(sign-in) Sign In…'),
            description: vscode.l10n.t('another service or API key'),
            command: COMMANDS.signIn,
          },
          {
            label: vscode.l10n.t('$(beaker) Connect to Local Emulator'),
            description: this.emulator.running ? 'running' : vscode.l10n.t('demo workspace'),
            command: COMMANDS.connectEmulator,
          },
          { label: vscode.l10n.t('$(sign-out) Sign Out'), description: current.label, command: COMMANDS.signOut },
          { label: vscode.l10n.t('$(output) Show Log'), command: COMMANDS.showLog },
        ]
      : [
          { label: vscode.l10n.t('$(sign-in) Sign In…'), command: COMMANDS.signIn },
          {
            label: vscode.l10n.t('$(beaker) Connect to Local Emulator'),
            description: vscode.l10n.t('demo workspace'),
            command: COMMANDS.connectEmulator,
          },
          { label: vscode.l10n.t('$(output) Show Log'), command: COMMANDS.showLog },
        ];
    const picked = await vscode.window.showQuickPick([...asks, ...items], {
      title: vscode.l10n.t('Workspace Automation'),
      placeHolder: current
        ? `${current.origin} · ${current.workspaceId}`
        : status && 'origin' in status
          ? vscode.l10n.t('No key sent to {0}', status.origin)
          : vscode.l10n.t('Signed out'),
    });
    if (picked) await vscode.commands.executeCommand(picked.command);
  }
}
