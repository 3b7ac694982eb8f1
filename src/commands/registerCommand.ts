// Every command goes through this wrapper: errors become one clear notification with the actions
// that fix them (src/ui/reportError.ts), and the command never blocks on the notification.
import * as vscode from 'vscode';
import type { CommandId } from '../manifest/contributions';
import { reportError } from '../ui/reportError';

/**
 * A command's handler. VS Code passes whatever the caller gave (a tree node, a URI, a script's
 * argument, nothing): each handler declares what it accepts and checks it.
 */
// Handlers declare their own parameter types; `unknown[]` would not accept them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type CommandHandler = (...args: any[]) => unknown;

export function registerCommand(log: vscode.LogOutputChannel, id: CommandId, handler: CommandHandler): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      reportError(log, error);
      return undefined;
    }
  });
}
