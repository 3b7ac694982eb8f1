// A unified diff of two texts, as `diff -u` writes it: what diff_revisions and a save's conflict
// answer with. node-diff3's LCS on the lines between the common head and tail; past MAX_DIFF_LINES
// differing lines on a side, that middle is given as one replacement (still a correct diff, only
// not the shortest), so a diff never takes unbounded time. Pure.
import { diffIndices } from 'node-diff3';
import { differingMiddle, MAX_DIFF_LINES } from '../../history/model/diffStats';

interface Change {
  /** 0-based first line of each side, and how many lines each side has there. */
  a: number;
  aLength: number;
  b: number;
  bLength: number;
}

/** The lines of `text`, each with its line break; the last one may have none. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function changesBetween(a: readonly string[], b: readonly string[]): Change[] {
  const { head, midA, midB } = differingMiddle(a, b);
  if (!midA.length && !midB.length) return [];
  if (!midA.length || !midB.length || midA.length > MAX_DIFF_LINES || midB.length > MAX_DIFF_LINES)
    return [{ a: head, aLength: midA.length, b: head, bLength: midB.length }];
  return diffIndices(midA, midB).map((h) => ({
    a: head + h.buffer1[0],
    aLength: h.buffer1[1],
    b: head + h.buffer2[0],
    bLength: h.buffer2[1],
  }));
}

/** A line of the diff: its mark, the line without its break, and the note diff writes after a last line without one. */
function diffLine(mark: string, line: string): string {
  return line.endsWith('\n') ? `${mark}${line}` : `${mark}${line}\n\\ No newline at end of file\n`;
}

function range(start: number, length: number): string {
  // diff -u: a side without lines names the line before the hunk.
  return `${length === 0 ? start : start + 1},${length}`;
}

/** The unified diff from `before` to `after`, with `context` lines around each change; empty when they are equal. */
export function unifiedDiff(before: string, after: string, fromLabel: string, toLabel: string, context = 3): string {
  const a = linesOf(before);
  const b = linesOf(after);
  const changes = changesBetween(a, b);
  if (!changes.length) return '';
  // Changes whose context would touch or overlap are one hunk.
  const hunks: Change[][] = [];
  for (const change of changes) {
    const last = hunks.at(-1)?.at(-1);
    if (last && change.a - (last.a + last.aLength) <= 2 * context) hunks.at(-1)!.push(change);
    else hunks.push([change]);
  }
  let out = `--- ${fromLabel}\n+++ ${toLabel}\n`;
  for (const hunk of hunks) {
    const first = hunk[0]!;
    const last = hunk.at(-1)!;
    const lead = Math.min(context, first.a);
    const trail = Math.min(context, a.length - (last.a + last.aLength));
    const aStart = first.a - lead;
    const bStart = first.b - lead;
    const aLength = last.a + last.aLength + trail - aStart;
    const bLength = last.b + last.bLength + trail - bStart;
    out += `@@ -${range(aStart, aLength)} +${range(bStart, bLength)} @@\n`;
    let at = aStart;
    for (const change of hunk) {
      for (; at < change.a; at++) out += diffLine(' ', a[at]!);
      for (let i = 0; i < change.aLength; i++) out += diffLine('-', a[change.a + i]!);
      for (let i = 0; i < change.bLength; i++) out += diffLine('+', b[change.b + i]!);
      at = change.a + change.aLength;
    }
    for (; at < aStart + aLength; at++) out += diffLine(' ', a[at]!);
  }
  return out;
}
