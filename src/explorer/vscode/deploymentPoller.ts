// While an app is `deploying` and the explorer is visible, reads it again with backoff (2 s, 4 s, …
// 30 s) until its status changes; only that item updates. Stops when the view hides (and resumes
// when it shows), when the tree reloads, and on dispose.
import type * as vscode from 'vscode';
import type { ExplorerModel } from '../model/explorerModel';
import { isResourceNode, isSettling, valueIf, type ResourceNode } from '../model/nodes';
import { Disposable, toDisposable } from '../../util/lifecycle';

export interface PollTiming {
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
}

export const DEFAULT_POLL_TIMING: PollTiming = { initialDelayMs: 2_000, maxDelayMs: 30_000, factor: 2 };

interface Watched {
  node: ResourceNode;
  delayMs: number;
  timer: NodeJS.Timeout | undefined;
  busy: boolean;
}

export function isDeploying(node: ResourceNode): boolean {
  return isSettling(node.data);
}

export class DeploymentPoller extends Disposable {
  private readonly watched = new Map<string, Watched>();
  private visible = false;

  constructor(
    private readonly model: ExplorerModel,
    private readonly log: vscode.LogOutputChannel,
    private readonly timing: PollTiming = DEFAULT_POLL_TIMING,
  ) {
    super();
    this._register(
      model.onDidChange((node) => {
        // A full reload replaces every node: whatever is still deploying is watched again when shown.
        if (!node) return this.clear();
        // Any read that shows the deployment over (a poll, a manual refresh) ends the polling at once.
        const w = this.watched.get(node.key);
        if (w && isResourceNode(node) && !isDeploying(node)) this.unwatch(w);
      }),
    );
    this._register(toDisposable(() => this.clear()));
  }

  /** App ids being polled (for tests and the log). */
  get polling(): string[] {
    return [...this.watched.values()].map((w) => w.node.id);
  }

  /** Each watched app's next delay and whether a read is scheduled (for tests). */
  get schedule(): { id: string; delayMs: number; scheduled: boolean }[] {
    return [...this.watched.values()].map((w) => ({ id: w.node.id, delayMs: w.delayMs, scheduled: w.timer !== undefined || w.busy }));
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    for (const w of this.watched.values()) {
      if (visible) this.plan(w);
      else this.cancel(w);
    }
  }

  /** Called for every app item the tree shows. */
  watch(node: ResourceNode): void {
    if (!isDeploying(node) || this.isDisposed) return;
    const existing = this.watched.get(node.key);
    if (existing) {
      existing.node = node;
      return;
    }
    const w: Watched = { node, delayMs: this.timing.initialDelayMs, timer: undefined, busy: false };
    this.watched.set(node.key, w);
    this.log.debug(`[Explorer] Watching the deployment of ${node.name} (${node.id}).`);
    if (this.visible) this.plan(w);
  }

  private plan(w: Watched): void {
    if (w.timer || w.busy) return;
    w.timer = setTimeout(() => void this.poll(w), w.delayMs);
  }

  private cancel(w: Watched): void {
    if (w.timer) clearTimeout(w.timer);
    w.timer = undefined;
  }

  private async poll(w: Watched): Promise<void> {
    w.timer = undefined;
    w.busy = true;
    let stillDeploying = true;
    try {
      const data = await this.model.refreshResource(w.node);
      stillDeploying = isSettling(data);
      const status = valueIf(data, 'app')?.deployment.status ?? 'gone';
      if (!stillDeploying) this.log.info(`[Explorer] ${w.node.name} (${w.node.id}) is ${status}.`);
    } catch (e) {
      this.log.debug(`[Explorer] Polling ${w.node.id} failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      w.busy = false;
    }
    if (this.watched.get(w.node.key) !== w) return;
    if (!stillDeploying) return this.unwatch(w);
    w.delayMs = Math.min(this.timing.maxDelayMs, Math.round(w.delayMs * this.timing.factor));
    if (this.visible && !this.isDisposed) this.plan(w);
  }

  private unwatch(w: Watched): void {
    this.cancel(w);
    if (this.watched.get(w.node.key) === w) this.watched.delete(w.node.key);
  }

  private clear(): void {
    for (const w of this.watched.values()) this.cancel(w);
    this.watched.clear();
  }
}
