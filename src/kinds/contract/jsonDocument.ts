// JSON documents: a value as the text of its document (pretty-printed with two spaces and a final
// newline), an edited text parsed again with the place of its first error, and equality of JSON
// values. Pure.
import * as l10n from '@vscode/l10n';
import type { ParseError } from 'jsonc-parser';
import { jsonc } from '../../util/jsonc';
import { isRecord } from '../../util/isRecord';

export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export class DocumentParseError extends Error {
  override readonly name = 'DocumentParseError';
  constructor(
    message: string,
    /** 1-based. */
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Line and column (1-based) of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < Math.min(offset, text.length); i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Offset of the first syntax error jsonc-parser finds with JSON's strict rules, if any. */
function firstSyntaxError(text: string): number | undefined {
  const errors: ParseError[] = [];
  jsonc().parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0]?.offset;
}

/** JSON.parse with a line and column in the error, for diagnostics. */
export function parseJsonDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // V8 states a position for some errors only ("Unexpected token ',', "…" is not valid JSON" has
    // none); jsonc-parser locates the others.
    const stated = /position (\d+)/.exec(message)?.[1] ?? /at (\d+)/.exec(message)?.[1];
    const offset = stated !== undefined ? Number(stated) : (firstSyntaxError(text) ?? text.length);
    const lineCol = /line (\d+) column (\d+)/.exec(message);
    const { line, column } = lineCol ? { line: Number(lineCol[1]), column: Number(lineCol[2]) } : positionAt(text, offset);
    const reason = message
      .replace(/^JSON\.parse: /, '')
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/ at line \d+ column \d+.*$/s, '')
      .replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '');
    throw new DocumentParseError(l10n.t('The document is not valid JSON: {0}', reason), line, column);
  }
}

/** The JSON object a `what` document's text must be (a write sync, an app); else a DocumentParseError at its start. */
export function documentObject(text: string, what: string): Record<string, unknown> {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc)) throw new DocumentParseError(l10n.t('A {0} document must be a JSON object.', what), 1, 1);
  return doc;
}

/** Deep equality of JSON values, regardless of key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => k in bo && sameJson(ao[k], bo[k]));
}
