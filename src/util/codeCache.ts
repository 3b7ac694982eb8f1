// Loads a CommonJS bundle as `require` does, but through V8's code cache: compiling the extension's
// bundle is most of its activation, and a window that starts again compiles the same bytes again.
// The cache is a file of our own directory (never a process-wide setting such as
// module.enableCompileCache, which would cache every other extension of the host too), written
// after the first use so that the functions activation ran are in it.
//
// V8 checks a cache against the source's length, not its bytes, and in release builds does not
// verify its checksum: the file is named after a hash of the source (and of the V8 version), and
// carries a hash of its own bytes, so a changed bundle or a damaged file is never used.
//
// The bundle's chunks (files beside it that `siblings` matches, which esbuild.mjs names with a
// hash of their content) are loaded the same way when it or another chunk requires them, each with
// a cache of its own, and each once: a chunk two others require is one module, as under `require`.
// The cache of a chunk that is no longer beside the bundle goes when the bundle's own is written.
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { Module, createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';

/** What became of the cache: there was none, V8 took it, or it was refused (V8's check or ours). */
export type CacheUse = 'none' | 'accepted' | 'rejected';

export interface CachedLoad<T> {
  readonly exports: T;
  readonly cache: CacheUse;
  /** The cache file for this source and this V8. */
  readonly file: string;
  /** Settles once a cache for the next load is written (true), or when none was needed or it could not be written (false). */
  readonly stored: Promise<boolean>;
}

export interface CodeCacheOptions {
  /** How long after the load the cache is made: functions compiled by then are in it. */
  readonly storeAfterMs?: number;
  /** A cache file larger than this is not read (it is not one V8 wrote for the bundle). */
  readonly maxCacheBytes?: number;
  /** The requests (`./name.js`) of files beside the bundle that are loaded through the cache too. */
  readonly siblings?: RegExp;
}

const DIGEST = 32;
// V8 writes a few hundred kilobytes for our bundle; a file far past that is not one it wrote.
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
// Past activation (tens of milliseconds), so that what it ran is compiled and in the cache.
const STORE_AFTER_MS = 1_000;

const sha256 = (...parts: (string | Uint8Array)[]) => parts.reduce((h, part) => h.update(part), createHash('sha256')).digest();

export function loadWithCodeCache<T>(bundle: string, cacheDir: string, options: CodeCacheOptions = {}): CachedLoad<T> {
  const siblings = new Map<string, CachedLoad<unknown>>();
  const loaded = loadOne<T>(bundle, cacheDir, options, siblings);
  if (!options.siblings) return loaded;
  // The chunks the bundle required as it loaded; those required later store their caches alone.
  const chunks = [...siblings.values()];
  const stored = Promise.all([loaded.stored, ...chunks.map((c) => c.stored)]).then(async (written) => {
    if (written[0]) await forgetGone(cacheDir, dirname(bundle), options.siblings!);
    return written.some(Boolean);
  });
  return { ...loaded, stored };
}

function loadOne<T>(
  bundle: string,
  cacheDir: string,
  options: CodeCacheOptions,
  siblings: Map<string, CachedLoad<unknown>>,
): CachedLoad<T> {
  // Bytes first: hashing them is cheaper than hashing the decoded text, and an ASCII bundle (as
  // esbuild writes it; test/unit/bundles.test.ts) decodes as Latin-1 without UTF-8's checks.
  const bytes = readFileSync(bundle);
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const name = basename(bundle, '.js');
  const file = join(cacheDir, `${name}-${sha256(process.versions.v8, bytes).toString('hex').slice(0, 24)}.cache`);
  const stored = readCache(file, options.maxCacheBytes ?? MAX_CACHE_BYTES);
  const script = new Script(Module.wrap(source), {
    filename: bundle,
    ...(stored ? { cachedData: stored } : {}),
  });
  const cache: CacheUse = stored === undefined ? 'none' : stored === null || script.cachedDataRejected ? 'rejected' : 'accepted';

  const module = new Module(bundle);
  module.filename = bundle;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const result: CachedLoad<T> = {
    get exports() {
      return module.exports as T;
    },
    cache,
    file,
    stored: cache === 'accepted' ? Promise.resolve(false) : later(options.storeAfterMs ?? STORE_AFTER_MS, () => store(script, file, name)),
  };
  siblings.set(bundle, result);
  run.call(module.exports, module.exports, requireFor(bundle, cacheDir, options, siblings), module, bundle, dirname(bundle));
  module.loaded = true;
  return result;
}

/** `require` as the bundle would have it, but a sibling chunk is loaded through the cache (once). */
function requireFor(
  bundle: string,
  cacheDir: string,
  options: CodeCacheOptions,
  siblings: Map<string, CachedLoad<unknown>>,
): NodeJS.Require {
  const nodeRequire = createRequire(bundle);
  const pattern = options.siblings;
  if (!pattern) return nodeRequire;
  const chunkRequire = (id: string): unknown => {
    if (!pattern.test(id)) return nodeRequire(id);
    const path = join(dirname(bundle), id);
    // Set before the chunk runs: one it requires back meets its exports so far, as under `require`.
    return (siblings.get(path) ?? loadOne(path, cacheDir, options, siblings)).exports;
  };
  return Object.assign(chunkRequire, nodeRequire) as NodeJS.Require;
}

/** Removes the caches of chunks that are no longer beside the bundle (an older build's). */
async function forgetGone(cacheDir: string, bundleDir: string, pattern: RegExp): Promise<void> {
  for (const cached of await readdir(cacheDir)) {
    const chunk = /^(.+)-[0-9a-f]{24}\.cache$/.exec(cached)?.[1];
    if (chunk && pattern.test(`./${chunk}.js`) && !existsSync(join(bundleDir, `${chunk}.js`)))
      await rm(join(cacheDir, cached), { force: true });
  }
}

/** The cache's bytes when the file is whole; undefined when there is none, null when it is damaged or too large. */
function readCache(file: string, maxBytes: number): Buffer | undefined | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    if (size <= DIGEST || size > maxBytes) return null;
    const bytes = Buffer.allocUnsafe(size);
    if (readSync(fd, bytes, 0, size, 0) !== size) return null;
    const data = bytes.subarray(DIGEST);
    return sha256(data).equals(bytes.subarray(0, DIGEST)) ? data : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function later(ms: number, fn: () => Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => setTimeout(() => void fn().then(resolve, () => resolve(false)), ms));
}

/** Written whole and renamed into place; the caches of older bundles of the same name go. */
async function store(script: Script, file: string, name: string): Promise<boolean> {
  const data = script.createCachedData();
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  // Per thread as well as per process: the dashboard worker writes its own cache from a thread.
  const tmp = `${file}.${process.pid}-${threadId}.tmp`;
  await writeFile(tmp, Buffer.concat([sha256(data), data]));
  await rename(tmp, file);
  for (const other of await readdir(dir))
    if (other.startsWith(`${name}-`) && other.endsWith('.cache') && join(dir, other) !== file) await rm(join(dir, other), { force: true });
  return true;
}
