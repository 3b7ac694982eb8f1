// Explicit lifetimes: whatever a class registers, it owns and disposes once.

export interface IDisposable {
  dispose(): void;
}

export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return {
    dispose: () => {
      if (!done) {
        done = true;
        fn();
      }
    },
  };
}

export function disposeAll(items: Iterable<IDisposable>): void {
  const errors: unknown[] = [];
  for (const item of items) {
    try {
      item.dispose();
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'Several disposables failed');
}

export abstract class Disposable implements IDisposable {
  private readonly _toDispose = new Set<IDisposable>();
  private _isDisposed = false;

  protected get isDisposed(): boolean {
    return this._isDisposed;
  }

  protected _register<T extends IDisposable>(item: T): T {
    if (this._isDisposed) item.dispose();
    else this._toDispose.add(item);
    return item;
  }

  dispose(): void {
    if (this._isDisposed) return;
    this._isDisposed = true;
    const items = [...this._toDispose];
    this._toDispose.clear();
    disposeAll(items);
  }
}

/**
 * A function that hands each item to `owner` (an extension context's subscriptions: disposed once,
 * when the extension deactivates) and returns it, for the features' `register*` functions.
 */
export function ownedBy(owner: IDisposable[]): <T extends IDisposable>(item: T) => T {
  return (item) => {
    owner.push(item);
    return item;
  };
}
