// The vocabulary shared by the file system (which saves) and the conflict and validation features
// (which explain and resolve a failed save). vscode-free.
import type { KindSnapshot } from '../../kinds/contract/kindContract';
import type { AnyTokens } from '../../kinds/kindModules';
import type { ResourceFile } from '../../kinds/resourcePath';
import type { TextProblem } from '../../util/textProblem';

export { isError, type ProblemSeverity, type TextProblem } from '../../util/textProblem';

/**
 * The expected values a save sends, kept beside the document, never inside its text: each editable
 * kind's module declares its own (dashboardKind.ts, …), `kind` names the kind.
 */
export type SaveTokens = AnyTokens;

/** A server state a document's text can be based on, with the tokens of its kind. */
export type ServerSnapshot = KindSnapshot<SaveTokens>;

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
