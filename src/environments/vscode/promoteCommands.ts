// Promote to Another Environment…: from the window's connection (the source) to another of the
// user's connections (the target), on the engine's plan and apply. The plan is read first and shown
// before anything is sent; applying it saves each update through the target's guarded save with
// the target's tokens as the plan read them (a change made there since is a conflict, never
// overwritten). A protected target asks once for the whole plan, naming it. The bindings it makes
// or confirms are recorded where they were read from (environmentSides.ts). Loaded on first use.
import * as vscode from 'vscode';
import { isRecord } from '../../util/isRecord';
import { notificationText } from '../../util/notify';
import { visible } from '../../util/visibleText';
import { planPromotion, type PromotionPlan } from '../engine/promote';
import { applyPromotion, type PromoteResult } from '../engine/promoteApply';
import type { ConnectionEntry } from '../model/connections';
import type { PlanEntry } from '../model/plan';
import type { EditableKind } from '../model/promotionRules';
import type { CompareDocuments } from './compareDocuments';
import { EnvironmentSides, sameConnection, withCancellableProgress, type Side, type SidesDeps } from './environmentSides';
import { promoteSelectionOf } from './invokedOn';
import { applySummary, planItems, type PromoteDialogs } from './promotePicks';

export interface PromoteDeps extends SidesDeps {
  readonly documents: CompareDocuments;
  readonly dialogs: () => PromoteDialogs;
  /** The production guard's question for the whole plan: false sends nothing. */
  readonly confirm: (target: ConnectionEntry, plan: string) => Promise<boolean>;
}

/** What the command did, for scripts and tests. */
export interface PromoteRun {
  readonly plan: PromotionPlan;
  /** What applying it did; absent when it was not applied. */
  readonly result?: PromoteResult;
  /** Where the bindings were recorded, once they were. */
  readonly recordedIn?: string;
}

/** A script's choices beside the selection: the target (an entry's id) and overwriting drift. */
function optionsOf(value: unknown): { target?: string; overwriteDrift?: boolean } {
  if (!isRecord(value) || Array.isArray(value)) return {};
  return {
    ...(typeof value.target === 'string' ? { target: value.target } : {}),
    ...(value.overwriteDrift === true ? { overwriteDrift: true } : {}),
  };
}

export class PromoteCommands {
  private readonly sides: EnvironmentSides;

  constructor(private readonly deps: PromoteDeps) {
    this.sides = new EnvironmentSides(deps);
  }

  /**
   * Promote: `arg` an explorer item, a `wsa:` URI or a script's `{ ids, kinds, target }`; `second` the
   * items selected with it, or a script's `{ target, overwriteDrift }`. Nothing chosen is every
   * resource of the source.
   */
  async promote(arg?: unknown, second?: unknown): Promise<PromoteRun | undefined> {
    const selection = promoteSelectionOf(arg, Array.isArray(second) ? second : undefined);
    const options = { ...optionsOf(arg), ...optionsOf(second) };
    const entries = this.sides.entries();
    const here = this.sides.sourceEntry(entries, selection.connection);
    const elsewhere = selection.workspaceIds.find((w) => w !== here.workspaceId);
    if (elsewhere !== undefined)
      throw new Error(vscode.l10n.t('This file is of workspace {0}, not the one signed in to: switch to it first.', elsewhere));
    const target = await this.sides.pick(
      entries.filter((e) => !sameConnection(e, here)),
      options.target,
      vscode.l10n.t('Promote from «{0}» to which environment?', here.label),
      vscode.l10n.t(
        'Name your other connections in the workspaceAutomation.connections setting (or add those of a folder with Add Environments from wsa.targets.json…) first: there is none to promote to.',
      ),
    );
    if (!target) return undefined;
    return this.sides.withSides(here, target, async (source, dest, where) => {
      const title = vscode.l10n.t('Planning the promotion from «{0}» to «{1}»: reading both…', source.label, dest.label);
      const plan = await withCancellableProgress(title, (signal) =>
        planPromotion({
          source,
          target: dest,
          bindings: where.bindings,
          ...(selection.ids ? { ids: selection.ids } : {}),
          ...(selection.kinds ? { kinds: selection.kinds } : {}),
          ...(options.overwriteDrift ? { overwriteDrift: true } : {}),
          signal,
        }),
      );
      this.logPlan(plan);
      if (!(await this.agreed(plan, source, dest))) {
        this.deps.log.info(`[Environments] The plan from ${plan.from} to ${plan.to} was not applied; nothing was sent.`);
        return { plan };
      }
      if (plan.updates.length && !(await this.deps.confirm(dest.entry, applySummary(plan)))) return { plan };
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Promoting to «{0}»…', dest.label) },
        () => applyPromotion(plan, { target: dest, bindings: where.bindings }),
      );
      // What was saved stays saved: a binding that cannot be recorded is said, not undone.
      let recordedIn: string | undefined;
      try {
        await where.record(result.bindings);
        recordedIn = where.place;
      } catch (e) {
        this.deps.log.error(`[Environments] The bindings could not be recorded in ${where.place}: ${String(e)}`);
        void vscode.window.showErrorMessage(
          notificationText(vscode.l10n.t('The promotion’s bindings could not be recorded in {0}: {1}', where.place, String(e))),
        );
      }
      this.report(plan, result, dest);
      return { plan, result, ...(recordedIn !== undefined ? { recordedIn } : {}) };
    });
  }

  /** Shows the plan until the user applies it (true) or leaves it (false); a picked entry shows its change. */
  private async agreed(plan: PromotionPlan, source: Side, dest: Side): Promise<boolean> {
    const title = vscode.l10n.t('Promote from «{0}» to «{1}»', source.label, dest.label);
    for (;;) {
      const picked = await this.deps.dialogs().pickPlan(planItems(plan, dest.label), title);
      if (!picked) return false;
      if ('apply' in picked) return true;
      const entry = picked.entry;
      if (entry.diff) await this.showChange(entry, entry.diff, source, dest);
    }
  }

  /** The target's text as it is, beside the text the promotion saves there (the service's own fields left out of both). */
  private async showChange(entry: PlanEntry, diff: { before: string; after: string }, source: Side, dest: Side): Promise<void> {
    const name = entry.name ?? entry.sourceId;
    await this.deps.documents.openTexts(
      entry.kind as EditableKind,
      name,
      { side: dest, id: entry.targetId ?? entry.sourceId, text: diff.before },
      {
        side: { label: vscode.l10n.t('{0} after promotion', dest.label), workspaceId: source.workspaceId },
        id: entry.sourceId,
        text: diff.after,
      },
      vscode.l10n.t('{0} — «{1}» now ↔ after promotion from «{2}»', visible(name), visible(dest.label), visible(source.label)),
    );
  }

  private logPlan(plan: PromotionPlan): void {
    this.deps.log.info(`[Environments] Plan from ${plan.from} to ${plan.to}:`);
    for (const e of plan.entries)
      this.deps.log.info(
        `[Environments]   ${e.action} ${visible(e.name ?? e.sourceId)} (${e.sourceId} → ${e.targetId ?? '—'}): ${visible(e.reason)}`,
      );
    for (const note of plan.notes) this.deps.log.info(`[Environments]   ${visible(note)}`);
  }

  private report(plan: PromotionPlan, result: PromoteResult, dest: Side): void {
    for (const o of result.outcomes) this.deps.log.info(`[Environments] ${o.outcome} ${o.sourceId} → ${o.targetId}: ${visible(o.message)}`);
    const saved = result.outcomes.filter((o) => o.outcome === 'saved').length;
    const conflicts = result.outcomes.filter((o) => o.outcome === 'conflict').length;
    const failed = result.outcomes.length - saved - conflicts;
    const parts = [vscode.l10n.t('Promoted to «{0}»: {1} of {2} updates saved.', dest.label, saved, plan.updates.length)];
    if (conflicts)
      parts.push(vscode.l10n.t('{0} changed there after the plan was made and were not overwritten: plan again to see why.', conflicts));
    if (failed) parts.push(vscode.l10n.t('{0} failed: the log says why.', failed));
    if (conflicts || failed) void vscode.window.showWarningMessage(notificationText(parts.join(' ')));
    else void vscode.window.showInformationMessage(notificationText(parts.join(' ')));
  }
}
