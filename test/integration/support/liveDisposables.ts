// Counts the listeners and registrations made through the VS Code API that are still alive: every
// `vscode.workspace.onDid…` / `vscode.window.onDid…` subscription, `register…` and `create…` result
// made while tracking is on, minus those disposed since. The extension and its tests share one API
// object per extension in the extension host, so this sees the extension's own calls too; a soak
// whose count keeps climbing leaks listeners or disposables.
import * as vscode from 'vscode';

type Namespace = Record<string, unknown>;

export class LiveDisposables implements vscode.Disposable {
  private live = 0;
  private made = 0;
  private readonly byName = new Map<string, number>();
  private readonly restore: (() => void)[] = [];

  constructor(
    namespaces: Record<string, Namespace> = {
      workspace: vscode.workspace as unknown as Namespace,
      window: vscode.window as unknown as Namespace,
      languages: vscode.languages as unknown as Namespace,
      commands: vscode.commands as unknown as Namespace,
    },
  ) {
    for (const [nsName, ns] of Object.entries(namespaces)) {
      for (const key of Object.keys(ns)) {
        if (!/^(on[A-Z]|register|create)/.test(key)) continue;
        const descriptor = Object.getOwnPropertyDescriptor(ns, key);
        if (!descriptor || typeof descriptor.value !== 'function' || !descriptor.writable) continue;
        const original = descriptor.value as (...args: unknown[]) => unknown;
        const name = `${nsName}.${key}`;
        ns[key] = (...args: unknown[]) => this.track(name, original.apply(ns, args));
        this.restore.push(() => (ns[key] = original));
      }
    }
  }

  /** Subscriptions and registrations made while tracking and not disposed yet. */
  get count(): number {
    return this.live;
  }

  /** How many were made in all while tracking (to show the tracking saw the extension's calls). */
  get total(): number {
    return this.made;
  }

  /** The API functions whose results are still alive, most first. */
  liveByName(): [string, number][] {
    return [...this.byName].filter(([, n]) => n !== 0).sort((a, b) => b[1] - a[1]);
  }

  private track(name: string, result: unknown): unknown {
    if (typeof result !== 'object' || result === null || typeof (result as vscode.Disposable).dispose !== 'function') return result;
    const disposable = result as vscode.Disposable;
    this.made++;
    this.live++;
    this.byName.set(name, (this.byName.get(name) ?? 0) + 1);
    let disposed = false;
    const done = () => {
      if (disposed) return;
      disposed = true;
      this.live--;
      this.byName.set(name, (this.byName.get(name) ?? 0) - 1);
    };
    const dispose = disposable.dispose.bind(disposable);
    try {
      disposable.dispose = () => {
        done();
        return dispose();
      };
    } catch {
      // A frozen result cannot be followed: leave it out of the count rather than count it forever.
      done();
      this.made--;
      return result;
    }
    // A webview panel the user (or VS Code) closes is disposed without our dispose being called.
    const onDidDispose = (disposable as Partial<vscode.WebviewPanel>).onDidDispose;
    if (typeof onDidDispose === 'function') onDidDispose.call(disposable, done);
    return result;
  }

  dispose(): void {
    for (const undo of this.restore.splice(0)) undo();
  }
}
