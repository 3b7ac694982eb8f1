// What the other features take from the environments feature: the guard every write asks first
// (WriteGuard), the kinds of write it knows, and the error of a write the user declined. Its code
// stays in this feature; index.ts registers it.
import type * as vscode from 'vscode';
import type { WriteKind } from './model/guard';
import type { DocumentPlace } from './model/pins';

export type { WriteKind } from './model/guard';
export { WriteDeclinedError } from './vscode/writeGuard';

export type { DocumentPlace } from './model/pins';

/** Documents pinned to their connection (model/pins.ts): the authority new `wsa:` URIs carry, and where one is read and saved. */
export interface Pins {
  /** The authority of a new `wsa:` URI: the window's connection's entry id, '' when no entry names it. */
  authority(): string;
  /** Where the document of `uri` (of workspace `workspaceId`) is read and saved now. */
  place(uri: vscode.Uri, workspaceId: string): DocumentPlace;
}

/** The production guard as a write path asks it. */
export interface WriteGuard {
  /**
   * Whether a write of `kind` (of the file `uri`, when there is one) may be sent now: true at once to
   * an unprotected connection; for a protected one the user's answer to a modal question, and false
   * for an auto save (held, never asked about). False: send nothing.
   */
  confirmWrite(kind: WriteKind, uri?: vscode.Uri): Promise<boolean>;
  /** The label of the connection `uri` writes to (the window's without one) when it is protected (why auto saves are held). */
  protectedLabel(uri?: vscode.Uri): string | undefined;
}
