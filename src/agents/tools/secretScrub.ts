// No key reaches a model, and the tools neither read nor write a text that holds one. The key is
// looked for in every form the scrub knows: as is and in any case, URL-encoded (in part or whole),
// hex, base64 and base64url at each of the three alignments, and split by a line break (with the
// whitespace around it, or as an escaped \n). Not only the whole key: any run of MIN_RUN of its
// characters in a row, so that answers scrubbed one by one cannot be joined back into it. `find`
// says where a text holds the key (the tools refuse such a text, at that line); `text` and `value`
// redact every run in what goes out (names, messages, error texts, log lines). Pure.

/** The fewest characters of the key in a row that count as the key. */
export const MIN_RUN = 12;
/** A shorter secret is not searched for: it would be found everywhere. */
const MIN_SECRET = 8;

export const REDACTED = '[redacted]';

/** The key written one way, and the shortest run of it that gives it away. */
export interface KeyForm {
  readonly text: string;
  readonly run: number;
  /** Searched in the text with ASCII letters folded to lower case (as is, hex); else as written (base64). */
  readonly folded: boolean;
}

const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** The forms `secret` is looked for in. */
export function keyForms(secret: string): KeyForm[] {
  if (secret.length < MIN_SECRET) return [];
  const run = Math.min(MIN_RUN, secret.length);
  const bytes = Buffer.from(secret, 'utf8');
  const forms: KeyForm[] = [
    { text: asciiLower(secret), run, folded: true },
    { text: bytes.toString('hex'), run: 2 * run, folded: true },
  ];
  for (let shift = 0; shift < 3; shift++) {
    // The key after `shift` other bytes: the base64 characters that depend on the key alone
    // (character j holds bits 6j..6j+5).
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // At least 10 characters: a key has MIN_SECRET (8) bytes or more.
    const core = encoded.slice(Math.ceil((shift * 4) / 3), Math.floor(((shift + bytes.length) * 4) / 3));
    const b64run = Math.min(core.length, Math.ceil((run * 4) / 3));
    forms.push({ text: core, run: b64run, folded: false });
    const url = core.replace(/\+/g, '-').replace(/\//g, '_');
    if (url !== core) forms.push({ text: url, run: b64run, folded: false });
  }
  return forms;
}

/**
 * A text cut and joined, with where its characters stand in the text it was made from: `marks`
 * pairs a position of the joined text with the one it stands for, at its start and after every
 * cut; a character of `wide` stands for three (a decoded percent escape).
 */
interface Joined {
  readonly text: string;
  readonly marks: number[];
  readonly wide: Set<number>;
}

/** Where the character at `at` of a joined text starts in the text it was made from. */
function originalOf(j: Joined, at: number): number {
  const { marks } = j;
  let low = 0;
  let high = marks.length / 2 - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (marks[2 * mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return marks[2 * low + 1]! + (at - marks[2 * low]!);
}

/** Where the character at `at` ends in the text it was made from. */
function originalEnd(j: Joined, at: number): number {
  return originalOf(j, at) + (j.wide.has(at) ? 3 : 1);
}

/** Line breaks taken out with the whitespace around them (one split: a 5 MB text takes milliseconds). */
function withoutBreaks(text: string): Joined {
  const parts: string[] = [];
  const marks: number[] = [];
  let length = 0;
  let at = 0;
  for (const line of text.split('\n')) {
    const lead = line.length - line.trimStart().length;
    const kept = line.trim();
    marks.push(length, at + lead);
    parts.push(kept);
    length += kept.length;
    at += line.length + 1;
  }
  return { text: parts.join(''), marks, wide: new Set() };
}

/** Escaped line breaks (`\n`, `\r`) taken out and percent escapes of ASCII bytes decoded. */
function withoutEscapes(text: string): Joined {
  const marks = [0, 0];
  const wide = new Set<number>();
  if (!text.includes('%') && !text.includes('\\')) return { text, marks, wide };
  const parts: string[] = [];
  let length = 0;
  let kept = 0;
  for (const m of text.matchAll(/\\[rn]|%[0-7][0-9A-Fa-f]/g)) {
    parts.push(text.slice(kept, m.index));
    length += m.index - kept;
    kept = m.index + m[0].length;
    if (m[0].startsWith('%')) {
      marks.push(length, m.index);
      wide.add(length);
      parts.push(String.fromCharCode(parseInt(m[0].slice(1), 16)));
      length++;
    }
    marks.push(length, kept);
  }
  parts.push(text.slice(kept));
  return { text: parts.join(''), marks, wide };
}

/** Where runs of a form stand in `hay`: [start, end) pairs. */
function runsOf(hay: string, form: KeyForm, out: [number, number][]): void {
  // Any run of `run` characters of the form holds one of these anchors whole.
  const size = Math.max(1, Math.floor(form.run / 2));
  const f = form.text;
  for (let j = 0; j + size <= f.length; j += size) {
    const anchor = f.slice(j, j + size);
    for (let p = hay.indexOf(anchor); p !== -1; p = hay.indexOf(anchor, p + 1)) {
      let left = 0;
      while (j - left > 0 && p - left > 0 && hay[p - left - 1] === f[j - left - 1]) left++;
      let right = size;
      while (j + right < f.length && p + right < hay.length && hay[p + right] === f[j + right]) right++;
      if (left + right >= form.run) out.push([p - left, p + right]);
    }
  }
}

/** Where a text holds the key: 1-based, as an editor counts. */
export interface KeyPlace {
  readonly line: number;
  readonly column: number;
}

export class SecretScrub {
  private forms: KeyForm[] = [];

  constructor(secrets: readonly string[] = []) {
    this.set(secrets);
  }

  set(secrets: readonly string[]): void {
    this.forms = secrets.flatMap(keyForms);
  }

  /** The runs of the key in `text`, in the joined text's positions; empty when there is none. */
  private runs(hay: string): [number, number][] {
    const found: [number, number][] = [];
    if (!this.forms.length) return found;
    const folded = asciiLower(hay);
    for (const form of this.forms) runsOf(form.folded ? folded : hay, form, found);
    return found;
  }

  /** Where the runs of the key stand in `text`, sorted by their start; empty when there is none. */
  private spans(text: string): [number, number][] {
    if (!this.forms.length) return [];
    const lines = withoutBreaks(text);
    const hay = withoutEscapes(lines.text);
    return this.runs(hay.text)
      .map(([s, e]): [number, number] => [originalOf(lines, originalOf(hay, s)), originalEnd(lines, originalEnd(hay, e - 1) - 1)])
      .sort((a, b) => a[0] - b[0]);
  }

  /** Where `text` first holds the key, in any form, or undefined. */
  find(text: string): KeyPlace | undefined {
    const first = this.spans(text)[0];
    if (!first) return undefined;
    const before = text.slice(0, first[0]);
    const lineStart = before.lastIndexOf('\n') + 1;
    return { line: before.split('\n').length, column: first[0] - lineStart + 1 };
  }

  /** `text` with every run of the key, in any form, replaced by REDACTED. */
  text(text: string): string {
    const spans = this.spans(text);
    if (!spans.length) return text;
    let out = '';
    let done = 0;
    for (const [s, e] of spans) {
      // A run that overlaps the last one extends its redaction.
      if (s >= done) out += `${text.slice(done, s)}${REDACTED}`;
      done = Math.max(done, e);
    }
    return out + text.slice(done);
  }

  /** Every string in a JSON-like value, scrubbed whole; the shape stays. */
  value<T>(value: T): T {
    if (!this.forms.length) return value;
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v: unknown) => this.value(v)) as T;
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v)])) as T;
    return value;
  }
}
