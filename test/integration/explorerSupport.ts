// Shared by the connection and explorer suites: reading the tree as VS Code does, waiting on the
// extension's events, and putting the harness's connection back after a test changed it (other
// suites run in the same extension host after these).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Connection } from '../../src/connection/connectionProvider';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { isResourceNode, type ExplorerNode, type GroupId, type ResourceNode } from '../../src/explorer/model/nodes';
import type { EmulatorInfo } from './helpers';

/** Resolves when `predicate` holds for the current connection, waiting on its change events. */
export function untilConnection(
  api: WorkspaceAutomationApi,
  predicate: (c: Connection | undefined) => boolean,
  timeoutMs = 10_000,
): Promise<Connection | undefined> {
  if (predicate(api.connection.current)) return Promise.resolve(api.connection.current);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(
        new Error(
          `the connection did not reach the expected state within ${timeoutMs} ms (now ${api.connection.current?.baseUrl ?? 'signed out'})`,
        ),
      );
    }, timeoutMs);
    const listener = api.connection.onDidChangeConnection((c) => {
      if (!predicate(c)) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(c);
    });
  });
}

/** Back to what the harness set up: its URL and workspace in user settings, the key from the environment. */
export async function restoreHarnessConnection(api: WorkspaceAutomationApi, emulator: EmulatorInfo): Promise<void> {
  const config = vscode.workspace.getConfiguration('workspaceAutomation');
  await config.update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
  await config.update('workspaceId', emulator.workspaceId, vscode.ConfigurationTarget.Global);
  await api.connection.forgetApiKey();
  await api.connection.resumeEnvironmentKey();
  await untilConnection(api, (c) => c?.baseUrl === emulator.url && c.workspaceId === emulator.workspaceId);
}

export async function clearAddedResources(): Promise<void> {
  const config = vscode.workspace.getConfiguration('workspaceAutomation');
  const inspected = config.inspect<string[]>('resources');
  if (inspected?.workspaceValue !== undefined) await config.update('resources', undefined, vscode.ConfigurationTarget.Workspace);
  if (inspected?.globalValue !== undefined) await config.update('resources', undefined, vscode.ConfigurationTarget.Global);
}

export async function groupChildren(api: WorkspaceAutomationApi, group: GroupId): Promise<ExplorerNode[]> {
  return api.explorer.provider.getChildren(api.explorer.model.group(group));
}

export async function findItem(api: WorkspaceAutomationApi, group: GroupId, id: string): Promise<ResourceNode> {
  const node = (await groupChildren(api, group)).filter(isResourceNode).find((n) => n.id === id);
  assert.ok(node, `${id} is listed under ${group}`);
  return node;
}

export function treeItem(api: WorkspaceAutomationApi, node: ExplorerNode): vscode.TreeItem {
  return api.explorer.provider.getTreeItem(node) as vscode.TreeItem;
}

export function icon(item: vscode.TreeItem): { id: string; color: string | undefined } {
  const i = item.iconPath as vscode.ThemeIcon;
  return { id: i.id, color: i.color?.id };
}

export function contextWords(item: vscode.TreeItem): string[] {
  return (item.contextValue ?? '').split(' ');
}

/** Waits for the model's change event on a node that satisfies `predicate`. */
export function nodeChange(
  api: WorkspaceAutomationApi,
  predicate: (node: ExplorerNode | undefined) => boolean,
  timeoutMs = 15_000,
): Promise<ExplorerNode | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`no matching explorer change within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = api.explorer.model.onDidChange((node) => {
      if (!predicate(node)) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(node);
    });
  });
}
