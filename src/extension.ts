// Composition root. Builds every part of the extension and wires them together; nothing else
// creates long-lived objects. Returns a small API that the integration tests use.
import * as vscode from 'vscode';
import { registerCommand } from './commands/registerCommand';
import { Configuration } from './config';
import { ConnectionManager } from './connection/connectionManager';
import { RevisionFileSystem } from './fs/revisionFileSystem';
import { RevisionCache } from './model/revisionCache';

export interface WorkspaceAutomationApi {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionManager;
  readonly revisions: RevisionCache;
  /** Resolves when the connection has read its settings and key. */
  readonly ready: Promise<void>;
}

export function activate(context: vscode.ExtensionContext): WorkspaceAutomationApi {
  const log = vscode.window.createOutputChannel('Workspace Automation', { log: true });
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  own(log);
  own(registerCommand(log, 'workspaceAutomation.showLog', () => log.show()));

  const config = own(new Configuration());
  const connection = own(new ConnectionManager(context.secrets, config, log));
  const revisions = new RevisionCache(() => connection.require().client);
  own(connection.onDidChangeConnection(() => revisions.clear()));
  own(new RevisionFileSystem(connection, revisions));

  const ready = connection.initialize();
  return { log, config, connection, revisions, ready };
}

export function deactivate(): void {}
