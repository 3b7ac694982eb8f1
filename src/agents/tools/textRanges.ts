// A long text (a 5 MB dashboard, a diff) given out in ranges: each at most MAX_RANGE_BYTES as JSON
// writes it (the bytes an answer carries, escapes included), never splitting a surrogate pair, with
// the offset the next range starts at. Offsets are UTF-16 code units of the whole text, as
// JavaScript counts them. Pure.
import * as l10n from '@vscode/l10n';
import { ToolInputError } from './toolArgs';
import { MAX_RANGE_BYTES } from './toolSpecs';

export interface TextRange {
  readonly text: string;
  /** Where the next range starts; absent at the end of the text. */
  readonly nextOffset?: number;
}

/** The bytes `text` takes in an answer: UTF-8 of its JSON string literal. */
export function answerBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The range of `full` from `offset`, at most `length` code units and `maxBytes` bytes. An offset
 * past the end is the caller's mistake (ToolInputError); at the end, the range is empty.
 */
export function rangeOf(full: string, offset = 0, length?: number, maxBytes = MAX_RANGE_BYTES): TextRange {
  if (offset > full.length)
    throw new ToolInputError(l10n.t('The offset {0} is past the end of the text ({1} code units).', offset, full.length));
  // A character takes one byte at least, and the literal's quotes two.
  let end = Math.min(full.length, offset + (length ?? full.length), offset + Math.max(0, maxBytes - 2));
  if (answerBytes(full.slice(offset, end)) > maxBytes) {
    // The largest end that fits: binary search between offset (fits) and end (does not).
    let low = offset;
    let high = end;
    while (high - low > 1) {
      const mid = (low + high) >>> 1;
      if (answerBytes(full.slice(offset, mid)) <= maxBytes) low = mid;
      else high = mid;
    }
    end = low;
  }
  // A surrogate pair stays whole: its high half waits for the next range.
  if (end < full.length && end > offset && isHighSurrogate(full.charCodeAt(end - 1))) end--;
  // Every range moves on, so following nextOffset always ends (only a bound of a few bytes could stall it).
  if (end === offset && offset < full.length) end = Math.min(full.length, offset + (isHighSurrogate(full.charCodeAt(offset)) ? 2 : 1));
  const text = full.slice(offset, end);
  return end < full.length ? { text, nextOffset: end } : { text };
}
