// Sign In, Switch Workspace, Sign Out, Connect to Local Emulator and the status bar's menu.
import * as vscode from 'vscode';
import type { ConnectionManager, SignInDetails } from '../connection/connectionManager';
import type { LocalEmulator } from '../connection/emulatorLauncher';
import type { SignInFlow, SignInOutcome } from '../connection/signIn';
import { COMMANDS, focusViewCommand, VIEWS, type CommandId } from '../manifest/contributions';
import { Disposable } from '../util/lifecycle';
import { registerCommand, type CommandHandler } from './registerCommand';

export interface ConnectEmulatorResult {
  url: string;
  workspaceId: string;
}

export class ConnectionCommands extends Disposable {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly flow: SignInFlow,
    private readonly emulator: LocalEmulator,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    const command = (id: CommandId, handler: CommandHandler) => this._register(registerCommand(log, id, handler));
    command(COMMANDS.signIn, (given?: Partial<SignInDetails>) => this.signIn(given));
    command(COMMANDS.switchWorkspace, (workspaceId?: string) => this.switchWorkspace(workspaceId));
    command(COMMANDS.signOut, () => this.signOut());
    command(COMMANDS.connectEmulator, () => this.connectEmulator());
    command(COMMANDS.showConnectionMenu, () => this.showMenu());
  }

  /** Sign In; an argument `{baseUrl, apiKey, workspaceId}` signs in without prompts. */
  async signIn(given?: Partial<SignInDetails>): Promise<SignInOutcome> {
    const scripted = typeof given === 'object' && given !== null;
    const outcome = await this.flow.signIn(scripted ? given : {});
    // Interactive failures were shown in the input box; a scripted one has only this message.
    if (!outcome.signedIn && scripted && outcome.message) void vscode.window.showErrorMessage(`Could not sign in: ${outcome.message}`);
    return outcome;
  }

  async switchWorkspace(workspaceId?: string): Promise<SignInOutcome> {
    const outcome = await this.flow.switchWorkspace(typeof workspaceId === 'string' ? workspaceId : undefined);
    if (!outcome.signedIn && typeof workspaceId === 'string' && outcome.message) {
      void vscode.window.showErrorMessage(`Could not switch workspace: ${outcome.message}`);
    }
    return outcome;
  }

  async signOut(): Promise<void> {
    await this.connection.signOut();
    if (this.emulator.running) await this.emulator.stop();
    this.log.info('[Connection] Signed out: the stored API key is forgotten.');
  }

  async connectEmulator(): Promise<ConnectEmulatorResult> {
    const endpoint = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Starting the local Workspace Automation emulator…' },
      () => this.emulator.start(),
    );
    await this.connection.signIn({ baseUrl: endpoint.url, apiKey: endpoint.apiKey, workspaceId: endpoint.workspaceId });
    void vscode.commands.executeCommand(focusViewCommand(VIEWS.explorer));
    return { url: endpoint.url, workspaceId: endpoint.workspaceId };
  }

  async showMenu(): Promise<void> {
    type Item = vscode.QuickPickItem & { command: string };
    const current = this.connection.current;
    const items: Item[] = current
      ? [
          { label: '$(arrow-swap) Switch Workspace', description: current.workspaceId, command: COMMANDS.switchWorkspace },
          { label: '$(sign-in) Sign In…', description: 'another service or API key', command: COMMANDS.signIn },
          {
            label: '$(beaker) Connect to Local Emulator',
            description: this.emulator.running ? 'running' : 'demo workspace',
            command: COMMANDS.connectEmulator,
          },
          { label: '$(sign-out) Sign Out', description: current.label, command: COMMANDS.signOut },
          { label: '$(output) Show Log', command: COMMANDS.showLog },
        ]
      : [
          { label: '$(sign-in) Sign In…', command: COMMANDS.signIn },
          { label: '$(beaker) Connect to Local Emulator', description: 'demo workspace', command: COMMANDS.connectEmulator },
          { label: '$(output) Show Log', command: COMMANDS.showLog },
        ];
    const picked = await vscode.window.showQuickPick(items, {
      title: 'Workspace Automation',
      placeHolder: current ? `${current.label} · ${current.workspaceId}` : 'Signed out',
    });
    if (picked) await vscode.commands.executeCommand(picked.command);
  }
}
