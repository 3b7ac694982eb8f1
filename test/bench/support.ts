// Small helpers shared by the benchmarks: statistics, child processes, and the results table.
import type { ChildProcess } from 'node:child_process';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface RowCells {
  what: string;
  figure: string;
  /** The floor or baseline the figure is held against, measured in the same run. */
  floor?: string;
  target: string;
}

/**
 * One line of the table. A row with a target says whether it is met, and when it is not, why, in
 * one line (the verdict column shows "ok" or that line); a row without one reports a figure.
 */
export type Row = RowCells & ({ met?: undefined; whyNot?: undefined } | { met: boolean; whyNot: string });

/** A Markdown table: what, figure, floor, target, and the verdict: ok, or why not. */
export function formatTable(rows: readonly Row[]): string {
  const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const line = (cells: (string | undefined)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [
    line(['what', 'figure', 'floor, same run', 'target', 'verdict']),
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => line([r.what, r.figure, r.floor, r.target, r.met === undefined ? '' : r.met ? 'ok' : `not met: ${r.whyNot}`])),
  ].join('\n');
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Peak resident memory of a process (Linux), in MiB. */
export async function peakRssMiB(pid: number): Promise<number | undefined> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export const fmt = {
  ms: (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`,
  mib: (v: number) => `${v.toFixed(0)} MiB`,
  ratio: (v: number) => `${v.toFixed(2)}×`,
};
