// What the conflict flow says, in one place. Pure (no vscode), so the wording is unit-tested.
import * as l10n from '@vscode/l10n';
import type { SaveConflict, SavedResult, ServerSnapshot } from '../model/saveTypes';
import { confirmation } from '../files/saveMessages';

/** "(now revision 14)" for revisions, "(updated …)" for facts. */
function state(snapshot: ServerSnapshot): string {
  return /^revision\b/i.test(snapshot.label) ? `now ${snapshot.label}` : snapshot.label;
}

/** The one notification of a stale save. */
export function conflictPrompt(conflict: SaveConflict): string {
  const { latest } = conflict;
  const who = latest.actor ? ` by ${latest.actor}` : '';
  return l10n.t(
    '«{0}» was changed on the service{1} ({2}) while you edited it. Your text is kept in the editor.',
    conflict.file.name,
    who,
    state(latest),
  );
}

/** The diff editor's title: service on the left, the user's text on the right. */
export function compareTitle(conflict: SaveConflict): string {
  return l10n.t('«{0}»: Service ({1}) ↔ Yours', conflict.file.name, conflict.latest.label);
}

export function cleanMergeMessage(conflict: SaveConflict): string {
  return l10n.t('Merged «{0}» with {1} — review and save.', conflict.file.name, conflict.latest.label);
}

export function mergeEditorMessage(conflict: SaveConflict, conflicts: number): string {
  const n = conflicts === 1 ? l10n.t('1 conflicting change') : l10n.t('{0} conflicting changes', conflicts);
  return l10n.t(
    '«{0}» has {1}. Resolve them in the merge editor and choose Complete Merge: the result goes into your editor to review and save. Until then your text stays as it is.',
    conflict.file.name,
    n,
  );
}

export function markersMessage(conflict: SaveConflict, conflicts: number): string {
  const n = conflicts === 1 ? l10n.t('1 conflict is') : l10n.t('{0} conflicts are', conflicts);
  return l10n.t(
    '«{0}»: {1} marked with <<<<<<< and >>>>>>> in the editor (Yours above, Service below). Resolve them and save; the save is refused while markers remain.',
    conflict.file.name,
    n,
  );
}

export function overwrittenMessage(conflict: SaveConflict, saved: Pick<SavedResult, 'snapshot' | 'confirmedBy'>): string {
  return l10n.t(
    'Saved your text of «{0}» over {1} (now {2}){3}.',
    conflict.file.name,
    conflict.latest.label,
    saved.snapshot.label,
    confirmation(saved),
  );
}

/** Label of the service's side in conflict markers and the merge editor. */
export function serviceSide(conflict: SaveConflict): string {
  return `Service (${conflict.latest.label})`;
}
