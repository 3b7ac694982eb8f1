// The targets of a pulled folder as the Source Control view finds them: a target's state file
// counts only under a name of the grammar, as a regular file (never through a link), and at most
// MAX_TARGET_STATES of them; the picker's entries; the signed-in connection confirming a target as
// it confirms a folder's own state; and the question before a push to a protected target.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { parseTargets } from '../../../src/environments/model/targets';
import {
  defaultTarget,
  describeTarget,
  findTargetStates,
  hasSingleState,
  isChoice,
  isTargetStatePath,
  MAX_TARGET_ENTRIES,
  MAX_TARGET_STATES,
  targetChoices,
  targetPushAsks,
  unconfirmedTarget,
} from '../../../src/localFolders/vscode/folderTargets';

const STATE = '{"format":1,"connection":{},"files":{}}';
const FILE = parseTargets(
  JSON.stringify({
    targets: {
      dev: { baseUrl: 'https://dev.example.com/', workspace: 'wksp_dev123', stage: 'development' },
      prod: { baseUrl: 'https://example.com', workspace: 'wksp_prod456', stage: 'production', protected: false },
      qa: { baseUrl: 'https://qa.example.com', workspace: 'wksp_qa7890', protected: true },
    },
  }),
);

describe('local folders: the target states a folder holds', () => {
  let folder: string;
  const targetsDir = () => join(folder, '.wsa', 'targets');
  const state = (name: string) => {
    mkdirSync(targetsDir(), { recursive: true });
    writeFileSync(join(targetsDir(), name), STATE);
  };
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'wsa-targets-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('a folder without .wsa/targets has no target state, and one without state.json no state of its own', async () => {
    assert.deepEqual(await findTargetStates(folder), { names: [], over: false });
    mkdirSync(join(folder, '.wsa'));
    assert.deepEqual(await findTargetStates(folder), { names: [], over: false });
    assert.equal(await hasSingleState(folder), false);
  });

  it('one state file is found by its name; its bases folder beside it is not a target', async () => {
    state('dev.json');
    mkdirSync(join(targetsDir(), 'dev', 'base'), { recursive: true });
    writeFileSync(join(targetsDir(), 'dev', 'bases.json'), '{}');
    assert.deepEqual(await findTargetStates(folder), { names: ['dev'], over: false });
  });

  it('many are listed sorted', async () => {
    for (const n of ['prod', 'dev', 'staging-2']) state(`${n}.json`);
    assert.deepEqual(await findTargetStates(folder), { names: ['dev', 'prod', 'staging-2'], over: false });
  });

  it('a name outside the grammar is no target: upper case, a digit or _ first, _ inside, too long, no .json', async () => {
    for (const n of ['Prod.json', '1dev.json', '-dev.json', 'a_b.json', `${'a'.repeat(33)}.json`, 'dev.json.bak', 'dev', '.json']) state(n);
    state(`${'a'.repeat(32)}.json`);
    assert.deepEqual(await findTargetStates(folder), { names: ['a'.repeat(32)], over: false });
  });

  it('a link in place of a state file, or a folder, or a FIFO-like entry named so, is not a state', async () => {
    state('dev.json');
    writeFileSync(join(folder, 'elsewhere.json'), STATE);
    symlinkSync(join(folder, 'elsewhere.json'), join(targetsDir(), 'prod.json'));
    mkdirSync(join(targetsDir(), 'qa.json'));
    assert.deepEqual(await findTargetStates(folder), { names: ['dev'], over: false });
  });

  it('a link in place of .wsa/targets or .wsa lists nothing, and a linked state.json is no state of its own', async () => {
    const real = mkdtempSync(join(tmpdir(), 'wsa-targets-real-'));
    try {
      mkdirSync(join(real, 'targets'));
      writeFileSync(join(real, 'targets', 'dev.json'), STATE);
      writeFileSync(join(real, 'state.json'), STATE);
      symlinkSync(real, join(folder, '.wsa'));
      assert.deepEqual(await findTargetStates(folder), { names: [], over: false });
      assert.equal(await hasSingleState(folder), false);
      rmSync(join(folder, '.wsa'));
      mkdirSync(join(folder, '.wsa'));
      symlinkSync(join(real, 'targets'), join(folder, '.wsa', 'targets'));
      assert.deepEqual(await findTargetStates(folder), { names: [], over: false });
      symlinkSync(join(real, 'state.json'), join(folder, '.wsa', 'state.json'));
      assert.equal(await hasSingleState(folder), false);
    } finally {
      rmSync(real, { recursive: true, force: true });
    }
  });

  it('a regular state.json is the folder’s own state', async () => {
    mkdirSync(join(folder, '.wsa'));
    writeFileSync(join(folder, '.wsa', 'state.json'), STATE);
    assert.equal(await hasSingleState(folder), true);
  });

  it(`at most ${MAX_TARGET_STATES} targets are listed, and more says so`, async () => {
    const names = Array.from({ length: MAX_TARGET_STATES + 1 }, (_, i) => `t${String(i).padStart(3, '0')}`);
    for (const n of names) state(`${n}.json`);
    const found = await findTargetStates(folder);
    assert.equal(found.names.length, MAX_TARGET_STATES);
    assert.deepEqual(found.names, names.slice(0, MAX_TARGET_STATES));
    assert.equal(found.over, true);
  });

  it(`exactly ${MAX_TARGET_STATES} is not over`, async () => {
    for (let i = 0; i < MAX_TARGET_STATES; i++) state(`t${i}.json`);
    const found = await findTargetStates(folder);
    assert.equal(found.names.length, MAX_TARGET_STATES);
    assert.equal(found.over, false);
  });

  it(`a directory of more than ${MAX_TARGET_ENTRIES} entries is looked through no further`, async () => {
    mkdirSync(targetsDir(), { recursive: true });
    for (let i = 0; i <= MAX_TARGET_ENTRIES; i++) writeFileSync(join(targetsDir(), `Junk${i}`), '');
    state('dev.json');
    const found = await findTargetStates(folder);
    assert.equal(found.over, true);
    assert.ok(found.names.length <= 1);
  });

  it('a path is a target state only as .wsa/targets/<name>.json', () => {
    assert.equal(isTargetStatePath('.wsa/targets/dev.json'), true);
    for (const p of ['.wsa/targets/Dev.json', '.wsa/targets/dev/bases.json', '.wsa/state.json', 'targets/dev.json', '.wsa/targets/dev'])
      assert.equal(isTargetStatePath(p), false, p);
  });
});

describe('local folders: the target picker and what a target may be sent', () => {
  it('lists the folder’s own state first, the file’s targets in its order, then states the file does not name', () => {
    const choices = targetChoices(FILE, ['prod', 'old'], true);
    assert.deepEqual(
      choices.map((c) => [c.name, c.description, c.stage, c.protected, c.pulled]),
      [
        [undefined, undefined, undefined, false, true],
        ['dev', 'dev.example.com · wksp_dev123', 'development', false, false],
        ['prod', 'example.com · wksp_prod456', 'production', true, true],
        ['qa', 'qa.example.com · wksp_qa7890', 'other', true, false],
        ['old', undefined, undefined, false, true],
      ],
    );
    assert.deepEqual(
      targetChoices(undefined, ['dev'], false).map((c) => c.name),
      ['dev'],
    );
  });

  it('a folder with its own state keeps using it; without one, the first target with a state in the file’s order', () => {
    assert.equal(defaultTarget(FILE, ['prod', 'dev'], true), undefined);
    assert.equal(defaultTarget(FILE, ['qa', 'prod'], false), 'prod');
    assert.equal(defaultTarget(undefined, ['b', 'c'], false), 'b');
    assert.equal(defaultTarget(FILE, [], false), undefined);
  });

  it('a choice stands while the folder still has it', () => {
    assert.equal(isChoice('dev', FILE, [], false), true, 'named by the file: pull brings it');
    assert.equal(isChoice('old', FILE, ['old'], false), true, 'a state the file no longer names');
    assert.equal(isChoice('gone', FILE, ['dev'], true), false);
    assert.equal(isChoice(undefined, FILE, ['dev'], true), true);
    assert.equal(isChoice(undefined, FILE, ['dev'], false), false, 'its own state was moved to a target’s');
  });

  it('a target is sent to only when the signed-in connection is its service and workspace', () => {
    const dev = FILE.targets[0]!;
    assert.equal(unconfirmedTarget(dev, { baseUrl: 'https://dev.example.com', workspaceId: 'wksp_dev123' }), undefined);
    assert.equal(unconfirmedTarget(dev, { baseUrl: 'https://dev.example.com/', workspaceId: 'wksp_dev123' }), undefined);
    assert.match(unconfirmedTarget(dev, { baseUrl: 'https://dev.example.com', workspaceId: 'wksp_other1' }) ?? '', /wksp_dev123/);
    assert.match(unconfirmedTarget(dev, { baseUrl: 'https://evil.example.com', workspaceId: 'wksp_dev123' }) ?? '', /dev\.example\.com/);
    assert.ok(
      unconfirmedTarget(dev, { baseUrl: 'http://dev.example.com', workspaceId: 'wksp_dev123' }),
      'another scheme is another origin',
    );
    assert.ok(unconfirmedTarget(dev, { baseUrl: 'https://dev.example.com/tenant', workspaceId: 'wksp_dev123' }), 'another path');
  });

  it('a push to a target the file protects asks, unless the guard asked already; production cannot be unprotected', () => {
    const [dev, prod, qa] = FILE.targets;
    assert.equal(prod!.protected, true, 'protected: false on production is ignored');
    assert.equal(targetPushAsks(prod, false), true);
    assert.equal(targetPushAsks(qa, false), true);
    assert.equal(targetPushAsks(prod, true), false, 'one question, the guard’s');
    assert.equal(targetPushAsks(dev, false), false);
    assert.equal(targetPushAsks(undefined, false), false);
  });

  it('describes a target by host and workspace', () => {
    assert.equal(describeTarget({ baseUrl: 'https://example.com:8443/api', workspace: 'wksp_x12345' }), 'example.com:8443 · wksp_x12345');
  });
});
