// An answer given in ranges or pages comes from one read: the first call (offset 0, or no cursor)
// reads the service and keeps what it read for the calls that follow, for a short while, so that a
// 5 MB dashboard is read once, not once per 32 KB, the ranges of a diff come from one read of each
// revision, and the pages of a history from one read of it. Every part is then of one state (the
// hash and baseRevision of each answer say which). Bounded in entries, size and age; a later part
// with nothing kept reads the service again. Pure apart from the clock it is given.

export const SNAPSHOT_TTL_MS = 60_000;
const MAX_ENTRIES = 4;
/** The most kept at once, in the unit of `size` (characters of text, items of a history). */
const MAX_SIZE = 24 * 1024 * 1024;

export class RangeSnapshots<T> {
  private readonly entries = new Map<string, { value: T; size: number; at: number }>();

  constructor(
    /** How much of the bound a kept value takes. */
    private readonly size: (value: T) => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** What is kept for `key`, if it is young enough. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > SNAPSHOT_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` as the latest read of `key`; the oldest entries go when a bound is passed. */
  put(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, size: this.size(value), at: this.now() });
    let total = 0;
    for (const e of this.entries.values()) total += e.size;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && total <= MAX_SIZE) break;
      this.entries.delete(k);
      total -= e.size;
    }
  }

  /** Forgets `key`: a newer read of it failed, so the parts that follow must not come from an older one. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
