// The one result file each suite runner leaves for the `npm test` orchestrator: at
// WSA_SUMMARY_FILE (a path private to this run: others may test in the same tree at the same
// time) and as `test-results/<suite>/summary.json`. Absent or unreadable means the suite crashed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir } from './paths';

export interface SuiteSummary {
  readonly suite: string;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly failures: readonly { title: string; error: string }[];
  /** Titles of the skipped tests (test/allowed-skips.json says which may be). */
  readonly skips?: readonly string[];
  /** Set when the suite could not run its tests at all (server did not start, timeout...). */
  readonly error?: string;
  /** A stage of several passes (integration: default, then strict): each pass's counts and time. */
  readonly passes?: readonly { suite: string; passed: number; failed: number; skipped: number; ms: number; error?: string }[];
}

/**
 * Writes `test-results/<suite>/summary.json` and, unless `stage` is false (one pass of a stage
 * whose total is written after it), the orchestrator's WSA_SUMMARY_FILE.
 */
export function writeSummary(summary: SuiteSummary, { stage = true }: { stage?: boolean } = {}): void {
  const dir = join(resultsDir, summary.suite);
  mkdirSync(dir, { recursive: true });
  const text = JSON.stringify(summary, null, 2);
  writeFileSync(join(dir, 'summary.json'), text);
  if (stage && process.env.WSA_SUMMARY_FILE) writeFileSync(process.env.WSA_SUMMARY_FILE, text);
}

export function errorText(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}
