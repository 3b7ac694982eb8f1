// The sentences a failed or refused save is explained with: the same words whether they reach the
// user through a notification or through VS Code's failed-save message.
import * as l10n from '@vscode/l10n';
import { readOnlyReason } from '../../kinds/resourceKinds';
import type { ResourceFile } from '../../kinds/resourcePath';
import { isError, type SaveConflict, type SavedResult, type TextProblem } from '../model/saveTypes';
import { refusalMessage } from '../validation/validate';

export function saveKeyLabel(): string {
  return process.platform === 'darwin' ? 'Cmd+S' : 'Ctrl+S';
}

/** How a save is known to have arrived, as a clause: "" after an answer, else how it was confirmed. */
export function confirmation(result: Pick<SavedResult, 'confirmedBy'>): string {
  return result.confirmedBy === 'readBack' ? l10n.t(', confirmed by reading it back after the answer was lost') : '';
}

/**
 * Every successful save is told with these words, whichever way it was made:
 * "Saved «Sales» (revision 14)." or, when the answer was lost and the service was read back,
 * "Saved «Sales» (revision 14), confirmed by reading it back after the answer was lost."
 */
export function savedMessage(name: string, result: Pick<SavedResult, 'snapshot' | 'confirmedBy'>): string {
  return l10n.t('Saved «{0}» ({1}){2}.', name, result.snapshot.label, confirmation(result));
}

/** An auto save that did not reach the service: the text is held, and why. */
export function autoSaveHeldMessage(name: string, reason: string): string {
  return l10n.t(
    'Auto save of «{0}» was not stored: {1}. Your text is held; press {2} to save it.',
    name,
    reason.replace(/[.]$/, ''),
    saveKeyLabel(),
  );
}

export function conflictMessage(conflict: SaveConflict): string {
  return (
    l10n.t('«{0}» changed on the service (now {1}; you edited {2}). ', conflict.file.name, conflict.latest.label, conflict.base.label) +
    l10n.t('Your text is kept. Press {0} to Compare, Merge or Overwrite.', saveKeyLabel())
  );
}

/** The validation feature's sentence, and where to look. */
export function invalidMessage(file: ResourceFile, problems: readonly TextProblem[]): string {
  return l10n.t('{0} Fix it (see Problems) and save again.', refusalMessage(file.name, problems));
}

/** The action that saves a fact without the optional fields a refusal may have been about. */
export function saveWithoutLabel(fields: readonly string[]): string {
  return l10n.t('Save Without {0}', fields.join(', '));
}

/**
 * A fact save refused without a field named, after optional fields were sent to keep their values:
 * which could not be kept, and the choice, never made for the user.
 */
export function unkeptMessage(name: string, fields: readonly string[], reason: string): string {
  return (
    l10n.t(
      'The service refused «{0}» without naming a field ({1}). It may not take {2}, ',
      name,
      reason.replace(/[.]$/, ''),
      fields.join(', '),
    ) + l10n.t('sent to keep their values. Your text is kept: save without them (a service that takes them clears them), or keep editing.')
  );
}

export function readOnlyMessage(file: ResourceFile): string {
  return l10n.t('«{0}» is read-only: {1}.', file.name, readOnlyReason(file.view) ?? 'it cannot be saved');
}

/** One line for the log and the held-save tooltip. */
export function heldFailureReason(
  result:
    { status: 'conflict'; conflict: SaveConflict } | { status: 'invalid'; problems: TextProblem[] } | { status: 'failed'; message: string },
): string {
  switch (result.status) {
    case 'conflict':
      return l10n.t(
        'changed on the service (now {0}); press {1} to Compare, Merge or Overwrite',
        result.conflict.latest.label,
        saveKeyLabel(),
      );
    case 'invalid':
      return l10n.t('not valid: {0}', (result.problems.find(isError) ?? result.problems[0])?.message ?? 'see Problems');
    case 'failed':
      return result.message;
  }
}
