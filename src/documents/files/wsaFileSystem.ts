// `wsa:` — dashboards, database definitions and facts as editable documents, operations, handler
// code, apps and write syncs as read-only ones. Reads and writes go through DocumentRegistry and
// DocumentSaver; this class is the FileSystemProvider surface and never shows UI. Every call resolves
// the path first (resolvedPath): one that leaves `/` or needed resolving is refused before any check.
import * as vscode from 'vscode';
import { FILE_SCHEME } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import type { DocumentRegistry } from './documentRegistry';
import type { DocumentSaver } from './documentSaver';
import { resolvedPath } from './resolvedPath';

/** A save reason older than this did not belong to the writeFile now running. */
const REASON_TTL_MS = 30_000;

export class WsaFileSystem extends Disposable implements vscode.FileSystemProvider {
  readonly onDidChangeFile: vscode.Event<vscode.FileChangeEvent[]>;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder('utf-8');
  /** Why VS Code is saving each document: told before writeFile runs, by onWillSaveTextDocument. */
  private readonly saveReasons = new Map<string, { reason: vscode.TextDocumentSaveReason; at: number }>();

  constructor(
    private readonly documents: DocumentRegistry,
    private readonly saves: DocumentSaver,
  ) {
    super();
    this.onDidChangeFile = documents.onDidChangeFile;
    this._register(vscode.workspace.registerFileSystemProvider(FILE_SCHEME, this, { isCaseSensitive: true }));
    this._register(
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.document.uri.scheme === FILE_SCHEME) this.saveReasons.set(e.document.uri.toString(), { reason: e.reason, at: Date.now() });
      }),
    );
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    resolvedPath(uri);
    if (this.documents.isFolder(uri)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const resolved = this.documents.resolve(uri);
    const session = await this.documents.session(uri, resolved);
    return {
      type: vscode.FileType.File,
      ctime: session.ctime,
      mtime: session.mtime,
      size: this.encoder.encode(session.text).byteLength,
      ...(this.documents.isEditable(resolved.file) ? {} : { permissions: vscode.FilePermission.Readonly }),
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    resolvedPath(uri);
    const resolved = this.documents.resolve(uri);
    const session = await this.documents.session(uri, resolved);
    // The model takes this text now: a reload offered to it is complete.
    this.documents.store.readByEditor(resolved.key);
    return this.encoder.encode(session.text);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    resolvedPath(uri);
    const resolved = this.documents.resolve(uri);
    const told = this.saveReasons.get(resolved.key);
    this.saveReasons.delete(resolved.key);
    // No reason told (a write through the API rather than an editor save) counts as an explicit save.
    const reason = told && Date.now() - told.at < REASON_TTL_MS ? told.reason : undefined;
    await this.saves.write(uri, resolved, this.decoder.decode(content), reason);
  }

  watch(): vscode.Disposable {
    // Changes are announced without watching: after saves, refreshes and detected remote changes.
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    resolvedPath(uri);
    // The folders exist for paths only; resources are listed by the explorer, not here.
    if (this.documents.isFolder(uri)) return [];
    throw vscode.FileSystemError.FileNotADirectory(
      vscode.l10n.t('Workspace Automation files are opened one by one, from the explorer or by id.'),
    );
  }

  createDirectory(uri: vscode.Uri): never {
    resolvedPath(uri);
    // VS Code creates the missing parents of a file it writes; every real file's parents exist
    // (isFolder), so only a path that names no resource file gets here.
    throw vscode.FileSystemError.NoPermissions(
      vscode.l10n.t(
        '{0} is not a folder of Workspace Automation files, and none can be created: the path does not name a resource.',
        uri.path,
      ),
    );
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Workspace Automation resources cannot be deleted from the editor.'));
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Workspace Automation resources cannot be renamed from the editor.'));
  }
}
