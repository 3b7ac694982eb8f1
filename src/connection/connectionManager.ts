// Owns the signed-in state: builds the service client from the settings and the API key, and
// rebuilds it when either changes. The key lives in SecretStorage only (or, for CI and scripts, in
// the WORKSPACE_AUTOMATION_API_KEY environment variable, which is used but never stored).
// Activation makes no request: the client connects on first use.
// After an explicit Sign Out the environment key is ignored until the next sign-in (a flag in
// global state), so that Sign Out means signed out.
import * as vscode from 'vscode';
import { createClient, type RequestLogger } from '../api';
import type { Configuration, Settings } from '../manifest/config';
import { CONTEXT_KEYS } from '../manifest/contributions';
import { Disposable } from '../util/lifecycle';
import { NotSignedInError, type Connection, type ConnectionProvider } from './connectionProvider';

export const SECRET_KEY = 'workspaceAutomation.apiKey';
export const API_KEY_ENV = 'WORKSPACE_AUTOMATION_API_KEY';
const SIGNED_OUT_STATE = 'workspaceAutomation.signedOut';

/** What a sign-in stores: the URL and workspace in settings (user level), the key in SecretStorage. */
export interface SignInDetails {
  baseUrl: string;
  apiKey: string;
  workspaceId: string;
}

export class ConnectionManager extends Disposable implements ConnectionProvider {
  private readonly _onDidChangeConnection = this._register(new vscode.EventEmitter<Connection | undefined>());
  readonly onDidChangeConnection = this._onDidChangeConnection.event;
  private _current: Connection | undefined;
  /** Bumped on every rebuild, so that a slow secret read cannot install an outdated client. */
  private generation = 0;
  private readonly requestLog: RequestLogger;
  /** What the current client was built from; a rebuild from the same inputs keeps it. */
  private fingerprint: string | undefined;
  /** While a sign-in writes settings and the key, their change events must not rebuild halfway. */
  private batching = 0;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
    /** Global state, for the signed-out flag; without it Sign Out cannot override the env key. */
    private readonly state?: vscode.Memento,
  ) {
    super();
    this.requestLog = { debug: (m) => log.debug(m), error: (m) => log.error(m) };
    this._register(config.onDidChange(() => this.batching === 0 && void this.rebuild()));
    this._register(secrets.onDidChange((e) => (e.key === SECRET_KEY && this.batching === 0 ? void this.rebuild() : undefined)));
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

  /** The key to use: SecretStorage first, then the environment variable (unless signed out). */
  async apiKey(): Promise<string | undefined> {
    const stored = await this.secrets.get(SECRET_KEY);
    if (stored) return stored;
    return this.signedOut ? undefined : process.env[API_KEY_ENV] || undefined;
  }

  /** The user signed out explicitly (the environment key is ignored until the next sign-in). */
  get signedOut(): boolean {
    return this.state?.get<boolean>(SIGNED_OUT_STATE) === true;
  }

  /** Stores the URL and workspace (user settings) and the key (SecretStorage), then connects once. */
  async signIn(details: SignInDetails): Promise<void> {
    await this.batch(async () => {
      await this.config.update('baseUrl', details.baseUrl, vscode.ConfigurationTarget.Global);
      await this.config.update('workspaceId', details.workspaceId, vscode.ConfigurationTarget.Global);
      await this.secrets.store(SECRET_KEY, details.apiKey);
      await this.state?.update(SIGNED_OUT_STATE, undefined);
    });
    this.log.info(`[Connection] Signed in to ${details.baseUrl}, workspace ${details.workspaceId}.`);
  }

  async switchWorkspace(workspaceId: string): Promise<void> {
    await this.batch(() => this.config.update('workspaceId', workspaceId, vscode.ConfigurationTarget.Global));
    this.log.info(`[Connection] Switched to workspace ${workspaceId}.`);
  }

  /** Forgets the stored key and ignores the environment key until the next sign-in. */
  async signOut(): Promise<void> {
    await this.batch(async () => {
      await this.secrets.delete(SECRET_KEY);
      await this.state?.update(SIGNED_OUT_STATE, true);
    });
  }

  /** Clears the signed-out flag without storing a key: the environment key applies again. */
  async resumeEnvironmentKey(): Promise<void> {
    await this.batch(() => this.state?.update(SIGNED_OUT_STATE, undefined));
  }

  private async batch(work: () => Thenable<void> | Promise<void> | undefined): Promise<void> {
    this.batching++;
    try {
      await work();
    } finally {
      this.batching--;
    }
    await this.rebuild();
  }

  async rebuild(): Promise<void> {
    const generation = ++this.generation;
    const settings = this.config.read();
    const apiKey = await this.apiKey();
    if (generation !== this.generation || this.isDisposed) return;
    const complete = !!(apiKey && settings.baseUrl && settings.workspaceId);
    const fingerprint = complete ? fingerprintOf(settings, apiKey) : undefined;
    // Settings that do not shape the client (the added resources, auto save) change nothing here.
    if (fingerprint === this.fingerprint && (this._current !== undefined) === complete) return;
    this.fingerprint = fingerprint;
    const next = complete ? this.connect(settings, apiKey) : undefined;
    const previous = this._current;
    this._current = next;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, !!next);
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

function fingerprintOf(s: Settings, apiKey: string): string {
  // Kept in memory only, beside the client that holds the same key.
  return JSON.stringify([s.baseUrl, s.workspaceId, s.authHeader, s.authScheme, s.workspaceHeader, s.requestTimeoutMs, apiKey]);
}

function labelFor(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return url.hostname === '127.0.0.1' || url.hostname === 'localhost' ? `Local (${url.host})` : url.host;
  } catch {
    return baseUrl;
  }
}
