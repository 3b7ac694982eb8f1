// Two environments compared, read only: each resource of the first matched with its counterpart on
// the second the way a promotion plan matches it (model/plan.ts's counterparts: its binding, else
// the one resource of its kind and name), both read and compared without what the service manages
// (model/compareText.ts). Requests: one list per kind and side (none for one resource that is
// bound), one snapshot per resource compared on each side, each side through its own client.
// Nothing read of one side is sent to the other. vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError, type CallOptions, type ServiceClient } from '../../api';
import { ResourceReader } from '../../documents/model/resourceReader';
import { DocumentParseError } from '../../kinds/contract/jsonDocument';
import { openView, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { EditableView, ResourceFile } from '../../kinds/resourcePath';
import { describeFailure } from '../../localFolders/engine/folderMessages';
import { mapPool } from '../../localFolders/engine/folderPool';
import type { Bindings } from '../model/bindings';
import { compareTexts, lookupOf, pairBindings, type ComparedTexts } from '../model/compareText';
import { counterparts, type Counterpart, type Named } from '../model/plan';
import { ruleOf, type EditableKind } from '../model/promotionRules';
import { EDITABLE_KINDS, listNamed } from './promoteReads';

const READS_AT_ONCE = 8;

/** One environment: its name in the bindings, a label for people, its own client. */
export interface CompareSide {
  readonly name: string;
  readonly label: string;
  readonly client: ServiceClient;
  readonly workspaceId: string;
}

export const COMPARE_GROUPS = ['differs', 'onlyFirst', 'onlySecond', 'ambiguous', 'unbound', 'same'] as const;
export type CompareGroup = (typeof COMPARE_GROUPS)[number];

export interface CompareEntry {
  readonly group: CompareGroup;
  readonly kind: EditableKind;
  readonly name: string;
  /** The resource on the first side, and its counterpart on the second, where there is one. */
  readonly firstId?: string;
  readonly secondId?: string;
  /** The resources of that name on the second side, for an ambiguous one. */
  readonly candidates?: readonly string[];
  /** Why it is in its group, in a sentence. */
  readonly reason: string;
  readonly texts?: ComparedTexts;
}

export interface CompareRequest {
  readonly first: CompareSide;
  readonly second: CompareSide;
  /** wsa.targets.json's bindings, parsed; either direction between the two names counts. */
  readonly bindings: Bindings;
  readonly signal?: AbortSignal;
}

function fileOf(side: CompareSide, kind: EditableKind, id: string, name: string): ResourceFile {
  return { workspaceId: side.workspaceId, view: openView(kind), id, name };
}

/** Reads both sides of a pair and compares them; a read that fails puts the pair in "unbound" with why. */
async function comparePair(req: CompareRequest, kind: EditableKind, first: Named, secondId: string, o: CallOptions): Promise<CompareEntry> {
  const base = { kind, name: first.name, firstId: first.id, secondId };
  const read = async (side: CompareSide, id: string) => {
    try {
      return await new ResourceReader(() => side.client).snapshot(fileOf(side, kind, id, first.name), o);
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'cancelled') throw e;
      if (e instanceof ApiError && e.kind === 'notFound') return l10n.t('{0} is not on «{1}»', id, side.label);
      return l10n.t('{0} could not be read on «{1}»: {2}', id, side.label, describeFailure(e));
    }
  };
  const [a, b] = await Promise.all([read(req.first, first.id), read(req.second, secondId)]);
  if (typeof a === 'string' || typeof b === 'string')
    return { ...base, group: 'unbound', reason: [a, b].filter((x) => typeof x === 'string').join('; ') };
  const paired = pairBindings(req.bindings, req.first.name, req.second.name);
  try {
    const kept = ruleOf(b.tokens).kept(b.tokens);
    const texts = compareTexts(openView(kind) as EditableView, a.text, b.text, lookupOf(paired, req.first.name, req.second.name), kept);
    return texts.same
      ? { ...base, group: 'same', reason: l10n.t('the same on both'), texts }
      : { ...base, group: 'differs', reason: l10n.t('differs'), texts };
  } catch (e) {
    if (!(e instanceof DocumentParseError)) throw e;
    return { ...base, group: 'unbound', reason: l10n.t('its text is not a {0} document: {1}', RESOURCE_KINDS[kind].singular, e.message) };
  }
}

/** What a counterpart that was not found means for the comparison. */
function unmatched(
  kind: EditableKind,
  first: Named,
  c: Extract<Counterpart, { action: string }>,
  req: CompareRequest,
  seconds: readonly Named[] | undefined,
): CompareEntry {
  const base = { kind, name: first.name, firstId: first.id };
  if (c.action === 'unbound') return { ...base, group: 'onlyFirst', reason: l10n.t('no counterpart on «{0}»', req.second.label) };
  if (seconds === undefined) return { ...base, group: 'unbound', reason: c.reason };
  const candidates = seconds.filter((s) => s.name === first.name).map((s) => s.id);
  return { ...base, group: 'ambiguous', candidates, reason: c.reason };
}

/** The counterparts of `firsts` (one kind) on the second side, as the plan finds them. */
function match(req: CompareRequest, kind: EditableKind, firsts: readonly Named[], seconds: readonly Named[] | undefined) {
  const spec = RESOURCE_KINDS[kind];
  const paired = pairBindings(req.bindings, req.first.name, req.second.name);
  return counterparts(firsts, seconds, {
    bindings: paired,
    from: req.first.name,
    to: req.second.name,
    singular: spec.singular,
    plural: spec.plural,
  });
}

/** Compares every resource of the editable kinds on both sides; the entries in the registry's order of kinds. */
export async function compareEnvironments(req: CompareRequest): Promise<{ entries: CompareEntry[]; notes: string[] }> {
  const o: CallOptions = req.signal ? { signal: req.signal } : {};
  const entries: CompareEntry[] = [];
  const notes: string[] = [];
  const pairs: { kind: EditableKind; first: Named; secondId: string }[] = [];
  for (const kind of EDITABLE_KINDS) {
    const [firsts, seconds] = await Promise.all([listNamed(req.first.client, kind, o), listNamed(req.second.client, kind, o)]);
    for (const [side, list] of [
      [req.first, firsts],
      [req.second, seconds],
    ] as const)
      if (list === undefined) notes.push(l10n.t('«{0}» lists no {1}: they are not compared.', side.label, RESOURCE_KINDS[kind].plural));
    if (firsts === undefined) continue;
    const claimed = new Set<string>();
    for (const [id, c] of match(req, kind, firsts, seconds)) {
      const first = firsts.find((f) => f.id === id)!;
      if ('action' in c) {
        const entry = unmatched(kind, first, c, req, seconds);
        for (const candidate of entry.candidates ?? []) claimed.add(candidate);
        entries.push(entry);
      } else {
        claimed.add(c.targetId);
        pairs.push({ kind, first, secondId: c.targetId });
      }
    }
    for (const s of seconds ?? [])
      if (!claimed.has(s.id))
        entries.push({
          kind,
          name: s.name,
          secondId: s.id,
          group: 'onlySecond',
          reason: l10n.t('no counterpart on «{0}»', req.first.label),
        });
  }
  entries.push(...(await mapPool(pairs, READS_AT_ONCE, (p) => comparePair(req, p.kind, p.first, p.secondId, o))));
  const order = (e: CompareEntry) => COMPARE_GROUPS.indexOf(e.group) * 100 + EDITABLE_KINDS.indexOf(e.kind);
  entries.sort((x, y) => order(x) - order(y) || x.name.localeCompare(y.name));
  return { entries, notes };
}

/**
 * One resource of the first side compared with its counterpart: its binding, else the one resource
 * of its kind and name on the second side (whose list is read only then). `name`: the resource's
 * name when the caller knows it; else the first side's list says it.
 */
export async function compareResource(
  req: CompareRequest,
  kind: EditableKind,
  id: string,
  name: string | undefined,
): Promise<CompareEntry> {
  const o: CallOptions = req.signal ? { signal: req.signal } : {};
  const bound = lookupOf(pairBindings(req.bindings, req.first.name, req.second.name), req.first.name, req.second.name)(id);
  let first: Named = { id, name: name ?? id };
  if (bound === undefined && name === undefined) {
    const listed = await listNamed(req.first.client, kind, o);
    first = { id, name: listed?.find((n) => n.id === id)?.name ?? id };
  }
  const seconds = bound === undefined ? await listNamed(req.second.client, kind, o) : [];
  const c = match(req, kind, [first], seconds).get(id)!;
  return 'action' in c ? unmatched(kind, first, c, req, seconds) : comparePair(req, kind, first, c.targetId, o);
}
