// The extension starts the dashboard worker through dist/ts-worker-main.js, which loads TypeScript's
// 10 MB bundle through V8's code cache: the first worker writes the cache once it has checked, a
// later one loads it instead of compiling, a damaged one is replaced, and the answers are the same
// in every case.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Module } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, before, beforeEach, describe, test } from 'node:test';
import { Script } from 'node:vm';
import { DashboardWorkerClient } from '../../../src/dashboardLanguage/service/workerClient';
import { waitUntil } from '../../harness/lib/processes';

const TYPES_DIR = path.resolve('dist/ts-types');
const TEXT = `import { useState } from 'react';\nexport default function D() {\n  const [n] = useState(1);\n  return <div>{n.toFixed('x')}</div>;\n}\n`;

describe('the dashboard worker through the code cache', () => {
  let cacheDir: string;
  const caches = () =>
    existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => f.startsWith('ts-worker-') && f.endsWith('.cache')) : [];

  /**
   * The diagnostics of TEXT from a worker started as the extension starts it, kept running until
   * `until` holds (a worker the extension stops, as a test ends one, may not have written its cache).
   */
  async function check(script = 'dist/ts-worker-main.js', until?: () => boolean): Promise<string[]> {
    const worker = new DashboardWorkerClient({
      script: path.resolve(script),
      typesDir: TYPES_DIR,
      codeCacheDir: cacheDir,
      codeCacheStoreAfterMs: 0,
    });
    try {
      await worker.request('configure', { runtime: null });
      await worker.request('update', { key: 'k', text: TEXT, serviceText: null, rowMembers: null });
      const found = await worker.request('diagnostics', { key: 'k' });
      await worker.request('memory', {});
      if (until) assert.ok(await waitUntil(until, 30_000), 'the cache is written');
      return found.map((d) => d.message);
    } finally {
      worker.dispose();
    }
  }

  /** The answer of the bundle started directly, without the entry or a cache: what every start must give. */
  let plain: string[];
  before(async () => {
    cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'wsa-worker-cache-')), 'code-cache');
    try {
      plain = await check('dist/ts-worker.js');
    } finally {
      rmSync(path.dirname(cacheDir), { recursive: true, force: true });
    }
    assert.equal(plain.length, 1, 'the type error in the text');
    assert.match(plain[0]!, /string/);
  });

  beforeEach(() => {
    cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'wsa-worker-cache-')), 'code-cache');
  });
  afterEach(() => rmSync(path.dirname(cacheDir), { recursive: true, force: true }));

  test('the first worker writes the cache; the next loads it, leaves it as it is, and answers the same', async () => {
    assert.deepEqual(await check(undefined, () => caches().length === 1), plain, 'through the entry, without a cache yet');
    const [file] = caches();
    const written = statSync(path.join(cacheDir, file!));
    assert.ok(written.size > 100_000, `a cache of the bundle (${written.size} bytes)`);
    // What the worker wrote is a cache V8 takes for this bundle (past the file's 32-byte digest).
    const bundle = path.resolve('dist/ts-worker.js');
    const taken = new Script(Module.wrap(readFileSync(bundle, 'utf8')), {
      filename: bundle,
      cachedData: readFileSync(path.join(cacheDir, file!)).subarray(32),
    });
    assert.equal(taken.cachedDataRejected, false, 'V8 takes the cache');

    assert.deepEqual(await check(), plain, 'through the cache');
    const after = statSync(path.join(cacheDir, file!));
    assert.equal(after.mtimeMs, written.mtimeMs, 'a cache V8 took is not written again');
    assert.deepEqual(caches(), [file]);
  });

  test('a damaged cache is not used: the worker answers the same and writes a whole one', async () => {
    await check(undefined, () => caches().length === 1);
    const file = path.join(cacheDir, caches()[0]!);
    const whole = statSync(file).size;
    writeFileSync(file, Buffer.alloc(whole, 7));

    const damaged = () =>
      readFileSync(file)
        .subarray(0, 64)
        .every((b) => b === 7);
    assert.deepEqual(await check(undefined, () => !damaged()), plain, 'answered, and a whole cache in its place');
    assert.deepEqual(caches(), [path.basename(file)]);
  });
});
