// Promote, planned: which resources of one environment (the source connection) would change what
// in another (the target connection), and the target's tokens as read now, which applying the plan
// sends (promoteApply.ts). Reads only: one list per kind and side where needed, one snapshot per
// resource on each side. Nothing read of one connection is sent to the other but the promoted text
// itself, its references rewritten through the bindings. vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError, type CallOptions, type ServiceClient } from '../../api';
import { ResourceReader } from '../../documents/model/resourceReader';
import type { ServerSnapshot } from '../../documents/model/saveTypes';
import { DocumentParseError } from '../../kinds/contract/jsonDocument';
import { hasHistory, openView, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { EditableView, ResourceFile } from '../../kinds/resourcePath';
import { describeFailure } from '../../localFolders/engine/folderMessages';
import { mapPool } from '../../localFolders/engine/folderPool';
import { lookupBinding, type Binding, type Bindings } from '../model/bindings';
import { fingerprint } from '../model/normalize';
import { counterparts, decide, type Counterpart, type Named, type PlanEntry } from '../model/plan';
import { promotedText } from '../model/promotedText';
import type { EditableKind } from '../model/promotionRules';
import { listNamed, selectSources } from './promoteReads';

/** How many resources a plan reads at once. */
const READS_AT_ONCE = 8;

/** One environment: its name (a key of the bindings) and its connection. */
export interface PromoteSide {
  readonly name: string;
  readonly client: ServiceClient;
  readonly workspaceId: string;
}

export interface PlanOptions {
  readonly source: PromoteSide;
  readonly target: PromoteSide;
  /** wsa.targets.json's bindings, parsed (parseBindings). */
  readonly bindings: Bindings;
  /** The source resources to promote, by id (an operation's id names its dashboard); default: every one the source lists. */
  readonly ids?: readonly string[];
  /** Every resource of these kinds besides the ids; with no ids, only these kinds. */
  readonly kinds?: readonly EditableKind[];
  /** The source's file of an id in a local folder, shown in the plan. */
  readonly files?: Readonly<Record<string, string>>;
  /** Plan an update where the target changed since the last promotion, instead of stopping at it. */
  readonly overwriteDrift?: boolean;
  readonly signal?: AbortSignal;
}

/** One save the plan makes, with the target's state as the plan read it. */
export interface PlannedUpdate {
  readonly kind: EditableKind;
  readonly sourceId: string;
  readonly file: ResourceFile;
  /** The text saved on the target. */
  readonly text: string;
  /** The target's snapshot at planning time: its tokens guard the save. */
  readonly base: ServerSnapshot;
  /** The binding recorded once it is saved. */
  readonly binding: Binding;
}

export interface PromotionPlan {
  readonly from: string;
  readonly to: string;
  /** One per source resource (and per id asked for that names none), in the registry's order of kinds. */
  readonly entries: PlanEntry[];
  /** One per entry whose action is `update`. */
  readonly updates: PlannedUpdate[];
  /** Bindings an unchanged resource confirms (one found by name, or moved fingerprints): recorded without a save. */
  readonly confirmed: readonly { readonly sourceId: string; readonly binding: Binding }[];
  /** What the plan could not look at (a kind a side does not list). */
  readonly notes: string[];
}

function fileOf(side: PromoteSide, kind: EditableKind, id: string, name: string): ResourceFile {
  return { workspaceId: side.workspaceId, view: openView(kind), id, name };
}

async function snapshotOrReason(reader: ResourceReader, file: ResourceFile, env: string, o: CallOptions): Promise<ServerSnapshot | string> {
  try {
    return await reader.snapshot(file, o);
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'notFound') return l10n.t('{0} is not on {1}', file.id, env);
    if (e instanceof ApiError && e.kind === 'cancelled') throw e;
    return l10n.t('{0} could not be read on {1}: {2}', file.id, env, describeFailure(e));
  }
}

/** Reads both environments and plans the promotion; sends nothing. */
export async function planPromotion(options: PlanOptions): Promise<PromotionPlan> {
  const { source, target, bindings } = options;
  const from = source.name;
  const to = target.name;
  const o: CallOptions = options.signal ? { signal: options.signal } : {};
  const bound = (id: string) => lookupBinding(bindings, from, to, id) !== undefined;
  const selection = await selectSources(source.client, from, { ids: options.ids, kinds: options.kinds }, (_kind, id) => !bound(id), o);
  const entries: PlanEntry[] = [...selection.refused];
  const notes = [...selection.notes];
  const found = new Map<string, Counterpart>();
  const work: { kind: EditableKind; named: Named }[] = [];
  for (const [kind, named] of selection.byKind) {
    const spec = RESOURCE_KINDS[kind];
    const targets = named.some((n) => !bound(n.id)) ? await listNamed(target.client, kind, o) : [];
    for (const [id, c] of counterparts(named, targets, { bindings, from, to, singular: spec.singular, plural: spec.plural }))
      found.set(id, c);
    work.push(...named.map((n) => ({ kind, named: n })));
  }
  const sourceReader = new ResourceReader(() => source.client);
  const targetReader = new ResourceReader(() => target.client);
  const planned = await mapPool(work, READS_AT_ONCE, async ({ kind, named }) => {
    const entry: PlanEntry = { kind, sourceId: named.id, name: named.name, targetId: null, action: 'blocked', reason: '' };
    const file = options.files?.[named.id];
    if (file !== undefined) entry.file = file;
    // Read first: what the source does not have is no resource to find a counterpart for.
    const sourceSnap = await snapshotOrReason(sourceReader, fileOf(source, kind, named.id, named.name), from, o);
    if (typeof sourceSnap === 'string') return { entry: { ...entry, reason: sourceSnap } };
    const counterpart = found.get(named.id)!;
    if ('action' in counterpart) return { entry: { ...entry, action: counterpart.action, reason: counterpart.reason } };
    entry.targetId = counterpart.targetId;
    if (counterpart.proposed) entry.proposed = true;
    const targetFile = fileOf(target, kind, counterpart.targetId, named.name);
    const targetSnap = await snapshotOrReason(targetReader, targetFile, to, o);
    if (typeof targetSnap === 'string')
      return { entry: { ...entry, reason: l10n.t('its counterpart {0}: bind it to another, or bind it again', targetSnap) } };
    return planOne(entry, kind, sourceSnap.text, targetSnap, targetFile, counterpart, options);
  });
  const updates: PlannedUpdate[] = [];
  const confirmed: { sourceId: string; binding: Binding }[] = [];
  for (const p of planned) {
    entries.push(p.entry);
    if (p.update) updates.push(p.update);
    if (p.confirm) confirmed.push({ sourceId: p.entry.sourceId, binding: p.confirm });
  }
  return { from, to, entries, updates, confirmed, notes };
}

function planOne(
  entry: PlanEntry,
  kind: EditableKind,
  sourceText: string,
  targetSnap: ServerSnapshot,
  targetFile: ResourceFile,
  counterpart: Extract<Counterpart, { targetId: string; binding?: Binding }>,
  options: PlanOptions,
): { entry: PlanEntry; update?: PlannedUpdate; confirm?: Binding } {
  const from = options.source.name;
  const to = options.target.name;
  const view = targetFile.view as EditableView;
  const lookup = (id: string) => lookupBinding(options.bindings, from, to, id)?.targetId;
  let decided;
  let promotion;
  try {
    promotion = promotedText({ view, sourceText, targetText: targetSnap.text, targetTokens: targetSnap.tokens, from, to }, lookup);
    decided = decide({
      view,
      targetText: targetSnap.text,
      promotion,
      ...(counterpart.binding ? { binding: counterpart.binding } : {}),
      drafts: hasHistory(kind),
      ...(options.overwriteDrift ? { overwriteDrift: true } : {}),
      from,
      to,
    });
  } catch (e) {
    if (!(e instanceof DocumentParseError)) throw e;
    return { entry: { ...entry, reason: l10n.t('its text is not a {0} document: {1}', RESOURCE_KINDS[kind].singular, e.message) } };
  }
  const out: PlanEntry = { ...entry, ...decided };
  if (promotion.kept.length) out.kept = [...promotion.kept];
  const binding: Binding = {
    targetId: targetFile.id,
    sourceRevision: fingerprint(view, sourceText),
    targetRevision: fingerprint(view, promotion.text),
  };
  if (decided.action === 'update')
    return { entry: out, update: { kind, sourceId: entry.sourceId, file: targetFile, text: promotion.text, base: targetSnap, binding } };
  if (decided.action !== 'unchanged') return { entry: out };
  const was = counterpart.binding;
  const moved = !was || was.sourceRevision !== binding.sourceRevision || was.targetRevision !== binding.targetRevision;
  return moved ? { entry: out, confirm: binding } : { entry: out };
}
