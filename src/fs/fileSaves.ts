// Every save of a `wsa:` file goes through here: VS Code's writeFile (File > Save, Save All, auto
// save), the save command, held auto saves, and the conflict resolver and history panel (through
// ConflictFiles). Saves of one file run one after another, so each is based on the previous one.
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
import type { Configuration } from '../manifest/config';
import { tokensKey } from '../model/resourceReader';
import type { FileView } from '../model/resourcePath';
import { SaveFlow } from '../model/saveFlow';
import type { SaveResult, ServerSnapshot, TextProblem } from '../model/saveTypes';
import { describeError } from '../ui/describeError';
import { KeyedQueue } from '../util/async';
import { Disposable } from '../util/lifecycle';
import type { ConflictFiles, ProblemSink } from './conflictFiles';
import type { DocumentSession } from './documentSessions';
import type { FileState, RefreshOutcome, ResolvedFile } from './fileState';
import { toFileSystemError } from './fileSystemErrors';
import type { HeldSaves } from './heldSaves';
import { autoSaveHeldMessage, conflictMessage, heldFailureReason, invalidMessage, readOnlyMessage, savedMessage } from './saveMessages';
import { SaveNotices } from './saveNotices';

/** `coalesce`: held auto saves are sent after this long without another auto save. */
export const COALESCE_MS = 30_000;

export interface FileSavesOptions {
  /** How long `coalesce` waits for quiet before sending (COALESCE_MS); read at each auto save. */
  readonly coalesceDelayMs: number;
}

export interface SavedEvent {
  uri: vscode.Uri;
  /** The server state the file is based on now. */
  snapshot: ServerSnapshot;
}

/** How long the save command waits for a save VS Code already had running. */
const SAVE_WAIT_MS = 5_000;

/** Whose text a successful save stored, which decides whether the editor's base moves with it. */
type Origin = 'external' | 'held';

export class FileSaves extends Disposable implements ConflictFiles {
  private readonly _onDidSave = this._register(new vscode.EventEmitter<SavedEvent>());
  /** A save reached the service (the explorer refreshes the resource; tests wait on it). */
  readonly onDidSave = this._onDidSave.event;
  /** Tells the outcome of saves no command reports: VS Code's own saves and timed held saves. */
  readonly notices = this._register(new SaveNotices());
  private readonly flow: SaveFlow;
  private readonly queue = new KeyedQueue<string>();

  constructor(
    private readonly state: FileState,
    private readonly config: Configuration,
    private readonly diagnostics: ProblemSink,
    validate: (view: FileView, text: string) => Promise<TextProblem[]>,
    private readonly log: vscode.LogOutputChannel,
    private readonly options: FileSavesOptions = { coalesceDelayMs: COALESCE_MS },
  ) {
    super();
    const client = (): ServiceClient => state.connection.require().client;
    this.flow = new SaveFlow(client, state.reader, { validate, log: { debug: (m) => log.debug(m), error: (m) => log.error(m) } });
  }

  /** Auto saves held back from the service. */
  get held(): HeldSaves {
    return this.state.held;
  }

  // ---- ConflictFiles

  async saveText(uri: vscode.Uri, text: string, basedOn?: ServerSnapshot): Promise<SaveResult> {
    let resolved: ResolvedFile;
    try {
      resolved = this.state.resolve(uri);
    } catch (error) {
      return { status: 'failed', error };
    }
    const { file, key } = resolved;
    if (!this.state.isEditable(file)) return { status: 'failed', error: vscode.FileSystemError.NoPermissions(readOnlyMessage(file)) };
    const result = await this.serial(key, async (): Promise<SaveResult> => {
      let base = basedOn ?? this.editorBase(key, text);
      if (!base) {
        try {
          base = await this.state.reader.snapshot(file);
        } catch (error) {
          return { status: 'failed', error };
        }
      }
      const r = await this.guardedSave(uri, resolved, text, base);
      if (r.status === 'saved') this.adopt(uri, resolved, text, r.snapshot, 'external');
      return r;
    });
    if (result.status === 'saved') await this.completeEditorSave(key);
    return result;
  }

  adoptBase(uri: vscode.Uri, snapshot: ServerSnapshot): void {
    const key = uri.toString();
    const session = this.state.sessions.get(key);
    if (session) {
      session.base = snapshot;
      session.version = tokensKey(snapshot.tokens);
    }
    this.state.held.rebase(key, snapshot);
    this.state.noteBase(key);
    this.log.debug(`[Files] ${key}: the editor's text is now based on ${snapshot.label}.`);
  }

  readLatest(uri: vscode.Uri): Promise<ServerSnapshot> {
    return this.state.reader.snapshot(this.state.resolve(uri).file);
  }

  baseOf(uri: vscode.Uri): ServerSnapshot | undefined {
    const key = uri.toString();
    return this.state.sessions.get(key)?.base ?? this.state.held.get(key)?.base;
  }

  // ---- More for the save command, the explorer and tests

  refresh(uri: vscode.Uri): Promise<RefreshOutcome> {
    return this.state.refresh(uri);
  }

  /** Sends a held auto save as one guarded save; when it fails, the text stays held with the reason. */
  async sendHeld(uri: vscode.Uri): Promise<SaveResult | undefined> {
    const key = uri.toString();
    if (!this.state.held.get(key)) return undefined;
    let resolved: ResolvedFile;
    try {
      resolved = this.state.resolve(uri);
    } catch (error) {
      this.state.held.failed(key, describeError(error).message);
      return { status: 'failed', error };
    }
    const result = await this.serial(key, async (): Promise<SaveResult | undefined> => {
      const held = this.state.held.get(key);
      if (!held) return undefined;
      const r = await this.guardedSave(uri, resolved, held.text, held.base);
      if (r.status === 'saved') this.adopt(uri, resolved, held.text, r.snapshot, 'held');
      else this.state.held.failed(key, heldFailureReason(r.status === 'failed' ? { status: 'failed', message: describeError(r.error).message } : r));
      return r;
    });
    if (result?.status === 'saved') await this.completeEditorSave(key);
    return result;
  }

  /** Forgets a held auto save; the file shows the service's text again. */
  async discardHeld(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    if (!this.state.held.get(key)) return;
    this.state.held.release(key);
    this.log.info(`[Files] Discarded the held auto save of ${key}.`);
    const session = this.state.sessions.get(key);
    if (!session?.base) return;
    this.state.offer(uri, session, session.base.text, session.base, tokensKey(session.base.tokens));
    await this.state.refresh(uri).catch(() => 'unchanged');
  }

  // ---- VS Code's writeFile

  async write(uri: vscode.Uri, resolved: ResolvedFile, text: string, reason: vscode.TextDocumentSaveReason | undefined): Promise<void> {
    const { file, key } = resolved;
    if (!this.state.isEditable(file)) throw vscode.FileSystemError.NoPermissions(readOnlyMessage(file));
    const session = await this.state.session(uri, resolved);
    if (session.confirmed !== undefined) {
      const confirmed = session.confirmed;
      session.confirmed = undefined;
      if (confirmed === text) {
        // The save command stored exactly this text already; this completes VS Code's side.
        this.state.sessions.changeText(session, text);
        this.state.fireChanged(uri);
        return;
      }
    }
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) return this.autoSave(uri, resolved, session, text);

    const result = await this.serial(key, () => this.guardedSave(uri, resolved, text, this.baseFor(session)));
    switch (result.status) {
      case 'saved':
        this.afterWrite(uri, session, text, result.snapshot);
        this.notices.tell({ uri: key, outcome: 'saved', message: savedMessage(file.name, result) });
        return;
      // VS Code shows these as its failed-save message; the conflict notification comes from Ctrl+S.
      case 'conflict':
        throw new vscode.FileSystemError(conflictMessage(result.conflict));
      case 'invalid':
        throw new vscode.FileSystemError(invalidMessage(file, result.problems));
      case 'failed':
        throw toFileSystemError(result.error, uri, `Could not save «${file.name}»`);
    }
  }

  private async autoSave(uri: vscode.Uri, resolved: ResolvedFile, session: DocumentSession, text: string): Promise<void> {
    const { file, key } = resolved;
    const mode = this.config.read().autoSave;
    if (mode === 'always') {
      const result = await this.serial(key, () => this.guardedSave(uri, resolved, text, this.baseFor(session)));
      if (result.status === 'saved') {
        this.afterWrite(uri, session, text, result.snapshot);
        this.notices.tell({ uri: key, outcome: 'saved', message: savedMessage(file.name, result) });
        return;
      }
      // Auto save never pops up errors: the text is held, the reason logged and shown on the file
      // and in the status bar.
      this.hold(uri, session, text);
      const reason = heldFailureReason(result.status === 'failed' ? { status: 'failed', message: describeError(result.error).message } : result);
      this.state.held.failed(key, reason);
      this.log.error(`[Files] Auto save of «${file.name}» was not stored (${reason}); the text is held.`);
      this.notices.tell({ uri: key, outcome: 'held', message: autoSaveHeldMessage(file.name, reason) });
      return;
    }
    this.hold(uri, session, text);
    this.log.debug(`[Files] Held the auto save of ${file.view} ${file.id} (autoSave: ${mode}).`);
    if (mode === 'coalesce') this.state.held.schedule(key, this.options.coalesceDelayMs, () => void this.sendHeldAndTell(uri, file.name));
  }

  /** A held save sent by its timer: nobody asked, so its outcome is told here. */
  private async sendHeldAndTell(uri: vscode.Uri, name: string): Promise<void> {
    const result = await this.sendHeld(uri);
    if (result?.status === 'saved') this.notices.tell({ uri: uri.toString(), outcome: 'saved', message: savedMessage(name, result) });
    else if (result) this.notices.tell({ uri: uri.toString(), outcome: 'held', message: autoSaveHeldMessage(name, this.state.held.get(uri.toString())?.lastError ?? result.status) });
  }

  private hold(uri: vscode.Uri, session: DocumentSession, text: string): void {
    this.state.held.hold(session.key, text, this.baseFor(session));
    this.state.sessions.changeText(session, text);
    this.state.fireChanged(uri);
  }

  private afterWrite(uri: vscode.Uri, session: DocumentSession, text: string, snapshot: ServerSnapshot): void {
    session.base = snapshot;
    session.version = tokensKey(snapshot.tokens);
    this.state.sessions.changeText(session, text);
    this.state.held.release(session.key);
    this.state.fireChanged(uri);
    this._onDidSave.fire({ uri, snapshot });
  }

  // ---- Shared steps

  /**
   * The base for saving `text` when it is the user's unsaved (or held) edit. Other text (a restore)
   * is based on the latest state instead: it is a new change on top of what the service holds, and
   * any edit in the editor keeps its own base.
   */
  private editorBase(key: string, text: string): ServerSnapshot | undefined {
    if (this.state.pendingEdit(key) !== text) return undefined;
    return this.state.sessions.get(key)?.base ?? this.state.held.get(key)?.base;
  }

  private baseFor(session: DocumentSession): ServerSnapshot {
    if (!session.base) throw vscode.FileSystemError.Unavailable(`«${session.file.name}» has no server state to save against; reopen it.`);
    return session.base;
  }

  private async guardedSave(uri: vscode.Uri, { file, key }: ResolvedFile, text: string, base: ServerSnapshot): Promise<SaveResult> {
    let result: SaveResult;
    try {
      result = await this.flow.save({ file, uri: key, text, base });
    } catch (error) {
      this.log.error(`[Files] Saving «${file.name}» failed: ${error instanceof Error ? error.message : String(error)}`);
      result = { status: 'failed', error };
    }
    // A refusal shows its errors and warnings; a save leaves its warnings (none clears them).
    if (result.status === 'invalid') this.diagnostics.set(uri, result.problems);
    else if (result.status === 'saved') this.diagnostics.set(uri, result.warnings);
    return result;
  }

  /**
   * A save stored `text`. The editor's base moves with it when the editor's pending edit is that
   * text (or grew from it, for a held save); an unrelated pending edit (a history restore while the
   * user has unsaved changes) keeps its base, so its own save later meets the change.
   */
  private adopt(uri: vscode.Uri, resolved: ResolvedFile, text: string, snapshot: ServerSnapshot, origin: Origin): void {
    this.applySaved(uri, resolved, text, snapshot, origin);
    this._onDidSave.fire({ uri, snapshot });
  }

  private applySaved(uri: vscode.Uri, { file, key }: ResolvedFile, text: string, snapshot: ServerSnapshot, origin: Origin): void {
    const pending = this.state.pendingEdit(key);
    if (origin === 'external' && pending !== undefined && pending !== text) {
      this.log.debug(`[Files] Stored ${file.view} ${file.id} as ${snapshot.label}; the unsaved edit in the editor keeps its base.`);
      return;
    }
    this.state.held.release(key);
    const session = this.state.sessions.get(key);
    const doc = this.state.openDocument(key);
    if (!session) {
      this.state.fireChanged(uri);
      return;
    }
    if (doc?.isDirty) {
      session.base = snapshot;
      session.version = tokensKey(snapshot.tokens);
      this.state.noteBase(key);
      // VS Code still has to save the editor; the writeFile that follows sends nothing.
      if (doc.getText() === text) session.confirmed = text;
      return;
    }
    if (doc && doc.getText() === text) {
      // The editor shows this text already (a held save sent): only the base moves.
      session.reload = undefined;
      session.text = text;
      session.base = snapshot;
      session.version = tokensKey(snapshot.tokens);
      this.state.fireChanged(uri);
      return;
    }
    this.state.offer(uri, session, text, snapshot, tokensKey(snapshot.tokens));
  }

  /** Saves the editor whose text was just stored, so it turns clean without a second PUT. */
  private async completeEditorSave(key: string): Promise<void> {
    const session = this.state.sessions.get(key);
    if (session?.confirmed === undefined) return;
    const doc = this.state.openDocument(key);
    const pending = () => doc !== undefined && !doc.isClosed && doc.isDirty && doc.getText() === session.confirmed;
    if (!pending()) {
      session.confirmed = undefined;
      return;
    }
    if (await doc!.save()) return;
    // VS Code was already saving it (an auto save that started first): once that ends, the text is
    // either written (confirmed, no PUT) or still to be written.
    if (pending()) await waitForSave(doc!, SAVE_WAIT_MS);
    if (pending()) await doc!.save();
  }

  /** Saves of one file run one after another, each based on the one before it. */
  private serial<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(key, task);
  }
}

/** Resolves when `doc` is saved or after `timeoutMs`, whichever comes first. */
function waitForSave(doc: vscode.TextDocument, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    };
    const listener = vscode.workspace.onDidSaveTextDocument((d) => (d === doc ? done() : undefined));
    const timer = setTimeout(done, timeoutMs);
  });
}
