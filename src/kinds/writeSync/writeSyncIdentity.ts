// The identity lock of a write sync (spec §2, `identityLocked`: "the source, destination, key,
// matching field and managed field names are fixed after an execution request"). The spec states
// the rule, so a change to one of them is refused here, before anything is sent: an Error at the
// changed line. Our reading (README "write sync update"): the matching field is the `fields` entry
// of the key column; the managed field names are the keys and the values of `fields`, each as a set.
// Pure.
import * as l10n from '@vscode/l10n';
import { locatePointer } from '../contract/jsonPointerLocation';
import { isRecord } from '../../util/isRecord';
import type { TextProblem } from '../../util/textProblem';
import { parseJsonDocument, sameJson } from '../contract/jsonDocument';

const ENDPOINT_FIELDS = ['resourceId', 'object', 'scope'] as const;

function definitionOf(text: string): Record<string, unknown> | undefined {
  try {
    const doc = parseJsonDocument(text);
    return isRecord(doc) && isRecord(doc.definition) ? doc.definition : undefined;
  } catch {
    return undefined;
  }
}

function endpointOf(value: unknown): unknown {
  return isRecord(value) ? ENDPOINT_FIELDS.map((f) => value[f]) : value;
}

function names(fields: unknown, which: 'keys' | 'values'): string[] | undefined {
  if (!isRecord(fields)) return undefined;
  return [...new Set((which === 'keys' ? Object.keys(fields) : Object.values(fields)).map(String))].sort();
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The identity fields `text` changes against `baseText` (what the lock was read with), each an
 * error at its place. Nothing when either text is not a JSON write sync (other checks say so).
 */
export function lockedIdentityEdits(text: string, baseText: string): TextProblem[] {
  const mine = definitionOf(text);
  const base = definitionOf(baseText);
  if (!mine || !base) return [];
  const problems: TextProblem[] = [];
  const at = (pointer: string, what: string) => {
    const where = locatePointer(text, pointer) ?? locatePointer(text, '/definition') ?? { line: 1, column: 1 };
    problems.push({
      message: l10n.t(
        '{0} cannot change: this write sync is identity-locked (fixed after an execution request). Nothing is sent until it is as it was; your text stays.',
        what,
      ),
      severity: 'error',
      source: 'local',
      ...where,
    });
  };
  if (!sameJson(endpointOf(mine.source), endpointOf(base.source))) at('/definition/source', l10n.t('The source'));
  if (!sameJson(endpointOf(mine.destination), endpointOf(base.destination))) at('/definition/destination', l10n.t('The destination'));
  const key = mine.keyColumn;
  if (key !== base.keyColumn) at('/definition/keyColumn', l10n.t('The key column'));
  else if (typeof key === 'string') {
    const matching = (f: unknown) => (isRecord(f) ? f[key] : undefined);
    if (matching(mine.fields) !== matching(base.fields))
      at(`/definition/fields/${escape(key)}`, l10n.t('The matching field (the "fields" entry of the key column "{0}")', key));
  }
  if (
    !sameJson(names(mine.fields, 'keys'), names(base.fields, 'keys')) ||
    !sameJson(names(mine.fields, 'values'), names(base.fields, 'values'))
  )
    at(changedEntry(mine.fields, base.fields), l10n.t('The managed field names (the keys and values of "fields")'));
  return problems;
}

/** The first entry of `fields` whose key or value the base does not have, else the object (an entry went). */
function changedEntry(fields: unknown, baseFields: unknown): string {
  if (!isRecord(fields) || !isRecord(baseFields)) return '/definition/fields';
  const values = new Set(Object.values(baseFields));
  const entry = Object.entries(fields).find(([k, v]) => !Object.hasOwn(baseFields, k) || !values.has(v));
  return entry ? `/definition/fields/${escape(entry[0])}` : '/definition/fields';
}
