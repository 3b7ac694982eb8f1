// Types for the unit tests, which import mutation-scores.mjs (plain JavaScript, run by npm scripts).
export interface FileScore {
  readonly file: string;
  /** NaN for a file without a valid mutant. */
  readonly score: number;
  readonly detected: number;
  readonly valid: number;
  readonly survived: number;
  readonly noCoverage: number;
}
export interface MutationReport {
  readonly files: Record<string, { readonly language: string; readonly source: string; readonly mutants: readonly unknown[] }>;
}
export declare const DEFAULT_REPORT: string;
export declare const FILE_FLOOR: number;
export declare function fileScores(report: MutationReport): FileScore[];
export declare function totalScore(report: MutationReport): { score: number; detected: number; valid: number; mutants: number };
export declare function underFloor(scores: readonly FileScore[], floor?: number): FileScore[];
export declare function floorMessage(under: readonly FileScore[], floor?: number): string;
export declare function withScores(text: string, report: MutationReport, options?: { seconds?: number; floor?: number }): string;
