// How texts are compared: by a hash of their content with line endings normalised, never by a
// file's timestamp (a checkout, a formatter or a copy touches times without changing a line).
import { createHash } from 'node:crypto';

/** The text with every line break as `\n`: CRLF against LF is no change. */
export function normalizeEol(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** `sha256:` and the hex digest of the text's UTF-8 with normalised line endings. */
export function textHash(text: string): string {
  return `sha256:${createHash('sha256').update(normalizeEol(text), 'utf8').digest('hex')}`;
}

export function sameText(a: string, b: string): boolean {
  return normalizeEol(a) === normalizeEol(b);
}

/** The first line break of `text`, or undefined when it has none. */
function firstEol(text: string): string | undefined {
  return /\r\n|\r|\n/.exec(text)?.[0];
}

/**
 * The local text with the line endings of `like` (the service's text): what a push sends, so that a
 * checkout with CRLF does not turn every line of the service's copy into CRLF.
 */
export function withEolOf(text: string, like: string | undefined): string {
  const eol = (like !== undefined ? firstEol(like) : undefined) ?? '\n';
  const lf = normalizeEol(text);
  return eol === '\n' ? lf : lf.replace(/\n/g, eol);
}
