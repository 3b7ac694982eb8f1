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
