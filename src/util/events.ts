// Tiny helpers over VS Code-shaped events (`(listener) => disposable`), without importing vscode.
import type { IDisposable } from './lifecycle';

export type Event<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: IDisposable[]) => IDisposable;

export function filterEvent<T>(event: Event<T>, filter: (e: T) => boolean): Event<T> {
  return (listener, thisArgs, disposables) => event((e) => (filter(e) ? listener.call(thisArgs, e) : undefined), null, disposables);
}

export function onceEvent<T>(event: Event<T>): Event<T> {
  return (listener, thisArgs, disposables) => {
    let fired = false;
    const sub = event((e) => {
      if (fired) return;
      fired = true;
      sub.dispose();
      return listener.call(thisArgs, e);
    }, null, disposables);
    return sub;
  };
}

export function eventToPromise<T>(event: Event<T>, filter: (e: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => onceEvent(filterEvent(event, filter))(resolve));
}
