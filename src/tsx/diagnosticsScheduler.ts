// When a dashboard's errors are asked for as the user types, the way the built-in TypeScript
// extension does it: the syntax errors at once (a cheap, incremental parse), the type errors after a
// short pause in the typing, and a check whose text was typed over stopped, not finished (the worker
// reads the client's shared text versions). An answer for an older text is dropped. No vscode: the
// bench drives it in plain Node.
import type { TypeDiagnostic, WorkerMethods } from './dashboardProtocol';

/** The pause after a keystroke before the type check (the built-in TypeScript waits 200-800 ms by file size). */
export const SEMANTIC_PAUSE_MS = 150;

export interface DiagnosticsSink {
  /** The syntax errors of a text (empty: none); its type errors follow after the pause. */
  syntax(key: string, generation: number, found: TypeDiagnostic[]): void;
  /** All the errors of a text: syntax and type. */
  complete(key: string, generation: number, found: TypeDiagnostic[]): void;
  /** A request failed (the worker restarted or stopped). */
  failed(key: string, err: unknown): void;
}

export interface CheckWorker {
  request<M extends 'syntaxDiagnostics' | 'semanticDiagnostics'>(method: M, params: WorkerMethods[M][0]): Promise<WorkerMethods[M][1]>;
}

export interface SchedulerStats {
  /** Syntax and full checks answered and shown. */
  syntaxShown: number;
  completeShown: number;
  /** Checks the worker dropped or stopped as stale, and answers dropped here for an older text. */
  stopped: number;
  dropped: number;
}

export class DiagnosticsScheduler {
  private readonly latest = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  readonly stats: SchedulerStats = { syntaxShown: 0, completeShown: 0, stopped: 0, dropped: 0 };

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
  private async check(
    request: 'syntaxDiagnostics' | 'semanticDiagnostics',
    key: string,
    generation: number,
  ): Promise<TypeDiagnostic[] | null | undefined> {
    try {
      return await this.worker.request(request, { key });
    } catch (err) {
      if (this.current(key, generation)) this.sink.failed(key, err);
      return undefined;
    }
  }

  private async syntax(key: string, generation: number): Promise<void> {
    const found = await this.check('syntaxDiagnostics', key, generation);
    if (found === undefined) return;
    if (found === null) this.stats.stopped++;
    else if (!this.current(key, generation)) this.stats.dropped++;
    else {
      this.stats.syntaxShown++;
      this.sink.syntax(key, generation, found);
    }
  }

  private async complete(key: string, generation: number): Promise<void> {
    if (!this.current(key, generation)) return;
    const found = await this.check('semanticDiagnostics', key, generation);
    if (found === undefined) return;
    if (found === null) {
      this.stats.stopped++;
      // Stopped for a completion or hover, the text unchanged: checked again after the pause.
      if (this.current(key, generation) && !this.timers.has(key)) this.schedule(key, generation, this.pauseMs);
      return;
    }
    if (!this.current(key, generation)) {
      this.stats.dropped++;
      return;
    }
    this.stats.completeShown++;
    this.sink.complete(key, generation, found);
  }
}
