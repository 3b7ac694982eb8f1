// What the other features take from the environments feature: the guard every write asks first
// (WriteGuard), the kinds of write it knows, and the error of a write the user declined. Its code
// stays in this feature; index.ts registers it.
import type * as vscode from 'vscode';
import type { WriteKind } from './model/guard';

export type { WriteKind } from './model/guard';
export { WriteDeclinedError } from './vscode/writeGuard';

/** Documents pinned to their connection (model/pins.ts): the authority new `wsa:` URIs carry, and why one cannot be used now. */
export interface Pins {
  /** The authority of a new `wsa:` URI: the window's connection's entry id, '' when no entry names it. */
  authority(): string;
  /** Why the document of `uri` (of workspace `workspaceId`) cannot be read or saved now, before any request; undefined when it can. */
  problem(uri: vscode.Uri, workspaceId: string): string | undefined;
}

/** The production guard as a write path asks it. */
export interface WriteGuard {
  /**
   * Whether a write of `kind` (of the file `uri`, when there is one) may be sent now: true at once to
   * an unprotected connection; for a protected one the user's answer to a modal question, and false
   * for an auto save (held, never asked about). False: send nothing.
   */
  confirmWrite(kind: WriteKind, uri?: vscode.Uri): Promise<boolean>;
  /** The label of the current connection when it is protected (why auto saves are held). */
  protectedLabel(): string | undefined;
}
