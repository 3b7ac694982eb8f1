// Every command goes through this wrapper: errors become one clear notification with the actions
// that fix them (src/ui/reportError.ts), and the command never blocks on the notification.
import * as vscode from 'vscode';
import type { CommandId } from '../manifest/contributions';
import { reportError } from './reportError';

/**
 * A command's handler. VS Code passes whatever the caller gave (a tree node, a URI, a script's
 * argument, nothing): each handler declares what it accepts and checks it.
 */
// Handlers declare their own parameter types; `unknown[]` would not accept them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type CommandHandler = (...args: any[]) => unknown;

/** How long a command waits for the stored key to be read before it runs without a connection. */
const CONNECTION_WAIT_MS = 10_000;
let connectionRead: Promise<unknown> = Promise.resolve();

/**
 * Commands run once the connection is set up: activation waits for it only a moment, and a command
 * run in the first seconds of a busy machine must not say "not signed in" to a user who is.
 */
export function runCommandsAfter(ready: Promise<unknown>): void {
  connectionRead = ready.catch(() => undefined);
}

function connectionSetUp(): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([connectionRead, new Promise((resolve) => (timer = setTimeout(resolve, CONNECTION_WAIT_MS)))]).finally(() =>
    clearTimeout(timer),
  );
}

export function registerCommand(log: vscode.LogOutputChannel, id: CommandId, handler: CommandHandler): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      await connectionSetUp();
      return await handler(...args);
    } catch (error) {
      reportError(log, error);
      return undefined;
    }
  });
}

/** Registers every command of `handlers`; one disposable unregisters them all. */
export function registerCommands(log: vscode.LogOutputChannel, handlers: Partial<Record<CommandId, CommandHandler>>): vscode.Disposable {
  return vscode.Disposable.from(
    ...Object.entries(handlers).map(([id, handler]) => registerCommand(log, id as CommandId, handler as CommandHandler)),
  );
}

/**
 * Registers `ids` now and loads their handlers on the first run of any of them: a feature whose
 * code is a chunk of its own (esbuild.mjs: what `load` imports), which activation does not load.
 * A load that failed is tried again by the next run.
 */
export function registerLazyCommands<Id extends CommandId>(
  log: vscode.LogOutputChannel,
  ids: readonly Id[],
  load: () => Promise<Record<Id, CommandHandler>>,
): vscode.Disposable {
  let loading: Promise<Record<Id, CommandHandler>> | undefined;
  const handlers = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return vscode.Disposable.from(
    ...ids.map((id) => registerCommand(log, id, async (...args: unknown[]) => (await handlers())[id](...args))),
  );
}
