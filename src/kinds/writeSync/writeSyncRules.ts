// What is checked in a write sync document before it is sent. Errors, which refuse the save, only
// where the spec states a type (§2: the write sync's fields). A missing field is a warning
// (required-ness is not shown); keys the request shape does not name are shown and not sent:
// information inside the definition (a service's own key, as for database definitions), a warning
// at the top level. The identity lock needs the base text and is the kind's read-only check
// (writeSyncIdentity.ts). The rest — a key column that is not mapped, an input type — is the
// service's to judge, shown at its line when it refuses. vscode-free.
import * as l10n from '@vscode/l10n';
import {
  WRITE_SYNC_DEFINITION_FIELDS,
  WRITE_SYNC_EDITABLE_FIELDS,
  WRITE_SYNC_ENDPOINT_FIELDS,
  WRITE_SYNC_INPUT_FIELDS,
} from '../../api/schemaConstants';
import { READ_ONLY_KEY } from '../contract/readOnlyGroup';
import { problemAt } from '../contract/jsonLocation';
import { topLevel, type Path } from '../contract/recordChecker';
import type { TextProblem } from '../../util/textProblem';
import { OPERATION_INPUT } from './writeSyncDocument';

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
