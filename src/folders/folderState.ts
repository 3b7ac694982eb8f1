// The folder's state file, `.wsa/state.json`: where the files come from (the service's base URL
// and workspace, and the header names, never the key) and, per file, the resource it shows, the
// tokens of the service state it is based on and a hash of that base text. It is meant to be
// committed. Beside it, the base texts (for the 3-way merge and the quick diff): those a pull brings
// in one pack, `.wsa/bases.json` (folderBasePack.ts), those a push or a merge makes as copies under
// `.wsa/base/`; `.wsa/.gitignore` keeps both out of git.
import * as l10n from '@vscode/l10n';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { FILE_VIEWS, type FileView } from '../model/resourceKinds';
import type { SaveTokens } from '../model/saveTypes';

export const STATE_DIR = '.wsa';
export const STATE_FILE = `${STATE_DIR}/state.json`;
export const BASE_DIR = `${STATE_DIR}/base`;
export const STATE_FORMAT = 1;

/** Where a folder's files come from. The key is not here: it stays in the host's secret store or environment. */
export interface FolderConnection {
  baseUrl: string;
  workspaceId: string;
  authHeader: string;
  authScheme: string;
  workspaceHeader: string;
}

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
  files: Record<string, FileEntry>;
}

export class FolderStateError extends Error {
  override readonly name = 'FolderStateError';
}

/**
 * The absolute path of a file the state names, or an error when the name would leave the folder
 * or reach into the state directory: a state file from someone else's commit never writes elsewhere.
 */
export function resolveInside(folder: string, relativePath: string): string {
  const abs = resolve(folder, relativePath);
  const rel = relative(resolve(folder), abs);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !relativePath.includes('\\');
  const first = rel.split(sep)[0];
  if (!inside || first === STATE_DIR || relativePath !== rel.split(sep).join('/'))
    throw new FolderStateError(l10n.t('The state file names {0}, which is not a file inside the folder.', JSON.stringify(relativePath)));
  return abs;
}

/**
 * The state file comes from the folder, maybe from someone else's commit: it is read with a byte
 * bound (never whole first) and a bound on its entries, so a huge or crafted file costs neither
 * memory nor minutes. 16 MiB holds the entries of 50,000 files many times over.
 */
export const MAX_STATE_BYTES = 16 * 1024 * 1024;
export const MAX_STATE_FILES = 50_000;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isString = (v: unknown) => typeof v === 'string';
const isRevisionRef = (v: unknown) => isObject(v) && isString(v.revisionId) && typeof v.sequence === 'number';
/**
 * Per kind, the fields of the tokens a push sends back to the service, checked before they are
 * sent. By hand rather than with zod: the engine is in the bundle activation loads, zod is not.
 */
const TOKEN_FIELDS: Record<string, Record<string, (v: unknown) => boolean>> = {
  dashboard: { expectedRevision: isRevisionRef, expectedDataRunId: isString },
  database: { expectedDraft: (v) => v === null || isRevisionRef(v) },
  fact: { updatedAt: isString },
  app: { expectedDraft: isRevisionRef },
  writeSync: { expectedVersion: (v) => typeof v === 'number', identityLocked: (v) => typeof v === 'boolean' },
};

function checkEntry(path: string, v: unknown): FileEntry {
  const bad = (what: string) =>
    new FolderStateError(l10n.t('The state file’s entry for {0} is not valid: {1}.', JSON.stringify(path), what));
  if (!isObject(v)) throw bad(l10n.t('not an object'));
  if (typeof v.view !== 'string' || !Object.hasOwn(FILE_VIEWS, v.view)) throw bad(l10n.t('unknown view {0}', JSON.stringify(v.view)));
  if (typeof v.id !== 'string' || !v.id) throw bad(l10n.t('no id'));
  if (typeof v.hash !== 'string') throw bad(l10n.t('no hash'));
  const view = v.view as FileView;
  if (FILE_VIEWS[view].editable && (!isObject(v.tokens) || v.tokens.kind !== FILE_VIEWS[view].kind))
    throw bad(l10n.t('no tokens for a {0} file', view));
  if (v.tokens !== undefined) {
    const fields = isObject(v.tokens) && isString(v.tokens.kind) ? TOKEN_FIELDS[v.tokens.kind as string] : undefined;
    if (!fields || !isObject(v.tokens)) throw bad(l10n.t('tokens of an unknown kind'));
    for (const [field, ok] of Object.entries(fields)) if (!ok(v.tokens[field])) throw bad(l10n.t('tokens.{0} is not valid', field));
  }
  for (const field of ['name', 'label'] as const)
    if (v[field] !== undefined && !isString(v[field])) throw bad(l10n.t('{0} is not a string', field));
  if (v.revision !== undefined && !(isObject(v.revision) && isString(v.revision.resourceId) && isString(v.revision.revisionId)))
    throw bad(l10n.t('revision is not a revision reference'));
  // Liberal in the rest: fields a later version adds are kept as they are.
  return { ...(v as unknown as FileEntry), name: isString(v.name) ? (v.name as string) : v.id };
}

export function parseState(text: string, folder: string): FolderState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new FolderStateError(l10n.t('The state file {0} is not valid JSON: {1}', STATE_FILE, e instanceof Error ? e.message : String(e)));
  }
  if (!isObject(raw) || !isObject(raw.connection) || !isObject(raw.files))
    throw new FolderStateError(l10n.t('The state file {0} has no connection or files.', STATE_FILE));
  if (typeof raw.format === 'number' && raw.format > STATE_FORMAT)
    throw new FolderStateError(
      l10n.t('The state file {0} has format {1}; this version reads format {2}.', STATE_FILE, raw.format, STATE_FORMAT),
    );
  const c = raw.connection;
  for (const field of ['baseUrl', 'workspaceId', 'authHeader', 'authScheme', 'workspaceHeader'])
    if (typeof c[field] !== 'string') throw new FolderStateError(l10n.t('The state file’s connection has no {0}.', field));
  const entries = Object.entries(raw.files);
  if (entries.length > MAX_STATE_FILES)
    throw new FolderStateError(
      l10n.t('The state file {0} names {1} files, more than the {2} a folder may hold.', STATE_FILE, entries.length, MAX_STATE_FILES),
    );
  const files: Record<string, FileEntry> = {};
  for (const [path, entry] of entries) {
    resolveInside(folder, path);
    files[path] = checkEntry(path, entry);
  }
  return { format: STATE_FORMAT, connection: c as unknown as FolderConnection, files };
}

/** At most `max` bytes of the file and one more (which tells it is longer), or undefined when it does not exist. */
export async function readBounded(path: string, max: number): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    // Chunks rather than the size the file claims: it may grow while it is read.
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= max) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, max + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** The folder's state, or undefined when it has none (never pulled). */
export async function readState(folder: string): Promise<FolderState | undefined> {
  const bytes = await readBounded(join(folder, STATE_FILE), MAX_STATE_BYTES);
  if (bytes === undefined) return undefined;
  if (bytes.length > MAX_STATE_BYTES)
    throw new FolderStateError(
      l10n.t('The state file {0} is larger than {1} MiB: it is not read.', join(folder, STATE_FILE), MAX_STATE_BYTES / (1024 * 1024)),
    );
  return parseState(bytes.toString('utf8'), folder);
}

/**
 * The directories a run has made: a pull of thousands of files asks for each directory once, not
 * once per file.
 */
export type MadeDirs = Set<string>;

export async function ensureDir(dir: string, made?: MadeDirs): Promise<void> {
  if (made?.has(dir)) return;
  await mkdir(dir, { recursive: true });
  made?.add(dir);
}

/** Where a file replaced whole is written before the rename (`.wsa/.gitignore` ignores `*.tmp`). */
export const tmpPathOf = (path: string) => `${path}.${process.pid}.tmp`;

/** Written whole and renamed into place: a crash leaves the old state or the new, never half of one. */
export async function writeAtomically(path: string, text: string, made?: MadeDirs): Promise<void> {
  await ensureDir(dirname(path), made);
  const tmp = tmpPathOf(path);
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, path);
}

export async function writeState(folder: string, state: FolderState): Promise<void> {
  const files = Object.fromEntries(Object.entries(state.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeAtomically(join(folder, STATE_FILE), `${JSON.stringify({ ...state, files }, null, 2)}\n`);
  await writeAtomically(
    join(folder, STATE_DIR, '.gitignore'),
    '# The base texts: local, made again from the service when missing; and half-written files.\nbase/\nbases.json\n*.tmp\n',
  );
}

/** The copy of a file's base text, or undefined when there is none (a fresh clone). */
export async function readBaseCopy(folder: string, relativePath: string): Promise<string | undefined> {
  try {
    return await readFile(join(folder, BASE_DIR, relativePath), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Written in place, without a temporary file and a rename: a base copy is trusted only when its hash
 * is the one the state file records (findBaseText), and the state file, written atomically after
 * the copies, is the commit point. A crash mid-pull leaves at worst a torn copy that no hash
 * matches, which is made again from the service.
 */
export async function writeBaseCopy(folder: string, relativePath: string, text: string, made?: MadeDirs): Promise<void> {
  resolveInside(folder, relativePath);
  const path = join(folder, BASE_DIR, relativePath);
  await ensureDir(dirname(path), made);
  await writeFile(path, text, 'utf8');
}

/** A local file's text, or undefined when it does not exist. */
export async function readLocal(folder: string, relativePath: string): Promise<string | undefined> {
  try {
    return await readFile(resolveInside(folder, relativePath), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

export async function writeLocal(folder: string, relativePath: string, text: string, made?: MadeDirs): Promise<void> {
  await writeAtomically(resolveInside(folder, relativePath), text, made);
}
