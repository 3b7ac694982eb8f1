// Line-based three-way merge of a document's text: the revision the user opened (base), the user's
// text (mine) and what the service holds now (theirs). Pure and vscode-free.
//
// Lines are compared without their terminators, so a change of line endings alone is not a
// conflict; the result uses the user's line ending (a VS Code document has one). The final newline
// is the empty last element after splitting, so adding or removing it merges like any other line.
import { diff3Merge } from 'node-diff3';

export type TextMerge =
  | { clean: true; text: string }
  | {
      clean: false;
      /** The merged text with standard conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`). */
      text: string;
      conflicts: number;
    };

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
  if (mine === base || mine === theirs) return { clean: true, text: theirs === base ? mine : theirs };
  if (theirs === base) return { clean: true, text: mine };

  const eol = dominantEol(mine) ?? dominantEol(theirs) ?? dominantEol(base) ?? '\n';
  const a = splitLines(mine);
  const b = splitLines(theirs);
  const regions = diff3Merge(a, splitLines(base), b, { excludeFalseConflicts: true });

  const out: string[] = [];
  let conflicts = 0;
  for (const region of regions) {
    if (region.ok) {
      out.push(...region.ok);
      continue;
    }
    const c = region.conflict;
    if (!c) continue;
    conflicts++;
    // A conflict that reaches the end of a side may hold that side's final newline (the empty last
    // element): keep it after the end marker instead of as a stray blank line inside the block.
    const mineLines = c.a.slice();
    const theirLines = c.b.slice();
    let finalNewline = false;
    if (region === regions.at(-1)) {
      if (c.aIndex + c.a.length === a.length && mineLines.at(-1) === '') {
        mineLines.pop();
        finalNewline = true;
      }
      if (c.bIndex + c.b.length === b.length && theirLines.at(-1) === '') {
        theirLines.pop();
        finalNewline = true;
      }
    }
    out.push(`${CONFLICT_START} ${labels.mine}`, ...mineLines, CONFLICT_SEPARATOR, ...theirLines, `${CONFLICT_END} ${labels.theirs}`);
    if (finalNewline) out.push('');
  }
  const text = out.join(eol);
  return conflicts === 0 ? { clean: true, text } : { clean: false, text, conflicts };
}

/** Whether `text` still holds a conflict block (a line starting with the start marker). */
export function hasConflictMarkers(text: string): boolean {
  return splitLines(text).some((line) => line.startsWith(CONFLICT_START));
}
