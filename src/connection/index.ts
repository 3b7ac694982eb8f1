// The connection feature: the connection manager (settings and the key), the local emulator that
// Connect to Local Emulator starts, the sign-in flow, the status bar item and the commands (Sign In,
// Switch Workspace, Sign Out, the status bar's menu, the answers to what a folder asks). Nothing
// here makes a request: the client connects on first use.
import * as vscode from 'vscode';
import type { Configuration } from '../manifest/config';
import type { ConnectionOptions } from './connectionDialogs';
import { runCommandsAfter } from '../ui/registerCommand';
import { ownedBy } from '../util/lifecycle';
import { ConnectionCommands } from './connectionCommands';
import { ConnectionManager } from './connectionManager';
import { LocalEmulator } from './emulatorLauncher';
import { SignInFlow } from './signIn';
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
  /** The emulator that Connect to Local Emulator starts in this window. */
  readonly localEmulator: LocalEmulator;
  readonly signIn: SignInFlow;
  readonly statusBar: ConnectionStatusBar;
  readonly options: ConnectionOptions;
}

export function registerConnection(context: vscode.ExtensionContext, { log, config, options }: ConnectionDeps): ConnectionFeature {
  const own = ownedBy(context.subscriptions);
  const manager = own(new ConnectionManager(context.secrets, config, log, context.globalState));
  // It tells its listeners after an await: the features registered after this one, in the same
  // synchronous run of activate(), are all listening by then.
  const ready = manager.initialize();
  const emulatorScript = vscode.Uri.joinPath(context.extensionUri, 'dist', 'emulator.js').fsPath;
  const localEmulator = own(new LocalEmulator(emulatorScript, vscode.Uri.joinPath(context.globalStorageUri, 'emulator').fsPath, log));
  const statusBar = own(new ConnectionStatusBar(manager, ready));
  const signIn = new SignInFlow(manager, config, log, options);
  // Every command waits for the stored key a moment: none says "not signed in" to a user who is.
  runCommandsAfter(ready);
  own(new ConnectionCommands(manager, signIn, localEmulator, log));
  return { manager, ready, localEmulator, signIn, statusBar, options };
}
