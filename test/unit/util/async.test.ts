import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KeyedQueue, PromiseCache, SingleFlight } from '../../../src/util/async';

/** A promise settled by the test, to hold a load or a task in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A load that counts its calls and settles when the test says so. */
function countingLoad<T>() {
  const calls: ReturnType<typeof deferred<T>>[] = [];
  const load = () => {
    const d = deferred<T>();
    calls.push(d);
    return d.promise;
  };
  return { load, calls };
}

/** Lets every queued reaction run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

for (const [name, make] of [
  ['SingleFlight', () => new SingleFlight<string, number>()],
  ['PromiseCache', () => new PromiseCache<string, number>()],
] as const) {
  describe(`${name}: the failure rule`, () => {
    test('two concurrent reads of one key make one request and get the same answer', async () => {
      const cache = make();
      const { load, calls } = countingLoad<number>();
      const a = cache.get('k', load);
      const b = cache.get('k', load);
      assert.equal(calls.length, 1);
      calls[0]!.resolve(7);
      assert.deepEqual(await Promise.all([a, b]), [7, 7]);
    });

    test('a failed request reaches every waiting caller, and the next read asks again', async () => {
      const cache = make();
      const { load, calls } = countingLoad<number>();
      const a = cache.get('k', load);
      const b = cache.get('k', load);
      const error = new Error('unreachable');
      calls[0]!.reject(error);
      await assert.rejects(a, (e) => e === error);
      await assert.rejects(b, (e) => e === error);
      // Retried right after the rejection reached the caller: the failure is already forgotten.
      const c = cache.get('k', load);
      assert.equal(calls.length, 2);
      calls[1]!.resolve(3);
      assert.equal(await c, 3);
    });

    test('a load that throws before returning stores nothing and throws to the caller', async () => {
      const cache = make();
      assert.throws(() =>
        cache.get('k', () => {
          throw new Error('not signed in');
        }),
      );
      assert.equal(cache.size, 0);
      assert.equal(await cache.get('k', () => Promise.resolve(1)), 1);
    });

    test('different keys load independently', async () => {
      const cache = make();
      const { load, calls } = countingLoad<number>();
      const a = cache.get('a', load);
      const b = cache.get('b', load);
      assert.equal(calls.length, 2);
      calls[1]!.resolve(2);
      calls[0]!.reject(new Error('a failed'));
      assert.equal(await b, 2);
      await assert.rejects(a);
    });
  });
}

describe('SingleFlight: a flight, not a cache', () => {
  test('a read after the answer arrived asks the service again, and nothing is left behind', async () => {
    const flight = new SingleFlight<string, number>();
    const { load, calls } = countingLoad<number>();
    const first = flight.get('k', load);
    calls[0]!.resolve(1);
    assert.equal(await first, 1);
    assert.equal(flight.size, 0);
    const second = flight.get('k', load);
    assert.equal(calls.length, 2);
    calls[1]!.resolve(2);
    assert.equal(await second, 2);
    await settle();
    assert.equal(flight.size, 0);
  });
});

describe('PromiseCache: keeps what loaded', () => {
  test('a revision read once is not requested again', async () => {
    const cache = new PromiseCache<string, number>();
    const { load, calls } = countingLoad<number>();
    const first = cache.get('k', load);
    calls[0]!.resolve(5);
    assert.equal(await first, 5);
    assert.equal(await cache.get('k', load), 5);
    assert.equal(calls.length, 1);
    assert.equal(cache.has('k'), true);
  });

  test('a value known from elsewhere makes no request; delete makes the next read ask again', async () => {
    const cache = new PromiseCache<string, string>();
    cache.set('k', 'from the tree');
    assert.equal(await cache.get('k', () => Promise.reject(new Error('no request expected'))), 'from the tree');
    assert.equal(await cache.peek('k'), 'from the tree');
    cache.delete('k');
    assert.equal(cache.peek('k'), undefined);
    assert.equal(await cache.get('k', () => Promise.resolve('read')), 'read');
  });

  test('peek shares a read in flight and starts none', async () => {
    const cache = new PromiseCache<string, number>();
    assert.equal(cache.peek('k'), undefined);
    const { load, calls } = countingLoad<number>();
    const pending = cache.get('k', load);
    assert.equal(cache.peek('k'), pending);
    calls[0]!.resolve(4);
    assert.equal(await cache.peek('k'), 4);
    assert.equal(calls.length, 1);
  });

  test('after a refresh, a read that was in flight does not put its old answer back', async () => {
    const cache = new PromiseCache<string, number>();
    const { load, calls } = countingLoad<number>();
    const old = cache.get('k', load);
    cache.clear();
    calls[0]!.resolve(1);
    assert.equal(await old, 1, 'its own callers still get it');
    assert.equal(cache.has('k'), false);
    const fresh = cache.get('k', load);
    assert.equal(calls.length, 2);
    calls[1]!.resolve(2);
    assert.equal(await fresh, 2);
  });

  test('after a refresh, a read that was in flight and fails does not drop the newer read', async () => {
    const cache = new PromiseCache<string, number>();
    const { load, calls } = countingLoad<number>();
    const old = cache.get('k', load);
    cache.delete('k');
    const fresh = cache.get('k', load);
    calls[0]!.reject(new Error('old'));
    await assert.rejects(old);
    await settle();
    assert.equal(cache.peek('k'), fresh);
    calls[1]!.resolve(2);
    assert.equal(await cache.get('k', load), 2);
    assert.equal(calls.length, 2);
  });

  test('with a size limit, the least recently used entry goes first', async () => {
    const cache = new PromiseCache<string, string>({ maxSize: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    await cache.get('a', () => Promise.reject(new Error('no request expected'))); // a is now the most recently used
    cache.set('c', 'C');
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => cache.has(k)),
      [true, false, true],
    );
    assert.equal(cache.size, 2);
  });
});

describe('KeyedQueue', () => {
  test('saves of one file run one after another, in the order they were made', async () => {
    const queue = new KeyedQueue<string>();
    const log: string[] = [];
    const first = deferred<void>();
    const a = queue.run('f', async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
    });
    const b = queue.run('f', () => void log.push('b'));
    const c = queue.run('f', async () => void log.push('c'));
    await settle();
    assert.deepEqual(log, ['a start'], 'b and c wait for a');
    first.resolve();
    await Promise.all([a, b, c]);
    assert.deepEqual(log, ['a start', 'a end', 'b', 'c']);
  });

  test('a failing save reaches only its own caller and the next one still runs', async () => {
    const queue = new KeyedQueue<string>();
    const error = new Error('conflict');
    const failed = queue.run('f', () => Promise.reject(error));
    const threw = queue.run('f', () => {
      throw new Error('thrown');
    });
    const next = queue.run('f', () => 'saved');
    await assert.rejects(failed, (e) => e === error);
    await assert.rejects(threw, /thrown/);
    assert.equal(await next, 'saved');
  });

  test('saves of different files run at the same time', async () => {
    const queue = new KeyedQueue<string>();
    const gate = deferred<void>();
    const running: string[] = [];
    const a = queue.run('a', async () => {
      running.push('a');
      await gate.promise;
    });
    const b = queue.run('b', async () => {
      running.push('b');
      await gate.promise;
    });
    await settle();
    assert.deepEqual(running, ['a', 'b']);
    assert.equal(queue.size, 2);
    gate.resolve();
    await Promise.all([a, b]);
  });

  test('a file whose saves are done is forgotten, also after a failure', async () => {
    const queue = new KeyedQueue<string>();
    await queue.run('a', () => 1);
    await assert.rejects(queue.run('b', () => Promise.reject(new Error('x'))));
    const gate = deferred<void>();
    const c1 = queue.run('c', () => gate.promise);
    const c2 = queue.run('c', () => 2);
    await settle();
    assert.equal(queue.size, 1, 'only c is still busy');
    gate.resolve();
    await Promise.all([c1, c2]);
    await settle();
    assert.equal(queue.size, 0);
  });
});
