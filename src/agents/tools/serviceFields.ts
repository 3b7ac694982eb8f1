// The service's words that go to a model outside a fence: only what matches its own grammar. An
// id by its prefix and alphabet (src/api/ids.ts), a time as ISO 8601 UTC, a revision label as the
// kinds write it ("revision 14", "version 5", "updated 2026-11-22 10:00 UTC"); anything else is
// left out or fenced by the caller, so a service cannot place an instruction outside the fence.
// Pure.
import { factLabel } from '../../kinds/fact/factKind';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z$/;

/** `value` when it is an ISO 8601 UTC time, else null. */
export function isoTime(value: unknown): string | null {
  return typeof value === 'string' && ISO_TIME.test(value) ? value : null;
}

/** One word and a number, or a fact's update time: what a label built from a token's numbers looks like, in any language. */
const LABEL = /^\p{L}{1,24} (?:\d{1,15}|\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC)$/u;

/** `label` when it is one the kinds build from numbers alone, else null (a fact's label quotes its `updatedAt` as sent). */
export function checkedLabel(label: unknown): string | null {
  if (typeof label !== 'string') return null;
  return LABEL.test(label) || label === factLabel('') ? label : null;
}
