// Tiny helpers over VS Code-shaped events (`(listener) => disposable`), without importing vscode.
import type { IDisposable } from './lifecycle';

export type Event<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: IDisposable[]) => IDisposable;

export function filterEvent<T>(event: Event<T>, filter: (e: T) => boolean): Event<T> {
  return (listener, thisArgs, disposables) => event((e) => (filter(e) ? listener.call(thisArgs, e) : undefined), null, disposables);
}

export function onceEvent<T>(event: Event<T>): Event<T> {
  return (listener, thisArgs, disposables) => {
    let fired = false;
    const sub = event(
      (e) => {
        if (fired) return;
        fired = true;
        sub.dispose();
        return listener.call(thisArgs, e);
      },
      null,
      disposables,
    );
    return sub;
  };
}

export function eventToPromise<T>(event: Event<T>, filter: (e: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => onceEvent(filterEvent(event, filter))(resolve));
}

/** A vscode-free event emitter for the model layer (same shape as `vscode.EventEmitter`). */
export class Emitter<T> implements IDisposable {
  private listeners = new Set<(e: T) => unknown>();
  private disposed = false;

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = (e: T) => listener.call(thisArgs, e);
    if (!this.disposed) this.listeners.add(bound);
    const subscription = { dispose: () => void this.listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  fire(e: T): void {
    // A listener that throws must not keep the others from hearing the event.
    for (const listener of [...this.listeners]) {
      try {
        listener(e);
      } catch (error) {
        console.error('A listener failed:', error);
      }
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }
}
