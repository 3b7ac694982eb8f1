// A fact replace that keeps what the user did not change on any service the spec allows. The spec
// does not show which fact fields are editable, and a replace clears an omitted editable one: the
// client sends every optional field it read (requestBodies.ts `factBody`). A service that takes
// fewer refuses the others (400/422 naming each); a field it refuses is not one it clears, so the
// replace goes once more without exactly those, and later replaces on the connection leave them
// out from the start. Only fields the user did not change are ever left out. Pure but for `send`.
import { ApiError } from './errors';
import { factBody } from './requestBodies';
import { FACT_OPTIONAL_FIELDS } from './schemaConstants';
import type { Fact, FactReplaceBody } from './schemas';
import type { CallOptions } from './transport';

export type LeftOutReason = 'refused' | 'remembered' | 'chosen';

export interface FactReplaceChoices {
  /**
   * Optional fields whose value is the one the service sent: leaving one of them out loses no edit
   * of the user's. Absent: every field may be left out.
   */
  unchanged?: ReadonlySet<string> | undefined;
  /** Optional fields the user chose to save this once without (a refusal named none). */
  leaveOut?: readonly string[] | undefined;
  /** Told which fields were left out and why, for the log (names only, never values). */
  onLeftOut?: ((fields: readonly string[], why: LeftOutReason) => void) | undefined;
}

export interface ReplaceFactOptions extends CallOptions, FactReplaceChoices {}

export function isOptionalFactField(field: string): boolean {
  return (FACT_OPTIONAL_FIELDS as readonly string[]).includes(field);
}

/** The body fields a 400/422 refusal names; none for any other failure. */
function refusedFields(e: unknown): readonly string[] {
  return e instanceof ApiError && (e.status === 400 || e.status === 422) ? (e.bodyFields ?? []) : [];
}

/** One connection's knowledge of the optional fact fields its service does not take. */
export class FactFieldMemory {
  private readonly notTaken = new Set<string>();

  leftOut(): readonly string[] {
    return [...this.notTaken];
  }

  /** Sends `body` (through `send`, one PUT), and at most once more without refused optional fields. */
  async replace(body: FactReplaceBody, choices: FactReplaceChoices, send: (body: FactReplaceBody) => Promise<Fact>): Promise<Fact> {
    const { unchanged, leaveOut: chosen = [], onLeftOut } = choices;
    const held = (f: string) => Object.hasOwn(body, f) && body[f] !== undefined;
    const mayLeaveOut = (f: string) => isOptionalFactField(f) && held(f) && (unchanged?.has(f) ?? true);
    const remembered = [...this.notTaken].filter(mayLeaveOut);
    const leaveOut = [...new Set([...remembered, ...chosen.filter((f) => isOptionalFactField(f) && held(f))])];
    if (remembered.length) onLeftOut?.(remembered, 'remembered');
    if (leaveOut.length > remembered.length)
      onLeftOut?.(
        leaveOut.filter((f) => !remembered.includes(f)),
        'chosen',
      );
    let fact: Fact;
    try {
      fact = await send(factBody(body, leaveOut));
    } catch (e) {
      const refused = refusedFields(e);
      // A named field the user changed, or one of the four body fields, is the service's verdict
      // on the save: shown at its line, never dropped silently.
      if (!refused.length || !refused.every((f) => mayLeaveOut(f) && !leaveOut.includes(f))) throw e;
      for (const f of refused) this.notTaken.add(f);
      onLeftOut?.(refused, 'refused');
      fact = await send(factBody(body, [...leaveOut, ...refused]));
    }
    // Fields the user chose to leave out are not remembered: the refusal did not name them, so a
    // later save leaving them out on its own could clear them on a service that takes them.
    return fact;
  }
}
