// Owns the signed-in state: builds the service client from the settings and the API key, and
// rebuilds it when either changes. The key lives in SecretStorage only (or, for CI and scripts, in
// the WORKSPACE_AUTOMATION_API_KEY environment variable, which is used but never stored).
// Activation makes no request: the client connects on first use.
import * as vscode from 'vscode';
import { createClient, type RequestLogger } from '../api';
import type { Configuration, Settings } from '../config';
import { Disposable } from '../util/lifecycle';
import { NotSignedInError, type Connection, type ConnectionProvider } from './types';

export const SECRET_KEY = 'workspaceAutomation.apiKey';
export const API_KEY_ENV = 'WORKSPACE_AUTOMATION_API_KEY';

export class ConnectionManager extends Disposable implements ConnectionProvider {
  private readonly _onDidChangeConnection = this._register(new vscode.EventEmitter<Connection | undefined>());
  readonly onDidChangeConnection = this._onDidChangeConnection.event;
  private _current: Connection | undefined;
  /** Bumped on every rebuild, so that a slow secret read cannot install an outdated client. */
  private generation = 0;
  private readonly requestLog: RequestLogger;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.requestLog = { debug: (m) => log.debug(m), error: (m) => log.error(m) };
    this._register(config.onDidChange(() => void this.rebuild()));
    this._register(secrets.onDidChange((e) => (e.key === SECRET_KEY ? void this.rebuild() : undefined)));
  }

  get current(): Connection | undefined {
    return this._current;
  }

  require(): Connection {
    if (!this._current) throw new NotSignedInError();
    return this._current;
  }

  /** Reads the settings and the key; call once after construction. */
  async initialize(): Promise<void> {
    await this.rebuild();
  }

  async storeApiKey(apiKey: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, apiKey);
    await this.rebuild();
  }

  async forgetApiKey(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
    await this.rebuild();
  }

  /** The key to use: SecretStorage first, then the environment variable. */
  async apiKey(): Promise<string | undefined> {
    const stored = await this.secrets.get(SECRET_KEY);
    return stored || process.env[API_KEY_ENV] || undefined;
  }

  async rebuild(): Promise<void> {
    const generation = ++this.generation;
    const settings = this.config.read();
    const apiKey = await this.apiKey();
    if (generation !== this.generation || this.isDisposed) return;
    const next = apiKey && settings.baseUrl && settings.workspaceId ? this.connect(settings, apiKey) : undefined;
    const previous = this._current;
    this._current = next;
    void vscode.commands.executeCommand('setContext', 'workspaceAutomation.signedIn', !!next);
    if (previous) void previous.client.close().catch(() => undefined);
    if (next) this.log.info(`[Connection] Connected to ${next.label}, workspace ${next.workspaceId}.`);
    else if (previous) this.log.info('[Connection] Signed out.');
    this._onDidChangeConnection.fire(next);
  }

  private connect(settings: Settings, apiKey: string): Connection | undefined {
    try {
      const client = createClient(
        {
          baseUrl: settings.baseUrl,
          apiKey,
          workspaceId: settings.workspaceId,
          authHeader: settings.authHeader,
          authScheme: settings.authScheme,
          workspaceHeader: settings.workspaceHeader,
          timeoutMs: settings.requestTimeoutMs,
        },
        this.requestLog,
      );
      return { client, baseUrl: settings.baseUrl, workspaceId: settings.workspaceId, label: labelFor(settings.baseUrl) };
    } catch (e) {
      this.log.error(`[Connection] ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  override dispose(): void {
    void this._current?.client.close().catch(() => undefined);
    this._current = undefined;
    super.dispose();
  }
}

function labelFor(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return url.hostname === '127.0.0.1' || url.hostname === 'localhost' ? `Local (${url.host})` : url.host;
  } catch {
    return baseUrl;
  }
}
