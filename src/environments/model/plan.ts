// The promotion plan: for each source resource, its counterpart on the target and what promoting it
// would do. A counterpart is its binding (by id: a rename keeps it), or else the one target resource
// of the same kind and name, proposed; two of one name, or one already bound from another source,
// are for a person to bind. The service has no create: a resource without a counterpart is created
// on the target by hand, then bound. Pure.
import * as l10n from '@vscode/l10n';
import { boundSourceOf, lookupBinding, type Binding, type Bindings } from './bindings';
import { fingerprint, normalize } from './normalize';
import type { Promotion } from './promotedText';
import type { EditableView } from '../../kinds/resourcePath';

export type PlanAction = 'update' | 'unchanged' | 'unbound' | 'blocked' | 'drift';

export interface PlanEntry {
  /** The source's file in a local folder, when the caller named one. */
  file?: string;
  /** The resource kind (`writeSync`…); for an id that names no kind promote knows, its id kind. */
  kind: string;
  sourceId: string;
  /** The source's name, when known. */
  name?: string;
  targetId: string | null;
  action: PlanAction;
  reason: string;
  /** The target's text and the text promoting saves there, without what the service manages. */
  diff?: { before: string; after: string };
  /** The target's own values, never copied: `isEnabled`, `deployment`… */
  kept?: string[];
  /** The target was found by its name, not a binding: applying the plan records the binding. */
  proposed?: true;
}

/** A resource as a list shows it: its id and name. */
export interface Named {
  readonly id: string;
  readonly name: string;
}

/** The target a source resource is promoted to, or why there is none. */
export type Counterpart =
  | { readonly targetId: string; readonly binding?: Binding; readonly proposed?: true }
  | { readonly action: 'unbound' | 'blocked'; readonly targetId: string | null; readonly reason: string };

export interface CounterpartQuery {
  readonly bindings: Bindings;
  readonly from: string;
  readonly to: string;
  /** The kind's words, for the reasons: "write sync", "write syncs". */
  readonly singular: string;
  readonly plural: string;
}

/**
 * The counterpart of each source resource of one kind, by id. `targets`: the target's resources of
 * that kind, or undefined when the target cannot list them (only bindings count then).
 */
export function counterparts(
  sources: readonly Named[],
  targets: readonly Named[] | undefined,
  q: CounterpartQuery,
): Map<string, Counterpart> {
  const out = new Map<string, Counterpart>();
  const byName = new Map<string, string[]>();
  for (const t of targets ?? []) byName.set(t.name, [...(byName.get(t.name) ?? []), t.id]);
  const proposedBy = new Map<string, string[]>();
  for (const s of sources) {
    const binding = lookupBinding(q.bindings, q.from, q.to, s.id);
    if (binding) {
      out.set(s.id, { targetId: binding.targetId, binding });
      continue;
    }
    if (!targets) {
      out.set(s.id, {
        action: 'blocked',
        targetId: null,
        reason: l10n.t('not bound, and {0} lists no {1} to find it by name: bind it by hand', q.to, q.plural),
      });
      continue;
    }
    const candidates = byName.get(s.name) ?? [];
    if (candidates.length === 0) {
      out.set(s.id, {
        action: 'unbound',
        targetId: null,
        reason: l10n.t('{0} has no {1} named {2}: create it on the target, then bind it', q.to, q.singular, JSON.stringify(s.name)),
      });
      continue;
    }
    if (candidates.length > 1) {
      out.set(s.id, {
        action: 'blocked',
        targetId: null,
        reason: l10n.t(
          'ambiguous: {0} {1} on {2} are named {3} ({4}): bind by hand',
          candidates.length,
          q.plural,
          q.to,
          JSON.stringify(s.name),
          candidates.join(', '),
        ),
      });
      continue;
    }
    const targetId = candidates[0]!;
    const other = boundSourceOf(q.bindings, q.from, q.to, targetId);
    if (other !== undefined) {
      out.set(s.id, {
        action: 'blocked',
        targetId: null,
        reason: l10n.t(
          'ambiguous: {0} named {1} on {2} is bound to {3} already: bind by hand',
          targetId,
          JSON.stringify(s.name),
          q.to,
          other,
        ),
      });
      continue;
    }
    proposedBy.set(targetId, [...(proposedBy.get(targetId) ?? []), s.id]);
    out.set(s.id, { targetId, proposed: true });
  }
  // Two sources of one name would both be promoted onto one target: neither is.
  for (const [targetId, ids] of proposedBy) {
    if (ids.length < 2) continue;
    for (const id of ids)
      out.set(id, {
        action: 'blocked',
        targetId: null,
        reason: l10n.t('ambiguous: {0} and {1} have the name of {2} on {3}: bind by hand', ids[0]!, ids[1]!, targetId, q.to),
      });
  }
  return out;
}

export interface Decision {
  readonly view: EditableView;
  readonly targetText: string;
  readonly promotion: Promotion;
  /** The binding the target was found by; absent for a proposal. */
  readonly binding?: Binding;
  /** Whether the kind has a revision history: a save makes a new draft, published separately. */
  readonly drafts: boolean;
  /** Replace a target that changed since the last promotion, instead of stopping at it. */
  readonly overwriteDrift?: boolean;
  readonly from: string;
  readonly to: string;
}

/** What promoting one resource to its counterpart does, and why. */
export function decide(d: Decision): Pick<PlanEntry, 'action' | 'reason' | 'diff'> {
  if (d.promotion.blocked !== undefined) return { action: 'blocked', reason: d.promotion.blocked };
  const before = normalize(d.view, d.targetText).text;
  const after = normalize(d.view, d.promotion.text).text;
  if (fingerprint(d.view, d.targetText) === fingerprint(d.view, d.promotion.text))
    return { action: 'unchanged', reason: l10n.t('{0} holds the same already', d.to) };
  const diff = { before, after };
  const drifted = d.binding?.targetRevision != null && fingerprint(d.view, d.targetText) !== d.binding.targetRevision;
  if (drifted && !d.overwriteDrift)
    return {
      action: 'drift',
      reason: l10n.t(
        'changed on {0} since the last promotion from {1}: promoting would undo that change; compare, then promote overwriting drift, or bring the change to {1} first',
        d.to,
        d.from,
      ),
      diff,
    };
  const saved = d.drafts
    ? l10n.t('saved on {0} as a new draft revision; publishing it stays a step of its own', d.to)
    : l10n.t('saved on {0}', d.to);
  return {
    action: 'update',
    reason: drifted ? l10n.t('{0}, overwriting the change made on {1} since the last promotion', saved, d.to) : saved,
    diff,
  };
}
