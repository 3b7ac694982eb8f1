// The vocabulary shared by the file system (which saves) and the conflict and validation features
// (which explain and resolve a failed save). vscode-free.
import type { RevisionRef } from '../api/schemas';
import type { FileView, ResourceFile } from './resourcePath';

/** The expected values a save sends, kept beside the document, never inside its text. */
export type SaveTokens =
  | { kind: 'dashboard'; expectedRevision: RevisionRef; expectedDataRunId: string }
  | { kind: 'database'; expectedDraft: RevisionRef | null }
  /** Facts have no expected token in the spec: the save re-reads `updatedAt` first. */
  | { kind: 'fact'; updatedAt: string };

/** A server state a document's text can be based on. */
export interface ServerSnapshot {
  text: string;
  tokens: SaveTokens;
  /** For messages: "revision 14" (dashboard/database) or "updated 2026-11-22 10:00 UTC" (fact). */
  label: string;
  /** Who made it, when known (an actor id). */
  actor?: string;
  /** The revision holding this text, when the resource has history: for `wsa-revision:` URIs. */
  revision?: { resourceId: string; revisionId: string };
}

/** A problem found in a document's text, 1-based positions. */
export interface TextProblem {
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  source: 'local' | 'service';
}

/** Handed to the conflict resolver when a save met a stale token. */
export interface SaveConflict {
  file: ResourceFile;
  /** `wsa:` URI string of the document. */
  uri: string;
  /** What the editor's text was based on when the user started editing. */
  base: ServerSnapshot;
  /** What the service holds now. */
  latest: ServerSnapshot;
  /** The user's text that could not be saved. */
  mine: string;
}

export function viewOfTokens(tokens: SaveTokens): FileView {
  return tokens.kind;
}

/** The outcome of one guarded save. The user's text is never discarded by any of them. */
export type SaveResult =
  | { status: 'saved'; snapshot: ServerSnapshot }
  | { status: 'conflict'; conflict: SaveConflict }
  | { status: 'invalid'; problems: TextProblem[] }
  | { status: 'failed'; error: unknown };
