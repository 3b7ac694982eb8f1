// A revision's value as the text of its document, in its view's language. Pure.
import { FILE_VIEWS, type FileView } from './resourceKinds';
import { jsonText } from './contract/jsonDocument';

// The agent tools' dashboard check finds a line and column here.
export { positionAt } from './contract/jsonDocument';

/** The text of a revision's value in the view's language. */
export function revisionText(view: FileView, value: Record<string, unknown>): string {
  // A file that is not JSON (TSX, handler code) is its revision value's `source`.
  if (FILE_VIEWS[view].language !== 'json' && typeof value.source === 'string') return value.source;
  return jsonText(value);
}
