// The folder's state file, `.wsa/state.json`: where the files come from (the service's base URL
// and workspace, and the header names, never the key) and, per file, the resource it shows, the
// tokens of the service state it is based on and a hash of that base text. It is meant to be
// committed. Beside it, the base texts (for the 3-way merge and the quick diff): those a pull brings
// in one pack, `.wsa/bases.json` (folderBasePack.ts), those a push or a merge makes as copies under
// `.wsa/base/`; `.wsa/.gitignore` keeps both out of git.
import * as l10n from '@vscode/l10n';
import { mkdir } from 'node:fs/promises';
import { stateTokensOf } from '../../kinds/kindModules';
import { isString } from '../../kinds/contract/tokenChecks';
import { isRecord } from '../../util/isRecord';
import { FILE_VIEWS, type FileView } from '../../kinds/resourceKinds';
import type { SaveTokens } from '../../documents/model/saveTypes';
import { FileTooLargeError, NotRegularFileError, prepareFolder, readRegular, readText, replaceFile } from './folderFiles';
import { BASE_DIR, checkConnection, FolderStateError, resolveInside, STATE_DIR, STATE_FILE, type FolderConnection } from './folderChecks';
import { inLayout } from './folderNames';

export { BASE_DIR, FolderStateError, resolveInside, STATE_DIR, STATE_FILE, type FolderConnection } from './folderChecks';
export const STATE_FORMAT = 1;

/** One file of the folder, keyed in the state by its path relative to the folder (with `/`). */
export interface FileEntry {
  view: FileView;
  id: string;
  /** The resource's name when it was pulled (the file name is made from it). */
  name: string;
  /** The service state the base text is: what a push sends. Editable views only. */
  tokens?: SaveTokens;
  /** For messages: "revision 14". */
  label?: string;
  /** The revision holding the base text, when the kind has history: a missing base copy is read from it. */
  revision?: { resourceId: string; revisionId: string };
  /** textHash of the base text. */
  hash: string;
}

export interface FolderState {
  format: number;
  connection: FolderConnection;
  /** The entries where a pull writes such files (a kind's folder, a file name a pull makes, the view's suffix). */
  files: Record<string, FileEntry>;
  /**
   * Entries that name any other path, as they were read: never read, written or pushed, reported
   * each time, and written back unchanged (the state file is the user's to mend).
   */
  ignored?: Record<string, unknown>;
}

/**
 * The state file comes from the folder, maybe from someone else's commit: it is read with a byte
 * bound (never whole first) and a bound on its entries, so a huge or crafted file costs neither
 * memory nor minutes. 16 MiB holds the entries of 50,000 files many times over.
 */
export const MAX_STATE_BYTES = 16 * 1024 * 1024;
export const MAX_STATE_FILES = 50_000;

function checkEntry(path: string, v: unknown): FileEntry {
  const bad = (what: string) =>
    new FolderStateError(l10n.t('The state file’s entry for {0} is not valid: {1}.', JSON.stringify(path), what));
  if (!isRecord(v)) throw bad(l10n.t('not an object'));
  if (typeof v.view !== 'string' || !Object.hasOwn(FILE_VIEWS, v.view)) throw bad(l10n.t('unknown view {0}', JSON.stringify(v.view)));
  if (typeof v.id !== 'string' || !v.id) throw bad(l10n.t('no id'));
  if (typeof v.hash !== 'string') throw bad(l10n.t('no hash'));
  const view = v.view as FileView;
  if (FILE_VIEWS[view].editable && (!isRecord(v.tokens) || v.tokens.kind !== FILE_VIEWS[view].kind))
    throw bad(l10n.t('no tokens for a {0} file', view));
  if (v.tokens !== undefined) {
    // Each kind's module names its token fields and how each is checked (src/kinds).
    const fields = isRecord(v.tokens) ? stateTokensOf(v.tokens.kind) : undefined;
    if (!fields || !isRecord(v.tokens)) throw bad(l10n.t('tokens of an unknown kind'));
    for (const [field, ok] of Object.entries(fields)) if (!ok(v.tokens[field])) throw bad(l10n.t('tokens.{0} is not valid', field));
  }
  for (const field of ['name', 'label'] as const)
    if (v[field] !== undefined && !isString(v[field])) throw bad(l10n.t('{0} is not a string', field));
  if (v.revision !== undefined && !(isRecord(v.revision) && isString(v.revision.resourceId) && isString(v.revision.revisionId)))
    throw bad(l10n.t('revision is not a revision reference'));
  // Liberal in the rest: fields a later version adds are kept as they are.
  return { ...(v as unknown as FileEntry), name: isString(v.name) ? (v.name as string) : v.id };
}

export function parseState(text: string, folder: string, file = STATE_FILE): FolderState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new FolderStateError(l10n.t('The state file {0} is not valid JSON: {1}', file, e instanceof Error ? e.message : String(e)));
  }
  if (!isRecord(raw) || !isRecord(raw.connection) || !isRecord(raw.files))
    throw new FolderStateError(l10n.t('The state file {0} has no connection or files.', file));
  if (typeof raw.format === 'number' && raw.format > STATE_FORMAT)
    throw new FolderStateError(l10n.t('The state file {0} has format {1}; this version reads format {2}.', file, raw.format, STATE_FORMAT));
  const connection = checkConnection(raw.connection, file);
  const entries = [...Object.entries(raw.files), ...Object.entries(isRecord(raw.ignored) ? raw.ignored : {})];
  if (entries.length > MAX_STATE_FILES)
    throw new FolderStateError(
      l10n.t('The state file {0} names {1} files, more than the {2} a folder may hold.', file, entries.length, MAX_STATE_FILES),
    );
  const files: Record<string, FileEntry> = {};
  const ignored: Record<string, unknown> = {};
  for (const [path, entry] of entries) {
    const view =
      isRecord(entry) && typeof entry.view === 'string' && Object.hasOwn(FILE_VIEWS, entry.view)
        ? FILE_VIEWS[entry.view as FileView]
        : undefined;
    // Only where a pull writes such a file: an entry naming `package.json` or `.git/config` would
    // otherwise have a pull replace it with the service's text.
    if (!view || !inLayout(path, view.folder, view.suffix) || Object.hasOwn(files, path)) {
      ignored[path] = entry;
      continue;
    }
    resolveInside(folder, path);
    files[path] = checkEntry(path, entry);
  }
  return { format: STATE_FORMAT, connection, files, ...(Object.keys(ignored).length ? { ignored } : {}) };
}

/** One sentence per state entry that is ignored, for the reports. */
export function ignoredNotes(state: FolderState): string[] {
  return Object.keys(state.ignored ?? {}).map((path) =>
    l10n.t(
      'The state file names {0}, which is not where a pull writes a file: it is ignored (never read, written or pushed).',
      JSON.stringify(path),
    ),
  );
}

/** The folder's state (or a target's, in `file`: folderLayout.ts), or undefined when it has none (never pulled). */
export async function readState(folder: string, file = STATE_FILE): Promise<FolderState | undefined> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readRegular(folder, file, MAX_STATE_BYTES);
  } catch (e) {
    if (e instanceof FileTooLargeError)
      throw new FolderStateError(
        l10n.t('The state file {0} is larger than {1} MiB: it is not read.', file, MAX_STATE_BYTES / (1024 * 1024)),
      );
    if (e instanceof NotRegularFileError) throw new FolderStateError(l10n.t('The state file {0} cannot be read: {1}', file, e.message));
    throw e;
  }
  if (bytes === undefined) return undefined;
  return parseState(bytes.toString('utf8'), folder, file);
}

/**
 * The state directory, made where missing; a link or a file there is refused. The folder itself is
 * the user's choice (a new one is made with the folders above it), so it alone may be a link.
 */
export async function prepareStateDir(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  return prepareFolder(folder, STATE_DIR);
}

export async function writeState(folder: string, state: FolderState, file = STATE_FILE): Promise<void> {
  const sorted = (files: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const { ignored, ...rest } = state;
  const out = { ...rest, files: sorted(state.files), ...(ignored && Object.keys(ignored).length ? { ignored: sorted(ignored) } : {}) };
  await replaceFile(folder, file, `${JSON.stringify(out, null, 2)}\n`);
  await replaceFile(
    folder,
    `${STATE_DIR}/.gitignore`,
    '# The base texts: local, made again from the service when missing; and half-written files.\nbase/\nbases.json\n*.tmp\n',
  );
}

/** The copy of a file's base text, or undefined when there is none (a fresh clone) or it is not a regular file. */
export async function readBaseCopy(folder: string, relativePath: string, baseDir = BASE_DIR): Promise<string | undefined> {
  resolveInside(folder, relativePath);
  try {
    return await readText(folder, `${baseDir}/${relativePath}`);
  } catch (e) {
    // Only a cache: anything odd there is no base, and the base is read from the service instead.
    if (e instanceof NotRegularFileError || e instanceof FileTooLargeError) return undefined;
    throw e;
  }
}

/**
 * The copy of a file's base text, replaced whole. A base copy is trusted only when its hash is the
 * one the state file records (findBaseText), and the state file, written after the copies, is the
 * commit point. A link or a FIFO where the copy (or `.wsa/base/`) should be is left alone: the
 * copy is only a cache, and nothing is written through it.
 */
export async function writeBaseCopy(folder: string, relativePath: string, text: string, baseDir = BASE_DIR): Promise<void> {
  resolveInside(folder, relativePath);
  try {
    await replaceFile(folder, `${baseDir}/${relativePath}`, text);
  } catch (e) {
    if (!(e instanceof NotRegularFileError)) throw e;
  }
}

/**
 * A local file's text, or undefined when it does not exist. Anything but a regular file in real
 * folders is NotRegularFileError, a file larger than the bound FileTooLargeError: neither is read.
 */
export function readLocal(folder: string, relativePath: string): Promise<string | undefined> {
  resolveInside(folder, relativePath);
  return readText(folder, relativePath);
}

/** A local file replaced whole (written beside it and renamed into place), never through a link. */
export async function writeLocal(folder: string, relativePath: string, text: string): Promise<void> {
  resolveInside(folder, relativePath);
  await replaceFile(folder, relativePath, text);
}
