// When a dashboard's errors are asked for as the user types, the way the built-in TypeScript
// extension does it: the syntax errors at once (a cheap, incremental parse), the type errors after a
// short pause in the typing (in a large file those of the statements on screen first), and a check
// whose text was typed over stopped, not finished (the worker reads the client's shared text
// versions). An answer for an older text is dropped. No vscode: the bench drives it in plain Node.
import type { OffsetRange, TypeDiagnostic, WorkerMethods } from './dashboardProtocol';

/** The pause after a keystroke before the type check (the built-in TypeScript waits 200-800 ms by file size). */
export const SEMANTIC_PAUSE_MS = 150;

/** An edit of a text, as VS Code reports one: the replaced stretch and its new text. */
export interface TextChange {
  readonly rangeOffset: number;
  readonly rangeLength: number;
  readonly text: string;
}

/**
 * Errors shown for a text, moved to where they are after `changes` (applied in order, as VS Code
 * reports them); one whose text was edited is left out, its next check tells.
 */
export function moveThrough(shown: readonly TypeDiagnostic[], changes: readonly TextChange[]): TypeDiagnostic[] {
  let moved = [...shown];
  for (const c of changes) {
    const end = c.rangeOffset + c.rangeLength;
    moved = moved.flatMap((d) => {
      if (d.start + d.length < c.rangeOffset) return [d];
      if (d.start > end) return [{ ...d, start: d.start + c.text.length - c.rangeLength }];
      return [];
    });
  }
  return moved;
}

export interface DiagnosticsSink {
  /** The syntax errors of a text (empty: none); its type errors follow after the pause. */
  syntax(key: string, generation: number, found: TypeDiagnostic[]): void;
  /** All the errors of a text: syntax and type. */
  complete(key: string, generation: number, found: TypeDiagnostic[]): void;
  /** Where the text is on screen: its type errors there are checked and shown (`region`) before the rest. */
  visibleRanges?(key: string): readonly OffsetRange[];
  /** The type errors within `spans` of a text; its others are told by `complete`, which follows. */
  region?(key: string, generation: number, found: TypeDiagnostic[], spans: readonly OffsetRange[]): void;
  /** A request failed (the worker restarted or stopped). */
  failed(key: string, err: unknown): void;
}

type Check = 'syntaxDiagnostics' | 'regionDiagnostics' | 'semanticDiagnostics';

export interface CheckWorker {
  request<M extends Check>(method: M, params: WorkerMethods[M][0]): Promise<WorkerMethods[M][1]>;
}

export interface SchedulerStats {
  /** Syntax, region and full checks answered and shown. */
  syntaxShown: number;
  regionShown: number;
  completeShown: number;
  /** Checks the worker dropped or stopped as stale, and answers dropped here for an older text. */
  stopped: number;
  dropped: number;
}

export class DiagnosticsScheduler {
  private readonly latest = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  readonly stats: SchedulerStats = { syntaxShown: 0, regionShown: 0, completeShown: 0, stopped: 0, dropped: 0 };

  constructor(
    private readonly worker: CheckWorker,
    private readonly sink: DiagnosticsSink,
    private readonly pauseMs = SEMANTIC_PAUSE_MS,
  ) {}

  /**
   * The worker has `generation`'s text of `key` (its update was posted): syntax errors now, type
   * errors after the pause (`immediate`: at once, as for a document just opened).
   */
  changed(key: string, generation: number, immediate = false): void {
    this.latest.set(key, generation);
    clearTimeout(this.timers.get(key));
    if (!immediate) void this.syntax(key, generation);
    this.schedule(key, generation, immediate ? 0 : this.pauseMs);
  }

  forget(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.latest.delete(key);
  }

  dispose(): void {
    for (const key of [...this.timers.keys()]) this.forget(key);
  }

  private schedule(key: string, generation: number, delay: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(key);
      void this.complete(key, generation);
    }, delay);
    // A pending check must not keep a process (a test run, the bench) alive by itself.
    timer.unref?.();
    this.timers.set(key, timer);
  }

  private current(key: string, generation: number): boolean {
    return this.latest.get(key) === generation;
  }

  /** The worker's answer (null: stopped for other work), or undefined when it failed (told if still current). */
  private async check<M extends Check>(
    request: M,
    params: WorkerMethods[M][0],
    generation: number,
  ): Promise<WorkerMethods[M][1] | undefined> {
    try {
      return await this.worker.request(request, params);
    } catch (err) {
      if (this.current(params.key, generation)) this.sink.failed(params.key, err);
      return undefined;
    }
  }

  /** Whether an answer is to be shown; counts the others (stopped by the worker, or of an older text here). */
  private fresh<T>(key: string, generation: number, found: T | null | undefined): found is T {
    if (found === undefined) return false;
    if (found === null) {
      this.stats.stopped++;
      return false;
    }
    if (this.current(key, generation)) return true;
    this.stats.dropped++;
    return false;
  }

  private async syntax(key: string, generation: number): Promise<void> {
    const found = await this.check('syntaxDiagnostics', { key }, generation);
    if (!this.fresh(key, generation, found)) return;
    this.stats.syntaxShown++;
    this.sink.syntax(key, generation, found);
  }

  private async complete(key: string, generation: number): Promise<void> {
    if (!this.current(key, generation)) return;
    const ranges = this.sink.visibleRanges?.(key) ?? [];
    if (ranges.length && this.sink.region) {
      const region = await this.check('regionDiagnostics', { key, ranges }, generation);
      if (!this.fresh(key, generation, region)) return this.again(key, generation, region);
      if (region !== 'whole') {
        this.stats.regionShown++;
        this.sink.region(key, generation, region.found, region.spans);
      }
    }
    const found = await this.check('semanticDiagnostics', { key }, generation);
    if (!this.fresh(key, generation, found)) return this.again(key, generation, found);
    this.stats.completeShown++;
    this.sink.complete(key, generation, found);
  }

  /** A check stopped for a completion or hover, the text unchanged: checked again after the pause. */
  private again(key: string, generation: number, answer: unknown): void {
    if (answer === null && this.current(key, generation) && !this.timers.has(key)) this.schedule(key, generation, this.pauseMs);
  }
}
