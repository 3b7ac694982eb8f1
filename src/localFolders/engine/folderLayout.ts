// Where a folder keeps its state and its base texts. A folder pulled from one service keeps them as
// it always has: `.wsa/state.json` (committed), the pull's pack `.wsa/bases.json` and a push's
// copies under `.wsa/base/` (both local). A folder that several targets share (dev and prod of
// wsa.targets.json: the same files pulled from one, pushed to the other) keeps each target's apart:
// its state in `.wsa/targets/<name>.json` (committed, the same format and bounds as state.json),
// its bases in `.wsa/targets/<name>/bases.json` and `.wsa/targets/<name>/base/`. The bases are per
// target because a pull's pack keeps only the texts its own state names (BasePack.save drops the
// rest) and a push writes the copy of a path over the one before: shared, one target's pull or push
// would throw the other's bases away. Never a wrong base (a text counts only when its hash is the
// state's), but a lost one, and the next merge of that target two-way. `.wsa/.gitignore`'s `base/`
// and `bases.json` match at any depth, so the targets' bases stay out of git too. vscode-free.
import * as l10n from '@vscode/l10n';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { folderExists, inspect, NotRegularFileError, prepareFolder } from './folderFiles';
import { BASE_DIR, FolderStateError, STATE_DIR, STATE_FILE } from './folderChecks';

/** The state file and the base texts of one connection of a folder, relative to the folder, with `/`. */
export interface FolderLayout {
  readonly stateFile: string;
  /** The copies a push (or a merge) makes, one per path. */
  readonly baseDir: string;
  /** The pack a pull writes. */
  readonly basePack: string;
}

/** A folder of one connection, as every folder was before targets. */
export const DEFAULT_LAYOUT: FolderLayout = { stateFile: STATE_FILE, baseDir: BASE_DIR, basePack: `${STATE_DIR}/bases.json` };

export const TARGETS_DIR = `${STATE_DIR}/targets`;

/** A target's name: it becomes a file name and part of an environment variable's, so nothing else. */
export const TARGET_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** Where the target `name` keeps its state and bases; a name outside the grammar never becomes a path. */
export function targetLayout(name: string): FolderLayout {
  if (!TARGET_NAME.test(name)) throw new FolderStateError(l10n.t('{0} is not a target name.', JSON.stringify(name)));
  return {
    stateFile: `${TARGETS_DIR}/${name}.json`,
    baseDir: `${TARGETS_DIR}/${name}/base`,
    basePack: `${TARGETS_DIR}/${name}/bases.json`,
  };
}

const dirOf = (rel: string) => rel.slice(0, rel.lastIndexOf('/'));

/** Renames the regular file `from` to `to` when `to` is free; false when either is not as it should be. */
async function moveFile(folder: string, from: string, to: string): Promise<boolean> {
  if ((await inspect(folder, from)) !== 'file' || (await inspect(folder, to)) !== 'missing') return false;
  await prepareFolder(folder, dirOf(to));
  // A rename moves the entry itself: were `from` swapped for a link since the check, the link is
  // what moves, and the next read of `to` refuses it (readRegular never follows one).
  await rename(join(folder, from), join(folder, to));
  return true;
}

/**
 * Moves the state of `from` to `to` (a folder of one connection becoming a target's), when `from`
 * has a state file (a regular one) and `to` has none; false otherwise, and nothing moved. The
 * state is renamed whole, in one step. The bases follow where they can: only a cache, so a link or
 * anything odd in their place is left where it is, and the bases read again from the service.
 */
export async function moveState(folder: string, from: FolderLayout, to: FolderLayout): Promise<boolean> {
  try {
    if (!(await moveFile(folder, from.stateFile, to.stateFile))) return false;
  } catch (e) {
    if (e instanceof NotRegularFileError) return false;
    throw e;
  }
  await moveFile(folder, from.basePack, to.basePack).catch(() => false);
  try {
    if ((await folderExists(folder, from.baseDir)) && !(await folderExists(folder, to.baseDir))) {
      await prepareFolder(folder, dirOf(to.baseDir));
      await rename(join(folder, from.baseDir), join(folder, to.baseDir));
    }
  } catch {
    // Only a cache: left behind, it is read by nothing.
  }
  return true;
}
