// The connection feature: the connection manager (settings and the key), the local emulator that
// Connect to Local Emulator starts, the sign-in flow, the status bar item and the commands (Sign In,
// Switch Workspace, Sign Out, the status bar's menu, the answers to what a folder asks). Nothing
// here makes a request: the client connects on first use.
import * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConnectionOptions } from './connectionDialogs';
import { registerLazyCommands, runCommandsAfter } from '../ui/registerCommand';
import { ownedBy } from '../util/lifecycle';
import { CONNECTION_COMMANDS } from './connectionCommandIds';
import { ConnectionManager } from './connectionManager';
import type { LocalEmulator, LocalEmulatorEndpoint } from './emulatorLauncher';
import { ConnectionStatusBar } from './statusBar';

export interface ConnectionDeps {
  log: vscode.LogOutputChannel;
  config: Configuration;
  /** The modal questions (plain http, a folder's service or headers); tests answer them. */
  options: ConnectionOptions;
}

export interface ConnectionFeature {
  readonly manager: ConnectionManager;
  /** Resolves when the connection has read its settings and key (local, no network). */
  readonly ready: Promise<void>;
  /** The emulator that Connect to Local Emulator starts in this window (made with the commands, on first use). */
  readonly localEmulator: { readonly running: LocalEmulatorEndpoint | undefined };
  readonly statusBar: ConnectionStatusBar;
  readonly options: ConnectionOptions;
}

export function registerConnection(context: vscode.ExtensionContext, { log, config, options }: ConnectionDeps): ConnectionFeature {
  const own = ownedBy(context.subscriptions);
  const manager = own(new ConnectionManager(context.secrets, config, log, context.globalState));
  // It tells its listeners after an await: the features registered after this one, in the same
  // synchronous run of activate(), are all listening by then.
  const ready = manager.initialize();
  let emulator: LocalEmulator | undefined;
  const statusBar = own(new ConnectionStatusBar(manager, ready));
  // Every command waits for the stored key a moment: none says "not signed in" to a user who is.
  runCommandsAfter(ready);
  // The sign-in flow and the commands' dialogs load with the first of them.
  own(
    registerLazyCommands(log, CONNECTION_COMMANDS, async () => {
      const [{ ConnectionCommands }, { SignInFlow }, { LocalEmulator }] = await Promise.all([
        import('./connectionCommands'),
        import('./signIn'),
        import('./emulatorLauncher'),
      ]);
      const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'emulator.js').fsPath;
      emulator = own(new LocalEmulator(script, vscode.Uri.joinPath(context.globalStorageUri, 'emulator').fsPath, log));
      return new ConnectionCommands(manager, new SignInFlow(manager, config, log, options), emulator, log).handlers();
    }),
  );
  const localEmulator = {
    get running() {
      return emulator?.running;
    },
  };
  return { manager, ready, localEmulator, statusBar, options };
}
