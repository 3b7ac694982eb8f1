// A pulled folder's state file may come from someone else's clone: it is read with a byte bound and
// a bound on its entries, and every entry's shape is checked. Over a bound or malformed, one clear
// error names the file and the bound; nothing is sent to the service and nothing is written.
import assert from 'node:assert/strict';
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Connection } from '../../../src/connection/connectionProvider';
import { FolderStateError, STATE_FILE, readState } from '../../../src/localFolders/engine/engineApi';
import { PackCache } from '../../../src/localFolders/engine/folderBasePack';
import { MAX_STATE_BYTES, MAX_STATE_FILES } from '../../../src/localFolders/engine/folderState';
import { EngineAdapter } from '../../../src/localFolders/vscode/engineAdapter';
import { allFiles, pathOf, startFolderRig, type FolderRig } from './folderSupport';

describe('the state file of a local folder is bounded and checked', () => {
  let rig: FolderRig;
  before(async () => {
    rig = await startFolderRig();
  });
  after(() => rig.close());
  beforeEach(() => rig.emu.reset());

  /** A pulled folder whose state file is then replaced by `make(state text)`. */
  async function pulledWith(make: (state: string, dir: string) => void) {
    const folder = rig.folder();
    await folder.engine.pull({ connection: rig.connection });
    make(readFileSync(join(folder.dir, STATE_FILE), 'utf8'), folder.dir);
    return folder;
  }

  /** Pull, status and push (engine and VS Code side) all refuse with `error`; no request, no file written. */
  async function refusedEverywhere(
    folder: { dir: string; engine: import('../../../src/localFolders/engine/engineApi').LocalFolder },
    error: RegExp,
  ) {
    const before = new Map(allFiles(folder.dir).map((f) => [f, statSync(join(folder.dir, f)).mtimeMs]));
    rig.emu.clearRequests();
    await assert.rejects(folder.engine.pull(), (e: Error) => e instanceof FolderStateError && error.test(e.message));
    await assert.rejects(folder.engine.status(), error);
    await assert.rejects(folder.engine.push(), error);
    const connection = { client: rig.client, baseUrl: rig.emu.url, workspaceId: rig.connection.workspaceId } as unknown as Connection;
    const side = new EngineAdapter(
      async () => [],
      () => rig.connection,
      () => true,
    );
    await assert.rejects(side.status(folder.dir, connection, true), error);
    await assert.rejects(side.pull(folder.dir, connection, undefined), error);
    await assert.rejects(side.push(folder.dir, connection, undefined), error);
    assert.equal(rig.requests().length, 0, 'nothing sent');
    assert.deepEqual(new Map(allFiles(folder.dir).map((f) => [f, statSync(join(folder.dir, f)).mtimeMs])), before, 'nothing written');
  }

  test('a state file over 16 MiB is refused without reading it whole, naming the file and the bound', async () => {
    assert.equal(MAX_STATE_BYTES, 16 * 1024 * 1024);
    // Sparse, so cheap to make: read whole it would not even fit in a string.
    const folder = await pulledWith((_, dir) => truncateSync(join(dir, STATE_FILE), 3 * 1024 ** 3));
    await refusedEverywhere(folder, /state\.json is larger than 16 MiB/);
  });

  test('a state file just over the byte bound is refused; one within it is read', async () => {
    const folder = await pulledWith((state, dir) => {
      // Whitespace is valid JSON: the same state, one byte over the bound.
      writeFileSync(join(dir, STATE_FILE), state.trimEnd() + ' '.repeat(MAX_STATE_BYTES + 1 - Buffer.byteLength(state.trimEnd())));
    });
    await refusedEverywhere(folder, /larger than 16 MiB/);
    const state = readFileSync(join(folder.dir, STATE_FILE), 'utf8').trimEnd();
    writeFileSync(join(folder.dir, STATE_FILE), state + ' '.repeat(MAX_STATE_BYTES - Buffer.byteLength(state)));
    assert.ok(await readState(folder.dir));
  });

  test('a state file naming more than 50,000 files is refused, naming the bound', async () => {
    assert.equal(MAX_STATE_FILES, 50_000);
    const folder = await pulledWith((text, dir) => {
      const state = JSON.parse(text) as { files: Record<string, unknown> };
      const one = Object.values(state.files).find((e) => (e as { view: string }).view === 'fact')!;
      const have = Object.keys(state.files).length;
      for (let i = 0; i <= MAX_STATE_FILES - have; i++) state.files[`facts/f${i}.json`] = one;
      writeFileSync(join(dir, STATE_FILE), JSON.stringify(state));
    });
    await refusedEverywhere(folder, /names 50001 files, more than the 50000/);
  });

  test('an entry of the wrong shape is refused, naming the entry and the field: tokens, revision, name', async () => {
    const cases: [string, (entry: Record<string, unknown>) => void, RegExp][] = [
      ['tokens', (e) => ((e.tokens as Record<string, unknown>).expectedRevision = 'rvsn_1'), /expectedRevision/],
      ['data run', (e) => ((e.tokens as Record<string, unknown>).expectedDataRunId = 7), /expectedDataRunId/],
      ['revision', (e) => (e.revision = 'rvsn_1'), /revision/],
      ['name', (e) => (e.name = { x: 1 }), /name/],
      ['label', (e) => (e.label = 14), /label/],
    ];
    for (const [what, spoil, field] of cases) {
      let dashboard = '';
      const folder = await pulledWith((text, dir) => {
        const state = JSON.parse(text) as { files: Record<string, Record<string, unknown>> };
        dashboard = Object.keys(state.files).find((p) => state.files[p]!.view === 'dashboard')!;
        spoil(state.files[dashboard]!);
        writeFileSync(join(dir, STATE_FILE), JSON.stringify(state));
      });
      await assert.rejects(readState(folder.dir), (e: Error) => {
        assert.ok(e instanceof FolderStateError, what);
        assert.match(e.message, new RegExp(`entry for "${dashboard.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is not valid`), what);
        assert.match(e.message, field, what);
        return true;
      });
      await refusedEverywhere(folder, /is not valid/);
    }
  });

  test('fields a later version adds are kept, and an entry without a name is named by its id', async () => {
    const { dir } = await pulledWith((text, d) => {
      const state = JSON.parse(text) as { files: Record<string, Record<string, unknown>> };
      for (const e of Object.values(state.files)) {
        e.later = { kept: true };
        if (e.view === 'fact') delete e.name;
      }
      writeFileSync(join(d, STATE_FILE), JSON.stringify(state));
    });
    const state = (await readState(dir))!;
    const fact = state.files[await pathOf(dir, 'fact', rig.ids().factId!)]!;
    assert.equal(fact.name, fact.id);
    assert.deepEqual((fact as unknown as { later: unknown }).later, { kept: true });
  });
});

describe('the packs of base texts held in memory are bounded in bytes', () => {
  const texts = (n: number) => new Map([[`h${n}`, `text ${n}`]]);

  test('the oldest packs are dropped once the sizes add up past the bound, and a changed file is read again', () => {
    const cache = new PackCache(100);
    cache.set('a', '1', 40, texts(1));
    cache.set('b', '1', 40, texts(2));
    assert.deepEqual(cache.get('a', '1'), texts(1));
    cache.set('c', '1', 40, texts(3));
    assert.equal(cache.get('a', '1'), undefined, 'the oldest went');
    assert.deepEqual(cache.get('b', '1'), texts(2));
    assert.deepEqual(cache.get('c', '1'), texts(3));
    assert.equal(cache.size, 80);
    assert.equal(cache.get('b', '2'), undefined, 'a pack written since is not taken from memory');
    cache.set('b', '2', 10, texts(4));
    assert.equal(cache.size, 50, 'a pack read again replaces its older text');
  });

  test('a pack larger than the bound is not held at all', () => {
    const cache = new PackCache(100);
    cache.set('a', '1', 40, texts(1));
    cache.set('big', '1', 101, texts(2));
    assert.equal(cache.get('big', '1'), undefined);
    assert.deepEqual(cache.get('a', '1'), texts(1), 'nor does it push the others out');
    assert.equal(cache.size, 40);
  });
});
