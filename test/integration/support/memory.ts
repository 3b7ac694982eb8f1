// Heap after a full garbage collection, inside the extension host. The host does not start Node
// with --expose-gc; the flag can still be turned on at run time, and a fresh V8 context then
// exposes `gc` (the documented way to get it without a command-line flag).
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
  }
  // Several passes: weak references and finalizers free more on the second and third.
  for (let i = 0; i < 3; i++) gc();
}

/** Bytes of JS heap in use after a full collection. */
export function heapAfterGc(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Node's live handles by type (timers, sockets, …): a leak shows as a type that keeps growing. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}
