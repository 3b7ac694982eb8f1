// Pulling a workspace into a local folder against the in-process emulator over HTTP: the files show
// exactly what their `wsa:` documents show, one folder per kind, with safe unique names, a state
// file without the key; a second pull fast-forwards, keeps local edits and never overwrites one.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { LocalFolder, readState, type FolderState } from '../../../src/localFolders/engine/engineApi';
import { stateTokensOf } from '../../../src/kinds/kindModules';
import { RESOURCE_KINDS, KINDS } from '../../../src/kinds/resourceKinds';
import { allFiles, pathOf, readText, startFolderRig, writeText, type FolderRig } from './folderSupport';

/** The base texts a pull packed, by hash. */
const packed = (dir: string) => (JSON.parse(readText(dir, '.wsa/bases.json')) as { texts: Record<string, string> }).texts;

describe('pulling a workspace into a local folder', () => {
  let rig: FolderRig;
  before(async () => {
    rig = await startFolderRig();
  });
  after(() => rig.close());
  beforeEach(() => rig.emu.reset());

  test('every file holds what its wsa: document shows, one folder per kind, and the key is nowhere in the folder', async () => {
    const { dir, engine } = rig.folder();
    const report = await engine.pull({ connection: rig.connection });
    assert.ok(report.files.length >= 20, `pulled ${report.files.length} files`);
    assert.ok(
      report.files.every((f) => f.outcome === 'added'),
      JSON.stringify(report.files.filter((f) => f.outcome !== 'added')),
    );
    const state = (await readState(dir)) as FolderState;
    for (const [path, entry] of Object.entries(state.files)) {
      const shown = await rig.reader.read(rig.file(entry.view, entry.id));
      assert.equal(readText(dir, path), shown.text, path);
      assert.equal(path.split('/')[0], RESOURCE_KINDS[KINDS.find((k) => RESOURCE_KINDS[k].files[0].view === entry.view)!].files[0].folder);
      assert.equal(packed(dir)[entry.hash], shown.text, `base of ${path}`);
    }
    assert.ok(!existsSync(join(dir, '.wsa/base')), 'one pack holds the bases: no copy per file');
    const folders = new Set(Object.keys(state.files).map((p) => p.split('/')[0]));
    assert.deepEqual([...folders].sort(), KINDS.map((k) => RESOURCE_KINDS[k].files[0].folder).sort());
    assert.deepEqual(state.connection, rig.connection);
    const dashboard = state.files[await pathOf(dir, 'dashboard', rig.ids().dashboardId!)]!;
    assert.equal(dashboard.tokens?.kind, 'dashboard');
    assert.match(dashboard.hash, /^sha256:[0-9a-f]{64}$/);
    assert.match(readFileSync(join(dir, '.wsa/.gitignore'), 'utf8'), /^base\/$/m);
    assert.match(readFileSync(join(dir, '.wsa/.gitignore'), 'utf8'), /^bases\.json$/m);
    for (const f of allFiles(dir)) assert.ok(!readText(dir, f).includes(rig.emu.demo.apiKey), `the key is in ${f}`);
  });

  test('each kind checks every field of the tokens a pull records, and only those (its module names them)', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const state = (await readState(dir)) as FolderState;
    const kinds = new Set<string>();
    for (const [path, entry] of Object.entries(state.files)) {
      if (!entry.tokens) continue;
      const { kind, ...fields } = entry.tokens;
      const checks = stateTokensOf(kind);
      assert.ok(checks, `${path}: ${kind} has token checks`);
      assert.deepEqual(Object.keys(checks).sort(), Object.keys(fields).sort(), `${path}: the checks name the ${kind} tokens' fields`);
      for (const [field, value] of Object.entries(fields)) assert.ok(checks[field]!(value), `${path}: ${field} as pulled passes`);
      for (const field of Object.keys(fields)) assert.equal(checks[field]!(Symbol('x')), false, `${path}: ${field} refuses a symbol`);
      kinds.add(kind);
    }
    assert.deepEqual([...kinds].sort(), ['app', 'dashboard', 'database', 'fact', 'writeSync']);
    assert.equal(stateTokensOf('operation'), undefined, 'a read-only kind has none');
    assert.equal(stateTokensOf('constructor'), undefined, 'nor a name that is no kind');
  });

  test('a folder that does not exist yet is made, with the folders above it', async () => {
    const { dir } = rig.folder();
    const nested = join(dir, 'new', 'nested');
    const engine = new LocalFolder({ folder: nested, client: () => rig.client });
    const report = await engine.pull({ connection: rig.connection, ids: [rig.ids().factId!] });
    assert.deepEqual(
      report.files.map((f) => f.outcome),
      ['added'],
    );
    assert.ok(statSync(join(nested, '.wsa', 'state.json')).isFile());
  });

  test('names are file-safe and unique: the same name twice, separators, dot-dot, colons, emoji and reserved Windows names', async () => {
    const apps = [rig.ids().liveAppId!, rig.ids().deployingAppId!, rig.ids().failedAppId!];
    const syncs = [rig.ids().writeSyncId!, rig.ids().identityLockedWriteSyncId!, rig.ids().disabledWriteSyncId!];
    const names = ['Same', 'Same', '../../etc/passwd', 'a:b\\c', 'Rocket 🚀 launch', 'CON'];
    const other = rig.other();
    for (const [i, id] of apps.entries()) {
      const app = await other.getApp(id);
      await other.updateApp(id, { expectedDraft: app.draft, name: names[i], description: app.description });
    }
    for (const [i, id] of syncs.entries()) {
      const ws = await other.getWriteSync(id);
      await other.updateWriteSync(id, {
        expectedVersion: ws.version,
        name: names[i + 3],
        definition: ws.definition,
        isEnabled: ws.isEnabled,
        automaticEnabled: ws.automaticEnabled,
      });
    }
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const state = (await readState(dir)) as FolderState;
    const appPaths = await Promise.all(apps.map((id) => pathOf(dir, 'app', id)));
    const syncPaths = await Promise.all(syncs.map((id) => pathOf(dir, 'writeSync', id)));
    const sorted = [...apps].sort();
    // The lowest id keeps the plain name; the other carries its id.
    assert.equal(appPaths[apps.indexOf(sorted[0]!)], 'apps/Same.json');
    assert.equal(appPaths[apps.indexOf(sorted[1]!)], `apps/Same (${sorted[1]}).json`);
    assert.equal(appPaths[2], 'apps/__-..-etc-passwd.json', 'no separator survives, and no leading dot');
    assert.deepEqual(syncPaths, ['write-syncs/a-b-c.json', 'write-syncs/Rocket 🚀 launch.json', 'write-syncs/_CON.json']);
    assert.equal(new Set(Object.keys(state.files).map((p) => p.toLowerCase())).size, Object.keys(state.files).length);
    for (const p of [...appPaths, ...syncPaths]) assert.ok(existsSync(join(dir, p)), p);
    assert.ok(!allFiles(dir).some((f) => !f.startsWith('.wsa/') && f.split('/').length !== 2), 'every file sits in its kind folder');
    // The same workspace pulled again elsewhere gets the same names.
    const again = rig.folder();
    await again.engine.pull({ connection: rig.connection });
    assert.deepEqual(Object.keys(((await readState(again.dir)) as FolderState).files), Object.keys(state.files));
  });

  test('a second pull fast-forwards an unedited file, keeps a local edit and turns an edit on both sides into a conflict', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const churn = await pathOf(dir, 'dashboard', rig.ids().churnDashboardId!);
    const sales = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const fact = await pathOf(dir, 'fact', rig.ids().factId!);
    const other = rig.other();
    for (const id of [rig.ids().churnDashboardId!, rig.ids().dashboardId!]) {
      const s = await other.getDashboardSource(id);
      await other.replaceDashboardSource(id, {
        source: `${s.source}// theirs\n`,
        expectedRevision: s.revision,
        expectedDataRunId: s.dataRunId,
      });
    }
    const mySales = `${readText(dir, sales)}// mine\n`;
    writeText(dir, sales, mySales);
    const myFact = readText(dir, fact).replace('"Gross margin"', '"Gross margin (mine)"');
    writeText(dir, fact, myFact);
    const before = (await readState(dir)) as FolderState;

    const report = await engine.pull();
    const outcome = (p: string) => report.files.find((f) => f.path === p)?.outcome;
    assert.equal(outcome(churn), 'updated');
    assert.match(readText(dir, churn), /\/\/ theirs\n$/);
    assert.equal(outcome(sales), 'conflict');
    assert.equal(readText(dir, sales), mySales, 'the local edit is not overwritten');
    const after = (await readState(dir)) as FolderState;
    assert.deepEqual(after.files[sales], before.files[sales], 'a conflicted file keeps its base');
    assert.notDeepEqual(after.files[churn]!.tokens, before.files[churn]!.tokens, 'a fast-forwarded file has the new base');
    assert.equal(outcome(fact), 'keptLocal');
    assert.equal(readText(dir, fact), myFact);

    const status = await engine.status();
    const state = (p: string) => status.files.find((f) => f.path === p)?.state;
    assert.equal(state(sales), 'conflict');
    assert.equal(state(fact), 'localChange');
    assert.equal(state(churn), 'unchanged');
  });

  test('line endings alone are no change, and a resource gone from the service is reported and kept', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const sales = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    writeText(dir, sales, readText(dir, sales).replace(/\n/g, '\r\n'));
    const state = (await readState(dir)) as FolderState;
    // A fact the service does not have (deleted there): the state still names it.
    const goneId = 'fact_zzzzzzzzzzzzzzzz';
    const fact = await pathOf(dir, 'fact', rig.ids().factId!);
    state.files['facts/Gone.json'] = { ...state.files[fact]!, id: goneId, name: 'Gone' };
    writeText(dir, '.wsa/state.json', JSON.stringify(state));
    writeText(dir, 'facts/Gone.json', readText(dir, fact));
    rig.emu.clearRequests();
    const status = await engine.status();
    const of = (p: string) => status.files.find((f) => f.path === p);
    assert.equal(of(sales)?.state, 'unchanged', 'CRLF against LF is no change');
    assert.equal(of('facts/Gone.json')?.state, 'goneRemote');
    assert.equal(rig.requests('PUT').length, 0);
    const report = await engine.pull();
    assert.equal(report.files.find((f) => f.path === 'facts/Gone.json')?.outcome, 'goneRemote');
    assert.ok(existsSync(join(dir, 'facts/Gone.json')), 'kept locally until the user decides');
    assert.equal(report.files.find((f) => f.path === sales)?.outcome, 'unchanged');
    assert.match(readText(dir, sales), /\r\n/, 'an unchanged file is not rewritten');
  });

  test('a fresh clone without the base texts: status and pull still know the base, from the service', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    rmSync(join(dir, '.wsa/bases.json'));
    const status = await engine.status();
    assert.deepEqual(
      status.files.filter((f) => f.state !== 'unchanged').map((f) => f.path),
      [],
    );
    const sales = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    // The service moved: the base text comes from the revision the state names.
    const other = rig.other();
    const s = await other.getDashboardSource(rig.ids().dashboardId!);
    await other.replaceDashboardSource(rig.ids().dashboardId!, {
      source: `${s.source}// theirs\n`,
      expectedRevision: s.revision,
      expectedDataRunId: s.dataRunId,
    });
    assert.equal(await engine.baseText(sales), s.source);
  });

  test('a torn pack (a crash mid-pull) is not taken for the bases and the next pull writes it again; a pull that brings nothing new does not', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const sales = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const whole = readText(dir, sales);
    const pack = join(dir, '.wsa/bases.json');
    const bytes = readFileSync(pack);
    const texts = packed(dir);
    // Half of the pack, as a crash mid-write without the rename leaves it.
    writeFileSync(pack, bytes.subarray(0, bytes.length >> 1));
    assert.equal(await engine.baseText(sales), whole, 'the base comes from the service, not from the torn pack');
    await engine.pull();
    assert.deepEqual(packed(dir), texts, 'the pack is written again, whole');
    const written = statSync(pack).mtimeMs;
    await engine.pull();
    assert.equal(statSync(pack).mtimeMs, written, 'nothing new: the pack is not rewritten');
  });

  test('the pack keeps the bases of the state before a pull (a crash before the new state is written needs them) and drops older ones', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const id = rig.ids().dashboardId!;
    const other = rig.other();
    const edit = async (line: string) => {
      const s = await other.getDashboardSource(id);
      await other.replaceDashboardSource(id, {
        source: `${s.source}${line}`,
        expectedRevision: s.revision,
        expectedDataRunId: s.dataRunId,
      });
      return s.source;
    };
    const first = await edit('// one\n');
    await engine.pull();
    assert.ok(Object.values(packed(dir)).includes(first), 'the base of the state before the pull is kept');
    const second = await edit('// two\n');
    await engine.pull();
    const texts = Object.values(packed(dir));
    assert.ok(texts.includes(second) && texts.includes(`${second}// two\n`));
    assert.ok(!texts.includes(first), 'a base neither state names is dropped');
  });

  test('a text the pack files under a hash that is not its own is never taken for the base', async () => {
    const { dir, engine } = rig.folder();
    await engine.pull({ connection: rig.connection });
    const sales = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const whole = readText(dir, sales);
    const texts = packed(dir);
    const hash = Object.keys(texts).find((h) => texts[h] === whole)!;
    writeFileSync(join(dir, '.wsa/bases.json'), JSON.stringify({ format: 1, texts: { ...texts, [hash]: 'not the base\n' } }));
    assert.equal(await engine.baseText(sales), whole);
  });

  test('pulling given ids adds only those; an id the service does not have is reported', async () => {
    const { dir, engine } = rig.folder();
    const report = await engine.pull({ connection: rig.connection, ids: [rig.ids().dashboardId!, 'fact_zzzzzzzzzzzzzzzz'] });
    const added = report.files
      .filter((f) => f.outcome === 'added')
      .map((f) => f.view)
      .sort();
    // An operation's id names its handler code and, for a dashboard, the TSX.
    assert.deepEqual(added, ['dashboard', 'operationHandler']);
    assert.equal(report.files.find((f) => f.id === 'fact_zzzzzzzzzzzzzzzz')?.outcome, 'failed');
    assert.equal(Object.keys(((await readState(dir)) as FolderState).files).length, 2);
  });
});
