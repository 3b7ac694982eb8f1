// The checks a record kind's document (a write sync, an app) makes before it is sent, field by
// field: a field of the wrong type is an error at its place, a missing one a warning (the spec
// shows no required-ness), and keys the request shape does not name are shown as not sent. Pure.
import * as l10n from '@vscode/l10n';
import { isRecord } from '../../util/isRecord';
import type { TextProblem } from '../../util/textProblem';
import { isProblem, keyAt, missingAt, parseJson, problemAt, type JsonDocument } from './jsonLocation';

export type Path = (string | number)[];

export class RecordChecker {
  readonly problems: TextProblem[] = [];
  constructor(readonly doc: JsonDocument) {}

  /** `field` of the object at `path` has `type` when present; missing is a warning. */
  typed(object: Record<string, unknown>, path: Path, field: string, type: 'string' | 'boolean' | 'object', what: string): boolean {
    const value = object[field];
    if (value === undefined) {
      this.problems.push(
        missingAt(this.doc, path, l10n.t('{0} has no "{1}": the service will probably refuse it.', what, field), 'warning'),
      );
      return false;
    }
    const ok = type === 'object' ? isRecord(value) : typeof value === type;
    if (!ok)
      this.problems.push(
        problemAt(this.doc, [...path, field], l10n.t('"{0}" must be {1}.', field, type === 'object' ? 'an object' : `a ${type}`)),
      );
    return ok;
  }

  /** Keys of the object at `path` that the request shape does not name. */
  unsent(object: Record<string, unknown>, path: Path, known: readonly string[], what: string, severity: 'info' | 'warning'): void {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      this.problems.push(
        keyAt(
          this.doc,
          [...path, key],
          l10n.t('"{0}" is not part of {1} in the service interface, so it is not sent (it stays in your text).', key, what),
          severity,
        ),
      );
    }
  }
}

export function topLevel(text: string, what: string): { checker: RecordChecker; value: Record<string, unknown> } | TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  if (!isRecord(doc.value)) return [problemAt(doc, [], l10n.t('A {0} document is a JSON object of the {1}’s fields.', what, what))];
  return { checker: new RecordChecker(doc), value: doc.value };
}
