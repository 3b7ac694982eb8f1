// An error the user should see, as one notification with the actions that fix it (never a stack
// trace); nothing waits on the notification. The command wrapper (src/ui/registerCommand.ts)
// and the views that fail outside a command use it.
import * as vscode from 'vscode';
import { notificationText } from '../util/notify';
import { COMMANDS } from '../manifest/contributions';
import { describeError, type AdviceAction } from './describeError';
import { MANAGE_TRUST_COMMAND } from './restrictedMode';

const ACTIONS: Record<AdviceAction, { title: string; command: string }> = {
  signIn: { title: vscode.l10n.t('Sign In'), command: COMMANDS.signIn },
  connectEmulator: { title: vscode.l10n.t('Connect to Local Emulator'), command: COMMANDS.connectEmulator },
  switchWorkspace: { title: vscode.l10n.t('Switch Workspace'), command: COMMANDS.switchWorkspace },
  showLog: { title: vscode.l10n.t('Show Log'), command: COMMANDS.showLog },
  manageTrust: { title: vscode.l10n.t('Manage Workspace Trust'), command: MANAGE_TRUST_COMMAND },
};

/** Shows `error` as one notification; `what` is the failure's subject ("Could not open “Sales”"). */
export function reportError(log: vscode.LogOutputChannel, error: unknown, what?: string): void {
  const advice = describeError(error, what);
  log.error(advice.message);
  if (error instanceof Error && error.stack && !(error.name === 'ApiError')) log.debug(error.stack);
  const buttons = advice.actions.map((a) => ACTIONS[a].title);
  void vscode.window.showErrorMessage(notificationText(advice.message), ...buttons).then((picked) => {
    const action = advice.actions.find((a) => ACTIONS[a].title === picked);
    if (action) void vscode.commands.executeCommand(ACTIONS[action].command);
  });
}
