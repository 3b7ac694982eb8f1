// What the conflict resolver, the history panel and the save command need of the `wsa:` files
// (SaveTarget: save this text, adopt that base; the DocumentSaver implements it), and what the
// files need of the validation and conflict features. Interfaces only.
import type * as vscode from 'vscode';
import type { SaveConflict, SaveResult, ServerSnapshot, TextProblem } from '../model/saveTypes';
import type { WriteKind } from '../../environments/api';

export interface SaveTarget {
  /**
   * One guarded save of `text`. Without `basedOn`: when `text` is the editor's unsaved (or held)
   * edit, it is based on what that edit is based on; any other text (a history Restore, or a file
   * nobody has open) is based on the latest state, read first. With `basedOn` (Overwrite: the
   * latest state) it is saved against those tokens in one step. On success the session, mtime and
   * diagnostics follow, `onDidChangeFile` fires, and an open editor holding exactly `text` is saved
   * clean. `kind` names the write for the production guard's question (default: a save); a write the
   * user declines there fails with a WriteDeclinedError and sends nothing.
   */
  saveText(uri: vscode.Uri, text: string, basedOn?: ServerSnapshot, leaveOut?: readonly string[], kind?: WriteKind): Promise<SaveResult>;
  /** After a merge: the editor's text is now based on `snapshot`; the next save sends its tokens. */
  adoptBase(uri: vscode.Uri, snapshot: ServerSnapshot): void;
  /** What the service holds now (no session changes). */
  readLatest(uri: vscode.Uri): Promise<ServerSnapshot>;
  /** The snapshot the editor's text is based on, when the file is open or held. */
  baseOf(uri: vscode.Uri): ServerSnapshot | undefined;
}

/** Where save problems are shown (the validation feature's SaveDiagnostics). */
export interface ProblemSink {
  set(uri: vscode.Uri, problems: TextProblem[]): void;
  clear(uri: vscode.Uri): void;
}

/** Offers Compare / Merge / Overwrite for a conflict (the ConflictResolver). */
export interface ConflictOffer {
  offer(conflict: SaveConflict): void;
}
