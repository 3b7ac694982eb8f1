// What the conflict flow says, in one place. Pure (no vscode), so the wording is unit-tested.
import type { SaveConflict, SavedResult, ServerSnapshot } from '../model/saveTypes';
import { confirmation } from '../fs/saveMessages';

/** "(now revision 14)" for revisions, "(updated …)" for facts. */
function state(snapshot: ServerSnapshot): string {
  return /^revision\b/i.test(snapshot.label) ? `now ${snapshot.label}` : snapshot.label;
}

/** The one notification of a stale save. */
export function conflictPrompt(conflict: SaveConflict): string {
  const { latest } = conflict;
  const who = latest.actor ? ` by ${latest.actor}` : '';
  return `«${conflict.file.name}» was changed on the service${who} (${state(latest)}) while you edited it. Your text is kept in the editor.`;
}

/** The diff editor's title: service on the left, the user's text on the right. */
export function compareTitle(conflict: SaveConflict): string {
  return `«${conflict.file.name}»: Service (${conflict.latest.label}) ↔ Yours`;
}

export function cleanMergeMessage(conflict: SaveConflict): string {
  return `Merged «${conflict.file.name}» with ${conflict.latest.label} — review and save.`;
}

export function mergeEditorMessage(conflict: SaveConflict, conflicts: number): string {
  const n = conflicts === 1 ? '1 conflicting change' : `${conflicts} conflicting changes`;
  return `«${conflict.file.name}» has ${n}. Resolve them in the merge editor and choose Complete Merge: the result goes into your editor to review and save. Until then your text stays as it is.`;
}

export function markersMessage(conflict: SaveConflict, conflicts: number): string {
  const n = conflicts === 1 ? '1 conflict is' : `${conflicts} conflicts are`;
  return `«${conflict.file.name}»: ${n} marked with <<<<<<< and >>>>>>> in the editor (Yours above, Service below). Resolve them and save; the save is refused while markers remain.`;
}

export function overwrittenMessage(conflict: SaveConflict, saved: Pick<SavedResult, 'snapshot' | 'confirmedBy'>): string {
  return `Saved your text of «${conflict.file.name}» over ${conflict.latest.label} (now ${saved.snapshot.label})${confirmation(saved)}.`;
}

/** Label of the service's side in conflict markers and the merge editor. */
export function serviceSide(conflict: SaveConflict): string {
  return `Service (${conflict.latest.label})`;
}
