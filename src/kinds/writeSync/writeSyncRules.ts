// What is checked in a write sync or app document before it is sent. Errors, which
// refuse the save, only where the spec states a type (§2: the write sync's and the app's fields).
// A missing field is a warning (required-ness is not shown); keys the request shape does not name
// are shown and not sent: information inside the definition (a service's own key, as for database
// definitions), a warning at the top level. The identity lock needs the base text and is checked by
// the save flow (model/writeSyncIdentity.ts). The rest — a key column that is not mapped, an input
// type — is the service's to judge, shown at its line when it refuses. vscode-free.
import * as l10n from '@vscode/l10n';
import {
  APP_EDITABLE_FIELDS,
  WRITE_SYNC_DEFINITION_FIELDS,
  WRITE_SYNC_EDITABLE_FIELDS,
  WRITE_SYNC_ENDPOINT_FIELDS,
  WRITE_SYNC_INPUT_FIELDS,
} from '../../api/schemaConstants';
import { READ_ONLY_KEY } from '../contract/readOnlyGroup';
import { OPERATION_INPUT } from './writeSyncDocument';
import type { TextProblem } from '../../documents/model/saveTypes';
import { isProblem, isRecord, keyAt, missingAt, parseJson, problemAt, type JsonDocument } from '../contract/jsonLocation';

type Path = (string | number)[];

class Checker {
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

function topLevel(text: string, what: string): { checker: Checker; value: Record<string, unknown> } | TextProblem[] {
  const doc = parseJson(text);
  if (isProblem(doc)) return [doc];
  if (!isRecord(doc.value)) return [problemAt(doc, [], l10n.t('A {0} document is a JSON object of the {1}’s fields.', what, what))];
  return { checker: new Checker(doc), value: doc.value };
}

export function writeSyncProblems(text: string): TextProblem[] {
  const top = topLevel(text, l10n.t('write sync'));
  if (Array.isArray(top)) return top;
  const { checker: c, value } = top;
  c.typed(value, [], 'name', 'string', l10n.t('This write sync'));
  c.typed(value, [], 'isEnabled', 'boolean', l10n.t('This write sync'));
  c.typed(value, [], 'automaticEnabled', 'boolean', l10n.t('This write sync'));
  c.unsent(value, [], [...WRITE_SYNC_EDITABLE_FIELDS, READ_ONLY_KEY], l10n.t('a write sync update'), 'warning');
  if (!c.typed(value, [], 'definition', 'object', l10n.t('This write sync'))) return c.problems;
  const definition = value.definition as Record<string, unknown>;
  const at: Path = ['definition'];
  for (const part of ['source', 'destination'] as const) {
    if (!c.typed(definition, at, part, 'object', l10n.t('The definition'))) continue;
    const endpoint = definition[part] as Record<string, unknown>;
    for (const field of WRITE_SYNC_ENDPOINT_FIELDS) c.typed(endpoint, [...at, part], field, 'string', `The ${part}`);
    c.unsent(endpoint, [...at, part], WRITE_SYNC_ENDPOINT_FIELDS, l10n.t('a write sync {0}', part), 'info');
  }
  if (c.typed(definition, at, 'input', 'object', l10n.t('The definition'))) {
    const input = definition.input as Record<string, unknown>;
    c.typed(input, [...at, 'input'], 'type', 'string', l10n.t('The input'));
    // The other fields are the `operation` input's (spec §2); other types are not shown.
    for (const field of WRITE_SYNC_INPUT_FIELDS.slice(1)) {
      const v = input[field];
      if (v !== undefined && typeof v !== 'string')
        c.problems.push(problemAt(c.doc, [...at, 'input', field], l10n.t('"{0}" must be a string.', field)));
    }
    if (input.type === OPERATION_INPUT) c.unsent(input, [...at, 'input'], WRITE_SYNC_INPUT_FIELDS, l10n.t('a write sync input'), 'info');
  }
  c.typed(definition, at, 'keyColumn', 'string', l10n.t('The definition'));
  if (c.typed(definition, at, 'fields', 'object', l10n.t('The definition'))) {
    for (const [k, v] of Object.entries(definition.fields as Record<string, unknown>)) {
      if (typeof v !== 'string')
        c.problems.push(
          problemAt(c.doc, [...at, 'fields', k], l10n.t('The mapping of "{0}" must be a string (both sides of "fields" are names).', k)),
        );
    }
  }
  c.unsent(definition, at, WRITE_SYNC_DEFINITION_FIELDS, l10n.t('a write sync definition'), 'info');
  return c.problems;
}

export function appProblems(text: string): TextProblem[] {
  const top = topLevel(text, 'app');
  if (Array.isArray(top)) return top;
  const { checker: c, value } = top;
  c.typed(value, [], 'name', 'string', l10n.t('This app'));
  c.typed(value, [], 'description', 'string', l10n.t('This app'));
  c.unsent(value, [], [...APP_EDITABLE_FIELDS, READ_ONLY_KEY], l10n.t('an app update'), 'warning');
  return c.problems;
}
