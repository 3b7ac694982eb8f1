// A problem found in a text, at 1-based positions, and how much it weighs: what local checks, the
// kinds' read-only fields and the service's refusals all report, and editors, notifications and
// agents show. Pure.

/**
 * How much a problem weighs. Only an `error` refuses a save: what the spec states (not JSON, the
 * request shape's types, conflict markers) or the service's own refusal. Values outside the lists
 * the extension knows and rules the spec does not state are `warning` or `info`: shown, never
 * blocking — the service is the judge of them.
 */
export type ProblemSeverity = 'error' | 'warning' | 'info';

/** A problem found in a document's text, 1-based positions. */
export interface TextProblem {
  message: string;
  severity: ProblemSeverity;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  source: 'local' | 'service';
}

export function isError(problem: TextProblem): boolean {
  return problem.severity === 'error';
}
