// The extension's bundle is loaded through V8's code cache (src/util/codeCache.ts): the second load
// takes the cache, a damaged cache or a changed bundle is never used, and the module behaves as
// under `require` either way.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { loadWithCodeCache } from '../../../src/util/codeCache';

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
});
