// One owner of every `wsa:` document's state: its session (text, base, mtime; documentSession.ts),
// its held auto save and the edit base kept across window reloads (documentStoreState.ts). The
// decisions that keep an edit safe are made here, from editor facts passed in as plain values, so
// Node unit tests reach every one: what the next save is based on, whether a change on the service
// may reload the text, what a save's answer does once the editor has moved on, and when a held save
// or an edit base is dropped. vscode-free: ../files adapts VS Code's documents, events and timers to
// the intent methods below and does only the VS Code work (change events, notifications, timers).
import type { IDisposable } from '../../util/lifecycle';
import { DocumentSessions, type DocumentSession, type SessionContent } from './documentSession';
import { EditBases, HeldEntries, type HeldSave, type PersistedState, type StoreLog } from './documentStoreState';
import type { Event } from '../../util/events';
import type { ResourceFile } from '../../kinds/resourcePath';
import { tokensKey, type ResourceContent } from './resourceReader';
import type { ServerSnapshot } from './saveTypes';

export type { HeldSave, PersistedState, StoreLog } from './documentStoreState';

/** What the store needs to know of an open editor, read when an intent is told. Undefined: no editor has the file. */
export interface EditorFacts {
  readonly isDirty: boolean;
  readonly text: string;
}

/** Whose text a successful save stored, which decides whether the editor's base moves with it. */
export type SaveOrigin = 'external' | 'held';

/**
 * What a saved answer did. `keptBase`: the editor holds another unsaved edit, which keeps its base
 * (its own save meets the change). `adopted`: the editor's unsaved text is based on the answer now.
 * `shown`: a clean editor shows the stored text already. `offered`: the file takes the stored text.
 * `announce`: VS Code must be told the file changed.
 */
export interface SavedEffect {
  readonly effect: 'keptBase' | 'adopted' | 'shown' | 'offered' | 'noSession';
  readonly announce: boolean;
}

/** What everyone else reads of the held auto saves. */
export interface HeldView {
  readonly size: number;
  get(uri: string): HeldSave | undefined;
  all(): HeldSave[];
  /** Fires the URI strings whose held state changed. */
  readonly onDidChange: Event<string[]>;
}

export type RemoteCheck = 'changed' | 'unchanged' | 'skipped';

export interface DocumentStoreOptions {
  readonly state: PersistedState;
  readonly log: StoreLog;
  /** The wall clock of held saves and edit bases (tests move it). */
  readonly now?: () => number;
}

/** Sessions kept of files nobody has open: a window that opened thousands keeps the latest of them. */
export const MAX_SESSIONS = 256;

export class DocumentStore implements IDisposable {
  readonly sessions = new DocumentSessions();
  private readonly heldEntries: HeldEntries;
  private readonly editBases: EditBases;

  constructor({ state, log, now }: DocumentStoreOptions) {
    this.heldEntries = new HeldEntries(state, log, now);
    this.editBases = new EditBases(state, log, now);
  }

  /** Auto saves held back from the service; they change only through the intents below. */
  get held(): HeldView {
    return this.heldEntries;
  }

  dispose(): void {
    this.heldEntries.dispose();
  }

  // ---- What the store answers

  /** The server state the document is based on: its session's, else its held save's. */
  baseOf(key: string): ServerSnapshot | undefined {
    return this.sessions.get(key)?.base ?? this.held.get(key)?.base;
  }

  /** Text the user has not stored on the service: unsaved editor text, else held text. */
  pendingEdit(key: string, editor: EditorFacts | undefined): string | undefined {
    return editor?.isDirty ? editor.text : this.held.get(key)?.text;
  }

  /**
   * The base for saving `text` when it is the user's unsaved (or held) edit. Other text (a restore)
   * gets none: it is a new change on top of what the service holds (the caller reads the latest),
   * and any edit in the editor keeps its own base.
   */
  saveBase(key: string, text: string, editor: EditorFacts | undefined): ServerSnapshot | undefined {
    if (this.pendingEdit(key, editor) !== text) return undefined;
    return this.baseOf(key);
  }

  /** The base of the file as VS Code's editor has it (what its own writes are saved on): the session's. */
  editorBase(key: string): ServerSnapshot | undefined {
    return this.sessions.get(key)?.base;
  }

  /**
   * The session opening `key` resumes without reading the service: a held auto save (the file
   * shows it, based on what it was an edit of), else an editor restored with unsaved edits after a
   * reload (they stay based on what they were made on). Undefined: read the service.
   */
  resume(key: string, file: ResourceFile): { session: DocumentSession; from: 'held' | 'editBase' } | undefined {
    const held = this.held.get(key);
    const from = held ? 'held' : 'editBase';
    const base = held?.base ?? this.editBases.get(key);
    if (!base) return undefined;
    const content: SessionContent = { text: held?.text ?? base.text, base, version: tokensKey(base.tokens) };
    return { session: this.sessions.get(key) ?? this.sessions.opened(key, file, content), from };
  }

  /**
   * Whether reading the service again may change the document, before reading: 'skipped' while the
   * user has an unsaved or held edit, or the save command's write is on its way (moving the base
   * would make the next save overwrite silently); 'unchanged' without a session; else undefined.
   */
  beforeRemoteCheck(key: string, editor: EditorFacts | undefined): RemoteCheck | undefined {
    const session = this.sessions.get(key);
    if (!session) return 'unchanged';
    if (this.pendingEdit(key, editor) !== undefined || session.confirmed !== undefined) return 'skipped';
    return undefined;
  }

  // ---- What the service said

  /** The service was read for `key` to open it: a new session, or the existing one takes what was read. */
  loaded(key: string, file: ResourceFile, content: ResourceContent): DocumentSession {
    const existing = this.sessions.get(key);
    if (!existing) return this.sessions.opened(key, file, { text: content.text, base: content.snapshot, version: content.version });
    existing.loaded(content);
    this.sessions.touch(existing);
    return existing;
  }

  /**
   * The service was read again and holds `content`. A clean editor reloads it (the base moves once
   * VS Code reads it); an edit made meanwhile keeps its base. `announce`: tell VS Code the file changed.
   */
  serviceChanged(key: string, content: ResourceContent, editor: EditorFacts | undefined): { outcome: RemoteCheck; announce: boolean } {
    const session = this.sessions.get(key);
    if (!session) return { outcome: 'unchanged', announce: false };
    if (this.pendingEdit(key, editor) !== undefined) return { outcome: 'skipped', announce: false };
    session.checked();
    // 'changed' while a reload is still on its way to the editor, too: its text is about to change.
    if (content.version === session.latestVersion) return { outcome: session.reloadPending ? 'changed' : 'unchanged', announce: false };
    // The same text under new tokens (a new data run) only moves the base.
    const announce = session.offered(content, editor !== undefined);
    return { outcome: session.reloadPending ? 'changed' : 'unchanged', announce };
  }

  /**
   * At most MAX_SESSIONS sessions are kept: past it the oldest go that no editor has open and that
   * hold no held save or unsaved edit's base (`isOpen`), and never `key`'s, just read for VS Code to
   * open. A file read again is read from the service, as after a new connection.
   */
  bound(key: string, isOpen: (key: string) => boolean): void {
    this.sessions.bound(
      MAX_SESSIONS,
      (s) => s.key === key || isOpen(s.key) || this.held.get(s.key) !== undefined || this.editBases.get(s.key) !== undefined,
    );
  }

  /** Another key or workspace: what nobody has open is read again when next asked for. */
  connectionChanged(isOpen: (key: string) => boolean): void {
    this.sessions.prune((s) => isOpen(s.key));
  }

  // ---- What the editor did

  /** VS Code read the file: a reload offered to it is what the editor holds now. */
  readByEditor(key: string): void {
    this.sessions.get(key)?.reloadRead();
  }

  /**
   * The editor's text changed. Back to clean: no edit base to keep. Dirty: a reload on its way is
   * withdrawn (returns true), so the edit stays based on what it was made on, and that base is kept
   * across a window reload.
   */
  editorChanged(key: string, editor: EditorFacts): boolean {
    if (!editor.isDirty) {
      this.editBases.forget(key);
      return false;
    }
    const withdrawn = this.sessions.get(key)?.edited() ?? false;
    this.keepEditBase(key, editor);
    return withdrawn;
  }

  /** The editor was saved or closed: its unsaved edits are gone, and with them the base kept for them. */
  editorSettled(key: string): void {
    this.editBases.forget(key);
  }

  // ---- Saves

  /**
   * A save (the save command, a held save sent, the conflict resolver) stored `text` as `snapshot`.
   * The editor's base moves with it when its pending edit is that text (or grew from it, for a held
   * save); an unrelated pending edit keeps its base.
   */
  saveSucceeded(key: string, text: string, snapshot: ServerSnapshot, origin: SaveOrigin, editor: EditorFacts | undefined): SavedEffect {
    const pending = this.pendingEdit(key, editor);
    if (origin === 'external' && pending !== undefined && pending !== text) return { effect: 'keptBase', announce: false };
    this.heldEntries.release(key);
    const session = this.sessions.get(key);
    if (!session) return { effect: 'noSession', announce: true };
    if (editor?.isDirty) {
      session.adopted(snapshot);
      this.keepEditBase(key, editor);
      // VS Code still has to save the editor; the writeFile that follows sends nothing.
      if (editor.text === text) session.confirmedBySaveCommand(text);
      return { effect: 'adopted', announce: false };
    }
    if (editor && editor.text === text) {
      session.storedAsShown(text, snapshot);
      return { effect: 'shown', announce: true };
    }
    return { effect: 'offered', announce: session.offered({ text, snapshot, version: tokensKey(snapshot.tokens) }, editor !== undefined) };
  }

  /**
   * VS Code writes `text`. True when the save command stored exactly that text already: the write
   * completes VS Code's side of that save and sends nothing (no second PUT). A different text is a
   * new edit, saved the usual way; either way the confirmation is used up.
   */
  editorWriteArrived(key: string, text: string): boolean {
    return this.sessions.get(key)?.writeConfirmed(text) ?? false;
  }

  /** Whether VS Code still has to write the text the save command stored: the editor holds exactly it, unsaved. */
  awaitsEditorWrite(key: string, editor: EditorFacts | undefined): boolean {
    const confirmed = this.sessions.get(key)?.confirmed;
    return confirmed !== undefined && editor?.isDirty === true && editor.text === confirmed;
  }

  /** The editor no longer holds the stored text unsaved (edited again, closed or saved): no write of it will come. */
  confirmationLapsed(key: string): void {
    this.sessions.get(key)?.confirmationLapsed();
  }

  /** VS Code's own write of `text` was stored as `snapshot`: the file and its base are that now, nothing stays held. */
  writeSucceeded(key: string, text: string, snapshot: ServerSnapshot): void {
    this.sessions.get(key)?.written(text, snapshot);
    this.heldEntries.release(key);
  }

  /** After a merge: the editor's (and any held) text is based on `snapshot` now. */
  baseAdopted(key: string, snapshot: ServerSnapshot, editor: EditorFacts | undefined): void {
    this.sessions.get(key)?.adopted(snapshot);
    this.heldEntries.rebase(key, snapshot);
    this.keepEditBase(key, editor);
  }

  // ---- Held auto saves

  /**
   * An auto save of `text` was held back: it keeps the session's base (what the text is an edit
   * of) and the file shows it. False when the session has no base to hold it against.
   */
  autoSaveHeld(key: string, text: string): boolean {
    const session = this.sessions.get(key);
    if (!session?.base) return false;
    this.heldEntries.hold(key, text, session.base);
    session.held(text);
    return true;
  }

  /** Sending the held save failed: the text stays held, with the reason. */
  heldSendFailed(key: string, reason: string): void {
    this.heldEntries.failed(key, reason);
  }

  /**
   * The user dropped the held auto save: the file shows the service's text of its base again.
   * Undefined when nothing was held; 'noBase' when no session can go back (nothing to re-read);
   * `announce`: tell VS Code the file changed.
   */
  heldDropped(key: string, open: boolean): { announce: boolean } | 'noBase' | undefined {
    if (!this.heldEntries.release(key)) return undefined;
    const session = this.sessions.get(key);
    if (!session?.base) return 'noBase';
    return { announce: session.heldDiscarded(open) };
  }

  /** Forgets what is held for `key` without sending it or touching the file's text (a clean start). */
  heldForgotten(key: string): void {
    this.heldEntries.release(key);
  }

  /** Keeps the base of a document with unsaved edits across reloads of the window. */
  private keepEditBase(key: string, editor: EditorFacts | undefined): void {
    const base = this.sessions.get(key)?.base;
    if (base && editor?.isDirty) this.editBases.remember(key, base);
  }
}
