// Every save of a `wsa:` file goes through here: VS Code's writeFile (File > Save, Save All, auto
// save), the save command, held auto saves, and the conflict resolver and history panel (through
// SaveTarget). Saves of one file run one after another, so each is based on the previous one. What
// a save did is told to the document store (src/documents/model/documentStore.ts) by name; it decides what
// that does to the document, and this class does the VS Code side (events, notices, the editor).
import * as vscode from 'vscode';
import type { Configuration } from '../../manifest/config';
import type { DocumentSession } from '../model/documentSession';
import type { DocumentStore, SaveOrigin } from '../model/documentStore';
import type { FileView } from '../../kinds/resourcePath';
import { SaveFlow } from '../model/saveFlow';
import type { SaveResult, ServerSnapshot, TextProblem } from '../model/saveTypes';
import { describeError } from '../../ui/describeError';
import { WriteDeclinedError, type WriteGuard, type WriteKind } from '../../environments/api';
import { KeyedQueue } from '../../util/async';
import { Disposable } from '../../util/lifecycle';
import type { DocumentRegistry, Reach, RefreshOutcome, ResolvedFile } from './documentRegistry';
import { toFileSystemError } from './fileSystemErrors';
import type { HeldSaves } from './heldSaves';
import {
  autoSaveHeldMessage,
  conflictMessage,
  heldFailureReason,
  invalidMessage,
  readOnlyMessage,
  savedMessage,
  unkeptMessage,
} from './saveMessages';
import { SaveNotices } from './saveNotices';
import type { ProblemSink, SaveTarget } from './saveTarget';

/** `coalesce`: held auto saves are sent after this long without another auto save. */
export const COALESCE_MS = 30_000;

export interface DocumentSaverOptions {
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

export class DocumentSaver extends Disposable implements SaveTarget {
  private readonly _onDidSave = this._register(new vscode.EventEmitter<SavedEvent>());
  /** A save reached the service (the explorer refreshes the resource; tests wait on it). */
  readonly onDidSave = this._onDidSave.event;
  /** Tells the outcome of saves no command reports: VS Code's own saves and timed held saves. */
  readonly notices = this._register(new SaveNotices());
  /** One save flow per connection the documents are read through (DocumentRegistry.reach). */
  private readonly flows = new WeakMap<Reach, SaveFlow>();
  private readonly validate: (view: FileView, text: string) => Promise<TextProblem[]>;
  private readonly queue = new KeyedQueue<string>();
  private readonly store: DocumentStore;

  constructor(
    private readonly documents: DocumentRegistry,
    private readonly config: Configuration,
    private readonly diagnostics: ProblemSink,
    validate: (view: FileView, text: string) => Promise<TextProblem[]>,
    private readonly log: vscode.LogOutputChannel,
    private readonly options: DocumentSaverOptions = { coalesceDelayMs: COALESCE_MS },
    /** The production guard: asked before every save is sent (an auto save to a protected connection is held). */
    private readonly guard?: WriteGuard,
  ) {
    super();
    this.store = documents.store;
    this.validate = validate;
  }

  private flowOf(reach: Reach): SaveFlow {
    let flow = this.flows.get(reach);
    if (!flow) {
      const log = { debug: (m: string) => this.log.debug(m), error: (m: string) => this.log.error(m) };
      flow = new SaveFlow(reach.client, reach.reader, { validate: this.validate, log });
      this.flows.set(reach, flow);
    }
    return flow;
  }

  /** Auto saves held back from the service. */
  get held(): HeldSaves {
    return this.documents.held;
  }

  // ---- SaveTarget

  /**
   * `leaveOut`: fact fields the user chose to save without (saveMessages.ts `unkeptMessage`); `kind`:
   * which write this is, for the production guard's question (a conflict's overwrite, a restore, an agent's save).
   */
  async saveText(
    uri: vscode.Uri,
    text: string,
    basedOn?: ServerSnapshot,
    leaveOut?: readonly string[],
    kind: WriteKind = 'save',
  ): Promise<SaveResult> {
    let resolved: ResolvedFile;
    try {
      resolved = this.documents.resolve(uri);
    } catch (error) {
      return { status: 'failed', error };
    }
    const { file, key } = resolved;
    if (!this.documents.isEditable(file)) return { status: 'failed', error: vscode.FileSystemError.NoPermissions(readOnlyMessage(file)) };
    const declined = await this.declined(kind, uri);
    if (declined) return { status: 'failed', error: declined };
    const result = await this.serial(key, async (): Promise<SaveResult> => {
      // The user's unsaved (or held) edit is saved on its own base; other text (a restore) on the latest state.
      let base = basedOn ?? this.store.saveBase(key, text, this.documents.editorFacts(key));
      if (!base) {
        try {
          base = await (await this.documents.reach(resolved)).reader.snapshot(file);
        } catch (error) {
          return { status: 'failed', error };
        }
      }
      const r = await this.guardedSave(uri, resolved, text, base, leaveOut);
      if (r.status === 'saved') this.adopt(uri, resolved, text, r.snapshot, 'external');
      return r;
    });
    if (result.status === 'saved') await this.completeEditorSave(key);
    return result;
  }

  adoptBase(uri: vscode.Uri, snapshot: ServerSnapshot): void {
    const key = uri.toString();
    this.store.baseAdopted(key, snapshot, this.documents.editorFacts(key));
    this.log.debug(`[Files] ${key}: the editor's text is now based on ${snapshot.label}.`);
  }

  async readLatest(uri: vscode.Uri): Promise<ServerSnapshot> {
    const resolved = this.documents.resolve(uri);
    return (await this.documents.reach(resolved)).reader.snapshot(resolved.file);
  }

  baseOf(uri: vscode.Uri): ServerSnapshot | undefined {
    return this.store.baseOf(uri.toString());
  }

  // ---- More for the save command, the explorer and tests

  refresh(uri: vscode.Uri): Promise<RefreshOutcome> {
    return this.documents.refresh(uri);
  }

  /**
   * Sends a held auto save as one guarded save; when it fails, the text stays held with the reason.
   * `autoSave`: sent by its timer, which the production guard holds back for a protected connection.
   */
  async sendHeld(uri: vscode.Uri, kind: 'save' | 'autoSave' = 'save'): Promise<SaveResult | undefined> {
    const key = uri.toString();
    if (!this.store.held.get(key)) return undefined;
    const declined = await this.declined(kind, uri);
    // Still held, as it was: the user sends it on purpose (and is asked) when they choose.
    if (declined) return kind === 'autoSave' ? undefined : { status: 'failed', error: declined };
    let resolved: ResolvedFile;
    try {
      resolved = this.documents.resolve(uri);
    } catch (error) {
      this.store.heldSendFailed(key, describeError(error).message);
      return { status: 'failed', error };
    }
    const result = await this.serial(key, async (): Promise<SaveResult | undefined> => {
      const held = this.store.held.get(key);
      if (!held) return undefined;
      const r = await this.guardedSave(uri, resolved, held.text, held.base);
      if (r.status === 'saved') this.adopt(uri, resolved, held.text, r.snapshot, 'held');
      else
        this.store.heldSendFailed(
          key,
          heldFailureReason(r.status === 'failed' ? { status: 'failed', message: describeError(r.error).message } : r),
        );
      return r;
    });
    if (result?.status === 'saved') await this.completeEditorSave(key);
    return result;
  }

  /** Forgets a held auto save; the file shows the service's text again. */
  async discardHeld(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const dropped = this.store.heldDropped(key, this.documents.isOpen(key));
    if (!dropped) return;
    this.log.info(`[Files] Discarded the held auto save of ${key}.`);
    if (dropped === 'noBase') return;
    if (dropped.announce) this.documents.fireChanged(uri);
    await this.documents.refresh(uri).catch(() => 'unchanged');
  }

  // ---- VS Code's writeFile

  async write(uri: vscode.Uri, resolved: ResolvedFile, text: string, reason: vscode.TextDocumentSaveReason | undefined): Promise<void> {
    const { file, key } = resolved;
    if (!this.documents.isEditable(file)) throw vscode.FileSystemError.NoPermissions(readOnlyMessage(file));
    const session = await this.documents.session(uri, resolved);
    if (this.store.editorWriteArrived(key, text)) {
      // The save command stored exactly this text already; this completes VS Code's side.
      this.documents.fireChanged(uri);
      return;
    }
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut)
      return this.autoSave(uri, resolved, session, text);
    // Declined: VS Code's failed-save message, and the editor stays dirty with the text.
    const declined = await this.declined('save', uri);
    if (declined) throw vscode.FileSystemError.NoPermissions(declined.message);

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
        if (result.unkept?.length)
          throw new vscode.FileSystemError(unkeptMessage(file.name, result.unkept, describeError(result.error).message));
        throw toFileSystemError(result.error, uri, vscode.l10n.t('Could not save «{0}»', file.name));
    }
  }

  private async autoSave(uri: vscode.Uri, resolved: ResolvedFile, session: DocumentSession, text: string): Promise<void> {
    const { file, key } = resolved;
    const mode = this.config.read().autoSave;
    if (await this.declined('autoSave', uri)) {
      // A protected connection: held whatever the mode, never sent and never asked about.
      this.hold(uri, session, text);
      this.log.debug(`[Files] Held the auto save of «${file.name}»: ${this.guard?.protectedLabel(uri) ?? ''} is a protected connection.`);
      return;
    }
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
      const reason = heldFailureReason(
        result.status === 'failed' ? { status: 'failed', message: describeError(result.error).message } : result,
      );
      this.store.heldSendFailed(key, reason);
      this.log.error(`[Files] Auto save of «${file.name}» was not stored (${reason}); the text is held.`);
      this.notices.tell({ uri: key, outcome: 'held', message: autoSaveHeldMessage(file.name, reason) });
      return;
    }
    this.hold(uri, session, text);
    this.log.debug(`[Files] Held the auto save of ${file.view} ${file.id} (autoSave: ${mode}).`);
    if (mode === 'coalesce')
      this.documents.held.schedule(key, this.options.coalesceDelayMs, () => void this.sendHeldAndTell(uri, file.name));
  }

  /** The production guard's refusal of a write of `kind`, or undefined when it may be sent. */
  private async declined(kind: WriteKind, uri: vscode.Uri): Promise<WriteDeclinedError | undefined> {
    if (!this.guard || (await this.guard.confirmWrite(kind, uri))) return undefined;
    return new WriteDeclinedError(this.guard.protectedLabel(uri) ?? '');
  }

  /** A held save sent by its timer: nobody asked, so its outcome is told here. */
  private async sendHeldAndTell(uri: vscode.Uri, name: string): Promise<void> {
    const result = await this.sendHeld(uri, 'autoSave');
    if (result?.status === 'saved') this.notices.tell({ uri: uri.toString(), outcome: 'saved', message: savedMessage(name, result) });
    else if (result)
      this.notices.tell({
        uri: uri.toString(),
        outcome: 'held',
        message: autoSaveHeldMessage(name, this.store.held.get(uri.toString())?.lastError ?? result.status),
      });
  }

  private hold(uri: vscode.Uri, session: DocumentSession, text: string): void {
    this.baseFor(session); // throws when there is nothing to hold the text against
    this.store.autoSaveHeld(session.key, text);
    this.documents.fireChanged(uri);
  }

  private afterWrite(uri: vscode.Uri, session: DocumentSession, text: string, snapshot: ServerSnapshot): void {
    this.store.writeSucceeded(session.key, text, snapshot);
    this.documents.fireChanged(uri);
    this._onDidSave.fire({ uri, snapshot });
  }

  // ---- Shared steps

  /** What VS Code's write of the editor is based on (DocumentStore.editorBase); without one it cannot be saved. */
  private baseFor(session: DocumentSession): ServerSnapshot {
    const base = this.store.editorBase(session.key);
    if (!base)
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('«{0}» has no server state to save against; reopen it.', session.file.name));
    return base;
  }

  private async guardedSave(
    uri: vscode.Uri,
    resolved: ResolvedFile,
    text: string,
    base: ServerSnapshot,
    leaveOut?: readonly string[],
  ): Promise<SaveResult> {
    const { file, key } = resolved;
    let result: SaveResult;
    try {
      const flow = this.flowOf(await this.documents.reach(resolved));
      result = await flow.save({ file, uri: key, text, base, ...(leaveOut ? { leaveOut } : {}) });
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
  private adopt(uri: vscode.Uri, { file, key }: ResolvedFile, text: string, snapshot: ServerSnapshot, origin: SaveOrigin): void {
    const { effect, announce } = this.store.saveSucceeded(key, text, snapshot, origin, this.documents.editorFacts(key));
    if (effect === 'keptBase')
      this.log.debug(`[Files] Stored ${file.view} ${file.id} as ${snapshot.label}; the unsaved edit in the editor keeps its base.`);
    if (announce) this.documents.fireChanged(uri);
    this._onDidSave.fire({ uri, snapshot });
  }

  /** Saves the editor whose text was just stored, so it turns clean without a second PUT. */
  private async completeEditorSave(key: string): Promise<void> {
    const session = this.documents.sessions.get(key);
    if (session?.confirmed === undefined) return;
    const doc = this.documents.openDocument(key);
    const pending = () => doc !== undefined && !doc.isClosed && this.store.awaitsEditorWrite(key, this.documents.editorFacts(key));
    if (!pending()) {
      this.store.confirmationLapsed(key);
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
