// Per `wsa:` URI: the server snapshot the editor's text is based on (its tokens go with the next
// save), and what VS Code's text model was loaded from (text, mtime). vscode-free: the `wsa:` file
// system (../files) tells each session what happened through the named transitions below, and only
// they change it.
//
// The two move separately on purpose. `text` and `mtime` are the file "on disk" as VS Code last
// saw it; they change only when VS Code writes the file or may reload it (no unsaved edits), so
// VS Code's own "file is newer — Compare / Overwrite" check never fires beside our conflict
// notification: one conflict, one prompt. `base` changes whenever the editor's edit becomes based
// on a newer server state (a save, a merge, an overwrite). The mtime advances whenever the text
// VS Code would read changes, and on each write of VS Code's own (as a disk would); a change seen
// on the service that leaves the text as it is keeps it (a needless new mtime is a false "file is
// newer" of its own; see microsoft/vscode#86604).
import type { ResourceFile } from '../../kinds/resourcePath';
import { tokensKey, type ResourceContent } from './resourceReader';
import type { ServerSnapshot } from './saveTypes';

/** What a session is started with: the file's text, the state it is based on, its version. */
export interface SessionContent {
  readonly text: string;
  readonly base: ServerSnapshot | undefined;
  readonly version: string;
}

/**
 * A newer server state offered to a model without edits: `text` and `mtime` already show it, and
 * it becomes the base when VS Code reads the file to reload. Should the user type first, the
 * offer is withdrawn (text and mtime back), so the edit stays based on what it was made on.
 */
interface PendingReload {
  readonly base: ServerSnapshot | undefined;
  readonly version: string;
  readonly previousText: string;
  readonly previousMtime: number;
}

/** Strictly increasing and near the wall clock, so an mtime also stays ahead across reloads. One per file system. */
export class MtimeClock {
  private last = 0;

  tick(): number {
    this.last = Math.max(Date.now(), this.last + 1);
    return this.last;
  }
}

export class DocumentSession {
  readonly ctime: number;
  private _text: string;
  private _base: ServerSnapshot | undefined;
  private _version: string;
  private _mtime: number;
  private _loadedAt: number;
  private _confirmed: string | undefined;
  private reload: PendingReload | undefined;

  constructor(
    readonly key: string,
    readonly file: ResourceFile,
    content: SessionContent,
    private readonly clock: MtimeClock,
  ) {
    this._text = content.text;
    this._base = content.base;
    this._version = content.version;
    this.ctime = this._mtime = clock.tick();
    this._loadedAt = Date.now();
  }

  /** What `readFile` serves: the server's text, or the held text of an auto save. */
  get text(): string {
    return this._text;
  }

  /** Editable views: the state the editor's text is an edit of. */
  get base(): ServerSnapshot | undefined {
    return this._base;
  }

  /** The server's version of the text as last read (tokens or, for read-only views, the text). */
  get version(): string {
    return this._version;
  }

  get mtime(): number {
    return this._mtime;
  }

  /** When the server was last read for this session. */
  get loadedAt(): number {
    return this._loadedAt;
  }

  /**
   * Text the save command has just stored on the service. The `writeFile` of exactly this text
   * that follows (`document.save()`) completes VS Code's side of that save without a second PUT.
   */
  get confirmed(): string | undefined {
    return this._confirmed;
  }

  /** A newer server state is on its way to the editor (offered, not read yet). */
  get reloadPending(): boolean {
    return this.reload !== undefined;
  }

  /** The server version the file shows, or is about to show once VS Code reads it. */
  get latestVersion(): string {
    return this.reload?.version ?? this._version;
  }

  // ---- What the service said

  /**
   * The service was read again for a file nobody has open: that is its text and base now. An open
   * editor never gets here (its session is kept; remote changes reach it through `offered`).
   */
  loaded(content: ResourceContent): void {
    // What was just read supersedes a reload still waiting for VS Code (its editor closed first):
    // reading the file later must not put that older base back.
    this.reload = undefined;
    this.moveBase(content.snapshot, content.version);
    this._loadedAt = Date.now();
    if (this._text !== content.text) this.changeText(content.text);
  }

  /** The service was read again for this session (whatever it answered). */
  checked(): void {
    this._loadedAt = Date.now();
  }

  /**
   * The service now holds `content`, for a file without unsaved or held edits. Returns whether the
   * file's text changed (the caller announces it, and VS Code reloads a model without edits).
   * `open`: an editor has the file; its base then moves only once VS Code reads the file, so an
   * edit typed before that stays based on the old state.
   */
  offered(content: ResourceContent, open: boolean): boolean {
    this._loadedAt = Date.now();
    if (this._text === content.text) {
      // The file shows this text already (or is about to): only the base moves, with the reload if one is pending.
      if (this.reload) this.reload = { ...this.reload, base: content.snapshot, version: content.version };
      else this.moveBase(content.snapshot, content.version);
      return false;
    }
    if (!open) {
      this.reload = undefined;
      this.moveBase(content.snapshot, content.version);
    } else {
      const previous = this.reload ?? { previousText: this._text, previousMtime: this._mtime };
      this.reload = {
        base: content.snapshot,
        version: content.version,
        previousText: previous.previousText,
        previousMtime: previous.previousMtime,
      };
    }
    this.changeText(content.text);
    return true;
  }

  /** After a merge (or a save under an unsaved edit): the editor's text is now based on `snapshot`. */
  adopted(snapshot: ServerSnapshot): void {
    this.moveBase(snapshot, tokensKey(snapshot.tokens));
  }

  // ---- What the editor did

  /** VS Code read the file: a pending reload is now what the model holds, and its base. */
  reloadRead(): void {
    const reload = this.reload;
    if (!reload) return;
    this.moveBase(reload.base, reload.version);
    this.reload = undefined;
  }

  /**
   * The user typed in the editor. A reload still on its way is withdrawn (text and mtime back), so
   * the edit stays based on what it was made on. Returns whether one was withdrawn.
   */
  edited(): boolean {
    const reload = this.reload;
    if (!reload) return false;
    this._text = reload.previousText;
    this._mtime = reload.previousMtime;
    this.reload = undefined;
    return true;
  }

  // ---- Saves

  /** VS Code wrote `text` and the service stored it as `snapshot`: the file and its base are both that now. */
  written(text: string, snapshot: ServerSnapshot): void {
    this.adopted(snapshot);
    this.changeText(text);
  }

  /**
   * VS Code writes `text`. When the save command has stored exactly that text already, this write
   * completes VS Code's side of it (returns true: nothing to send). Either way the confirmation is
   * used up: a different text is a new edit, saved the usual way.
   */
  writeConfirmed(text: string): boolean {
    const confirmed = this._confirmed;
    this._confirmed = undefined;
    if (confirmed !== text) return false;
    this.changeText(text);
    return true;
  }

  /** The save command stored `text`, which the editor holds unsaved: VS Code's write of it follows (see `confirmed`). */
  confirmedBySaveCommand(text: string): void {
    this._confirmed = text;
  }

  /** The editor no longer holds the confirmed text unsaved (edited again, closed or saved): no write of it will come. */
  confirmationLapsed(): void {
    this._confirmed = undefined;
  }

  /**
   * A save stored `text`, which a clean editor shows already (a held save sent): only the base
   * moves, and any reload on its way is dropped, since the editor holds what the service holds.
   */
  storedAsShown(text: string, snapshot: ServerSnapshot): void {
    this.reload = undefined;
    this._text = text;
    this.adopted(snapshot);
  }

  /** An auto save was held back: the file shows the held text; its base stays what the text is an edit of. */
  held(text: string): void {
    this.changeText(text);
  }

  /**
   * The held auto save was dropped: the file shows the service's text of its base again. Returns
   * whether the text changed, as `offered` does; false too when there is no base to go back to.
   */
  heldDiscarded(open: boolean): boolean {
    const base = this._base;
    if (!base) return false;
    return this.offered({ text: base.text, snapshot: base, version: tokensKey(base.tokens) }, open);
  }

  // ---- The two primitives every transition above is made of

  /** The editor's text is now an edit of `base` (the tokens the next save sends). */
  private moveBase(base: ServerSnapshot | undefined, version: string): void {
    this._base = base;
    this._version = version;
  }

  /** The file's content is `text` now (or VS Code wrote it): a newer mtime, so VS Code reloads a model without edits. */
  private changeText(text: string): void {
    this._text = text;
    this._mtime = this.clock.tick();
  }
}

/** Every session of one file system, by URI string. */
export class DocumentSessions {
  private readonly sessions = new Map<string, DocumentSession>();
  private readonly clock = new MtimeClock();

  get(key: string): DocumentSession | undefined {
    return this.sessions.get(key);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The file was opened (or read for a stat): a new session, replacing any earlier one of `key`, the newest. */
  opened(key: string, file: ResourceFile, content: SessionContent): DocumentSession {
    const session = new DocumentSession(key, file, content, this.clock);
    this.sessions.delete(key);
    this.sessions.set(key, session);
    return session;
  }

  /** The session was read again: the newest, the last the bound drops. */
  touch(session: DocumentSession): void {
    this.sessions.delete(session.key);
    this.sessions.set(session.key, session);
  }

  /** Drops the oldest sessions `keep` rejects until at most `max` are left (or none can go). */
  bound(max: number, keep: (session: DocumentSession) => boolean): void {
    for (const [key, session] of this.sessions) {
      if (this.sessions.size <= max) return;
      if (!keep(session)) this.sessions.delete(key);
    }
  }

  /** Drops every session `keep` rejects. */
  prune(keep: (session: DocumentSession) => boolean): void {
    for (const [key, session] of this.sessions) if (!keep(session)) this.sessions.delete(key);
  }
}
