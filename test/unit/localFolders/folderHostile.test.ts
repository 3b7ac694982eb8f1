// A pulled folder is input from whoever committed it: links, FIFOs, devices, state entries outside
// the layout a pull writes, `.WSA/`, more entries than a state file may hold. Each as an attacker
// would plant it, against the engine on the real file system and the in-process emulator over
// HTTP: nothing is read or written through a link, nothing outside the layout is touched, and every
// finding is reported.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { MAX_STATE_FILES, readState, textHash, type FolderState, type LocalFolder } from '../../../src/localFolders/engine/engineApi';
import { parseState } from '../../../src/localFolders/engine/folderState';
import { pathOf, readText, startFolderRig, writeText, type FolderRig } from './folderSupport';

const SECRET = 'the CI job’s deploy secret\n';

describe('a pulled folder as hostile input', () => {
  let rig: FolderRig;
  let dir: string;
  let engine: LocalFolder;
  /** Outside the pulled folder: where a link points. */
  let outside: string;
  const state = async () => (await readState(dir)) as FolderState;
  const saveState = (s: unknown) => writeText(dir, '.wsa/state.json', JSON.stringify(s, null, 2));
  const outsideFiles = () => readdirSync(outside).sort();

  before(async () => {
    rig = await startFolderRig();
  });
  after(async () => {
    await rig.close();
    rmSync(outside, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await rig.emu.reset();
    ({ dir, engine } = rig.folder());
    if (outside) rmSync(outside, { recursive: true, force: true });
    outside = mkdtempSync(join(tmpdir(), 'wsa-outside-'));
    writeFileSync(join(outside, 'secret.txt'), SECRET);
  });

  /** Another actor edits the dashboard, so a pull has something to write. */
  async function theirEdit(id: string): Promise<void> {
    const other = rig.other();
    const s = await other.getDashboardSource(id);
    await other.replaceDashboardSource(id, {
      source: `${s.source}// theirs\n`,
      expectedRevision: s.revision,
      expectedDataRunId: s.dataRunId,
    });
  }

  test('a pulled file replaced by a link is neither read nor pushed: the target never reaches the service', async () => {
    await engine.pull({ connection: rig.connection });
    const id = rig.ids().dashboardId!;
    const path = await pathOf(dir, 'dashboard', id);
    rmSync(join(dir, path));
    symlinkSync(join(outside, 'secret.txt'), join(dir, path));
    rig.emu.clearRequests();

    const pushed = await engine.push();
    const mine = pushed.files.find((f) => f.path === path)!;
    assert.equal(mine.outcome, 'notRegular');
    assert.match(mine.message ?? '', /is not a regular file/);
    assert.equal(rig.requests('PUT').length, 0, 'nothing sent');
    assert.ok(!(await rig.reader.snapshot(rig.file('dashboard', id))).text.includes('deploy secret'));

    const status = await engine.status();
    const file = status.files.find((f) => f.path === path)!;
    assert.equal(file.state, 'notRegular');
    assert.match(file.localError ?? '', /not a regular file/);
    // The pull leaves the link alone, and nothing is written through it.
    await theirEdit(id);
    const pulled = await engine.pull();
    assert.equal(pulled.files.find((f) => f.path === path)?.outcome, 'notRegular');
    assert.equal(readFileSync(join(outside, 'secret.txt'), 'utf8'), SECRET);
    assert.ok(lstatSync(join(dir, path)).isSymbolicLink());
  });

  test('a committed .wsa/base link, or a link at a base copy, is never written through by a push', async () => {
    await engine.pull({ connection: rig.connection });
    const id = rig.ids().dashboardId!;
    const path = await pathOf(dir, 'dashboard', id);
    // The copy's own path a link to a file outside.
    mkdirSync(join(dir, '.wsa', 'base', 'dashboards'), { recursive: true });
    symlinkSync(join(outside, 'secret.txt'), join(dir, '.wsa', 'base', path));
    writeText(dir, path, `${readText(dir, path)}// one\n`);
    assert.equal((await engine.push()).files.find((f) => f.path === path)?.outcome, 'pushed');
    assert.equal(readFileSync(join(outside, 'secret.txt'), 'utf8'), SECRET);
    // The whole base folder a link to a folder outside.
    rmSync(join(dir, '.wsa', 'base'), { recursive: true, force: true });
    symlinkSync(outside, join(dir, '.wsa', 'base'));
    writeText(dir, path, `${readText(dir, path)}// two\n`);
    assert.equal((await engine.push()).files.find((f) => f.path === path)?.outcome, 'pushed');
    assert.deepEqual(outsideFiles(), ['secret.txt'], 'no base copy was written outside');
    assert.equal((await state()).files[path]!.hash, textHash(readText(dir, path)), 'the state moved all the same');
  });

  test('a kind folder that is a link gets no file of a pull: its files are reported, the other kinds pulled', async () => {
    symlinkSync(outside, join(dir, 'facts'));
    const report = await engine.pull({ connection: rig.connection });
    const facts = report.files.filter((f) => f.kind === 'fact');
    assert.ok(facts.length > 0);
    assert.ok(
      facts.every((f) => f.outcome === 'notRegular' && /"facts" is not a regular folder/.test(f.message ?? '')),
      JSON.stringify(facts),
    );
    assert.deepEqual(outsideFiles(), ['secret.txt'], 'nothing written outside');
    assert.ok(report.files.some((f) => f.kind === 'dashboard' && f.outcome === 'added'));
    // A folder that is a plain file is refused the same way.
    const other = rig.folder();
    writeFileSync(join(other.dir, 'dashboards'), 'not a folder\n');
    const again = await other.engine.pull({ connection: rig.connection });
    assert.ok(again.files.filter((f) => f.kind === 'dashboard').every((f) => f.outcome === 'notRegular'));
  });

  test('a link planted at the old guessable temporary name is never written through; no temporary file is left', async () => {
    await engine.pull({ connection: rig.connection });
    const id = rig.ids().dashboardId!;
    const path = await pathOf(dir, 'dashboard', id);
    const target = join(outside, 'planted.txt');
    symlinkSync(target, join(dir, `${path}.${process.pid}.tmp`));
    symlinkSync(target, join(dir, '.wsa', `state.json.${process.pid}.tmp`));
    await theirEdit(id);
    const report = await engine.pull();
    assert.equal(report.files.find((f) => f.path === path)?.outcome, 'updated');
    assert.match(readText(dir, path), /\/\/ theirs\n$/);
    assert.equal(existsSync(target), false, 'nothing was written through the link');
    const left = readdirSync(join(dir, 'dashboards')).filter((n) => n.endsWith('.tmp') && !n.includes(String(process.pid)));
    assert.deepEqual(left, []);
  });

  test('a link planted where a pull creates a new file makes it choose another name; nothing is written through', async () => {
    await engine.pull({ connection: rig.connection, kinds: ['fact'] });
    const before = await state();
    const factPaths = Object.keys(before.files);
    const victim = factPaths[0]!;
    const entry = before.files[victim]!;
    // Forget the fact in the state, and put a link where its file was: the next pull adds it anew.
    delete before.files[victim];
    saveState(before);
    rmSync(join(dir, victim));
    symlinkSync(join(outside, 'new.json'), join(dir, victim));
    const report = await engine.pull({ kinds: ['fact'] });
    const added = report.files.find((f) => f.id === entry.id)!;
    assert.equal(added.outcome, 'added');
    assert.notEqual(added.path, victim);
    assert.equal(existsSync(join(outside, 'new.json')), false);
  });

  test('a FIFO or a link to /dev/zero where a file should be: status ends at once and says why', async () => {
    await engine.pull({ connection: rig.connection });
    const [a, b] = Object.keys((await state()).files);
    rmSync(join(dir, a!));
    execFileSync('mkfifo', [join(dir, a!)]);
    rmSync(join(dir, b!));
    symlinkSync('/dev/zero', join(dir, b!));
    const started = Date.now();
    const status = await engine.status({ remote: false });
    assert.ok(Date.now() - started < 3_000, `status took ${Date.now() - started} ms`);
    for (const path of [a!, b!]) assert.equal(status.files.find((f) => f.path === path)?.state, 'notRegular', path);
    const remote = await engine.status();
    assert.equal(remote.files.find((f) => f.path === a)?.state, 'notRegular');
  });

  test('a local file larger than a service answer may be is not read', async () => {
    await engine.pull({ connection: rig.connection });
    const path = await pathOf(dir, 'fact', rig.ids().factId!);
    writeFileSync(join(dir, path), Buffer.alloc(32 * 1024 * 1024 + 1, 0x20));
    rig.emu.clearRequests();
    const status = await engine.status({ remote: false });
    const file = status.files.find((f) => f.path === path)!;
    assert.equal(file.state, 'unreadable');
    assert.match(file.localError ?? '', /larger than 32 MB/);
    const pushed = await engine.push({ files: [path] });
    assert.equal(pushed.files[0]!.outcome, 'failed');
    assert.equal(rig.requests('PUT').length, 0);
  });

  test('state entries outside the layout (package.json, .git/config, a workflow, .vscode, .WSA/) are never written, read or pushed', async () => {
    await engine.pull({ connection: rig.connection });
    const s = await state();
    const [path, entry] = Object.entries(s.files).find(([, e]) => e.view === 'dashboard')!;
    const victims: Record<string, string> = {
      'package.json': '{ "name": "mine" }\n',
      '.git/config': '[core]\n',
      '.github/workflows/ci.yml': 'on: push\n',
      '.vscode/settings.json': '{}\n',
      '.WSA/state.json': '{}\n',
      'dashboards/nested/x.tsx': 'x\n',
    };
    for (const [victim, text] of Object.entries(victims)) {
      mkdirSync(join(dir, victim, '..'), { recursive: true });
      writeFileSync(join(dir, victim), text);
      // The committer knows each file's hash: a pull would "fast-forward" it to the service's text.
      s.files[victim] = { ...entry, hash: textHash(text) };
    }
    saveState(s);
    await theirEdit(entry.id);
    rig.emu.clearRequests();
    const pulled = await engine.pull();
    for (const [victim, text] of Object.entries(victims)) {
      assert.equal(readFileSync(join(dir, victim), 'utf8'), text, `${victim} kept`);
      assert.ok(
        pulled.notes.some((n) => n.includes(JSON.stringify(victim)) && /ignored/.test(n)),
        victim,
      );
    }
    assert.equal(pulled.files.find((f) => f.path === path)?.outcome, 'updated', 'the real entry is pulled');
    assert.ok(!pulled.files.some((f) => Object.hasOwn(victims, f.path)));
    const after = await state();
    assert.deepEqual(Object.keys(after.ignored ?? {}).sort(), Object.keys(victims).sort(), 'kept for the user to mend');
    const status = await engine.status();
    assert.ok(!status.files.some((f) => Object.hasOwn(victims, f.path)));
    assert.equal(status.notes.filter((n) => /ignored/.test(n)).length, Object.keys(victims).length);
    writeFileSync(join(dir, 'package.json'), '{ "name": "changed" }\n');
    await assert.rejects(engine.push({ files: ['package.json'] }), /not where a pull writes a file/);
    const pushed = await engine.push();
    assert.ok(!pushed.files.some((f) => Object.hasOwn(victims, f.path)));
    assert.equal(rig.requests('PUT').length, 0);
  });

  test('a pull never records more entries than a state file may hold: the excess is refused before writing', async () => {
    // A folder whose state already names MAX_STATE_FILES - 2 entries (outside the layout: cheap to write).
    const s = { format: 1, connection: rig.connection, files: {}, ignored: {} as Record<string, unknown> };
    for (let i = 0; i < MAX_STATE_FILES - 2; i++) s.ignored[`x/${i}`] = {};
    mkdirSync(join(dir, '.wsa'));
    saveState(s);
    const report = await engine.pull();
    const added = report.files.filter((f) => f.outcome === 'added');
    assert.equal(added.length, 2);
    assert.ok((report.overLimit ?? 0) > 0);
    assert.ok(report.notes.some((n) => /were not pulled: a folder holds at most 50000 files/.test(n)));
    const after = await state();
    assert.equal(Object.keys(after.files).length + Object.keys(after.ignored ?? {}).length, MAX_STATE_FILES);
    // The folder can still be read.
    assert.equal((await engine.status({ remote: false })).files.length, 2);
  });

  test('a state file never chooses a header HTTP interprets, a workspace that is no workspace id, or a URL with a user', () => {
    const base = { format: 1, connection: { ...rig.connection }, files: {} };
    const cases: [string, Record<string, string>, RegExp][] = [
      [
        'Host as the workspace header',
        { workspaceHeader: 'Host', workspaceId: 'attacker.example' },
        /workspace "attacker\.example" is not a workspace id/,
      ],
      ['Host as the workspace header', { workspaceHeader: 'Host' }, /workspaceHeader: Host is a header HTTP itself interprets/],
      ['the key as the Host', { authHeader: 'Host', authScheme: '' }, /authHeader: Host is a header HTTP itself interprets/],
      ['Content-Length', { authHeader: 'Content-Length' }, /interprets/],
      ['a line break in a header', { authHeader: 'X-Key\r\nHost: a' }, /not a header name/],
      ['a scheme with a space', { authScheme: 'Bearer x' }, /not an authentication scheme/],
      ['a user in the URL', { baseUrl: 'https://user:pw@example.com' }, /holds a user or password/],
      ['a file URL', { baseUrl: 'file:///etc/passwd' }, /not an http or https URL/],
    ];
    for (const [what, over, message] of cases)
      assert.throws(() => parseState(JSON.stringify({ ...base, connection: { ...base.connection, ...over } }), dir), message, what);
    assert.equal(parseState(JSON.stringify(base), dir).connection.workspaceId, rig.connection.workspaceId);
  });

  test('a state file that is a link, or a .wsa that is a link, is not read or written', async () => {
    await engine.pull({ connection: rig.connection });
    renameSync(join(dir, '.wsa', 'state.json'), join(outside, 'state.json'));
    symlinkSync(join(outside, 'state.json'), join(dir, '.wsa', 'state.json'));
    await assert.rejects(readState(dir), /state file \.wsa\/state\.json cannot be read: ".wsa\/state\.json" is not a regular file/);
    rmSync(join(dir, '.wsa'), { recursive: true, force: true });
    const stateDir = join(outside, 'wsa');
    mkdirSync(stateDir);
    symlinkSync(stateDir, join(dir, '.wsa'));
    const fresh = rig.folder();
    rmSync(fresh.dir, { recursive: true, force: true });
    mkdirSync(fresh.dir);
    symlinkSync(stateDir, join(fresh.dir, '.wsa'));
    await assert.rejects(fresh.engine.pull({ connection: rig.connection }), /".wsa" is not a regular folder/);
    assert.deepEqual(readdirSync(stateDir), [], 'nothing written outside');
  });
});
