// A text read in ranges comes from one read of it: read_resource from offset 0 reads the service
// and keeps the text for the ranges that follow (offset > 0), for a short while, so a 5 MB dashboard
// is read once, not once per 32 KB, and its parts are of one state (the hash and baseRevision of
// each answer say which). Bounded in entries, characters and age; an offset with nothing kept reads
// the service again. Pure apart from the clock it is given.

export interface Snapshot {
  readonly text: string;
  readonly hash: string;
  readonly baseRevision: string;
}

export const SNAPSHOT_TTL_MS = 60_000;
const MAX_ENTRIES = 4;
const MAX_CHARS = 24 * 1024 * 1024;

export class RangeSnapshots {
  private readonly entries = new Map<string, { snapshot: Snapshot; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The text kept for `key`, if it is young enough. */
  get(key: string): Snapshot | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > SNAPSHOT_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.snapshot;
  }

  /** Keeps `snapshot` as the latest read of `key`; the oldest entries go when a bound is passed. */
  put(key: string, snapshot: Snapshot): void {
    this.entries.delete(key);
    this.entries.set(key, { snapshot, at: this.now() });
    let chars = 0;
    for (const e of this.entries.values()) chars += e.snapshot.text.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && chars <= MAX_CHARS) break;
      this.entries.delete(k);
      chars -= e.snapshot.text.length;
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
