// Composition root. Builds every part of the extension and wires them together; nothing else
// creates long-lived objects. Returns a small API for integration tests.
import * as vscode from 'vscode';

export interface WorkspaceAutomationApi {
  readonly log: vscode.LogOutputChannel;
}

export function activate(context: vscode.ExtensionContext): WorkspaceAutomationApi {
  const log = vscode.window.createOutputChannel('Workspace Automation', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(vscode.commands.registerCommand('workspaceAutomation.showLog', () => log.show()));
  void vscode.commands.executeCommand('setContext', 'workspaceAutomation.signedIn', false);
  return { log };
}

export function deactivate(): void {}
