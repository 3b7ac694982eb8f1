// `wsa-revision:` — read-only documents of single revisions, for diffs, history and conflict
// compares. Content comes from the immutable RevisionCache.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../../connection/api';
import type { RevisionCache } from '../model/revisionCache';
import { parseRevisionPath, REVISION_SCHEME, ResourcePathError, revisionPath, type RevisionFile } from '../../kinds/resourcePath';
import { revisionText } from '../../kinds/serialize';
import { FilesOnlyFileSystem, toFileSystemError } from './fileSystemErrors';
import { resolvedPath } from './resolvedPath';

/** The URI of a revision's document; `authority`: the other connection it is of ('' for the window's). */
export function revisionUri(file: RevisionFile, authority = ''): vscode.Uri {
  return vscode.Uri.from({ scheme: REVISION_SCHEME, authority, path: revisionPath(file) });
}

/** The revisions of another connection than the window's a `wsa-revision:` URI names, or undefined for the window's. */
export type OtherRevisions = (uri: vscode.Uri, workspaceId: string) => Promise<RevisionCache | undefined>;

export class RevisionFileSystem extends FilesOnlyFileSystem implements vscode.FileSystemProvider {
  protected readonly refusals = {
    createDirectory: vscode.l10n.t('Revisions are read-only.'),
    delete: vscode.l10n.t('Revisions cannot be deleted.'),
    rename: vscode.l10n.t('Revisions cannot be renamed.'),
  };
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly connection: ConnectionProvider,
    private readonly revisions: RevisionCache,
    /** A URI with a connection is read through that connection's own revisions (DocumentRegistry.otherRevisions). */
    private readonly others: OtherRevisions = async () => undefined,
  ) {
    super();
    this._register(
      vscode.workspace.registerFileSystemProvider(REVISION_SCHEME, this, {
        isCaseSensitive: true,
        isReadonly: new vscode.MarkdownString(vscode.l10n.t('Revisions are immutable. Open the resource itself to edit it.')),
      }),
    );
  }

  /** The text of a revision document. */
  async text(uri: vscode.Uri): Promise<{ text: string; createdAt: number }> {
    let file: RevisionFile;
    try {
      file = parseRevisionPath(resolvedPath(uri));
    } catch (e) {
      throw e instanceof ResourcePathError ? vscode.FileSystemError.FileNotFound(`${uri.toString()}: ${e.message}`) : e;
    }
    // Another connection's revision: read through its own client and cache, never the window's.
    const other = await this.others(uri, file.workspaceId);
    if (other) return this.read(uri, other, file);
    // Signed out is a FileSystemError too (Unavailable), like every other refusal of a provider.
    let current;
    try {
      current = this.connection.require();
    } catch (e) {
      throw toFileSystemError(e, uri);
    }
    if (file.workspaceId !== current.workspaceId) {
      throw vscode.FileSystemError.NoPermissions(
        vscode.l10n.t('{0} belongs to workspace {1}, not to the signed-in workspace {2}.', uri.path, file.workspaceId, current.workspaceId),
      );
    }
    return this.read(uri, this.revisions, file);
  }

  private async read(uri: vscode.Uri, revisions: RevisionCache, file: RevisionFile): Promise<{ text: string; createdAt: number }> {
    try {
      const revision = await revisions.get(file.resourceId, file.revisionId);
      return { text: revisionText(file.view, revision.value), createdAt: Date.parse(revision.createdAt) || 0 };
    } catch (e) {
      throw toFileSystemError(e, uri);
    }
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { text, createdAt } = await this.text(uri);
    return {
      type: vscode.FileType.File,
      ctime: createdAt,
      mtime: createdAt,
      size: this.encoder.encode(text).byteLength,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return this.encoder.encode((await this.text(uri)).text);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): never {
    throw vscode.FileSystemError.FileNotADirectory();
  }

  writeFile(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Revisions are immutable. Open the resource itself to edit it.'));
  }
}
