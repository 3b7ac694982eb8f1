// Text from outside (a pulled folder's paths and names, the service's names and messages) shown
// where a control character would act instead of being seen. In a terminal an ESC sequence moves
// the cursor, recolours or retitles; in a CI log a line that begins `::error::` (GitHub Actions) or
// holds `##vso[` (Azure Pipelines) is a workflow command; a bidirectional override or a zero-width
// character makes a name read as another (Trojan Source). Each such character is written as its
// escape (`\x1b`, `\n`, `\u202e`) and the CI markers are broken up, so the text reads the same and
// does nothing. Pure and vscode-free.

// C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional controls and the
// zero-width characters (and the BOM, a zero-width no-break space).
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

function escape(ch: string): string {
  const code = ch.charCodeAt(0);
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control, bidirectional and zero-width character written as its escape. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, escape);
}

const ONE_INVISIBLE = new RegExp(INVISIBLE.source);

/** Whether `text` holds a character `visible` would escape. */
export function hasInvisible(text: string): boolean {
  return ONE_INVISIBLE.test(text);
}

// GitHub Actions reads `::command::` at the start of a line (after spaces) and the older `##[`;
// Azure Pipelines `##vso[` and `##[` anywhere in a line.
const WORKFLOW_START = /^(\s*):/;
const WORKFLOW_HASH = /##(?=vso\[|\[)/gi;

/**
 * One line of a command line's human output, made unable to start a CI workflow command: a
 * leading `:` becomes `\x3a`, `##vso[` and `##[` become `#\x23vso[` and `#\x23[`. Apply it to
 * each line after `visible` (which leaves no line break inside a value).
 */
export function inertLine(line: string): string {
  return line.replace(WORKFLOW_START, '$1\\x3a').replace(WORKFLOW_HASH, '#\\x23');
}

/** Every line of `text`, each made inert. */
export function inertLines(text: string): string {
  return text.split('\n').map(inertLine).join('\n');
}

/**
 * JSON text (from JSON.stringify) with the same value, in which no bidirectional or zero-width
 * character appears raw and no `##vso[` or `##[` can be read by a CI log: those are written as
 * `\uXXXX` escapes inside the strings, which JSON.stringify leaves raw.
 */
export function inertJson(json: string): string {
  return json
    .replace(
      /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u007f-\u009f]/g,
      (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replace(WORKFLOW_HASH, '\\u0023#');
}
