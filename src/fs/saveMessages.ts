// The sentences a failed or refused save is explained with: the same words whether they reach the
// user through a notification or through VS Code's failed-save message.
import { readOnlyReason } from '../model/resourceKinds';
import type { ResourceFile } from '../model/resourcePath';
import { isError, type SaveConflict, type SavedResult, type TextProblem } from '../model/saveTypes';
import { refusalMessage } from '../validation/validate';

export function saveKeyLabel(): string {
  return process.platform === 'darwin' ? 'Cmd+S' : 'Ctrl+S';
}

/** How a save is known to have arrived, as a clause: "" after an answer, else how it was confirmed. */
export function confirmation(result: Pick<SavedResult, 'confirmedBy'>): string {
  return result.confirmedBy === 'readBack' ? ', confirmed by reading it back after the answer was lost' : '';
}

/**
 * Every successful save is told with these words, whichever way it was made:
 * "Saved «Sales» (revision 14)." or, when the answer was lost and the service was read back,
 * "Saved «Sales» (revision 14), confirmed by reading it back after the answer was lost."
 */
export function savedMessage(name: string, result: Pick<SavedResult, 'snapshot' | 'confirmedBy'>): string {
  return `Saved «${name}» (${result.snapshot.label})${confirmation(result)}.`;
}

/** An auto save that did not reach the service: the text is held, and why. */
export function autoSaveHeldMessage(name: string, reason: string): string {
  return `Auto save of «${name}» was not stored: ${reason.replace(/[.]$/, '')}. Your text is held; press ${saveKeyLabel()} to save it.`;
}

export function conflictMessage(conflict: SaveConflict): string {
  return (
    `«${conflict.file.name}» changed on the service (now ${conflict.latest.label}; you edited ${conflict.base.label}). ` +
    `Your text is kept. Press ${saveKeyLabel()} to Compare, Merge or Overwrite.`
  );
}

/** The validation feature's sentence, and where to look. */
export function invalidMessage(file: ResourceFile, problems: readonly TextProblem[]): string {
  return `${refusalMessage(file.name, problems)} Fix it (see Problems) and save again.`;
}

/** The action that saves a fact without the optional fields a refusal may have been about. */
export function saveWithoutLabel(fields: readonly string[]): string {
  return `Save Without ${fields.join(', ')}`;
}

/**
 * A fact save refused without a field named, after optional fields were sent to keep their values:
 * which could not be kept, and the choice, never made for the user.
 */
export function unkeptMessage(name: string, fields: readonly string[], reason: string): string {
  return (
    `The service refused «${name}» without naming a field (${reason.replace(/[.]$/, '')}). It may not take ${fields.join(', ')}, ` +
    `sent to keep their values. Your text is kept: save without them (a service that takes them clears them), or keep editing.`
  );
}

export function readOnlyMessage(file: ResourceFile): string {
  return `«${file.name}» is read-only: ${readOnlyReason(file.view) ?? 'it cannot be saved'}.`;
}

/** One line for the log and the held-save tooltip. */
export function heldFailureReason(
  result:
    { status: 'conflict'; conflict: SaveConflict } | { status: 'invalid'; problems: TextProblem[] } | { status: 'failed'; message: string },
): string {
  switch (result.status) {
    case 'conflict':
      return `changed on the service (now ${result.conflict.latest.label}); press ${saveKeyLabel()} to Compare, Merge or Overwrite`;
    case 'invalid':
      return `not valid: ${(result.problems.find(isError) ?? result.problems[0])?.message ?? 'see Problems'}`;
    case 'failed':
      return result.message;
  }
}
