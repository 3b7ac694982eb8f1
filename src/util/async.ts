// The concurrency helpers, written once: sharing one in-flight load per key (SingleFlight, and
// PromiseCache, which also keeps what loaded) and running the tasks of one key one after another
// (KeyedQueue). The discipline is that of VS Code's git extension (`@sequentialize`, `@throttle`):
// a settled promise, fulfilled or rejected, always frees the way for the next caller. vscode-free.

/**
 * Shares one in-flight load per key among all callers and forgets it once it settles: concurrent
 * calls are de-duplicated, a call after the load settled loads again (for reads whose answer may
 * have changed since, such as a file's text).
 *
 * Failure rule (the same as PromiseCache): a failed load is never kept; every caller already
 * waiting on it gets the same rejection, and the next call loads again. A `load` that throws
 * synchronously stores nothing and the throw reaches the caller.
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  get(key: K, load: () => Promise<V>): Promise<V> {
    const inFlight = this.flights.get(key);
    if (inFlight) return inFlight;
    const pending = load();
    this.flights.set(key, pending);
    // Registered before any caller's reaction, so whoever resumes after the load finds it gone.
    const forget = () => {
      if (this.flights.get(key) === pending) this.flights.delete(key);
    };
    pending.then(forget, forget);
    return pending;
  }

  /** Keys with a load in flight. */
  get size(): number {
    return this.flights.size;
  }
}

export interface PromiseCacheOptions {
  /** Keeps at most this many entries, dropping the least recently used first (default: no limit). */
  maxSize?: number;
}

/**
 * Shares one load per key among all callers, like SingleFlight, and keeps a successful result
 * until `delete`, `clear` or eviction: for answers that do not change (a revision) or that stay
 * valid until the owner says otherwise (a refresh, another connection).
 *
 * Failure rule (the same as SingleFlight): a failed load is never kept; every caller already
 * waiting on it gets the same rejection, and the next call loads again. A `load` that throws
 * synchronously stores nothing and the throw reaches the caller.
 *
 * Stale results: an entry is stored when its load starts, never when it ends. So after `delete`
 * or `clear`, a load that was in flight cannot put its result back, nor remove a newer entry of
 * the same key when it fails; only the callers that already held its promise see its result.
 */
export class PromiseCache<K, V> {
  private readonly entries = new Map<K, Promise<V>>();
  private readonly maxSize: number;

  constructor(options: PromiseCacheOptions = {}) {
    this.maxSize = options.maxSize ?? Infinity;
  }

  /** The kept or in-flight result of `key`, else the result of `load()`, which is kept. */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      this.touch(key, hit);
      return hit;
    }
    const pending = load();
    this.store(key, pending);
    // Registered before any caller's reaction, so a caller that retries after the failure loads again.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  /** What `get` would return without loading: the kept or in-flight result, if any. */
  peek(key: K): Promise<V> | undefined {
    return this.entries.get(key);
  }

  /** Keeps a value known from elsewhere, so that `get` makes no request for it. */
  set(key: K, value: V): void {
    this.store(key, Promise.resolve(value));
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: K, value: Promise<V>): void {
    this.touch(key, value);
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxSize) break;
      this.entries.delete(oldest);
    }
  }

  private touch(key: K, value: Promise<V>): void {
    this.entries.delete(key);
    this.entries.set(key, value);
  }
}

/**
 * Runs the tasks of one key one after another, in the order they were queued, and the tasks of
 * different keys concurrently. A task starts once the previous task of its key has settled,
 * whether it succeeded or failed: a failure goes only to the caller of that task (a synchronous
 * throw included) and does not stop the next one. A key is forgotten when its queue drains.
 */
export class KeyedQueue<K> {
  /** Per key: settles (never rejects) when the last queued task has settled. */
  private readonly tails = new Map<K, Promise<void>>();

  run<T>(key: K, task: () => T | PromiseLike<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or queued. */
  get size(): number {
    return this.tails.size;
  }
}
