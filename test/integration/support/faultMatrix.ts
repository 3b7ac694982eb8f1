// The fault matrix's vocabulary and its printout: the faults the issue lists, what one cell records,
// and the table (action × fault → outcome, with the flags the test fails on). No vscode import.
import type { FaultSpec } from '../../../src/emulator/faults';

/** The client's time limit while the matrix runs: short, so "latency beyond the timeout" is quick. */
export const MATRIX_TIMEOUT_MS = 2_500;

export interface FaultCase {
  /** Column heading. */
  name: string;
  spec: Omit<FaultSpec, 'match' | 'count'>;
  /** What a failure message must say about the cause. */
  cause: RegExp;
  /** The status stays a success and only the body is wrong: harmless to a call that reads no body. */
  bodyOnly?: true;
}

export const FAULTS: readonly FaultCase[] = [
  { name: 'latency > timeout', spec: { kind: 'latency', latencyMs: MATRIX_TIMEOUT_MS + 1_000 }, cause: /did not answer within/ },
  { name: '500', spec: { kind: 'status', status: 500 }, cause: /\b500\b/ },
  { name: '503 Retry-After', spec: { kind: 'status', status: 503, retryAfterSeconds: 1 }, cause: /\b503\b/ },
  { name: '429', spec: { kind: 'rateLimit', retryAfterSeconds: 1 }, cause: /rate limiting/ },
  { name: 'dropped', spec: { kind: 'drop' }, cause: /dropped|connection/i },
  { name: 'dropped mid-body', spec: { kind: 'dropMidBody' }, cause: /dropped|connection|stopped answering/i },
  { name: 'malformed JSON', spec: { kind: 'malformedJson' }, cause: /not valid JSON/ },
  { name: 'HTML page', spec: { kind: 'html' }, cause: /HTML page|\(502\)|Bad Gateway/ },
  { name: 'schema violation', spec: { kind: 'schemaViolation' }, cause: /unexpected shape/, bodyOnly: true },
];

/**
 * How much of the matrix runs. `npm run test:reliability` (WSA_TEST_LONG=1) runs every cell, against
 * the default emulator and `strict`. `npm test` runs one diagonal that covers both axes: each action
 * meets one fault and each fault one or two actions, neighbouring actions different ones. The offset
 * puts the lost answers on the saves: a dashboard's meets a dropped connection, an app's the timeout,
 * a fact's and a write sync's a 503 and a 500.
 */
export const WHOLE_MATRIX = process.env.WSA_TEST_LONG === '1';

export const inMatrixSlice = (action: number, fault: number, whole = WHOLE_MATRIX): boolean =>
  whole || (action + fault + 3) % FAULTS.length === 0;

export type Outcome = 'ok' | 'ok after retry' | 'ok, read back' | 'error';

export interface Cell {
  action: string;
  fault: string;
  outcome: Outcome;
  /** What the user was told (failures only). */
  message?: string;
  /** The message names the action and the cause. */
  clear?: boolean;
  /** Requests the action sent to the faulted endpoint (retries included). */
  attempts: number;
  /** Of those, the ones the emulator served the cell's fault to (its request log says so). */
  faulted: number;
  /** PUTs the action sent in all. */
  puts: number;
  /** Saves only: the user's text is on the service (saved) or still in the dirty editor (failed). */
  textKept?: boolean;
  /** With the fault gone, the same action done normally succeeds (and a save stores everything typed). */
  usable: boolean;
  ms: number;
}

/**
 * Why a cell fails the test; empty when it passes. `ignoresBody`: the action reads nothing from a
 * 2xx answer and verifies the outcome by reading again (publish, restore).
 */
export function cellProblems(cell: Cell, { saves, ignoresBody = false }: { saves: boolean; ignoresBody?: boolean }): string[] {
  const problems: string[] = [];
  // A cell whose fault never reached the action's request proves nothing about that fault.
  if (cell.faulted === 0) problems.push('the fault was never served to the action’s request');
  // Every fault here fails the request it is served to: succeeding at the first and only attempt
  // means a failed answer was taken for a good one (a save must have been read back to count).
  const harmless = ignoresBody && FAULTS.find((f) => f.name === cell.fault)?.bodyOnly === true;
  if (cell.faulted > 0 && cell.outcome === 'ok' && !harmless) problems.push('reported success from the faulted answer itself');
  if (saves && cell.textKept !== true) problems.push('lost the text');
  if (saves ? cell.puts > 1 : cell.puts > 0) problems.push(`${cell.puts} PUTs`);
  if (!cell.usable) problems.push('left the extension unusable');
  if (cell.outcome === 'error' && !cell.clear) problems.push(`unclear message: ${JSON.stringify(cell.message)}`);
  return problems;
}

function short(cell: Cell, saves: boolean): string {
  const flags = `${saves ? (cell.textKept ? 'T' : '-') : '·'}${(saves ? cell.puts <= 1 : cell.puts === 0) ? '1' : '-'}${cell.usable ? 'U' : '-'}`;
  const code = { ok: 'ok', 'ok after retry': 'ok↻', 'ok, read back': 'ok⇠', error: 'error' }[cell.outcome];
  return `${code} ${flags}`;
}

/** The matrix as printed lines: a grid of outcomes with flags, a legend, and each failure's message. */
export function formatMatrix(actions: readonly { name: string; saves: boolean }[], cells: readonly Cell[]): string[] {
  const width = Math.max(...actions.map((a) => a.name.length));
  const colWidth = FAULTS.map((f) => Math.max(f.name.length, 10));
  const row = (first: string, rest: string[]) => `${first.padEnd(width)} | ${rest.map((r, i) => r.padEnd(colWidth[i]!)).join(' | ')}`;
  const lines = [
    'Fault matrix: action × fault → outcome',
    row(
      'action \\ fault',
      FAULTS.map((f) => f.name),
    ),
    `${'-'.repeat(width)}-+-${colWidth.map((w) => '-'.repeat(w)).join('-+-')}`,
  ];
  for (const action of actions) {
    lines.push(
      row(
        action.name,
        FAULTS.map((f) => {
          const cell = cells.find((c) => c.action === action.name && c.fault === f.name);
          return cell ? short(cell, action.saves) : 'not run';
        }),
      ),
    );
  }
  lines.push(
    'ok = succeeded first time; ok↻ = succeeded after a retry (GETs only); ok⇠ = the answer was lost after the',
    'server stored the save, read back and adopted; error = a clear message (below), nothing retried that is not safe.',
    'Flags: T = the text is on the service or still in the dirty editor (· = not a save); 1 = at most one PUT per save',
    '(none for reads); U = the extension works normally afterwards. A "-" in a flag fails the test.',
    ...(cells.length < actions.length * FAULTS.length ? ['not run = left to `npm run test:reliability`, which runs every cell.'] : []),
    '',
    'Messages shown for the errors:',
  );
  for (const cell of cells) {
    if (cell.outcome === 'error') lines.push(`  ${cell.action} × ${cell.fault}: ${cell.message ?? '(none)'}`);
  }
  const counts = new Map<Outcome, number>();
  for (const cell of cells) counts.set(cell.outcome, (counts.get(cell.outcome) ?? 0) + 1);
  lines.push('', `${cells.length} cells: ${[...counts].map(([o, n]) => `${n} ${o}`).join(', ')}.`);
  return lines;
}
