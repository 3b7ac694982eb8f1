// The text a promotion saves on the target: the target's own document with the source's editable
// fields in it, the environment's own values kept from the target, and the references rewritten
// through the bindings. What the service manages stays as the target's document shows it, so a save
// of this text edits exactly what a person editing the target's document would. Pure.
import * as l10n from '@vscode/l10n';
import { jsonText } from '../../kinds/contract/jsonDocument';
import type { AnyTokens } from '../../kinds/kindModules';
import type { EditableView } from '../../kinds/resourcePath';
import { isRecord } from '../../util/isRecord';
import { bodyOf } from './normalize';
import { fieldLabel, ruleOf } from './promotionRules';
import { isWithin, rewriteFields, rewriteText, setAt, unboundReason, valueAt, type BindingLookup } from './references';

export interface PromotionSides {
  readonly view: EditableView;
  /** The source's document text. */
  readonly sourceText: string;
  /** The target's document text and tokens, as read. */
  readonly targetText: string;
  readonly targetTokens: AnyTokens;
  /** The environments' names, for the words. */
  readonly from: string;
  readonly to: string;
}

export interface Promotion {
  /** The text to save on the target (the target's text when the promotion is blocked). */
  readonly text: string;
  /** What the target keeps of its own, as the plan names it. */
  readonly kept: readonly string[];
  /** Why it cannot be promoted, when it cannot. */
  readonly blocked?: string;
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** What `sides.sourceText` becomes on the target; throws the kind's DocumentParseError for a text that is no document. */
export function promotedText(sides: PromotionSides, lookup: BindingLookup): Promotion {
  const rule = ruleOf(sides.targetTokens);
  const keptPointers = rule.kept(sides.targetTokens);
  const kept = [...keptPointers.map(fieldLabel), ...(rule.alsoKept ?? [])];
  const sourceBody = bodyOf(sides.view, sides.sourceText);
  if (!isRecord(sourceBody)) {
    // A text saved as it is (TSX): only its ids change.
    const { text, unbound } = rewriteText(sides.sourceText, rule.textReferences ?? [], lookup);
    return unbound.length ? { text: sides.targetText, kept, blocked: unboundReason(unbound, sides.from, sides.to) } : { text, kept };
  }
  const targetDoc = JSON.parse(sides.targetText) as Record<string, unknown>;
  const targetBody = bodyOf(sides.view, sides.targetText) as Record<string, unknown>;
  // The source's editable fields first, in its order; then what the target's document holds that
  // a save does not send (its "$readOnly" group), as the target has it.
  const doc: Record<string, unknown> = copy(sourceBody);
  for (const [field, value] of Object.entries(targetDoc)) if (!Object.hasOwn(targetBody, field)) doc[field] = copy(value);
  for (const pointer of keptPointers) setAt(doc, pointer, copy(valueAt(targetDoc, pointer)));
  const pointers = (rule.references ?? []).filter((p) => !keptPointers.some((k) => isWithin(p, k)));
  const unbound = rewriteFields(doc, pointers, lookup);
  if (unbound.length) return { text: sides.targetText, kept, blocked: unboundReason(unbound, sides.from, sides.to) };
  for (const [keptField, withField] of Object.entries(rule.keptWith ?? {})) {
    if (!keptPointers.includes(keptField)) continue;
    const mine = valueAt(doc, withField);
    if (mine !== valueAt(targetDoc, withField))
      return {
        text: sides.targetText,
        kept,
        blocked: l10n.t(
          '{0} becomes {1} on {2}, where {3} is the target’s own and belongs to its {0} of now: change that on {2} first',
          fieldLabel(withField),
          JSON.stringify(mine),
          sides.to,
          fieldLabel(keptField),
        ),
      };
  }
  return { text: jsonText(doc), kept };
}
