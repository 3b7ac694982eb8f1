// Owns the signed-in state: builds the service client from the settings and the API key of the
// service's origin, and rebuilds it when either changes. Keys live in SecretStorage, one per origin
// (origins.ts), or, for CI and scripts, in the WORKSPACE_AUTOMATION_API_KEY environment variable,
// which is used but never stored and belongs to WORKSPACE_AUTOMATION_BASE_URL (else the user's
// baseUrl). Which key goes where is keyPolicy.ts's decision; a folder's settings never choose it.
// Activation makes no request: the client connects on first use.
// After an explicit Sign Out the environment key is ignored until the next sign-in (a flag in
// global state), so that Sign Out means signed out.
import * as vscode from 'vscode';
import { createClient, DEFAULT_CONNECTION, type RequestLogger, type ServiceClient } from '../api';
import type { Configuration } from '../manifest/config';
import { CONTEXT_KEYS } from '../manifest/contributions';
import { Disposable } from '../util/lifecycle';
import type { ConnectionProvider, KeyedConnection } from './connectionProvider';
import { NotSignedInError } from './model/notSignedIn';
import type { Carriers } from '../api/carriers';
import { decideKey, type KeyDecision } from './model/keyPolicy';
import { isPlainHttpRisk, LEGACY_SECRET_KEY, originOf, secretKeyFor } from './model/origins';

export const API_KEY_ENV = 'WORKSPACE_AUTOMATION_API_KEY';
/** The environment key's own service: it is sent there and nowhere else. */
export const BASE_URL_ENV = 'WORKSPACE_AUTOMATION_BASE_URL';
const SIGNED_OUT_STATE = 'workspaceAutomation.signedOut';
const PLAIN_HTTP_STATE = 'workspaceAutomation.plainHttpAllowed';
const FOLDER_CARRIERS_STATE = 'workspaceAutomation.folderCarriers';

/** What a sign-in stores: the URL and workspace in settings (user level), the key in SecretStorage for the URL's origin. */
export interface SignInDetails {
  baseUrl: string;
  apiKey: string;
  workspaceId: string;
}

/** A client of another connection, or why there is none (clientFor). */
export type OtherClient = { client: ServiceClient } | { missing: 'key' | 'plainHttp'; origin: string };

/** Where requests go now and with which key, or why none is sent (undefined until the first read). */
export type ConnectionStatus = KeyDecision;

export class ConnectionManager extends Disposable implements ConnectionProvider {
  private readonly _onDidChangeConnection = this._register(new vscode.EventEmitter<KeyedConnection | undefined>());
  readonly onDidChangeConnection = this._onDidChangeConnection.event;
  private readonly _onDidChangeStatus = this._register(new vscode.EventEmitter<ConnectionStatus>());
  /** Fires after every rebuild whose decision changed (the status bar and welcome read it). */
  readonly onDidChangeStatus = this._onDidChangeStatus.event;
  private _current: KeyedConnection | undefined;
  private _status: ConnectionStatus | undefined;
  private statusFingerprint: string | undefined;
  /** Whether the connectionKnown context key was set (once, with the first status). */
  private connectionKnown = false;
  /** Bumped on every rebuild, so that a slow secret read cannot install an outdated client. */
  private generation = 0;
  private readonly requestLog: RequestLogger;
  /** What the current client was built from; a rebuild from the same inputs keeps it. */
  private fingerprint: string | undefined;
  /** While a sign-in writes settings and the key, their change events must not rebuild halfway. */
  private batching = 0;
  private migration: Promise<boolean> | undefined;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
    /** Global state: the signed-out flag, plain-http origins allowed, folders' header settings accepted. */
    private readonly state?: vscode.Memento,
  ) {
    super();
    this.requestLog = { debug: (m) => log.debug(m), error: (m) => log.error(m) };
    this._register(config.onDidChange(() => this.batching === 0 && void this.rebuild()));
    this._register(
      secrets.onDidChange((e) => {
        // A single key stored by an earlier version (another window of it) is moved again.
        if (e.key === LEGACY_SECRET_KEY) this.migration = undefined;
        if (e.key.startsWith(LEGACY_SECRET_KEY) && this.batching === 0) void this.rebuild();
      }),
    );
    // Trusting the folder lets its settings apply (they were ignored in Restricted Mode).
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => void this.rebuild()));
  }

  get current(): KeyedConnection | undefined {
    return this._current;
  }

  /** Where requests go and with which key, or why none is sent. */
  get status(): ConnectionStatus | undefined {
    return this._status;
  }

  require(): KeyedConnection {
    if (!this._current) throw new NotSignedInError(this._status);
    return this._current;
  }

  /** Reads the settings and the key; call once after construction. */
  async initialize(): Promise<void> {
    await this.rebuild();
  }

  /** The origin requests go to now (the folder's baseUrl when it sets one), read afresh. */
  effectiveOrigin(): string | undefined {
    const g = this.config.guarded();
    return originOf(g.baseUrl.folder?.trim() || g.baseUrl.user?.trim() || process.env[BASE_URL_ENV]);
  }

  /** Stores a key for `origin` (default: the origin requests go to now). */
  async storeApiKey(apiKey: string, origin = this.effectiveOrigin()): Promise<void> {
    if (!origin) throw new Error(vscode.l10n.t('Set workspaceAutomation.baseUrl first: a key is stored for the service it names.'));
    await this.secrets.store(secretKeyFor(origin), apiKey);
    await this.rebuild();
  }

  /** Forgets the key of `origin` (default: the origin requests go to now); other origins keep theirs. */
  async forgetApiKey(origin = this.effectiveOrigin()): Promise<void> {
    if (origin) await this.secrets.delete(secretKeyFor(origin));
    await this.rebuild();
  }

  /** The key that requests carry now: the stored one of the current origin, or the environment's for its own origin. */
  async apiKey(): Promise<string | undefined> {
    const status = this._status;
    if (status?.kind !== 'send') return undefined;
    return status.key === 'stored' ? await this.secrets.get(secretKeyFor(status.origin)) : process.env[API_KEY_ENV] || undefined;
  }

  /** The headers requests carry the key and workspace in: the user's, or a folder's the user accepted. */
  carriers(): Carriers {
    const status = this._status;
    if (status && 'carriers' in status) return status.carriers;
    return this.userCarriers();
  }

  /** The user's own headers: a folder's are accepted for its origin only. */
  userCarriers(): Carriers {
    const g = this.config.guarded();
    return {
      authHeader: g.authHeader.user?.trim() || DEFAULT_CONNECTION.authHeader,
      authScheme: (g.authScheme.user ?? DEFAULT_CONNECTION.authScheme).trim(),
      workspaceHeader: g.workspaceHeader.user?.trim() || DEFAULT_CONNECTION.workspaceHeader,
    };
  }

  /** Whether a key is stored for `origin`. */
  async hasKeyFor(origin: string): Promise<boolean> {
    return !!(await this.secrets.get(secretKeyFor(origin)));
  }

  /**
   * A client of another service and workspace with the key stored for its origin (never another's)
   * and the user's own headers, or why there is none. Sends nothing itself; the caller closes it.
   */
  async clientFor(baseUrl: string, workspaceId: string): Promise<OtherClient> {
    const origin = originOf(baseUrl);
    if (!origin) throw new Error(vscode.l10n.t('{0} is not an http(s) URL.', baseUrl));
    if (isPlainHttpRisk(origin) && !this.isPlainHttpAllowed(origin)) return { missing: 'plainHttp', origin };
    const apiKey = await this.secrets.get(secretKeyFor(origin));
    if (!apiKey) return { missing: 'key', origin };
    const timeoutMs = this.requestTimeoutMs();
    return { client: createClient({ baseUrl, apiKey, workspaceId, ...this.userCarriers(), timeoutMs }, this.requestLog) };
  }

  /** The user's time limit of a request. */
  requestTimeoutMs(): number {
    return this.config.read().requestTimeoutMs;
  }

  /** The user signed out explicitly (the environment key is ignored until the next sign-in). */
  get signedOut(): boolean {
    return this.state?.get<boolean>(SIGNED_OUT_STATE) === true;
  }

  /**
   * Stores the key for the URL's origin and the workspace (user settings), and the URL in user
   * settings unless `keepBaseUrl` (signing in to the service a folder names leaves the user's own).
   */
  async signIn(details: SignInDetails, { keepBaseUrl = false, writeFolderBaseUrl = false } = {}): Promise<void> {
    const origin = originOf(details.baseUrl);
    if (!origin) throw new Error(vscode.l10n.t('{0} is not an http(s) URL.', details.baseUrl));
    await this.batch(async () => {
      // The folder's value is the one in effect: the user chose to change it there.
      if (writeFolderBaseUrl) await this.config.update('baseUrl', details.baseUrl, vscode.ConfigurationTarget.Workspace);
      if (!keepBaseUrl) await this.config.update('baseUrl', details.baseUrl, vscode.ConfigurationTarget.Global);
      if (this.config.read().workspaceId !== details.workspaceId) {
        await this.config.update('workspaceId', details.workspaceId, vscode.ConfigurationTarget.Global);
      }
      await this.secrets.store(secretKeyFor(origin), details.apiKey);
      await this.state?.update(SIGNED_OUT_STATE, undefined);
    });
    this.log.info(`[Connection] Signed in to ${origin}, workspace ${details.workspaceId}; the key is stored for ${origin} only.`);
  }

  async switchWorkspace(workspaceId: string): Promise<void> {
    await this.batch(() => this.config.update('workspaceId', workspaceId, vscode.ConfigurationTarget.Global));
    this.log.info(`[Connection] Switched to workspace ${workspaceId}.`);
  }

  /** Forgets the current origin's key and ignores the environment key until the next sign-in. Returns that origin. */
  async signOut(): Promise<string | undefined> {
    const origin = this.effectiveOrigin();
    await this.batch(async () => {
      if (origin) await this.secrets.delete(secretKeyFor(origin));
      await this.state?.update(SIGNED_OUT_STATE, true);
    });
    return origin;
  }

  /** Clears the signed-out flag without storing a key: the environment key applies again. */
  async resumeEnvironmentKey(): Promise<void> {
    await this.batch(() => this.state?.update(SIGNED_OUT_STATE, undefined));
  }

  /** The user's answer to "Use My Key for X": the key stored for `from` is stored for `to` as well. */
  async copyKey(from: string, to: string): Promise<void> {
    const key = await this.secrets.get(secretKeyFor(from));
    if (!key) throw new Error(vscode.l10n.t('No key is stored for {0}.', from));
    await this.batch(async () => {
      await this.secrets.store(secretKeyFor(to), key);
      await this.state?.update(SIGNED_OUT_STATE, undefined);
    });
    this.log.info(`[Connection] The key of ${from} is stored for ${to} as well, as the user chose.`);
  }

  /** The user allowed plain http to `origin` (the key travels unencrypted). */
  async allowPlainHttp(origin: string): Promise<void> {
    const allowed = new Set(this.state?.get<string[]>(PLAIN_HTTP_STATE) ?? []);
    allowed.add(origin);
    await this.batch(() => this.state?.update(PLAIN_HTTP_STATE, [...allowed]));
    this.log.warn(`[Connection] Plain http allowed for ${origin}: the key is sent there unencrypted.`);
  }

  isPlainHttpAllowed(origin: string): boolean {
    return (this.state?.get<string[]>(PLAIN_HTTP_STATE) ?? []).includes(origin);
  }

  /** The user accepted this folder's header settings for the current origin, exactly as they are now. */
  async acceptFolderCarriers(): Promise<void> {
    const status = this._status;
    if (!status || !('ignoredFolder' in status)) return;
    const all = { ...this.state?.get<Record<string, Partial<Carriers>>>(FOLDER_CARRIERS_STATE) };
    all[folderKey(status.origin)] = { ...all[folderKey(status.origin)], ...status.ignoredFolder };
    await this.batch(() => this.state?.update(FOLDER_CARRIERS_STATE, all));
    this.log.info(`[Connection] This folder's header settings are used for ${status.origin}, as the user chose.`);
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

  /** The single key of earlier versions belongs to the user's own baseUrl (never a folder's). */
  private async migrateLegacyKey(): Promise<boolean> {
    const legacy = await this.secrets.get(LEGACY_SECRET_KEY);
    if (!legacy) return true;
    const origin = originOf(this.config.guarded().baseUrl.user);
    if (!origin) return false; // kept until the user-level baseUrl says whose it is
    if (!(await this.secrets.get(secretKeyFor(origin)))) await this.secrets.store(secretKeyFor(origin), legacy);
    await this.secrets.delete(LEGACY_SECRET_KEY);
    this.log.info(`[Connection] The stored API key now belongs to ${origin} (your user-level baseUrl).`);
    return true;
  }

  async rebuild(): Promise<void> {
    const generation = ++this.generation;
    this.migration ??= this.migrateLegacyKey();
    if (!(await this.migration)) this.migration = undefined;
    const settings = this.config.read();
    const guarded = this.config.guarded();
    const envBaseUrl = process.env[BASE_URL_ENV];
    const candidates = new Set(
      [guarded.baseUrl.user, guarded.baseUrl.folder, envBaseUrl].map((u) => originOf(u)).filter((o): o is string => !!o),
    );
    const keys = new Map<string, string>();
    for (const origin of candidates) {
      const key = await this.secrets.get(secretKeyFor(origin));
      if (key) keys.set(origin, key);
    }
    if (generation !== this.generation || this.isDisposed) return;
    const decision = decideKey({
      baseUrl: guarded.baseUrl,
      carriers: { authHeader: guarded.authHeader, authScheme: guarded.authScheme, workspaceHeader: guarded.workspaceHeader },
      defaults: {
        authHeader: DEFAULT_CONNECTION.authHeader,
        authScheme: DEFAULT_CONNECTION.authScheme,
        workspaceHeader: DEFAULT_CONNECTION.workspaceHeader,
      },
      envBaseUrl,
      envKey: !!process.env[API_KEY_ENV] && !this.signedOut,
      storedOrigins: new Set(keys.keys()),
      acceptedFolderCarriers: this.acceptedCarriers(originOf(guarded.baseUrl.folder?.trim() || guarded.baseUrl.user?.trim() || envBaseUrl)),
      plainHttpAllowed: new Set(this.state?.get<string[]>(PLAIN_HTTP_STATE) ?? []),
    });
    const apiKey =
      decision.kind === 'send' ? (decision.key === 'stored' ? keys.get(decision.origin) : process.env[API_KEY_ENV]) : undefined;
    this.setStatus(decision);
    const complete = !!(decision.kind === 'send' && apiKey && settings.workspaceId);
    const fingerprint =
      complete && decision.kind === 'send'
        ? JSON.stringify([decision.baseUrl, settings.workspaceId, decision.carriers, settings.requestTimeoutMs, apiKey])
        : undefined;
    // Settings that do not shape the client (the added resources, auto save) change nothing here.
    if (fingerprint === this.fingerprint && (this._current !== undefined) === complete) return this.known();
    this.fingerprint = fingerprint;
    const next =
      complete && decision.kind === 'send' ? this.connect(decision, settings.workspaceId, settings.requestTimeoutMs, apiKey!) : undefined;
    const previous = this._current;
    this._current = next;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, !!next);
    this.known();
    if (previous) void previous.client.close().catch(() => undefined);
    if (next) this.log.info(`[Connection] Connected to ${next.origin}, workspace ${next.workspaceId}.`);
    else if (previous) this.log.info('[Connection] Signed out.');
    this._onDidChangeConnection.fire(next);
  }

  /** The first time the connection's state is known, after signedIn: the palette then hides the signed-in commands signed out. */
  private known(): void {
    if (this.connectionKnown) return;
    this.connectionKnown = true;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.connectionKnown, true);
  }

  private setStatus(decision: KeyDecision): void {
    const fingerprint = JSON.stringify(decision);
    if (fingerprint === this.statusFingerprint) return;
    this.statusFingerprint = fingerprint;
    this._status = decision;
    const blocked =
      decision.kind === 'noKey' && decision.fromFolder.includes('baseUrl')
        ? 'folderService'
        : decision.kind === 'plainHttp'
          ? 'plainHttp'
          : '';
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.connectionBlocked, blocked);
    if (decision.kind === 'noKey' && decision.fromFolder.includes('baseUrl')) {
      this.log.warn(`[Connection] This folder's settings name ${decision.origin}, which has no key of yours: nothing is sent there.`);
    } else if (decision.kind === 'plainHttp') {
      this.log.warn(`[Connection] ${decision.origin} is plain http to another machine: the key is not sent until you allow it.`);
    } else if (decision.kind === 'invalidCarrier') {
      this.log.warn(`[Connection] The ${decision.setting} setting cannot be used (${decision.problem}): nothing is sent.`);
    }
    const ignored = 'ignoredFolder' in decision ? Object.keys(decision.ignoredFolder) : [];
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.folderHeadersIgnored, ignored.length > 0);
    if (ignored.length) this.log.warn(`[Connection] This folder's ${ignored.join(', ')} settings are not used until you accept them.`);
    this._onDidChangeStatus.fire(decision);
  }

  private acceptedCarriers(origin: string | undefined): Partial<Carriers> | undefined {
    if (!origin) return undefined;
    return this.state?.get<Record<string, Partial<Carriers>>>(FOLDER_CARRIERS_STATE)?.[folderKey(origin)];
  }

  private connect(
    decision: KeyDecision & { kind: 'send' },
    workspaceId: string,
    timeoutMs: number,
    apiKey: string,
  ): KeyedConnection | undefined {
    try {
      const client = createClient({ baseUrl: decision.baseUrl, apiKey, workspaceId, ...decision.carriers, timeoutMs }, this.requestLog);
      return {
        client,
        baseUrl: decision.baseUrl,
        origin: decision.origin,
        workspaceId,
        label: labelFor(decision.baseUrl),
        fromFolder: decision.fromFolder,
        keyFrom: decision.key,
      };
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

/** Acceptances are per folder (the workspace file or first folder) and origin. */
function folderKey(origin: string): string {
  const folder = vscode.workspace.workspaceFile ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  return `${folder?.toString() ?? '(no folder)'} ${origin}`;
}

function labelFor(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return url.hostname === '127.0.0.1' || url.hostname === 'localhost' ? vscode.l10n.t('Local ({0})', url.host) : url.host;
  } catch {
    return baseUrl;
  }
}
