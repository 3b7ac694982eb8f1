// What the integration tests and the benchmark reach inside the extension host. activate()
// returns it only in ExtensionMode.Test (a run with extensionTestsPath); an installed or
// development extension returns nothing. The product reads its tunables through constructor
// options; only this API changes them.
import type * as vscode from 'vscode';
import type { Configuration } from './manifest/config';
import type { ConflictMergeOptions } from './documents/conflicts/conflictMerge';
import type { ConflictResolver } from './documents/conflicts/conflictResolver';
import { VSCODE_CONNECTION_DIALOGS, type ConnectionDialogs, type ConnectionOptions } from './connection/connectionDialogs';
import type { ConnectionManager } from './connection/connectionManager';
import type { LocalEmulatorEndpoint } from './connection/emulatorLauncher';
import type { ConnectionStatusBar } from './connection/statusBar';
import { COALESCE_MS, type DocumentSaver, type DocumentSaverOptions } from './documents/files/documentSaver';
import type { WsaFileSystem } from './documents/files/wsaFileSystem';
import type { HeldSavesUi } from './documents/files/heldSavesUi';
import type { DashboardLanguageFeature } from './dashboardLanguage';
import type { RevisionCache } from './documents/model/revisionCache';
import type { SaveDiagnostics } from './documents/files/saveDiagnostics';
import type { HistoryFeature } from './history';
import { VSCODE_DIALOGS, type HistoryDialogs } from './history/host/historyDialogs';
import type { HistoryPanelsOptions } from './history/host/historyPanels';
import type { ExplorerView } from './explorer/vscode/explorerTree';
import type { PublishFeature } from './publish';
import { VSCODE_OPERATION_DIALOGS, type OperationDialogs } from './publish/operationDialogs';
import type { FolderMergeOptions } from './localFolders/vscode/folderMerge';
import type { LocalFoldersFeature } from './localFolders';
import type { AgentsFeature, AgentsOptions } from './agents';
import type { EnvironmentsFeature, EnvironmentsOptions } from './environments';
import { VSCODE_GUARD_DIALOGS, type GuardDialogs } from './environments/vscode/writeGuard';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The options objects handed to the features' constructors; the product reads them at each use. */
export interface Tunables {
  /** `coalesceDelayMs`: how long coalesced auto saves wait for quiet. */
  readonly files: Mutable<DocumentSaverOptions>;
  /** `useMergeEditor`: false writes conflict markers instead of opening the merge editor. */
  readonly conflicts: Mutable<ConflictMergeOptions>;
  /** `dialogs`: the history's questions (useHistoryDialogs answers some of them). */
  readonly history: Mutable<HistoryPanelsOptions>;
  /** `dialogs`: the Publish… / Restore question (useOperationDialogs answers it). */
  readonly publish: { dialogs: OperationDialogs };
  /** `dialogs`: the connection's modal questions (useConnectionDialogs answers them). */
  readonly connection: ConnectionOptions;
  /**
   * `useMergeEditor`: false shows a pulled file's push conflict as a diff instead of the merge editor;
   * `intervalSecondMs`: how long a second of the status interval setting lasts.
   */
  readonly folders: Mutable<FolderMergeOptions>;
  /** `workspaceTrusted`: what the agent tools take for vscode.workspace.isTrusted (unset: VS Code's). */
  readonly agents: AgentsOptions;
  /** `dialogs`: the production guard's modal question (useGuardDialogs answers it). */
  readonly environments: EnvironmentsOptions;
}

/** The user's values. */
export function defaultTunables(): Tunables {
  return {
    files: { coalesceDelayMs: COALESCE_MS },
    conflicts: { useMergeEditor: true },
    history: { dialogs: VSCODE_DIALOGS },
    publish: { dialogs: VSCODE_OPERATION_DIALOGS },
    connection: { dialogs: VSCODE_CONNECTION_DIALOGS },
    folders: { useMergeEditor: true, intervalSecondMs: 1000 },
    agents: {},
    environments: { dialogs: VSCODE_GUARD_DIALOGS },
  };
}

export interface WorkspaceAutomationApi {
  readonly log: vscode.LogOutputChannel;
  readonly config: Configuration;
  readonly connection: ConnectionManager;
  /** The extension's SecretStorage, for the tests of where keys are stored (one per origin). */
  readonly secrets: vscode.SecretStorage;
  readonly revisions: RevisionCache;
  /** The explorer: `model` (vscode-free), `provider` (TreeDataProvider), `view` (TreeView), `poller`. */
  readonly explorer: ExplorerView;
  /** The emulator that Connect to Local Emulator started in this window, if any. */
  readonly localEmulator: { readonly running: LocalEmulatorEndpoint | undefined };
  readonly statusBar: ConnectionStatusBar;
  /** Why the last save of a document was refused: diagnostics in the "Workspace Automation" collection. */
  readonly diagnostics: SaveDiagnostics;
  /** The `wsa:` files' saves: SaveTarget (saveText, adoptBase, readLatest, baseOf), refresh, held auto saves. */
  readonly files: DocumentSaver;
  /** Compare / Merge / Overwrite for a save that met a stale token. */
  readonly conflicts: ConflictResolver;
  /** Revision history panels: `show(arg)`, `get(resourceId)`, `all()`. */
  readonly history: HistoryFeature;
  /** Publish and restore through the service: `operations`, `targets`, `statusBar`. */
  readonly publish: PublishFeature;
  /** The `wsa:` FileSystemProvider, for the benchmark that times its reads and writes without VS Code's IPC. */
  readonly fileSystem: WsaFileSystem;
  /** The held auto saves' badge and status bar item (`text`). */
  readonly heldUi: HeldSavesUi;
  /** The dashboard language: `documents.onDidUpdateDiagnostics`, `worker.started` (lazy start). */
  readonly dashboards: DashboardLanguageFeature;
  /** Local folders: `load()` gives the pulled folders (their Source Control, status, push and pull). */
  readonly folders: LocalFoldersFeature;
  /** The agent tools: `tools()` (the language-model tools' implementation), `mcp()` (the MCP server definitions). */
  readonly agents: AgentsFeature;
  /** The production guard: `guard` (what write paths ask), `production` (the resolved connection), `marks` (badges, status bar colour). */
  readonly environments: EnvironmentsFeature;
  /** Resolves when the connection has read its settings and key. */
  readonly ready: Promise<void>;
  /** Change what the product reads at each use: `testing.files.coalesceDelayMs = 400`. */
  readonly testing: Tunables & {
    /** Answers some of the history's questions in the user's place until disposed. */
    useHistoryDialogs(dialogs: Partial<HistoryDialogs>): vscode.Disposable;
    /** Answers the Publish… / Restore question in the user's place until disposed. */
    useOperationDialogs(dialogs: OperationDialogs): vscode.Disposable;
    /** Answers the connection's modal questions (plain http, a folder's service or headers) until disposed. */
    useConnectionDialogs(dialogs: ConnectionDialogs): vscode.Disposable;
    /** Answers the production guard's question in the user's place until disposed. */
    useGuardDialogs(dialogs: GuardDialogs): vscode.Disposable;
  };
}

export function testApi(parts: Omit<WorkspaceAutomationApi, 'testing'>, tunables: Tunables): WorkspaceAutomationApi {
  const useHistoryDialogs = (dialogs: Partial<HistoryDialogs>): vscode.Disposable => {
    const previous = tunables.history.dialogs;
    tunables.history.dialogs = { ...previous, ...dialogs };
    return { dispose: () => (tunables.history.dialogs = previous) };
  };
  const useOperationDialogs = (dialogs: OperationDialogs): vscode.Disposable => {
    const previous = tunables.publish.dialogs;
    tunables.publish.dialogs = dialogs;
    return { dispose: () => (tunables.publish.dialogs = previous) };
  };
  const useConnectionDialogs = (dialogs: ConnectionDialogs): vscode.Disposable => {
    const previous = tunables.connection.dialogs;
    tunables.connection.dialogs = dialogs;
    return { dispose: () => (tunables.connection.dialogs = previous) };
  };
  const useGuardDialogs = (dialogs: GuardDialogs): vscode.Disposable => {
    const previous = tunables.environments.dialogs;
    tunables.environments.dialogs = dialogs;
    return { dispose: () => (tunables.environments.dialogs = previous) };
  };
  return { ...parts, testing: { ...tunables, useHistoryDialogs, useOperationDialogs, useConnectionDialogs, useGuardDialogs } };
}
