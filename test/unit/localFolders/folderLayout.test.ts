// Where a folder keeps its state and bases: a target's own place, the move of a folder of one
// connection to a target's (a regular state file only, never over another, never through a link),
// and the packs of two targets read apart.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { packedBase } from '../../../src/localFolders/engine/folderBasePack';
import { DEFAULT_LAYOUT, FolderStateError, moveState, targetLayout, textHash } from '../../../src/localFolders/engine/engineApi';

describe('a folder’s layout', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsa-layout-'));
    dirs.push(dir);
    mkdirSync(join(dir, '.wsa'));
    return dir;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('a target keeps its state and bases under .wsa/targets/; a name outside the grammar never becomes a path', () => {
    assert.deepEqual(targetLayout('prod'), {
      stateFile: '.wsa/targets/prod.json',
      baseDir: '.wsa/targets/prod/base',
      basePack: '.wsa/targets/prod/bases.json',
    });
    for (const name of ['../x', 'Prod', '', 'a/b', '.', 'x'.repeat(40)]) assert.throws(() => targetLayout(name), FolderStateError, name);
  });

  test('a state file moves to the target with its bases, once', async () => {
    const dir = folder();
    writeFileSync(join(dir, '.wsa/state.json'), '{"state":1}');
    writeFileSync(join(dir, '.wsa/bases.json'), '{"texts":{}}');
    mkdirSync(join(dir, '.wsa/base/apps'), { recursive: true });
    writeFileSync(join(dir, '.wsa/base/apps/a.json'), 'base');
    const prod = targetLayout('prod');
    assert.equal(await moveState(dir, DEFAULT_LAYOUT, prod), true);
    assert.equal(readFileSync(join(dir, prod.stateFile), 'utf8'), '{"state":1}');
    assert.equal(readFileSync(join(dir, prod.baseDir, 'apps/a.json'), 'utf8'), 'base');
    assert.ok(existsSync(join(dir, prod.basePack)));
    assert.ok(!existsSync(join(dir, '.wsa/state.json')) && !existsSync(join(dir, '.wsa/base')));
    assert.equal(await moveState(dir, DEFAULT_LAYOUT, prod), false, 'nothing left to move');
  });

  test('nothing moves over a target’s own state, nor a link standing for the state file', async () => {
    const dir = folder();
    const dev = targetLayout('dev');
    writeFileSync(join(dir, '.wsa/state.json'), 'old');
    mkdirSync(join(dir, '.wsa/targets'));
    writeFileSync(join(dir, dev.stateFile), 'mine');
    assert.equal(await moveState(dir, DEFAULT_LAYOUT, dev), false);
    assert.equal(readFileSync(join(dir, dev.stateFile), 'utf8'), 'mine');
    assert.equal(readFileSync(join(dir, '.wsa/state.json'), 'utf8'), 'old');

    const linked = folder();
    writeFileSync(join(linked, 'elsewhere.json'), 'planted');
    symlinkSync(join(linked, 'elsewhere.json'), join(linked, '.wsa/state.json'));
    assert.equal(await moveState(linked, DEFAULT_LAYOUT, dev), false);
    assert.ok(!existsSync(join(linked, dev.stateFile)));
  });

  test('two targets’ packs are read apart, even of one size and time', async () => {
    const dir = folder();
    const [a, b] = [targetLayout('a'), targetLayout('b')];
    const when = new Date('2026-01-01T00:00:00Z');
    for (const [layout, text] of [
      [a, 'aaaa'],
      [b, 'bbbb'],
    ] as const) {
      mkdirSync(join(dir, layout.basePack, '..'), { recursive: true });
      writeFileSync(join(dir, layout.basePack), JSON.stringify({ format: 1, texts: { [textHash(text)]: text } }));
      utimesSync(join(dir, layout.basePack), when, when);
    }
    assert.equal(await packedBase(dir, textHash('aaaa'), a.basePack), 'aaaa');
    assert.equal(await packedBase(dir, textHash('bbbb'), b.basePack), 'bbbb');
    assert.equal(await packedBase(dir, textHash('aaaa'), b.basePack), undefined);
  });
});
