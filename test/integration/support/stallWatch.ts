// A watchdog for long loops: each loop reports its steps; when none reports for `limitMs`, the
// `stalled` promise rejects with every loop's last step and a description of the host at that
// moment. A hang then fails within a minute and says where, instead of running into the runner's
// time limit with nothing to go on.
export class StallWatch {
  readonly stalled: Promise<never>;
  private last = Date.now();
  private readonly steps = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;

  constructor(limitMs: number, describe: () => string) {
    let fail!: (error: Error) => void;
    this.stalled = new Promise<never>((_, reject) => (fail = reject));
    // Raced against the work; when the work wins, nobody awaits this any more.
    this.stalled.catch(() => undefined);
    this.timer = setInterval(() => {
      if (Date.now() - this.last < limitMs) return;
      clearInterval(this.timer);
      const where = [...this.steps].map(([loop, step]) => `${loop}: ${step}`).join('; ');
      fail(new Error(`no progress for ${limitMs / 1000} s (${where}). ${describe()}`));
    }, 1_000);
  }

  step(loop: string, what: string): void {
    this.steps.set(loop, what);
    this.last = Date.now();
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}
