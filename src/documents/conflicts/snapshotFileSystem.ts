// `wsa-snapshot:` — texts held in memory for the conflict editors: the user's text at the moment of
// a conflict, a base or service version that has no `wsa-revision:` URI (facts), and the result of
// a merge in the merge editor. Snapshots are read-only, except merge results, whose saves are handed
// to their owner. They live as long as the extension (bounded), so "your text" stays readable.
// Only paths this class made are ever found: a crafted one is resolved first and matched exactly.
import * as vscode from 'vscode';
import { resolvedPath } from '../files/resolvedPath';
import { FilesOnlyFileSystem } from '../files/fileSystemErrors';

export const SNAPSHOT_SCHEME = 'wsa-snapshot';

interface Entry {
  bytes: Uint8Array;
  ctime: number;
  mtime: number;
  /** Present on writable entries: receives every saved text. */
  onWrite?: (text: string) => void;
}

const MAX_ENTRIES = 200;

/** One path segment that is its own resolved form (resolvedPath refuses any other spelling). */
function segment(text: string, fallback: string): string {
  const cleaned = text.replace(/[/\\]/g, '-').replace(/%(?=[0-9A-Fa-f]{2})/g, '\uff05');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

export class SnapshotFileSystem extends FilesOnlyFileSystem implements vscode.FileSystemProvider {
  protected readonly refusals = {
    createDirectory: vscode.l10n.t('Snapshots have no folders to create.'),
    delete: vscode.l10n.t('Snapshots cannot be deleted.'),
    rename: vscode.l10n.t('Snapshots cannot be renamed.'),
  };
  private readonly entries = new Map<string, Entry>();
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();
  private counter = 0;

  constructor() {
    super();
    this._register(vscode.workspace.registerFileSystemProvider(SNAPSHOT_SCHEME, this, { isCaseSensitive: true }));
  }

  /**
   * Keeps `text` under a new read-only URI whose file name is `fileName` (so the editor picks the
   * language from its extension); `role` names it in the path ("Yours", "Service", "Base").
   */
  put(role: string, fileName: string, text: string): vscode.Uri {
    return this.add(role, fileName, text, undefined);
  }

  /** Like `put`, but the document can be saved: each save's text goes to `onWrite`. */
  putWritable(role: string, fileName: string, text: string, onWrite: (text: string) => void): vscode.Uri {
    return this.add(role, fileName, text, onWrite);
  }

  /** The text held for `uri`, if any. */
  text(uri: vscode.Uri): string | undefined {
    const entry = this.entries.get(uri.path);
    return entry && this.decoder.decode(entry.bytes);
  }

  private add(role: string, fileName: string, text: string, onWrite: ((text: string) => void) | undefined): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: SNAPSHOT_SCHEME,
      path: `/${++this.counter}/${segment(role, 'Snapshot')}/${segment(fileName, 'document')}`,
    });
    const now = Date.now();
    this.entries.set(uri.path, { bytes: this.encoder.encode(text), ctime: now, mtime: now, ...(onWrite ? { onWrite } : {}) });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return uri;
  }

  private entry(uri: vscode.Uri): Entry {
    const entry = this.entries.get(resolvedPath(uri));
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry;
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const parts = resolvedPath(uri).split('/').filter(Boolean);
    if (parts.length < 3) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const entry = this.entry(uri);
    return {
      type: vscode.FileType.File,
      ctime: entry.ctime,
      mtime: entry.mtime,
      size: entry.bytes.byteLength,
      ...(entry.onWrite ? {} : { permissions: vscode.FilePermission.Readonly }),
    };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.entry(uri).bytes;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    const entry = this.entry(uri);
    if (!entry.onWrite)
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('This is a snapshot kept for comparing; it cannot be changed.'));
    entry.bytes = content.slice();
    // mtime must move forward even within one millisecond.
    entry.mtime = Math.max(Date.now(), entry.mtime + 1);
    this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    entry.onWrite(this.decoder.decode(content));
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }
}
