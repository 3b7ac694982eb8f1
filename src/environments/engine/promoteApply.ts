// Promote, applied: each planned update goes through the target's guarded save (SaveFlow, the kind's
// body and send), as a push of a local folder does, with the target's tokens as the plan read
// them. A target that changed since the plan is a conflict for that resource, and nothing of it is
// overwritten: the save is never tried again with newer tokens, since the plan the user agreed to
// was made against the older state. A kind with a revision history gets a new draft; publishing
// stays a step of its own. The bindings of what was saved record both fingerprints. vscode-free.
import * as l10n from '@vscode/l10n';
import { ResourceReader } from '../../documents/model/resourceReader';
import { SaveFlow, type SaveFlowOptions, type SaveLog } from '../../documents/model/saveFlow';
import type { TextProblem } from '../../documents/model/saveTypes';
import { filePath, FILE_SCHEME } from '../../kinds/resourcePath';
import { describeFailure } from '../../localFolders/engine/folderMessages';
import { withBinding, type Bindings } from '../model/bindings';
import type { EditableKind } from '../model/promotionRules';
import type { PromoteSide, PromotionPlan } from './promote';

export interface ApplyOptions {
  /** The target's connection: the plan's `to`. */
  readonly target: PromoteSide;
  /** The bindings the plan was made with (or read again since): the result adds to them. */
  readonly bindings: Bindings;
  /** The local checks a save runs first (the documents' validation), as a push passes them. */
  readonly validate?: SaveFlowOptions['validate'];
  readonly log?: SaveLog;
}

export type PromoteOutcomeKind = 'saved' | 'conflict' | 'invalid' | 'failed';

export interface PromoteOutcome {
  file?: string;
  kind: EditableKind;
  sourceId: string;
  targetId: string;
  outcome: PromoteOutcomeKind;
  message: string;
  /** Problems of the text at their lines: what refused it (`invalid`), or warnings of a save. */
  problems?: TextProblem[];
}

export interface PromoteResult {
  readonly outcomes: PromoteOutcome[];
  /** The bindings with every saved resource's, and every confirmed one's, recorded. */
  readonly bindings: Bindings;
}

export class PromotePlanError extends Error {
  override readonly name = 'PromotePlanError';
}

/** Saves each update of `plan` on its target, one after another. */
export async function applyPromotion(plan: PromotionPlan, options: ApplyOptions): Promise<PromoteResult> {
  if (options.target.name !== plan.to)
    throw new PromotePlanError(l10n.t('This plan promotes to {0}, not to {1}.', plan.to, options.target.name));
  const client = options.target.client;
  const flow = new SaveFlow(() => client, new ResourceReader(() => client), {
    ...(options.validate ? { validate: options.validate } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  let bindings = options.bindings;
  for (const c of plan.confirmed) bindings = withBinding(bindings, plan.from, plan.to, c.sourceId, c.binding);
  const files = new Map(plan.entries.map((e) => [e.sourceId, e.file]));
  const outcomes: PromoteOutcome[] = [];
  for (const update of plan.updates) {
    const file = files.get(update.sourceId);
    const out = { ...(file !== undefined ? { file } : {}), kind: update.kind, sourceId: update.sourceId, targetId: update.file.id };
    const result = await flow.save({
      file: update.file,
      uri: `${FILE_SCHEME}:${filePath(update.file)}`,
      text: update.text,
      base: update.base,
    });
    switch (result.status) {
      case 'saved':
        bindings = withBinding(bindings, plan.from, plan.to, update.sourceId, update.binding);
        outcomes.push({
          ...out,
          outcome: 'saved',
          message: l10n.t('{0} saved on {1} ({2})', update.file.id, plan.to, result.snapshot.label),
          ...(result.warnings.length ? { problems: result.warnings } : {}),
        });
        break;
      case 'conflict':
        outcomes.push({
          ...out,
          outcome: 'conflict',
          message: l10n.t(
            '{0} changed on {1} after the plan was made (now {2}): nothing was saved; plan again to see the change',
            update.file.id,
            plan.to,
            result.conflict.latest.label,
          ),
        });
        break;
      case 'invalid':
        outcomes.push({
          ...out,
          outcome: 'invalid',
          message: l10n.t('{0} was not saved on {1}: its text has problems to fix first', update.file.id, plan.to),
          problems: result.problems,
        });
        break;
      case 'failed':
        outcomes.push({ ...out, outcome: 'failed', message: describeFailure(result.error) });
        break;
    }
  }
  return { outcomes, bindings };
}
