// Where a JSON pointer (RFC 6901) points in a document's text, so a problem the service names by
// pointer is shown at its line. vscode-free.
import type { Node } from 'jsonc-parser';
import { jsonc } from '../../util/jsonc';
import { positionAt } from './jsonDocument';

export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

function segments(pointer: string): (string | number)[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}

/**
 * The range of the value `pointer` names; when that value is missing (a required property left
 * out), the deepest part of the path that exists. Undefined when the text is not JSON at all.
 */
export function locatePointer(text: string, pointer: string): TextRange | undefined {
  const root = jsonc().parseTree(text);
  if (!root) return undefined;
  const path = segments(pointer);
  let node: Node | undefined;
  for (let n = path.length; n >= 0 && !node; n--) node = jsonc().findNodeAtLocation(root, path.slice(0, n));
  if (!node) return undefined;
  // A property's value: the whole `"key": value`, so the key is underlined too.
  const target = node.parent?.type === 'property' ? node.parent : node;
  const start = positionAt(text, target.offset);
  const end = positionAt(text, target.offset + target.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
