// The base texts a pull brings, kept in one file, `.wsa/bases.json`, keyed by their hash: a pull of
// thousands of resources creates one file beside the state rather than a copy per file (creating
// files is most of a large pull's cost). Like the copies, the pack is local (`.wsa/.gitignore`) and
// only a cache: a text is a file's base only when its hash is the one the state records, and a
// missing, torn or oversized pack is read as empty (the bases are then read from the service).
// vscode-free.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { NotRegularFileError, readRegular, replaceFile } from './folderFiles';
import { DEFAULT_LAYOUT } from './folderLayout';
import type { FolderState } from './folderState';
import { textHash } from './folderText';

export const BASE_PACK = DEFAULT_LAYOUT.basePack;
/** The pack comes from the folder, like the state: read with a bound. */
export const MAX_PACK_BYTES = 256 * 1024 * 1024;

type Texts = Map<string, string>;

function parsePack(bytes: Buffer | undefined): Texts {
  const texts: Texts = new Map();
  if (!bytes || bytes.length > MAX_PACK_BYTES) return texts;
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    return texts;
  }
  const stored = typeof raw === 'object' && raw !== null ? (raw as { texts?: unknown }).texts : undefined;
  if (typeof stored !== 'object' || stored === null) return texts;
  for (const [hash, text] of Object.entries(stored)) if (typeof text === 'string') texts.set(hash, text);
  return texts;
}

/**
 * The packs last read, per folder, for as long as the file is unchanged: the quick diffs of a
 * folder's open files read it once. Bounded by the packs' sizes in all, the oldest dropped first; a
 * pack larger than the bound is read each time it is needed rather than held.
 */
export class PackCache {
  private readonly entries = new Map<string, { stamp: string; bytes: number; texts: Texts }>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.bytes;
  }

  get(folder: string, stamp: string): Texts | undefined {
    const hit = this.entries.get(folder);
    return hit?.stamp === stamp ? hit.texts : undefined;
  }

  set(folder: string, stamp: string, bytes: number, texts: Texts): void {
    this.drop(folder);
    if (bytes > this.maxBytes) return;
    this.entries.set(folder, { stamp, bytes, texts });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(folder: string): void {
    this.bytes -= this.entries.get(folder)?.bytes ?? 0;
    this.entries.delete(folder);
  }
}

const cache = new PackCache(64 * 1024 * 1024);

/** `pack`: the folder's (BASE_PACK), or a target's (folderLayout.ts). */
async function loadPack(folder: string, pack: string): Promise<Texts> {
  // Not followed: a link or a FIFO where the pack should be is no pack (readRegular checks again).
  const info = await lstat(join(folder, pack)).catch(() => undefined);
  if (!info?.isFile()) return new Map();
  const stamp = `${info.mtimeMs}:${info.size}`;
  // Cached per pack: two targets of one folder have a pack each.
  const at = join(folder, pack);
  const hit = cache.get(at, stamp);
  if (hit) return hit;
  const texts = parsePack(await readRegular(folder, pack, MAX_PACK_BYTES).catch(() => undefined));
  cache.set(at, stamp, info.size, texts);
  return texts;
}

/** The text whose hash is `hash`, when the folder's pack (or the pack named) holds it. */
export async function packedBase(folder: string, hash: string, pack = BASE_PACK): Promise<string | undefined> {
  const text = (await loadPack(folder, pack)).get(hash);
  // The key is where the pack says the text is; the hash of the text is what makes it the base.
  return text !== undefined && textHash(text) === hash ? text : undefined;
}

/** The pack a pull reads at its start, adds the texts it brings to, and writes once before the state. */
export class BasePack {
  private added = false;

  private constructor(
    private readonly folder: string,
    private readonly pack: string,
    private readonly texts: Texts,
    private readonly before: ReadonlySet<string>,
  ) {}

  /** `state`: the folder's state as the pull found it, whose bases a crash before the new state is written still needs. */
  static async open(folder: string, state: FolderState | undefined, pack = BASE_PACK): Promise<BasePack> {
    const texts = new Map(await loadPack(folder, pack));
    return new BasePack(folder, pack, texts, new Set(Object.values(state?.files ?? {}).map((e) => e.hash)));
  }

  /** Trusts the key: a wrong one is caught where a base is read (packedBase), and the text read from the service then. */
  has(hash: string): boolean {
    return this.texts.has(hash);
  }

  add(text: string, hash = textHash(text)): void {
    if (this.texts.get(hash) === text) return;
    this.texts.set(hash, text);
    this.added = true;
  }

  /** Keeps the bases the old state or the new one names, nothing else; a pull that brought nothing new writes nothing. */
  async save(state: FolderState): Promise<void> {
    const keep = new Set([...this.before, ...Object.values(state.files).map((e) => e.hash)]);
    const texts: Record<string, string> = {};
    for (const [hash, text] of this.texts) if (keep.has(hash)) texts[hash] = text;
    if (!this.added && Object.keys(texts).length === this.texts.size) return;
    try {
      await replaceFile(this.folder, this.pack, JSON.stringify({ format: 1, texts }));
    } catch (e) {
      // A link or a FIFO where the pack should be is left alone: the bases are read from the service when needed.
      if (!(e instanceof NotRegularFileError)) throw e;
    }
  }
}
