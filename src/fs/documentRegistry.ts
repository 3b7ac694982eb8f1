// The documents behind the `wsa:` file system: which resource a URI names (and whether the signed-in
// workspace may see it), its session (src/model/documentSession.ts), loading it from the service,
// batched change events, and re-checking an untouched document against the service. It tells the
// sessions what VS Code and the service did; it never writes their fields.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../connection/connectionProvider';
import { NotSignedInError } from '../connection/connectionProvider';
import { ResourceReader, type RevisionSource } from '../model/resourceReader';
import { isIdOf } from '../api/ids';
import { DocumentSessions, type DocumentSession } from '../model/documentSession';
import { FILE_SCHEME, filePath, isEditable, parseFilePath, ResourcePathError, VIEWS, type ResourceFile } from '../model/resourcePath';
import { tokensKey, type ResourceContent } from '../model/resourceReader';
import { SingleFlight } from '../util/async';
import { Disposable } from '../util/lifecycle';
import { toFileSystemError } from './fileSystemErrors';
import type { EditBases } from './editBases';
import type { HeldSaves } from './heldSaves';

/** A session read from the service this recently is reused by a file nobody has open (stat, then readFile). */
const REUSE_MS = 5_000;
/** Change events are collected this long and fired together. */
const BATCH_MS = 5;

export function resourceUri(file: ResourceFile): vscode.Uri {
  return vscode.Uri.from({ scheme: FILE_SCHEME, path: filePath(file) });
}

export interface ResolvedFile {
  file: ResourceFile;
  /** The URI string: the key of sessions and held saves. */
  key: string;
}

export type RefreshOutcome = 'changed' | 'unchanged' | 'skipped';

export class DocumentRegistry extends Disposable {
  private readonly _onDidChangeFile = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this._onDidChangeFile.event;
  readonly sessions = new DocumentSessions();
  readonly reader: ResourceReader;
  /** Per URI: one read of the service at a time, shared; each read after it settled reads again. */
  private readonly loading = new SingleFlight<string, DocumentSession>();
  private readonly refreshing = new SingleFlight<string, RefreshOutcome>();
  private readonly pendingEvents = new Map<string, vscode.FileChangeEvent>();
  private batchTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly connection: ConnectionProvider,
    revisions: RevisionSource,
    readonly held: HeldSaves,
    private readonly editBases: EditBases,
    readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.reader = new ResourceReader(() => connection.require().client, revisions);
    // Another key or workspace: what nobody has open is read again when next asked for.
    this._register(connection.onDidChangeConnection(() => this.sessions.prune((s) => this.openDocument(s.key) !== undefined)));
    this._register({ dispose: () => clearTimeout(this.batchTimer) });
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== FILE_SCHEME) return;
        const key = e.document.uri.toString();
        if (!e.document.isDirty) return this.editBases.forget(key);
        const session = this.sessions.get(key);
        if (session?.edited()) {
          const base = session.base?.label ?? 'what it was made on';
          this.log.debug(`[Files] ${session.file.view} ${session.file.id} was edited before it reloaded; the edit stays based on ${base}.`);
        }
        this.noteBase(key);
      }),
    );
    this._register(
      vscode.workspace.onDidSaveTextDocument((d) => (d.uri.scheme === FILE_SCHEME ? this.editBases.forget(d.uri.toString()) : undefined)),
    );
    this._register(
      vscode.workspace.onDidCloseTextDocument((d) => (d.uri.scheme === FILE_SCHEME ? this.editBases.forget(d.uri.toString()) : undefined)),
    );
  }

  /** Keeps the base of a document with unsaved edits across reloads of the window (EditBases). */
  noteBase(key: string): void {
    const base = this.sessions.get(key)?.base;
    if (base && this.openDocument(key)?.isDirty) this.editBases.remember(key, base);
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
    const current = this.connection.current;
    if (!current) throw toFileSystemError(new NotSignedInError(), uri);
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

  /** Text the user has not stored on the service: unsaved editor text, else held text. */
  pendingEdit(key: string): string | undefined {
    const doc = this.openDocument(key);
    return doc?.isDirty ? doc.getText() : this.held.get(key)?.text;
  }

  /** The session of an open document, or a fresh one. */
  async session(uri: vscode.Uri, { file, key }: ResolvedFile): Promise<DocumentSession> {
    const existing = this.sessions.get(key);
    if (existing && (this.openDocument(key) || Date.now() - existing.loadedAt < REUSE_MS)) return existing;
    return this.loading.get(key, () => this.load(uri, file, key));
  }

  private async load(uri: vscode.Uri, file: ResourceFile, key: string): Promise<DocumentSession> {
    const held = this.held.get(key);
    if (held) {
      // An auto save held back: the editor shows it, based on the state it was an edit of.
      return (
        this.sessions.get(key) ??
        this.sessions.opened(key, file, { text: held.text, base: held.base, version: tokensKey(held.base.tokens) })
      );
    }
    const remembered = this.editBases.get(key);
    if (remembered) {
      // An editor restored with unsaved edits after a reload: they stay based on what they were made on.
      this.log.debug(`[Files] ${file.view} ${file.id} has unsaved edits based on ${remembered.label}, kept from before the reload.`);
      return (
        this.sessions.get(key) ??
        this.sessions.opened(key, file, { text: remembered.text, base: remembered, version: tokensKey(remembered.tokens) })
      );
    }
    const started = Date.now();
    let content;
    try {
      content = await this.reader.read(file);
    } catch (e) {
      const error = toFileSystemError(e, uri, vscode.l10n.t('Could not open «{0}»', file.name));
      this.log.error(`[Files] ${error.message}`);
      throw error;
    }
    this.log.debug(
      `[Files] Read ${file.view} ${file.id}${content.snapshot ? ` (${content.snapshot.label})` : ''} in ${Date.now() - started} ms.`,
    );
    const existing = this.sessions.get(key);
    if (!existing) return this.sessions.opened(key, file, { text: content.text, base: content.snapshot, version: content.version });
    existing.loaded(content);
    return existing;
  }

  /**
   * Reads the file again and, when the service holds something newer and nobody has unsaved or
   * held edits of it, makes that the file's content (VS Code then reloads the editor).
   */
  async refresh(uri: vscode.Uri): Promise<RefreshOutcome> {
    const resolved = this.resolve(uri);
    return this.refreshing.get(resolved.key, () => this.reread(uri, resolved));
  }

  private async reread(uri: vscode.Uri, { file, key }: ResolvedFile): Promise<RefreshOutcome> {
    const session = this.sessions.get(key);
    if (!session) return 'unchanged';
    // An edit is based on `session.base`; moving it would make the next save overwrite silently.
    if (this.pendingEdit(key) !== undefined || session.confirmed !== undefined) return 'skipped';
    const content = await this.reader.read(file);
    if (this.pendingEdit(key) !== undefined) return 'skipped';
    session.checked();
    // 'changed' while a reload is still on its way to the editor, too: its text is about to change.
    if (content.version === session.latestVersion) return session.reloadPending ? 'changed' : 'unchanged';
    if (session.text !== content.text) {
      const now = content.snapshot ? ` (now ${content.snapshot.label})` : '';
      this.log.debug(`[Files] ${file.view} ${file.id} changed on the service${now}; reloading it.`);
    }
    // The same text under new tokens (a new data run) only moves the base.
    this.offer(uri, session, content);
    return session.reloadPending ? 'changed' : 'unchanged';
  }

  /**
   * The service now holds `content` for a file without unsaved or held edits: the session takes it
   * (DocumentSession.offered) and, when the text changed, VS Code is told, so it reloads the editor.
   */
  offer(uri: vscode.Uri, session: DocumentSession, content: ResourceContent): void {
    if (session.offered(content, this.isOpen(session.key))) this.fireChanged(uri);
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
