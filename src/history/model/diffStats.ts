// Added and removed line counts between two texts, for the "+12 −3" beside each revision. Pure.
// Uses node-diff3's Hunt–McIlroy LCS on the lines that differ after trimming the common head and
// tail; beyond a size where that gets expensive, no count is given rather than a slow one.
import { diffIndices } from 'node-diff3';
import type { LineStats } from '../protocol/historyItem';

/** Above this many differing lines on either side, counting is skipped. */
export const MAX_DIFF_LINES = 20_000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The lines of `a` and `b` between their common head and tail, and where that middle starts. */
export function differingMiddle<T>(a: readonly T[], b: readonly T[]): { head: number; midA: T[]; midB: T[] } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, midA: a.slice(head, a.length - tail), midB: b.slice(head, b.length - tail) };
}

/** `before` undefined means the revision has no parent: every line is added. */
export function lineDiffStats(before: string | undefined, after: string): LineStats | undefined {
  const b = splitLines(after);
  if (before === undefined) return { added: b.length, removed: 0 };
  const { midA, midB } = differingMiddle(splitLines(before), b);
  if (!midA.length || !midB.length) return { added: midB.length, removed: midA.length };
  if (midA.length > MAX_DIFF_LINES || midB.length > MAX_DIFF_LINES) return undefined;
  let added = 0;
  let removed = 0;
  for (const hunk of diffIndices(midA, midB)) {
    removed += hunk.buffer1[1];
    added += hunk.buffer2[1];
  }
  return { added, removed };
}
