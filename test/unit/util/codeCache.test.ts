// The extension's bundle is loaded through V8's code cache (src/util/codeCache.ts): the second load
// takes the cache, a damaged cache or a changed bundle is never used, and the module behaves as
// under `require` either way.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { loadWithCodeCache } from '../../../src/util/codeCache';
import { waitUntil } from '../../harness/lib/processes';

interface Bundle {
  answer: number;
  dir: string;
  file: string;
  beside: string;
}

const SOURCE = `exports.answer = 42; exports.dir = __dirname; exports.file = __filename; exports.beside = require('./beside.js').name;`;

describe('loading the bundle through the code cache', () => {
  let root: string;
  let bundle: string;
  let cacheDir: string;
  const load = () => loadWithCodeCache<Bundle>(bundle, cacheDir, { storeAfterMs: 0 });
  const caches = () => readdirSync(cacheDir).filter((f) => f.endsWith('.cache'));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'wsa-code-cache-'));
    bundle = join(root, 'extension.js');
    cacheDir = join(root, 'cache');
    writeFileSync(bundle, SOURCE);
    writeFileSync(join(root, 'beside.js'), `exports.name = 'beside';`);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('runs the module as require does: its exports, __dirname, __filename and relative requires', async () => {
    const first = load();
    assert.deepEqual({ ...first.exports }, { answer: 42, dir: root, file: bundle, beside: 'beside' });
    await first.stored;
  });

  test('the first load makes the cache, the next one takes it and writes nothing', async () => {
    const first = load();
    assert.equal(first.cache, 'none');
    assert.equal(await first.stored, true);
    assert.deepEqual(caches(), [first.file.slice(cacheDir.length + 1)]);

    const second = load();
    assert.equal(second.cache, 'accepted');
    assert.equal(second.exports.answer, 42);
    assert.equal(await second.stored, false);
  });

  test('a damaged cache is refused, the module still loads, and a good cache replaces it', async () => {
    const first = load();
    await first.stored;
    const bytes = readFileSync(first.file);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(first.file, bytes);

    const damaged = load();
    assert.equal(damaged.cache, 'rejected');
    assert.equal(damaged.exports.answer, 42);
    assert.equal(await damaged.stored, true);
    assert.equal(load().cache, 'accepted');
  });

  test('a cache cut short is refused too', async () => {
    const first = load();
    await first.stored;
    writeFileSync(first.file, readFileSync(first.file).subarray(0, 20));
    assert.equal(load().cache, 'rejected');
  });

  test('a cache file past the size bound is not read, even a whole one', async () => {
    const first = load();
    await first.stored;
    const size = readFileSync(first.file).length;
    assert.equal(loadWithCodeCache<Bundle>(bundle, cacheDir, { storeAfterMs: 0, maxCacheBytes: size }).cache, 'accepted');
    const over = loadWithCodeCache<Bundle>(bundle, cacheDir, { storeAfterMs: 0, maxCacheBytes: size - 1 });
    assert.equal(over.cache, 'rejected');
    assert.equal(over.exports.answer, 42);
    await over.stored;
  });

  test('a changed bundle of the same length never takes the old cache (V8 checks only the length), and the old cache goes', async () => {
    const first = load();
    await first.stored;
    const changed = SOURCE.replace('42', '43');
    assert.equal(changed.length, SOURCE.length);
    writeFileSync(bundle, changed);

    const next = load();
    assert.equal(next.cache, 'none');
    assert.notEqual(next.file, first.file);
    assert.equal(next.exports.answer, 43);
    await next.stored;
    assert.deepEqual(caches(), [next.file.slice(cacheDir.length + 1)]);
  });

  test('a cache that cannot be written leaves the load as it was', async () => {
    writeFileSync(cacheDir, 'a file where the directory should be');
    const first = load();
    assert.equal(first.exports.answer, 42);
    assert.equal(await first.stored, false);
  });

  describe('with its chunks beside it', () => {
    const SIBLINGS = /^\.\/chunk-\w+\.js$/;
    const withChunks = () =>
      loadWithCodeCache<{ a: unknown; b: unknown; same: boolean; later: () => { n: number } }>(bundle, cacheDir, {
        storeAfterMs: 0,
        siblings: SIBLINGS,
      });

    beforeEach(() => {
      writeFileSync(
        bundle,
        `const a = require('./chunk-a.js'); const b = require('./chunk-b.js');
         exports.a = a.name; exports.b = b.name; exports.same = a.shared === b.shared;
         exports.later = () => require('./chunk-late.js');`,
      );
      writeFileSync(join(root, 'chunk-a.js'), `exports.shared = require('./chunk-shared.js'); exports.name = 'a';`);
      // chunk-b and chunk-shared require each other: the second meets the first's exports so far.
      writeFileSync(join(root, 'chunk-b.js'), `exports.name = 'b'; exports.shared = require('./chunk-shared.js');`);
      writeFileSync(join(root, 'chunk-shared.js'), `exports.b = require('./chunk-b.js').name; exports.n = 0;`);
      writeFileSync(join(root, 'chunk-late.js'), `exports.n = 7;`);
    });

    test('each chunk is one module, cycles included, and each gets a cache of its own that the next load takes', async () => {
      const first = withChunks();
      assert.deepEqual({ a: first.exports.a, b: first.exports.b, same: first.exports.same }, { a: 'a', b: 'b', same: true });
      assert.equal(await first.stored, true);
      assert.deepEqual(
        caches()
          .map((f) => f.replace(/-[0-9a-f]{24}\.cache$/, ''))
          .sort(),
        ['chunk-a', 'chunk-b', 'chunk-shared', 'extension'],
      );

      const second = withChunks();
      assert.equal(second.cache, 'accepted');
      assert.equal(second.exports.same, true);
      assert.equal(await second.stored, false, 'every chunk took its cache: nothing written');
    });

    test('a chunk required after the load is loaded through the cache then, once', async () => {
      const first = withChunks();
      await first.stored;
      const late = first.exports.later();
      assert.equal(late.n, 7);
      assert.equal(first.exports.later(), late, 'the same module the second time');
      assert.ok(await waitUntil(() => caches().some((f) => f.startsWith('chunk-late-')), 10_000), 'its cache is written');
    });

    test('a request the pattern does not match is Node’s: a file beside it is not cached', async () => {
      const first = withChunks();
      await first.stored;
      assert.equal(
        caches().some((f) => f.startsWith('beside-')),
        false,
      );
      writeFileSync(bundle, `exports.beside = require('./beside.js').name;`);
      assert.equal(loadWithCodeCache<Bundle>(bundle, cacheDir, { storeAfterMs: 0, siblings: SIBLINGS }).exports.beside, 'beside');
    });

    test('the cache of a chunk no longer beside the bundle goes when the bundle’s new cache is written', async () => {
      await withChunks().stored;
      rmSync(join(root, 'chunk-a.js'));
      writeFileSync(bundle, `exports.b = require('./chunk-b.js').name;`);
      const next = withChunks();
      assert.equal(next.exports.b, 'b');
      assert.equal(await next.stored, true);
      const left = caches()
        .map((f) => f.replace(/-[0-9a-f]{24}\.cache$/, ''))
        .sort();
      assert.deepEqual(left, ['chunk-b', 'chunk-shared', 'extension'], 'chunk-a’s cache is gone, the others stay');
    });
  });
});
