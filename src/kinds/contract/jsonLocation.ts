// Problems in a JSON document, placed at the node they are about. vscode-free.
import type { JSONPath, Node } from 'jsonc-parser';
import { jsonc } from '../../util/jsonc';
import type { ProblemSeverity, TextProblem } from '../../util/textProblem';
import { DocumentParseError, parseJsonDocument, positionAt } from './jsonDocument';

/** A parsed JSON document: the value as `JSON.parse` sees it and the tree with offsets. */
export interface JsonDocument {
  value: unknown;
  root: Node;
  text: string;
}

/**
 * Parses with `parseJsonDocument` — the same parse the save uses to build its request body — and
 * returns its error as a problem; the jsonc tree is only for locating nodes.
 */
export function parseJson(text: string): JsonDocument | TextProblem {
  let value: unknown;
  try {
    value = parseJsonDocument(text);
  } catch (e) {
    if (e instanceof DocumentParseError) return { message: e.message, line: e.line, column: e.column, severity: 'error', source: 'local' };
    throw e;
  }
  const root = jsonc().parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  // JSON.parse accepted it, so jsonc-parser has a tree too; the fallback keeps the types honest.
  return { value, root: root ?? { type: 'null', offset: 0, length: text.length }, text };
}

export function isProblem(x: JsonDocument | TextProblem): x is TextProblem {
  return 'message' in x;
}

/** The problem spanning `node` (end exclusive). */
export function problemAtNode(doc: JsonDocument, node: Node, message: string, severity: ProblemSeverity = 'error'): TextProblem {
  const start = positionAt(doc.text, node.offset);
  const end = positionAt(doc.text, node.offset + node.length);
  return { message, severity, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, source: 'local' };
}

/** Where a value at `path` is, or where it is missing: its nearest existing ancestor. */
export function nodeAt(doc: JsonDocument, path: JSONPath): Node {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = jsonc().findNodeAtLocation(doc.root, path.slice(0, depth));
    if (node) return node;
  }
  return doc.root;
}

/** The problem at the value at `path`. */
export function problemAt(doc: JsonDocument, path: JSONPath, message: string, severity: ProblemSeverity = 'error'): TextProblem {
  return problemAtNode(doc, nodeAt(doc, path), message, severity);
}

/** The problem at the key of the property at `path` (`"comment"` of a column), or at its value. */
export function keyAt(doc: JsonDocument, path: JSONPath, message: string, severity: ProblemSeverity): TextProblem {
  const value = nodeAt(doc, path);
  const key = value.parent?.type === 'property' ? value.parent.children?.[0] : undefined;
  return problemAtNode(doc, key ?? value, message, severity);
}

/**
 * The problem of a property missing from the object at `objectPath`: shown on the object's `name`
 * when it has one (it says which table or column is meant), else on its opening brace.
 */
export function missingAt(doc: JsonDocument, objectPath: JSONPath, message: string, severity: ProblemSeverity = 'error'): TextProblem {
  const named = jsonc().findNodeAtLocation(doc.root, [...objectPath, 'name']);
  if (named) return problemAtNode(doc, named, message, severity);
  const object = nodeAt(doc, objectPath);
  return problemAtNode(doc, { ...object, length: Math.min(object.length, 1) }, message, severity);
}
