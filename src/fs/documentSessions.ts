// Per `wsa:` URI: the server snapshot the editor's text is based on (its tokens go with the next
// save), and what VS Code's text model was loaded from (text, mtime). vscode-free.
//
// The two move separately on purpose. `text` and `mtime` are the file "on disk" as VS Code last
// saw it; they change only when VS Code writes the file or may reload it (no unsaved edits), so
// VS Code's own "file is newer — Compare / Overwrite" check never fires beside our conflict
// notification: one conflict, one prompt. `base` changes whenever the editor's edit becomes based
// on a newer server state (a save, a merge, an overwrite).
import type { ResourceFile } from '../model/resourcePath';
import type { ServerSnapshot } from '../model/saveTypes';

export interface DocumentSession {
  readonly key: string;
  readonly file: ResourceFile;
  /** What `readFile` serves: the server's text, or the held text of an auto save. */
  text: string;
  /** Editable views: the state the editor's text is an edit of. */
  base: ServerSnapshot | undefined;
  /** The server's version of `text` as last read (tokens or, for read-only views, the text). */
  version: string;
  ctime: number;
  mtime: number;
  /** When the server was last read for this session. */
  loadedAt: number;
  /**
   * Text the save command has just stored on the service. The `writeFile` of exactly this text
   * that follows (`document.save()`) completes VS Code's side of that save without a second PUT.
   */
  confirmed?: string | undefined;
  /**
   * A newer server state offered to a model without edits: `text` and `mtime` already show it, and
   * it becomes the base when VS Code reads the file to reload. Should the user type first, the
   * offer is withdrawn (text and mtime back), so the edit stays based on what it was made on.
   */
  reload?: { base: ServerSnapshot | undefined; version: string; previousText: string; previousMtime: number } | undefined;
}

export class DocumentSessions {
  private readonly sessions = new Map<string, DocumentSession>();
  private lastMtime = 0;

  get(key: string): DocumentSession | undefined {
    return this.sessions.get(key);
  }

  /** Creates or replaces the session of `key`. */
  set(init: Omit<DocumentSession, 'ctime' | 'mtime' | 'loadedAt'>): DocumentSession {
    const now = this.tick();
    const session: DocumentSession = { ...init, ctime: now, mtime: now, loadedAt: Date.now() };
    this.sessions.set(init.key, session);
    return session;
  }

  /** The file's content changed: a newer mtime, so VS Code reloads a model without edits. */
  changeText(session: DocumentSession, text: string): void {
    session.text = text;
    session.mtime = this.tick();
  }

  /** Withdraws a pending reload: the model kept its text (see `reload`). */
  withdrawReload(session: DocumentSession): void {
    const reload = session.reload;
    if (!reload) return;
    session.text = reload.previousText;
    session.mtime = reload.previousMtime;
    session.reload = undefined;
  }

  /** VS Code read the file: a pending reload is now what the model holds. */
  completeReload(session: DocumentSession): void {
    const reload = session.reload;
    if (!reload) return;
    session.base = reload.base;
    session.version = reload.version;
    session.reload = undefined;
  }

  delete(key: string): void {
    this.sessions.delete(key);
  }

  /** Drops every session `keep` rejects. */
  prune(keep: (session: DocumentSession) => boolean): void {
    for (const [key, session] of this.sessions) if (!keep(session)) this.sessions.delete(key);
  }

  /** Strictly increasing and near the wall clock, so it also stays ahead across reloads. */
  private tick(): number {
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    return this.lastMtime;
  }
}
