// What the folder engine answers: per file, its state and what an operation did to it. Plain
// values, so that the CLI prints them and the VS Code side shows them without knowing the engine.
import type { ResourceKind } from '../../kinds/resourceKinds';
import type { FileView } from '../../kinds/resourcePath';
import type { SaveConfirmation, TextProblem } from '../../documents/model/saveTypes';

/**
 * - `unchanged`: the file's text is its base text and the service still holds that state;
 * - `localChange`: the file's text differs from its base (line endings aside);
 * - `remoteChange`: the service moved since the base (its tokens or its text differ);
 * - `conflict`: both, and the two texts differ;
 * - `newRemote`: listed by the service, not in the folder yet (a pull adds it);
 * - `goneRemote`: in the folder, no longer on the service (kept until the user decides);
 * - `deletedLocally`: in the state file, but the file is gone;
 * - `notRegular`: a link, a FIFO, a socket, a device or a folder stands where the file (or its
 *   kind's folder) should be: it is neither read nor written through (`localError` says so);
 * - `unreadable`: a regular file that could not be read (larger than the bound, no permission).
 */
export type FileState =
  'unchanged' | 'localChange' | 'remoteChange' | 'conflict' | 'newRemote' | 'goneRemote' | 'deletedLocally' | 'notRegular' | 'unreadable';

export interface FileStatus {
  /** Relative to the folder, with `/`: `dashboards/Revenue by region.tsx`. */
  path: string;
  kind: ResourceKind;
  view: FileView;
  id: string;
  name: string;
  state: FileState;
  /** Why the file cannot be pushed (an operation's handler code); absent when it can be. */
  readOnly?: string;
  /** Whether the service was asked: false for a local-only status, or when the read failed (`remoteError`). */
  remoteChecked: boolean;
  /** Why the remote state is unknown, one sentence. */
  remoteError?: string;
  /** `notRegular`, `unreadable`: why the local file was not read, one sentence. */
  localError?: string;
}

export interface FolderStatus {
  files: FileStatus[];
  /** Kinds whose list the service does not offer: new resources of them are not seen. */
  notListed: ResourceKind[];
  /** Lists that stopped early or failed, and the `ignored` entries, one sentence each. */
  notes: string[];
  /** State entries ignored (outside the layout a pull writes), one sentence each; also in `notes`. */
  ignored: string[];
}

export type PullOutcome =
  /** Written for the first time. */
  | 'added'
  /** Fast-forwarded: the file was its base, and now is the service's text. */
  | 'updated'
  /** Nothing to do on either side. */
  | 'unchanged'
  /** Changed here, not on the service: kept as it is. */
  | 'keptLocal'
  /** Changed on both sides: the local text is kept, the base is not moved. */
  | 'conflict'
  /** Gone from the service: the local file is kept. */
  | 'goneRemote'
  /** Deleted here and unchanged on the service: not written again. */
  | 'deletedLocally'
  /** A link, a FIFO, a device or a folder stands where the file or its kind's folder should be: nothing written. */
  | 'notRegular'
  | 'failed';

export interface PullFileResult {
  path: string;
  kind: ResourceKind;
  view: FileView;
  id: string;
  outcome: PullOutcome;
  /** One sentence for `failed`. */
  message?: string;
}

export interface PullReport {
  files: PullFileResult[];
  notListed: ResourceKind[];
  notes: string[];
  /** Resources the service lists that were not pulled: the folder would hold more files than a state file may name. */
  overLimit?: number;
}

export type PushOutcome =
  /** Saved on the service; the state holds the new base. */
  | 'pushed'
  /** Nothing to send: the text is its base (line endings aside). */
  | 'unchanged'
  /**
   * The service had moved; the 3-way merge with the real base was clean and is written into the
   * file, and the base moved to the service's state. Nothing was sent: push again after a look.
   */
  | 'merged'
  /** The service had moved and the changes overlap (or no base is known): nothing sent, the file untouched. */
  | 'conflict'
  /** A local check or the service refused the text: `problems` say where. Nothing stored. */
  | 'refused'
  /** The file is read-only (an operation's handler code): nothing sent. */
  | 'readOnly'
  /** A link, a FIFO, a device or a folder stands where the file should be: nothing read, nothing sent. */
  | 'notRegular'
  | 'deletedLocally'
  | 'goneRemote'
  | 'failed';

export interface PushConflict {
  /** The base text, when known (else the comparison is two-way). */
  base?: string;
  /** What the service holds now. */
  theirs: string;
  /** The local file's text, unchanged on disk. */
  mine: string;
  /** For messages: "revision 15". */
  theirsLabel: string;
}

export interface PushFileResult {
  path: string;
  kind: ResourceKind;
  view: FileView;
  id: string;
  outcome: PushOutcome;
  /** `pushed`: whether the answer or a read-back confirmed it. */
  confirmedBy?: SaveConfirmation;
  /** `refused`: the problems, errors first; `pushed`: warnings that did not refuse it. */
  problems?: TextProblem[];
  conflict?: PushConflict;
  /** One sentence for `failed`, `readOnly` and `refused`. */
  message?: string;
}

export interface PushReport {
  files: PushFileResult[];
  /** State entries ignored (outside the layout a pull writes), one sentence each. */
  notes?: string[];
}
