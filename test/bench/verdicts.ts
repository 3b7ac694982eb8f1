// The four targets held against floors of their own (docs/performance.md says why each): the
// figures in, the row with its verdict out, so that each rule is a unit test
// (test/unit/benchVerdicts.test.ts) and the benchmarks only measure.
import { fmt, type Row } from './support';

/** A pull may take this many times what any correct pull must do. */
export const PULL_TARGET = 2;
/** The history's first paint, against an empty webview plus the list request's own time. */
export const HISTORY_TARGET = 1.3;
/** The CPU time of the require of dist/main.js and the activate() call. */
export const ACTIVATION_CPU_TARGET_MS = 15;
/** The p95 of a completion inside JSX after a keystroke, in the worker. */
export const COMPLETION_P95_TARGET_MS = 50;

export interface PullFigures {
  files: number;
  gets: number;
  rounds: number;
  pullMs: number;
  /** The floor: the same GETs with JSON.parse of each answer, then the same files written. */
  floorMs: number;
  /** Of the floor: the GETs and their JSON.parse. */
  floorReadsMs: number;
  /** Of the floor: the files written. */
  floorWritesMs: number;
  /** The same GETs alone, bodies read and dropped. */
  bareGetsMs: number;
}

export function pullRow(f: PullFigures): Row {
  const ratio = f.pullMs / f.floorMs;
  return {
    what: `pull the large workspace into a new folder: ${f.files} files, ${f.gets} GETs (median of ${f.rounds} rounds)`,
    figure: `${fmt.ms(f.pullMs)} (${fmt.ratio(ratio)} the floor)`,
    floor: `${fmt.ms(f.floorMs)}: the same GETs with JSON.parse (${fmt.ms(f.floorReadsMs)}), then the same files written (${fmt.ms(f.floorWritesMs)}); the bare GETs alone ${fmt.ms(f.bareGetsMs)} (${fmt.ratio(f.pullMs / f.bareGetsMs)})`,
    target: `≤ ${PULL_TARGET}× the floor`,
    met: ratio <= PULL_TARGET,
    whyNot: `${fmt.ratio(ratio)}: the engine's work beyond the floor (a schema check of each answer, hashing and naming each text, the bases and the state) runs on one thread that shares the cores with the emulator`,
  };
}

export interface HistoryFigures {
  revisions: number;
  panels: number;
  /** From the list request's start to the webview's report of its first paint. */
  paintMs: number;
  /** An empty webview panel whose inline script posts one message, same run. */
  bareWebviewMs: number;
  /** The list request of the same panels (5,000 items, schema-checked). */
  listMs: number;
  /** The history page alone (same HTML, no request beside it) saying ready, when measured. */
  pageOnlyMs?: number;
}

export function historyRow(f: HistoryFigures): Row {
  const floor = f.bareWebviewMs + f.listMs;
  const ratio = f.paintMs / floor;
  const page =
    f.pageOnlyMs === undefined
      ? 'its own script and first screen'
      : `the page alone says ready in ${fmt.ms(f.pageOnlyMs)}, ${fmt.ratio(f.pageOnlyMs / f.bareWebviewMs)} an empty webview`;
  return {
    what: `history of ${f.revisions} revisions: list request + first paint in the webview (${f.panels} panels)`,
    figure: `${fmt.ms(f.paintMs)} (${fmt.ratio(ratio)} the floor)`,
    floor: `${fmt.ms(floor)}: an empty webview ${fmt.ms(f.bareWebviewMs)} + the list request ${fmt.ms(f.listMs)}`,
    target: `≤ ${HISTORY_TARGET}× the floor`,
    met: ratio <= HISTORY_TARGET,
    whyNot: `${fmt.ratio(ratio)}: ${page}, while the list's parse takes the same cores`,
  };
}

export interface ActivationFigures {
  runs: number;
  /** `with the code cache` (a window opened again) or without. */
  cache: string;
  cpuMs: number;
  requireCpuMs: number;
  activateCpuMs: number;
  wallMs: number;
  /** The empty extension with the same activation events, same host and run. */
  floorCpuMs?: number;
  /** dist/extension.js loaded through a warm code cache alone (fresh copies). */
  cachedLoadMs?: number;
}

export function activationRow(f: ActivationFigures): Row {
  const load = f.cachedLoadMs === undefined ? '' : `loading dist/extension.js through the code cache takes ${fmt.ms(f.cachedLoadMs)}, and `;
  return {
    what: `activation: CPU of the require of dist/main.js + the activate() call, real host, ${f.cache} (median of ${f.runs} runs)`,
    figure: `${fmt.ms(f.cpuMs)} CPU (require ${fmt.ms(f.requireCpuMs)} + activate ${fmt.ms(f.activateCpuMs)}); wall ${fmt.ms(f.wallMs)}`,
    floor: f.floorCpuMs === undefined ? 'an empty extension: not measured' : `an empty extension, same events: ${fmt.ms(f.floorCpuMs)} CPU`,
    target: `CPU ≤ ${ACTIVATION_CPU_TARGET_MS} ms`,
    met: f.cpuMs <= ACTIVATION_CPU_TARGET_MS,
    whyNot: `${fmt.ms(f.cpuMs)}: ${load}activate() registers every feature (commands, file systems, views, language providers), each a message to the window`,
  };
}

export interface CompletionFigures {
  edits: number;
  p95Ms: number;
  medianMs: number;
  /** The same language service called in-process on the same edits. */
  inProcessP95Ms: number;
  inProcessMedianMs: number;
}

export function completionRow(f: CompletionFigures): Row {
  const slowFloor = f.inProcessP95Ms > COMPLETION_P95_TARGET_MS;
  return {
    what: `typing: completion inside JSX after the keystroke, 1,000 lines, in the worker (${f.edits} edits)`,
    figure: `p95 ${fmt.ms(f.p95Ms)} (median ${fmt.ms(f.medianMs)})`,
    floor: `the same language service in-process: p95 ${fmt.ms(f.inProcessP95Ms)} (median ${fmt.ms(f.inProcessMedianMs)})`,
    target: `p95 ≤ ${COMPLETION_P95_TARGET_MS} ms`,
    met: f.p95Ms <= COMPLETION_P95_TARGET_MS,
    whyNot: slowFloor
      ? `the in-process call alone is p95 ${fmt.ms(f.inProcessP95Ms)}: TypeScript's own completion is that slow on this machine now`
      : `the worker adds ${fmt.ms(f.p95Ms - f.inProcessP95Ms)} at p95 to the in-process call: the entries carried out of the worker, and its queue`,
  };
}
