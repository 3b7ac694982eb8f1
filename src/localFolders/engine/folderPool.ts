// Runs work over a list with at most `limit` items in flight: the remote checks of a folder of
// hundreds of files must not open hundreds of requests at once.

/** Maps `items` through `fn`, at most `limit` at a time; the results keep the items' order. */
export async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * Runs tasks in the background, at most `limit` at a time: a pull's file writes go on while its
 * reads continue, instead of each read waiting for the previous file's writes. `add` waits for a
 * free slot (so a slow disk holds the reads back rather than piling up open files).
 */
export class BackgroundTasks {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Starts `task` once a slot is free; `done` settles with it (the caller must observe it). */
  async add<T>(task: () => Promise<T>): Promise<{ done: Promise<T> }> {
    while (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    const done = task().finally(() => {
      this.running--;
      this.waiting.shift()?.();
    });
    return { done };
  }
}
