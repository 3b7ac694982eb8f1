// The engine's one door to the disk. A pulled folder comes from whoever committed it, and a link, a
// FIFO or a device may stand where a pull wrote a file or a folder: followed, a push would send the
// target's text to the service, a pull would write outside the folder, a FIFO would hang a status.
// So below the folder nothing is followed:
// - every component of a path is checked with `lstat`: each folder on the way must be a real
//   directory and the file a regular one, else NotRegularFileError (nothing read or written);
// - a file is opened with O_NOFOLLOW where the platform has it and O_NONBLOCK (a FIFO that slips in
//   cannot block the open), and what was opened must be the regular file `lstat` saw (same device
//   and inode), which also covers platforms without O_NOFOLLOW;
// - new files and temporary files are created exclusively (`wx`: a planted link is never opened)
//   under unguessable names, and a replacement is renamed over the target (a rename replaces a
//   link, never writes through it);
// - every read is bounded, by the bound of a service answer unless the caller names another.
// The folder itself is the user's choice and may be a link. Paths are relative, with `/`, already
// checked to stay inside the folder (folderState.ts `resolveInside`). vscode-free.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_RESPONSE_BYTES } from '../../api';

/** A local file is read with the bound of a service answer: no file a pull wrote is larger. */
export const MAX_LOCAL_BYTES = MAX_RESPONSE_BYTES;

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** Something other than a real directory or a regular file stands on a path: nothing was read or written through it. */
export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError';
  constructor(
    /** The path that was asked for, relative to the folder. */
    readonly path: string,
    /** The component that is not what it should be (the path itself, or a folder on the way). */
    readonly at: string,
    readonly what: 'file' | 'folder',
  ) {
    super(
      what === 'file'
        ? l10n.t('{0} is not a regular file (a link, a FIFO, a device or a folder): it is neither read nor written.', JSON.stringify(at))
        : l10n.t('{0} is not a regular folder (a link or a file): nothing is read or written through it.', JSON.stringify(at)),
    );
  }
}

/** A regular file larger than the bound: not read. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  constructor(
    readonly path: string,
    readonly max: number,
  ) {
    super(l10n.t('{0} is larger than {1} MB: it is not read.', JSON.stringify(path), Math.round(max / (1024 * 1024))));
  }
}

async function lstatOrMissing(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Checks the folders `dirs` (from the top) below `folder`: each must be a real directory. Returns
 * false when one is missing (so is everything below it); `create` makes the missing ones. `rel` is
 * what was asked for, for the error.
 */
async function walkFolders(folder: string, dirs: readonly string[], rel: string, create: boolean): Promise<boolean> {
  let at = folder;
  for (let i = 0; i < dirs.length; i++) {
    at = join(at, dirs[i]!);
    let info = await lstatOrMissing(at);
    if (!info) {
      if (!create) return false;
      try {
        await mkdir(at);
      } catch (e) {
        // Made meanwhile (another write of the same pull): checked below like any other.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      info = await lstat(at);
    }
    if (!info.isDirectory()) throw new NotRegularFileError(rel, dirs.slice(0, i + 1).join('/'), 'folder');
  }
  return true;
}

/** The folders on the way to the file `rel`. */
const foldersOf = (rel: string) => rel.split('/').slice(0, -1);

/** What stands at `rel`, without following a link: missing, a regular file, or (thrown) anything else. */
export async function inspect(folder: string, rel: string): Promise<'missing' | 'file'> {
  if (!(await walkFolders(folder, foldersOf(rel), rel, false))) return 'missing';
  const info = await lstatOrMissing(join(folder, rel));
  if (!info) return 'missing';
  if (!info.isFile()) throw new NotRegularFileError(rel, rel, 'file');
  return 'file';
}

/** Opens the regular file `lstat` saw at `abs` for reading, refusing a link or anything swapped in since. */
export async function openRegular(rel: string, abs: string, seen: Stats): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(abs, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (e) {
    // ELOOP: O_NOFOLLOW met a link that replaced the file after the check.
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new NotRegularFileError(rel, rel, 'file');
    throw e;
  }
  const opened = await handle.stat().catch(async (e: unknown) => {
    await handle.close();
    throw e;
  });
  if (!opened.isFile() || opened.ino !== seen.ino || opened.dev !== seen.dev) {
    await handle.close();
    throw new NotRegularFileError(rel, rel, 'file');
  }
  return handle;
}

/**
 * The bytes of the regular file at `rel`, or undefined when it (or a folder on the way) does not
 * exist. At most `max` bytes: a longer file is FileTooLargeError, read no further than that.
 */
export async function readRegular(folder: string, rel: string, max = MAX_LOCAL_BYTES): Promise<Buffer | undefined> {
  if (!(await walkFolders(folder, foldersOf(rel), rel, false))) return undefined;
  const abs = join(folder, rel);
  const seen = await lstatOrMissing(abs);
  if (!seen) return undefined;
  if (!seen.isFile()) throw new NotRegularFileError(rel, rel, 'file');
  const handle = await openRegular(rel, abs, seen);
  try {
    // Chunks rather than the size the file claims: it may grow while it is read. The first is the
    // size lstat saw and one byte more, so that a file that did not grow is read in one call and
    // a folder of 10,000 small files allocates no megabyte per file.
    const chunks: Buffer[] = [];
    let total = 0;
    let want = seen.size + 1;
    while (total <= max) {
      const chunk = Buffer.allocUnsafe(Math.min(want, max + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      want = 1024 * 1024;
    }
    if (total > max) throw new FileTooLargeError(rel, max);
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** The text of the regular file at `rel` (UTF-8), or undefined when it does not exist. */
export async function readText(folder: string, rel: string, max = MAX_LOCAL_BYTES): Promise<string | undefined> {
  return (await readRegular(folder, rel, max))?.toString('utf8');
}

/** The names in the real directory `rel`, or none when it does not exist. */
export async function listFolder(folder: string, rel: string): Promise<string[]> {
  if (!(await walkFolders(folder, rel.split('/'), rel, false))) return [];
  return readdir(join(folder, rel));
}

/** Whether the real directory `rel` exists (false: it or a folder above it is missing); a link or a file there is NotRegularFileError. */
export function folderExists(folder: string, rel: string): Promise<boolean> {
  return walkFolders(folder, rel.split('/'), rel, false);
}

/**
 * Makes the real directory `rel` and the ones above it where missing; refuses a link or a file on
 * the way. Returns its absolute path, into which files may then be created exclusively.
 */
export async function prepareFolder(folder: string, rel: string): Promise<string> {
  await walkFolders(folder, rel.split('/'), rel, true);
  return join(folder, rel);
}

/** An unguessable name beside `abs` for a file written whole before it is renamed into place. */
export function temporaryPath(abs: string): string {
  return `${abs}.${randomBytes(12).toString('hex')}.tmp`;
}

/** Flags that create a file that must not exist yet, and never open a link. */
export const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;

async function writeNew(abs: string, text: string): Promise<void> {
  const handle = await open(abs, CREATE_FLAGS, 0o666);
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
}

/** A new file at `rel`: a file (or anything) already there is an error (EEXIST), never overwritten. */
export async function createFile(folder: string, rel: string, text: string): Promise<void> {
  await walkFolders(folder, foldersOf(rel), rel, true);
  await writeNew(join(folder, rel), text);
}

/**
 * Replaces (or creates) the regular file at `rel` whole: written under an unguessable name beside
 * it and renamed into place, so a crash leaves one text or the other. Anything but a regular file
 * at `rel` is refused before anything is written.
 */
export async function replaceFile(folder: string, rel: string, text: string): Promise<void> {
  await walkFolders(folder, foldersOf(rel), rel, true);
  await inspect(folder, rel);
  const abs = join(folder, rel);
  const tmp = temporaryPath(abs);
  await writeNew(tmp, text);
  try {
    await rename(tmp, abs);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}
