// The extension's settings, typed, with their defaults in one place, and a change event filtered
// to our section.
import * as vscode from 'vscode';
import { DEFAULT_CONNECTION } from '../api';

export const SECTION = 'workspaceAutomation';

export type AutoSaveMode = 'hold' | 'coalesce' | 'always';

export interface Settings {
  baseUrl: string;
  workspaceId: string;
  authHeader: string;
  authScheme: string;
  workspaceHeader: string;
  requestTimeoutMs: number;
  resources: string[];
  autoSave: AutoSaveMode;
  /** `dashboards.typeDiagnostics`: type errors in dashboards shown (they never block a save). */
  dashboardTypeDiagnostics: boolean;
  /** `folders.statusIntervalSeconds`: how often local folders ask the service what moved; 0 = only on focus and on demand. */
  folderStatusIntervalSeconds: number;
  /** `agents.allowSave`: the agent tools' save_resource saves (guarded) instead of proposing an edit. User settings only. */
  agentsAllowSave: boolean;
  /** `agents.allowLiveSave`: with allowSave, agents may save write syncs and facts too (no history to go back to). User settings only. */
  agentsAllowLiveSave: boolean;
  /** `agents.mcp`: the extension offers its MCP server to VS Code. User settings only. */
  agentsMcp: boolean;
}

/** The settings' keys in the section, where they differ from the field's name. */
const KEYS: Partial<Record<keyof Settings, string>> = {
  dashboardTypeDiagnostics: 'dashboards.typeDiagnostics',
  folderStatusIntervalSeconds: 'folders.statusIntervalSeconds',
  agentsAllowSave: 'agents.allowSave',
  agentsAllowLiveSave: 'agents.allowLiveSave',
  agentsMcp: 'agents.mcp',
};

/**
 * `connections`: the user's named connections, each with its stage and whether writes to it ask
 * first (src/environments). Application scope, so a folder's .vscode/settings.json cannot set it.
 */
export const CONNECTIONS_SETTING = 'connections';

/** The key of the extension's global state that keeps the bindings between environments when no open folder has a wsa.targets.json. */
export const BINDINGS_STATE_KEY = `${SECTION}.bindings`;

/** The shortest interval between two status checks of a folder: each one reads every resource's tokens. */
export const MIN_FOLDER_STATUS_INTERVAL_S = 30;

/** Off (0) unless a number of seconds; a positive one below the minimum is raised to it. */
function folderInterval(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.max(MIN_FOLDER_STATUS_INTERVAL_S, Math.round(value));
}

export class Configuration implements vscode.Disposable {
  private readonly _onDidChange = new vscode.EventEmitter<Settings>();
  readonly onDidChange = this._onDidChange.event;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION)) this._onDidChange.fire(this.read());
    });
  }

  read(): Settings {
    const c = vscode.workspace.getConfiguration(SECTION);
    const text = (key: string, fallback: string) => {
      const v = c.get<string>(key);
      return typeof v === 'string' && v.trim() ? v.trim() : fallback;
    };
    const timeout = c.get<number>('requestTimeoutMs');
    const autoSave = c.get<string>('autoSave');
    return {
      baseUrl: text('baseUrl', ''),
      workspaceId: text('workspaceId', ''),
      authHeader: text('authHeader', DEFAULT_CONNECTION.authHeader),
      // An empty scheme is meaningful (send the bare key), so it is not replaced by the default.
      authScheme: (c.get<string>('authScheme') ?? DEFAULT_CONNECTION.authScheme).trim(),
      workspaceHeader: text('workspaceHeader', DEFAULT_CONNECTION.workspaceHeader),
      requestTimeoutMs: typeof timeout === 'number' && timeout >= 1000 ? timeout : DEFAULT_CONNECTION.timeoutMs,
      resources: (c.get<unknown[]>('resources') ?? []).filter((r): r is string => typeof r === 'string'),
      autoSave: autoSave === 'coalesce' || autoSave === 'always' ? autoSave : 'hold',
      dashboardTypeDiagnostics: c.get<boolean>(KEYS.dashboardTypeDiagnostics!) !== false,
      folderStatusIntervalSeconds: folderInterval(c.get<unknown>(KEYS.folderStatusIntervalSeconds!)),
      // Application scope, and read from the user's settings alone: a folder never turns agents' writes on.
      agentsAllowSave: c.inspect<unknown>(KEYS.agentsAllowSave!)?.globalValue === true,
      agentsAllowLiveSave: c.inspect<unknown>(KEYS.agentsAllowLiveSave!)?.globalValue === true,
      agentsMcp: c.inspect<unknown>(KEYS.agentsMcp!)?.globalValue === true,
    };
  }

  /**
   * The settings that decide where a key goes, the user's value apart from the folder's (workspace
   * settings, a `.vscode/settings.json` a cloned repository ships). In Restricted Mode VS Code
   * applies no folder value of these (package.json's restrictedConfigurations); neither does this.
   */
  guarded(): Record<'baseUrl' | 'authHeader' | 'authScheme' | 'workspaceHeader', { user?: string; folder?: string }> {
    const c = vscode.workspace.getConfiguration(SECTION);
    const layered = (key: string) => {
      const i = c.inspect<unknown>(key);
      const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
      const folder = vscode.workspace.isTrusted ? (str(i?.workspaceFolderValue) ?? str(i?.workspaceValue)) : undefined;
      return { user: str(i?.globalValue), folder };
    };
    return {
      baseUrl: layered('baseUrl'),
      authHeader: layered('authHeader'),
      authScheme: layered('authScheme'),
      workspaceHeader: layered('workspaceHeader'),
    };
  }

  /**
   * The connections setting as the user wrote it, apart from a folder's value (which VS Code does
   * not apply to an application-scoped setting; the guard lets it raise protection only, and only in
   * a trusted folder).
   */
  connectionsByScope(): { user: unknown; folder: unknown } {
    const i = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(CONNECTIONS_SETTING);
    return { user: i?.globalValue, folder: vscode.workspace.isTrusted ? (i?.workspaceFolderValue ?? i?.workspaceValue) : undefined };
  }

  /**
   * A list setting as the workspace's settings and the user's hold it, each with where to write it
   * back; as written there (an entry that is not a string is the user's, kept on a rewrite).
   */
  listsByTarget(key: 'resources'): { where: vscode.ConfigurationTarget; ids: readonly unknown[] | undefined }[] {
    const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(KEYS[key] ?? key);
    const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : undefined);
    return [
      { where: vscode.ConfigurationTarget.Workspace, ids: list(inspected?.workspaceValue) },
      { where: vscode.ConfigurationTarget.Global, ids: list(inspected?.globalValue) },
    ];
  }

  /** Workspace settings when a folder is open (a team can commit them), else the user's. */
  folderOrUser(): vscode.ConfigurationTarget {
    return vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  }

  async update<K extends keyof Settings>(key: K, value: Settings[K], target = vscode.ConfigurationTarget.Global): Promise<void> {
    await vscode.workspace.getConfiguration(SECTION).update(KEYS[key] ?? key, value, target);
  }

  dispose(): void {
    this.subscription.dispose();
    this._onDidChange.dispose();
  }
}
