// The documents behind the `wsa:` file system: which resource a URI names (and whether the signed-in
// workspace may see it), loading it from the service, batched change events, and re-checking an
// untouched document against the service. A document's state (session, held save, edit base) is
// owned by the store (src/documents/model/documentStore.ts): this class tells it what VS Code and the service
// did, as editor facts (`editorFacts`), and does what it answers on VS Code's side.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../../connection/api';
import type { ServiceClient } from '../../api';
import type { DocumentPlace, Pins } from '../../environments/api';
import { NotSignedInError } from '../../connection/model/notSignedIn';
import { originOf } from '../../connection/model/origins';
import { ResourceReader } from '../model/resourceReader';
import { RevisionCache } from '../model/revisionCache';
import { isIdOf } from '../../api/ids';
import type { DocumentSession, DocumentSessions } from '../model/documentSession';
import { MAX_SESSIONS, type DocumentStore, type EditorFacts } from '../model/documentStore';
import { FILE_SCHEME, filePath, isEditable, parseFilePath, ResourcePathError, VIEWS, type ResourceFile } from '../../kinds/resourcePath';
import { SingleFlight } from '../../util/async';
import { Disposable } from '../../util/lifecycle';
import { toFileSystemError } from './fileSystemErrors';
import type { HeldSaves } from './heldSaves';

/** A session read from the service this recently is reused by a file nobody has open (stat, then readFile). */
const REUSE_MS = 5_000;
/** Change events are collected this long and fired together. */
const BATCH_MS = 5;

/** The URI of a resource's file, pinned to the connection of `authority` (Pins.authority; '' for the window's). */
export function resourceUri(file: ResourceFile, authority = ''): vscode.Uri {
  return vscode.Uri.from({ scheme: FILE_SCHEME, authority, path: filePath(file) });
}

export interface ResolvedFile {
  file: ResourceFile;
  /** The URI string: the key of sessions and held saves. */
  key: string;
  /** Pinned to another of the user's connections than the window's: read and saved through its own client. */
  other?: OtherPlace;
}

export type OtherPlace = Extract<DocumentPlace, { kind: 'other' }>;

/** Where a document's reads and saves go: the window's connection, or the one it is pinned to. */
export interface Reach {
  readonly client: () => ServiceClient;
  readonly reader: ResourceReader;
  /** Its immutable revisions (the window's: RevisionCache of registerFiles). */
  readonly revisions: RevisionCache;
}

/** Another connection than the window's, as what reads through it sees it (DocumentRegistry.otherReach). */
export interface OtherReach extends Reach {
  /** The entry's id: the authority of the URIs of its documents and revisions. */
  readonly authority: string;
  readonly label: string;
  readonly workspaceId: string;
}

/** Revisions kept per other connection: fewer than the window's (RevisionCache's 1,000), as they are read less. */
const OTHER_REVISIONS = 200;

export type RefreshOutcome = 'changed' | 'unchanged' | 'skipped';

export class DocumentRegistry extends Disposable {
  private readonly _onDidChangeFile = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this._onDidChangeFile.event;
  /** The window's connection's reader (what agents and the history read through). */
  readonly reader: ResourceReader;
  private readonly windowReach: Reach;
  /**
   * The service each document of the window's connection was read from, by URI string: a URI
   * without a connection names only a workspace, and another service may have one of that id.
   */
  private readonly readFrom = new Map<string, string>();
  /** The reach of each other connection documents are open with, by its place (DocumentPlace.key). */
  private readonly others = new Map<string, { client: ServiceClient; reach: Reach }>();
  /** Per URI: one read of the service at a time, shared; each read after it settled reads again. */
  private readonly loading = new SingleFlight<string, DocumentSession>();
  private readonly refreshing = new SingleFlight<string, RefreshOutcome>();
  private readonly pendingEvents = new Map<string, vscode.FileChangeEvent>();
  private batchTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly connection: ConnectionProvider,
    revisions: RevisionCache,
    readonly store: DocumentStore,
    readonly held: HeldSaves,
    readonly log: vscode.LogOutputChannel,
    private readonly pins?: Pins,
  ) {
    super();
    const client = () => connection.require().client;
    this.reader = new ResourceReader(client, revisions);
    this.windowReach = { client, reader: this.reader, revisions };
    // Another key or workspace: what nobody has open is read again when next asked for.
    this._register(
      connection.onDidChangeConnection(() => {
        store.connectionChanged((key) => this.isOpen(key));
        this.forgetReadFrom();
      }),
    );
    this._register({ dispose: () => clearTimeout(this.batchTimer) });
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== FILE_SCHEME) return;
        const key = e.document.uri.toString();
        if (store.editorChanged(key, facts(e.document))) {
          const session = store.sessions.get(key);
          const base = session?.base?.label ?? 'what it was made on';
          this.log.debug(`[Files] ${e.document.uri.path} was edited before it reloaded; the edit stays based on ${base}.`);
        }
      }),
    );
    this._register(
      vscode.workspace.onDidSaveTextDocument((d) => (d.uri.scheme === FILE_SCHEME ? store.editorSettled(d.uri.toString()) : undefined)),
    );
    this._register(
      vscode.workspace.onDidCloseTextDocument((d) => (d.uri.scheme === FILE_SCHEME ? store.editorSettled(d.uri.toString()) : undefined)),
    );
  }

  /** Every document's session (read them here; they change through the store's intents). */
  get sessions(): DocumentSessions {
    return this.store.sessions;
  }

  /** What the store is told of the open editor of a URI string; undefined when none has it open. */
  editorFacts(key: string): EditorFacts | undefined {
    const doc = this.openDocument(key);
    return doc && facts(doc);
  }

  /** The resource a URI names, refused as a FileSystemError when it names none or another workspace. */
  resolve(uri: vscode.Uri): ResolvedFile {
    let file: ResourceFile;
    try {
      file = parseFilePath(uri.path);
    } catch (e) {
      if (e instanceof ResourcePathError)
        throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('{0} is not a Workspace Automation file: {1}', uri.toString(), e.message));
      throw e;
    }
    // A document pinned to a connection is used only through it: refused here, before any request.
    const place = this.pins?.place(uri, file.workspaceId) ?? { kind: 'window' };
    if (place.kind === 'refused') throw vscode.FileSystemError.Unavailable(place.message);
    if (place.kind === 'other') return { file, key: uri.toString(), other: place };
    const current = this.connection.current;
    if (!current) throw toFileSystemError(new NotSignedInError(), uri);
    const readFrom = this.readElsewhere(uri.toString());
    if (readFrom !== undefined) {
      // Its text and tokens are another service's: sending them here would name that service's resources.
      throw vscode.FileSystemError.Unavailable(
        vscode.l10n.t(
          '«{0}» was opened from {1}, and the window now uses {2}: its text is not sent to another service. Switch back to save it, or open it again from the explorer. Nothing was sent; unsaved text stays unsaved.',
          file.name,
          hostOf(readFrom),
          hostOf(current.baseUrl),
        ),
      );
    }
    if (file.workspaceId !== current.workspaceId) {
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t(
          '«{0}» belongs to workspace {1}, but you are signed in to workspace {2}. Switch Workspace to open it.',
          file.name,
          file.workspaceId,
          current.workspaceId,
        ),
      );
    }
    return { file, key: uri.toString() };
  }

  /**
   * Whether the window's connection reads and saves the document of `uri`: false for one pinned to
   * another connection, or to one that cannot be used now. What only the window's connection serves
   * (history, publish, a dashboard's data contract) refuses those, so that no id one connection read
   * is sent to another. Not a `wsa:` file, or one without a connection: true (its feature judges it).
   */
  windowOwns(uri: vscode.Uri): boolean {
    if (uri.scheme !== FILE_SCHEME) return true;
    // Read from another service than the window's now (a URI without a connection, after a move).
    if (this.readElsewhere(uri.toString()) !== undefined) return false;
    if (uri.authority === '' || !this.pins) return true;
    let file: ResourceFile;
    try {
      file = parseFilePath(uri.path);
    } catch {
      return true;
    }
    return this.pins.place(uri, file.workspaceId).kind === 'window';
  }

  /** Forgets where the documents the store holds no session of were read from. */
  private forgetReadFrom(): void {
    for (const key of this.readFrom.keys()) if (!this.store.sessions.get(key)) this.readFrom.delete(key);
  }

  /** The service the document of `key` was read from, when the window's connection is on another now. */
  private readElsewhere(key: string): string | undefined {
    const readFrom = this.readFrom.get(key);
    const current = this.connection.current;
    return readFrom !== undefined && current && readFrom !== originOf(current.baseUrl) ? readFrom : undefined;
  }

  /** Where the reads and saves of a resolved file go; refused as a FileSystemError when its connection has no key. */
  async reach({ other }: Pick<ResolvedFile, 'other'>): Promise<Reach> {
    if (!other) return this.windowReach;
    let client: ServiceClient;
    try {
      client = await other.client();
    } catch (e) {
      throw vscode.FileSystemError.Unavailable(e instanceof Error ? e.message : String(e));
    }
    const known = this.others.get(other.key);
    if (known?.client === client) return known.reach;
    // Its own revision cache: two services may give one id to two revisions.
    const revisions = new RevisionCache(() => client, OTHER_REVISIONS);
    const reach = { client: () => client, reader: new ResourceReader(() => client, revisions), revisions };
    this.others.set(other.key, { client, reach });
    return reach;
  }

  /**
   * The other connection a URI of ours names (a `wsa:` file, a `wsa-revision:` revision, or just
   * `<scheme>://<id>/<workspace>/`), with its client and revisions; undefined for the window's, and
   * a FileSystemError when it cannot be used now (gone, re-pointed, no key): nothing is sent then.
   */
  async otherReach(uri: vscode.Uri, workspaceId: string): Promise<OtherReach | undefined> {
    if (uri.authority === '' || !this.pins) return undefined;
    const place = this.pins.place(uri, workspaceId);
    if (place.kind === 'refused') throw vscode.FileSystemError.Unavailable(place.message);
    if (place.kind === 'window') return undefined;
    const reach = await this.reach({ other: place });
    return { ...reach, authority: uri.authority, label: place.label, workspaceId };
  }

  /**
   * Whether the URI is one of the folders above the files (`/wksp_…/dashboards/oper_…`). VS Code
   * stats them before writing a file; they hold nothing to list.
   */
  isFolder(uri: vscode.Uri): boolean {
    const parts = uri.path.split('/').filter(Boolean);
    if (parts.length === 0) return uri.path === '/';
    const [workspaceId, folder, id] = parts;
    if (parts.length > 3 || !isIdOf('workspace', workspaceId)) return false;
    if (folder === undefined) return true;
    const views = Object.values(VIEWS).filter((v) => v.folder === folder);
    if (views.length === 0) return false;
    return id === undefined || views.some((v) => isIdOf(v.idKind, id));
  }

  /** The open text document of a URI string, if any. */
  openDocument(key: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  }

  /** Whether an editor has the document of a URI string open. */
  isOpen(key: string): boolean {
    return this.openDocument(key) !== undefined;
  }

  /** The session of an open document, or a fresh one. */
  async session(uri: vscode.Uri, { file, key, other }: ResolvedFile): Promise<DocumentSession> {
    const existing = this.sessions.get(key);
    if (existing && (this.openDocument(key) || Date.now() - existing.loadedAt < REUSE_MS)) return existing;
    return this.loading.get(key, () => this.load(uri, { file, key, ...(other ? { other } : {}) }));
  }

  private async load(uri: vscode.Uri, resolved: ResolvedFile): Promise<DocumentSession> {
    const { file, key } = resolved;
    const resumed = this.store.resume(key, file);
    if (resumed) {
      if (resumed.from === 'editBase')
        this.log.debug(
          `[Files] ${file.view} ${file.id} has unsaved edits based on ${resumed.session.base?.label ?? '?'}, kept from before the reload.`,
        );
      return resumed.session;
    }
    const started = Date.now();
    let content;
    try {
      content = await (await this.reach(resolved)).reader.read(file);
    } catch (e) {
      const error = toFileSystemError(e, uri, vscode.l10n.t('Could not open «{0}»', file.name));
      this.log.error(`[Files] ${error.message}`);
      throw error;
    }
    this.log.debug(
      `[Files] Read ${file.view} ${file.id}${content.snapshot ? ` (${content.snapshot.label})` : ''} in ${Date.now() - started} ms.`,
    );
    const session = this.store.loaded(key, file, content);
    const current = resolved.other ? undefined : this.connection.current;
    const origin = current && originOf(current.baseUrl);
    if (origin) this.readFrom.set(key, origin);
    this.store.bound(key, (k) => this.isOpen(k));
    // Bounded as the sessions are: what the store dropped is forgotten here too, now and then.
    if (this.readFrom.size > 2 * MAX_SESSIONS) this.forgetReadFrom();
    return session;
  }

  /**
   * Reads the file again and, when the service holds something newer and nobody has unsaved or
   * held edits of it, makes that the file's content (VS Code then reloads the editor).
   */
  async refresh(uri: vscode.Uri): Promise<RefreshOutcome> {
    const resolved = this.resolve(uri);
    return this.refreshing.get(resolved.key, () => this.reread(uri, resolved));
  }

  private async reread(uri: vscode.Uri, resolved: ResolvedFile): Promise<RefreshOutcome> {
    const { file, key } = resolved;
    const skip = this.store.beforeRemoteCheck(key, this.editorFacts(key));
    if (skip) return skip;
    const content = await (await this.reach(resolved)).reader.read(file);
    // The user may have typed while it was read: the store decides again, on what the editor holds now.
    const { outcome, announce } = this.store.serviceChanged(key, content, this.editorFacts(key));
    if (announce) {
      const now = content.snapshot ? ` (now ${content.snapshot.label})` : '';
      this.log.debug(`[Files] ${file.view} ${file.id} changed on the service${now}; reloading it.`);
      this.fireChanged(uri);
    }
    return outcome;
  }

  isEditable(file: ResourceFile): boolean {
    return isEditable(file.view);
  }

  fireChanged(uri: vscode.Uri): void {
    this.pendingEvents.set(uri.toString(), { type: vscode.FileChangeType.Changed, uri });
    this.batchTimer ??= setTimeout(() => {
      this.batchTimer = undefined;
      const events = [...this.pendingEvents.values()];
      this.pendingEvents.clear();
      if (events.length && !this.isDisposed) this._onDidChangeFile.fire(events);
    }, BATCH_MS);
  }
}

/** A text document as the store sees it; the text is read only when asked for. */
function facts(doc: vscode.TextDocument): EditorFacts {
  return {
    isDirty: doc.isDirty,
    get text() {
      return doc.getText();
    },
  };
}

/** The host of a connection's URL, as the messages name it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
