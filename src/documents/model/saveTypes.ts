// The vocabulary shared by the file system (which saves) and the conflict and validation features
// (which explain and resolve a failed save). vscode-free.
import type { AnyTokens } from './kindModules';
import type { ResourceFile } from './resourcePath';

/**
 * The expected values a save sends, kept beside the document, never inside its text: each editable
 * kind's module declares its own (dashboardKind.ts, …), `kind` names the kind.
 */
export type SaveTokens = AnyTokens;

/** A server state a document's text can be based on. */
export interface ServerSnapshot {
  text: string;
  tokens: SaveTokens;
  /** For messages: "revision 14" (dashboard/database/app), "version 5" (write sync) or "updated 2026-11-22 10:00 UTC" (fact). */
  label: string;
  /** Who made it, when known (an actor id). */
  actor?: string;
  /** The revision holding this text, when the resource has history: for `wsa-revision:` URIs. */
  revision?: { resourceId: string; revisionId: string };
}

/**
 * How much a problem weighs. Only an `error` refuses a save: what the spec states (not JSON, the
 * request shape's types, conflict markers) or the service's own refusal. Values outside the lists
 * the extension knows and rules the spec does not state are `warning` or `info`: shown, never
 * blocking — the service is the judge of them.
 */
export type ProblemSeverity = 'error' | 'warning' | 'info';

/** A problem found in a document's text, 1-based positions. */
export interface TextProblem {
  message: string;
  severity: ProblemSeverity;
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

/**
 * How a save is known to have reached the service: its answer, or — when the answer was lost —
 * reading the resource back and finding the user's text there.
 */
export type SaveConfirmation = 'answer' | 'readBack';

/** A save that reached the service. */
export interface SavedResult {
  status: 'saved';
  snapshot: ServerSnapshot;
  confirmedBy: SaveConfirmation;
  /** Problems that did not refuse the save (warnings, information): still shown at their lines. */
  warnings: TextProblem[];
}

/** The outcome of one guarded save. The user's text is never discarded by any of them. */
export type SaveResult =
  | SavedResult
  | { status: 'conflict'; conflict: SaveConflict }
  /** At least one problem is an error; the others are shown with it. */
  | { status: 'invalid'; problems: TextProblem[] }
  /**
   * `unkept`: a fact replace refused without a field named, whose body held these optional fields;
   * the user may save without them (SaveRequest.leaveOut), which could clear them, or keep editing.
   */
  | { status: 'failed'; error: unknown; unkept?: readonly string[] };

export function isError(problem: TextProblem): boolean {
  return problem.severity === 'error';
}
