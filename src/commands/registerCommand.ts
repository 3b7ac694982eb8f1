// Every command goes through this wrapper: errors become one clear notification with the actions
// that fix them (never a stack trace), and the command never blocks on the notification.
import * as vscode from 'vscode';
import { describeError, type AdviceAction } from '../ui/describeError';

const ACTIONS: Record<AdviceAction, { title: string; command: string }> = {
  signIn: { title: 'Sign In', command: 'workspaceAutomation.signIn' },
  connectEmulator: { title: 'Connect to Local Emulator', command: 'workspaceAutomation.connectEmulator' },
  switchWorkspace: { title: 'Switch Workspace', command: 'workspaceAutomation.switchWorkspace' },
  showLog: { title: 'Show Log', command: 'workspaceAutomation.showLog' },
};

/** Shows `error` as one notification; `what` is the failure's subject ("Could not open “Sales”"). */
export function reportError(log: vscode.LogOutputChannel, error: unknown, what?: string): void {
  const advice = describeError(error, what);
  log.error(advice.message);
  if (error instanceof Error && error.stack && !(error.name === 'ApiError')) log.debug(error.stack);
  const buttons = advice.actions.map((a) => ACTIONS[a].title);
  void vscode.window.showErrorMessage(advice.message, ...buttons).then((picked) => {
    const action = advice.actions.find((a) => ACTIONS[a].title === picked);
    if (action) void vscode.commands.executeCommand(ACTIONS[action].command);
  });
}

export function registerCommand(
  log: vscode.LogOutputChannel,
  id: string,
  handler: (...args: any[]) => unknown,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      reportError(log, error);
      return undefined;
    }
  });
}
