// Bindings: which resource of one environment is the counterpart of a resource of another, per pair
// of named environments, kept under "bindings" in the committed wsa.targets.json:
//
//   {"<from>": {"<to>": {"<sourceId>": {"targetId": "<id>", "sourceRevision": "…"|null, "targetRevision": "…"|null}}}}
//
// A binding is found by the source's id, never by its name: a rename keeps it. `sourceRevision` is the
// fingerprint of the source state last promoted, `targetRevision` of the target state that promotion
// produced (what drift is measured from). The file is committed and anyone may edit it, so it is
// read as untrusted input: bounded, every id checked against the spec's grammar for its kind, and
// both ids of a binding of one kind. Pure.
import * as l10n from '@vscode/l10n';
import { ID_KIND_LABELS, ID_PREFIXES, kindOfId } from '../../api/ids';
import { isRecord } from '../../util/isRecord';

export interface Binding {
  readonly targetId: string;
  /** Fingerprint of the source state last promoted; null when none was (bound by hand). */
  readonly sourceRevision: string | null;
  /** Fingerprint of the target state that promotion produced; null when none was. */
  readonly targetRevision: string | null;
}

/** from → to → sourceId → binding. */
export type Bindings = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Binding>>>>>>;

/** More bindings than this in one file is no hand-kept file: refused rather than read. */
export const MAX_BINDINGS = 50_000;
/** A fingerprint is a short string; anything longer is not ours. */
export const MAX_REVISION_LENGTH = 200;

/** An environment's name: what `--from` and `--to` give, and a key of the file. */
const ENVIRONMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const BINDING_FIELDS = new Set(['targetId', 'sourceRevision', 'targetRevision']);

export class BindingsError extends Error {
  override readonly name = 'BindingsError';
}

export function isEnvironmentName(name: unknown): name is string {
  return typeof name === 'string' && ENVIRONMENT_NAME.test(name);
}

/** `bindings.dev.prod["oper_1"]`: where in the file a problem is. */
function at(...keys: string[]): string {
  return keys.reduce((path, key, i) => (i < 2 ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`), 'bindings');
}

function fail(where: string, what: string): never {
  throw new BindingsError(l10n.t('wsa.targets.json: {0} {1}.', where, what));
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

function idLabel(id: string): string {
  const kind = kindOfId(id)!;
  return l10n.t('{0} id ({1}…)', ID_KIND_LABELS[kind], ID_PREFIXES[kind]);
}

function revision(value: unknown, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REVISION_LENGTH)
    fail(where, l10n.t('must be null or a string of 1 to {0} characters', MAX_REVISION_LENGTH));
  return value;
}

function binding(value: unknown, sourceId: string, where: string): Binding {
  if (!isRecord(value)) fail(where, l10n.t('must be an object with "targetId"'));
  const unknown = Object.keys(value).find((k) => !BINDING_FIELDS.has(k));
  if (unknown !== undefined)
    fail(where, l10n.t('has {0}, which a binding does not take (targetId, sourceRevision, targetRevision)', shown(unknown)));
  const targetId = value.targetId;
  if (typeof targetId !== 'string' || kindOfId(targetId) === undefined)
    fail(`${where}.targetId`, l10n.t('must be an id of the service, got {0}', shown(targetId)));
  if (kindOfId(targetId) !== kindOfId(sourceId))
    fail(
      `${where}.targetId`,
      l10n.t('is a {0}, but its source is a {1}: a binding joins two resources of one kind', idLabel(targetId), idLabel(sourceId)),
    );
  return {
    targetId,
    sourceRevision: revision(value.sourceRevision, `${where}.sourceRevision`),
    targetRevision: revision(value.targetRevision, `${where}.targetRevision`),
  };
}

/**
 * The "bindings" value of wsa.targets.json, checked; absent (undefined) is no bindings. Throws a
 * BindingsError that says where the first problem is.
 */
export function parseBindings(value: unknown): Bindings {
  if (value === undefined) return {};
  if (!isRecord(value)) fail('bindings', l10n.t('must be an object of environments'));
  let count = 0;
  const out: Record<string, Record<string, Record<string, Binding>>> = {};
  for (const [from, pairs] of Object.entries(value)) {
    if (!isEnvironmentName(from)) fail(at(from), l10n.t('is not an environment name (letters, digits, ".", "_" or "-", at most 64)'));
    if (!isRecord(pairs)) fail(at(from), l10n.t('must be an object of target environments'));
    out[from] = {};
    for (const [to, entries] of Object.entries(pairs)) {
      if (!isEnvironmentName(to)) fail(at(from, to), l10n.t('is not an environment name (letters, digits, ".", "_" or "-", at most 64)'));
      if (!isRecord(entries)) fail(at(from, to), l10n.t('must be an object of source ids'));
      const ids = Object.keys(entries);
      count += ids.length;
      if (count > MAX_BINDINGS) fail('bindings', l10n.t('holds more than {0} bindings', MAX_BINDINGS));
      const pair: Record<string, Binding> = {};
      const boundFrom = new Map<string, string>();
      for (const sourceId of ids) {
        if (kindOfId(sourceId) === undefined) fail(at(from, to, sourceId), l10n.t('is not an id of the service'));
        const b = binding(entries[sourceId], sourceId, at(from, to, sourceId));
        const other = boundFrom.get(b.targetId);
        if (other !== undefined)
          fail(at(from, to, sourceId), l10n.t('binds {0}, which {1} is bound to already: one target has one source', b.targetId, other));
        boundFrom.set(b.targetId, sourceId);
        pair[sourceId] = b;
      }
      out[from][to] = pair;
    }
  }
  return out;
}

/** The binding of `sourceId` from `from` to `to`, if any. */
export function lookupBinding(bindings: Bindings, from: string, to: string, sourceId: string): Binding | undefined {
  const pair = bindings[from]?.[to];
  return pair && Object.hasOwn(pair, sourceId) ? pair[sourceId] : undefined;
}

/** The source id bound to `targetId` from `from` to `to`, if any. */
export function boundSourceOf(bindings: Bindings, from: string, to: string, targetId: string): string | undefined {
  const pair = bindings[from]?.[to] ?? {};
  return Object.keys(pair).find((sourceId) => pair[sourceId]!.targetId === targetId);
}

/**
 * New bindings with `sourceId` bound to `binding` from `from` to `to`; the value given is not
 * changed. A target bound from another source id loses that binding: one target has one source.
 */
export function withBinding(bindings: Bindings, from: string, to: string, sourceId: string, binding: Binding): Bindings {
  if (!isEnvironmentName(from) || !isEnvironmentName(to))
    throw new BindingsError(l10n.t('{0} and {1} must be environment names.', shown(from), shown(to)));
  if (kindOfId(sourceId) === undefined || kindOfId(binding.targetId) !== kindOfId(sourceId))
    throw new BindingsError(
      l10n.t('{0} cannot be bound to {1}: a binding joins two ids of one kind.', shown(sourceId), shown(binding.targetId)),
    );
  const pair: Record<string, Binding> = {};
  for (const [id, b] of Object.entries(bindings[from]?.[to] ?? {})) if (id !== sourceId && b.targetId !== binding.targetId) pair[id] = b;
  pair[sourceId] = { targetId: binding.targetId, sourceRevision: binding.sourceRevision, targetRevision: binding.targetRevision };
  return { ...bindings, [from]: { ...bindings[from], [to]: pair } };
}

/** Keys in a stable order, so that the committed file changes only where a binding does. */
function sorted<T>(record: Readonly<Record<string, T>>, each: (value: T) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) out[key] = each(record[key]!);
  return out;
}

/**
 * The text of wsa.targets.json with its "bindings" replaced by `bindings` (added last when it had
 * none), every other key kept as it was, written with two spaces and a final newline. An empty or
 * blank text is an empty file. Throws a BindingsError when the text is not a JSON object.
 */
export function bindingsFileText(originalFileText: string, bindings: Bindings): string {
  let doc: unknown = {};
  if (originalFileText.trim() !== '') {
    try {
      doc = JSON.parse(originalFileText);
    } catch (e) {
      throw new BindingsError(l10n.t('wsa.targets.json is not valid JSON: {0}', e instanceof Error ? e.message : String(e)));
    }
  }
  if (!isRecord(doc)) throw new BindingsError(l10n.t('wsa.targets.json must hold a JSON object.'));
  doc.bindings = sorted(bindings, (pairs) =>
    sorted(pairs, (pair) =>
      sorted(pair, (b) => ({ targetId: b.targetId, sourceRevision: b.sourceRevision, targetRevision: b.targetRevision })),
    ),
  );
  return `${JSON.stringify(doc, null, 2)}\n`;
}
