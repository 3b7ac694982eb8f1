// How each resource becomes the text of its document, and how an edited text becomes a request
// body again. Pure. JSON documents are pretty-printed with two spaces and a final newline.
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { FACT_EDITABLE_FIELDS } from '../api/schemaConstants';
import type { DatabaseDefinition, Fact, FactReplaceBody } from '../api/schemas';
import type { FileView } from './resourcePath';

export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Fields of a fact that the service owns; everything else in a fact is the user's to edit. */
const FACT_READONLY_FIELDS = new Set(['id', 'organizationId', 'ownerId', 'key', 'type', 'createdAt', 'updatedAt']);

/**
 * The editable part of a fact: the known editable fields first, in a stable order, then any field a
 * newer server added that is not known to be read-only — so a round trip never drops it.
 */
export function factDocument(fact: Fact): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of FACT_EDITABLE_FIELDS) doc[field] = fact[field] ?? null;
  for (const [field, value] of Object.entries(fact)) {
    if (!(field in doc) && !FACT_READONLY_FIELDS.has(field)) doc[field] = value;
  }
  return doc;
}

export function factText(fact: Fact): string {
  return jsonText(factDocument(fact));
}

/** The text of a revision's value in the view's language. */
export function revisionText(view: FileView, value: Record<string, unknown>): string {
  if ((view === 'dashboard' || view === 'operationHandler') && typeof value.source === 'string') return value.source;
  return jsonText(value);
}

export function databaseText(definition: DatabaseDefinition | Record<string, unknown>): string {
  return jsonText(definition);
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
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
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
    throw new DocumentParseError(`The document is not valid JSON: ${reason}`, line, column);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The replace body for a fact document: exactly the fields the document holds. A field the user
 * deleted is omitted (and so cleared by the service); no other field is ever left out.
 */
export function factBodyFromText(text: string): FactReplaceBody {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc)) throw new DocumentParseError('A fact document must be a JSON object.', 1, 1);
  if (typeof doc.name !== 'string' || !doc.name.trim()) throw new DocumentParseError('A fact needs a non-empty "name".', 1, 1);
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(doc)) if (!FACT_READONLY_FIELDS.has(field)) body[field] = value;
  return body as FactReplaceBody;
}
