// The questions of Promote to Another Environment…: the sides' (which connection, a sign-in, a key)
// and the plan, shown before anything is sent as a quick pick: "Apply" first when there is anything
// to apply, then the plan's entries grouped by action, each with its reason and the target's own
// values it keeps. Picking an entry that would change the target shows that change as a diff, and
// the plan again. Tests answer them in the user's place (EnvironmentsOptions.promote). Names from the
// service are shown as text, never as icons.
import * as vscode from 'vscode';
import { RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { PromotionPlan } from '../engine/promote';
import type { PlanAction, PlanEntry } from '../model/plan';
import type { EditableKind } from '../model/promotionRules';
import { plain, VSCODE_SIDE_DIALOGS } from './comparePicks';
import type { SideDialogs } from './environmentSides';

/** The plan's own item: apply it. */
export interface ApplyItem extends vscode.QuickPickItem {
  readonly apply: true;
}

/** One resource of the plan. */
export interface PlanItem extends vscode.QuickPickItem {
  readonly entry: PlanEntry;
}

export type PlanPickItem = ApplyItem | PlanItem | vscode.QuickPickItem;

export interface PromoteDialogs extends SideDialogs {
  /** The plan; undefined (Escape) sends nothing. */
  pickPlan(items: readonly PlanPickItem[], title: string): Promise<ApplyItem | PlanItem | undefined>;
}

export const VSCODE_PROMOTE_DIALOGS: PromoteDialogs = {
  ...VSCODE_SIDE_DIALOGS,
  async pickPlan(items, title) {
    const picked = await vscode.window.showQuickPick(items, {
      title,
      placeHolder: vscode.l10n.t('Nothing is sent until you apply the plan. Pick a resource to see what it changes.'),
      matchOnDescription: true,
      matchOnDetail: true,
      ignoreFocusOut: true,
    });
    return picked && ('apply' in picked || 'entry' in picked) ? (picked as ApplyItem | PlanItem) : undefined;
  },
};

/** The order the plan is shown in: what it would change first, then what stops it, then the rest. */
export const PLAN_ACTIONS: readonly PlanAction[] = ['update', 'drift', 'blocked', 'unbound', 'unchanged'];

function actionLabel(action: PlanAction, to: string): string {
  switch (action) {
    case 'update':
      return vscode.l10n.t('Update on «{0}»', to);
    case 'drift':
      return vscode.l10n.t('Changed on «{0}» since the last promotion', to);
    case 'blocked':
      return vscode.l10n.t('Blocked');
    case 'unbound':
      return vscode.l10n.t('No counterpart: create it on «{0}», then bind it', to);
    case 'unchanged':
      return vscode.l10n.t('Unchanged');
  }
}

function kindWord(kind: string): string {
  return RESOURCE_KINDS[kind as EditableKind]?.singular ?? kind;
}

/** What applying does, in words: the label of "Apply" and the guard's question. */
export function applySummary(plan: PromotionPlan): string {
  const updates = plan.updates.length;
  const bindings = plan.confirmed.length;
  if (updates && bindings) return vscode.l10n.t('{0} updates, and {1} bindings recorded', updates, bindings);
  if (updates) return updates === 1 ? vscode.l10n.t('1 update') : vscode.l10n.t('{0} updates', updates);
  return bindings === 1 ? vscode.l10n.t('1 binding recorded') : vscode.l10n.t('{0} bindings recorded', bindings);
}

/** The plan as a quick pick's items, labels `from` and `to` the two connections'. */
export function planItems(plan: PromotionPlan, to: string): PlanPickItem[] {
  const items: PlanPickItem[] = [];
  if (plan.updates.length || plan.confirmed.length)
    items.push({
      label: `$(check) ${plain(vscode.l10n.t('Apply on «{0}»: {1}', to, applySummary(plan)))}`,
      detail: plan.updates.length
        ? vscode.l10n.t(
            'Each is saved on «{0}» with the tokens read for this plan: one that changed since is a conflict, and is not overwritten.',
            plain(to),
          )
        : undefined,
      apply: true,
    } satisfies ApplyItem);
  for (const action of PLAN_ACTIONS) {
    const of = plan.entries.filter((e) => e.action === action);
    if (!of.length) continue;
    items.push({ label: `${actionLabel(action, plain(to))} (${of.length})`, kind: vscode.QuickPickItemKind.Separator });
    for (const entry of of) {
      const kept = entry.kept?.length ? ` ${vscode.l10n.t('Kept on «{0}»: {1}.', to, entry.kept.join(', '))}` : '';
      const ids = entry.targetId ? `${entry.sourceId} → ${entry.targetId}` : entry.sourceId;
      items.push({
        label: plain(entry.name ?? entry.sourceId),
        description: `${kindWord(entry.kind)} · ${plain(ids)}${entry.diff ? ` · ${vscode.l10n.t('pick to see the change')}` : ''}`,
        detail: plain(`${entry.reason}.${kept}`),
        entry,
      } satisfies PlanItem);
    }
  }
  for (const note of plan.notes) items.push({ label: plain(note), kind: vscode.QuickPickItemKind.Separator });
  return items;
}
