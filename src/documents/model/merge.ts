// Line-based three-way merge of a document's text: the revision the user opened (base), the user's
// text (mine) and what the service holds now (theirs). Pure and vscode-free.
//
// Lines are compared without their terminators, so a change of line endings alone is not a
// conflict; the result uses the user's line ending (a VS Code document has one). The final newline
// is the empty last element after splitting, so adding or removing it merges like any other line.
import * as l10n from '@vscode/l10n';
import { diff3Merge } from 'node-diff3';

export type TextMerge =
  | { clean: true; text: string }
  | {
      clean: false;
      /** The merged text with standard conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`). */
      text: string;
      conflicts: number;
      /** Set when the texts were too large to merge here: `text` is one block, all of yours against all of theirs. */
      tooLarge?: string;
    };

/**
 * Beyond these the 3-way merge is not run on the extension host, whose thread it would hold: a side
 * of more than 1 MB, or more than 2,000 × 2,000 lines left to compare once the lines all three
 * share at the start and the end are set aside (diff3 is quadratic there: 5,000 × 5,000 repetitive
 * lines took 5 s). Such a conflict goes to the merge editor, or to one block of conflict markers.
 */
export const MAX_MERGE_SIDE_CHARS = 1024 * 1024;
export const MAX_MERGE_LINE_PAIRS = 2_000 * 2_000;

export interface MergeLabels {
  /** After `<<<<<<<`, above the user's lines. */
  mine: string;
  /** After `>>>>>>>`, below the service's lines. */
  theirs: string;
}

const DEFAULT_LABELS: MergeLabels = { mine: 'Yours', theirs: 'Service' };

export const CONFLICT_START = '<<<<<<<';
export const CONFLICT_SEPARATOR = '=======';
export const CONFLICT_END = '>>>>>>>';

const LINE_BREAK = /\r\n|\r|\n/;

function splitLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/** The line ending most used in `text`, or undefined when it has no line break. */
export function dominantEol(text: string): string | undefined {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    if (m[0] === '\r\n') crlf++;
    else if (m[0] === '\n') lf++;
    else cr++;
  }
  if (crlf + lf + cr === 0) return undefined;
  if (crlf >= lf && crlf >= cr) return '\r\n';
  return lf >= cr ? '\n' : '\r';
}

export function mergeTexts(base: string, mine: string, theirs: string, labels: MergeLabels = DEFAULT_LABELS): TextMerge {
  // One side unchanged: the other side is the answer, byte for byte (line endings included).
  // Stryker disable next-line ConditionalExpression: in this branch theirs === base means all three are equal, so mine and theirs are the same text.
  if (mine === base || mine === theirs) return { clean: true, text: theirs === base ? mine : theirs };
  if (theirs === base) return { clean: true, text: mine };

  const eol = dominantEol(mine) ?? dominantEol(theirs) ?? dominantEol(base) ?? '\n';
  const largest = Math.max(base.length, mine.length, theirs.length);
  if (largest > MAX_MERGE_SIDE_CHARS) return wholeConflict(mine, theirs, eol, labels, l10n.t('a side has {0} characters', largest));
  const a = splitLines(mine);
  const b = splitLines(theirs);
  const o = splitLines(base);
  // diff3 runs on what lies between the lines all three share at the start and at the end: its
  // work is quadratic in what it is given, and a shared line merges to itself.
  const { start, end } = sharedEnds(a, o, b);
  const [am, om, bm] = [a, o, b].map((lines) => lines.slice(start, lines.length - end)) as [string[], string[], string[]];
  const pairs = Math.max(am.length, bm.length) * om.length;
  if (pairs > MAX_MERGE_LINE_PAIRS) return wholeConflict(mine, theirs, eol, labels, l10n.t('{0} pairs of lines to compare', pairs));
  // Stryker disable next-line ObjectLiteral: node-diff3 excludes false conflicts by default too; the option says it here.
  const regions = diff3Merge(am, om, bm, { excludeFalseConflicts: true });

  const out: string[] = a.slice(0, start);
  let conflicts = 0;
  for (const region of regions) {
    if (region.ok) {
      out.push(...region.ok);
      continue;
    }
    const c = region.conflict;
    // Stryker disable next-line ConditionalExpression: diff3Merge's regions are either ok or a conflict; this only narrows the type.
    if (!c) continue;
    conflicts++;
    // A conflict that reaches the end of a side may hold that side's final newline (the empty last
    // element): keep it after the end marker instead of as a stray blank line inside the block.
    // Stryker disable next-line MethodExpression: a copy or diff3's own array, the region is not read again after the pop.
    const mineLines = c.a.slice();
    // Stryker disable next-line MethodExpression: as above.
    const theirLines = c.b.slice();
    let finalNewline = false;
    // Stryker disable next-line ConditionalExpression: only the last region can reach the end of a side, so the checks below decide alone.
    if (region === regions.at(-1) && end === 0) {
      // Stryker disable next-line ConditionalExpression: the last region always reaches the end of each side.
      if (c.aIndex + c.a.length === am.length && mineLines.at(-1) === '') {
        mineLines.pop();
        finalNewline = true;
      }
      // Stryker disable next-line ConditionalExpression: as above.
      if (c.bIndex + c.b.length === bm.length && theirLines.at(-1) === '') {
        theirLines.pop();
        finalNewline = true;
      }
    }
    out.push(`${CONFLICT_START} ${labels.mine}`, ...mineLines, CONFLICT_SEPARATOR, ...theirLines, `${CONFLICT_END} ${labels.theirs}`);
    if (finalNewline) out.push('');
  }
  out.push(...a.slice(a.length - end));
  const text = out.join(eol);
  return conflicts === 0 ? { clean: true, text } : { clean: false, text, conflicts };
}

/** How many lines all three texts share at the start, and then at the end. */
function sharedEnds(a: readonly string[], o: readonly string[], b: readonly string[]): { start: number; end: number } {
  const shortest = Math.min(a.length, o.length, b.length);
  let start = 0;
  while (start < shortest && a[start] === o[start] && b[start] === o[start]) start++;
  let end = 0;
  while (end < shortest - start && a[a.length - 1 - end] === o[o.length - 1 - end] && b[b.length - 1 - end] === o[o.length - 1 - end])
    end++;
  return { start, end };
}

/** All of yours against all of theirs in one conflict block: nothing is lost, and it costs one pass. */
function wholeConflict(mine: string, theirs: string, eol: string, labels: MergeLabels, why: string): TextMerge {
  const body = (text: string) => (text === '' || /(\r\n|\r|\n)$/.test(text) ? text : text + eol);
  const text = `${CONFLICT_START} ${labels.mine}${eol}${body(mine)}${CONFLICT_SEPARATOR}${eol}${body(theirs)}${CONFLICT_END} ${labels.theirs}${eol}`;
  return { clean: false, text, conflicts: 1, tooLarge: l10n.t('too large to merge here ({0})', why) };
}

/** Whether `text` still holds a conflict block (a line starting with the start marker). */
export function hasConflictMarkers(text: string): boolean {
  return splitLines(text).some((line) => line.startsWith(CONFLICT_START));
}
