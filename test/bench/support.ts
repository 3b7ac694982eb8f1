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

export interface Row {
  what: string;
  figure: string;
  target: string;
  /** undefined when there is no target to meet. */
  met?: boolean;
}

/** A Markdown table: what, figure, target, and ok / NO where there is a target to meet. */
export function formatTable(rows: readonly Row[]): string {
  const widths = [4, 6, 6].map((w, i) => Math.max(w, ...rows.map((r) => [r.what, r.figure, r.target][i]!.length)));
  const line = (cells: string[], mark: string) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} | ${mark} |`;
  return [
    line(['what', 'figure', 'target'], 'ok'),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|----|`,
    ...rows.map((r) => line([r.what, r.figure, r.target], r.met === undefined ? '  ' : r.met ? 'ok' : 'NO')),
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
