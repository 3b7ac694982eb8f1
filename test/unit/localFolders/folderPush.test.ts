// Pushing a local folder against the in-process emulator over HTTP: one PUT per changed file with
// its base tokens, the state moved to the new base; a service that moved meanwhile gets a 3-way
// merge (clean: written into the file, nothing sent) or a conflict (the file untouched, nothing
// sent); a refused file sends nothing; a lost answer is settled by reading back, never resent.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { readState, type FolderState, type LocalFolder } from '../../../src/localFolders/engine/engineApi';
import { textHash } from '../../../src/localFolders/engine/folderText';
import { pathOf, readText, startFolderRig, writeText, type FolderRig } from './folderSupport';

describe('pushing a local folder', () => {
  let rig: FolderRig;
  let dir: string;
  let engine: LocalFolder;
  const state = async () => (await readState(dir)) as FolderState;
  before(async () => {
    rig = await startFolderRig();
  });
  after(() => rig.close());
  beforeEach(async () => {
    await rig.emu.reset();
    ({ dir, engine } = rig.folder());
    await engine.pull({ connection: rig.connection });
    rig.emu.clearRequests();
  });

  /** Another actor replaces the dashboard's source through the public API. */
  async function theirEdit(id: string, edit: (source: string) => string): Promise<string> {
    const other = rig.other();
    const s = await other.getDashboardSource(id);
    const source = edit(s.source);
    await other.replaceDashboardSource(id, { source, expectedRevision: s.revision, expectedDataRunId: s.dataRunId });
    rig.emu.clearRequests();
    return source;
  }

  test('an edited dashboard is sent once with its base revision and data run, and the state moves to the new base', async () => {
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const before = (await state()).files[path]!;
    const text = `${readText(dir, path)}// edited here\n`;
    writeText(dir, path, text);
    const report = await engine.push();
    assert.deepEqual(
      report.files.filter((f) => f.outcome !== 'unchanged').map((f) => [f.path, f.outcome]),
      [[path, 'pushed']],
    );
    const puts = rig.requests('PUT');
    assert.equal(puts.length, 1);
    const body = puts[0]!.body as { expectedRevision: unknown; expectedDataRunId: unknown; source: string };
    assert.ok(before.tokens?.kind === 'dashboard');
    assert.deepEqual(body.expectedRevision, before.tokens.expectedRevision);
    assert.equal(body.expectedDataRunId, before.tokens.expectedDataRunId);
    const after = (await state()).files[path]!;
    const latest = await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!));
    assert.equal(latest.text, text);
    assert.deepEqual(after.tokens, latest.tokens, 'the state holds the tokens of the save’s answer');
    assert.notEqual(after.hash, before.hash);
    assert.equal(readText(dir, `.wsa/base/${path}`), text);
    const status = await engine.status();
    assert.equal(status.files.find((f) => f.path === path)?.state, 'unchanged');
    rig.emu.clearRequests();
    await engine.push();
    assert.equal(rig.requests('PUT').length, 0, 'a second push has nothing to send');
  });

  test('a push of three files writes the state file once, not once per file', async () => {
    const ids = rig.ids();
    const paths = await Promise.all([ids.factId!, ids.churnFactId!, ids.aovFactId!].map((id) => pathOf(dir, 'fact', id)));
    for (const path of paths) writeText(dir, path, readText(dir, path).replace(/"definition": "/, '"definition": "edited: '));
    const writes = engine.stateWrites;
    const report = await engine.push();
    assert.deepEqual(
      report.files
        .filter((f) => f.outcome === 'pushed')
        .map((f) => f.path)
        .sort(),
      [...paths].sort(),
    );
    assert.equal(engine.stateWrites - writes, 1, 'one write at the end');
    const after = await state();
    for (const path of paths) assert.equal(after.files[path]!.hash, textHash(readText(dir, path)), `${path} is recorded`);
  });

  test('a push stopped before its state was written loses nothing: the next push finds the service holds the files and only moves their bases', async () => {
    const path = await pathOf(dir, 'fact', rig.ids().factId!);
    const stateFile = join(dir, '.wsa', 'state.json');
    const old = readFileSync(stateFile, 'utf8');
    writeText(dir, path, readText(dir, path).replace(/"definition": "/, '"definition": "pushed, then stopped: '));
    await engine.push();
    // As if the push had stopped between its save and its checkpoint.
    writeFileSync(stateFile, old);
    rig.emu.clearRequests();
    const report = await engine.push();
    assert.equal(report.files.find((f) => f.path === path)?.outcome, 'unchanged');
    assert.equal(rig.requests('PUT').length, 0, 'nothing is sent again');
    assert.equal((await state()).files[path]!.hash, textHash(readText(dir, path)), 'the base moved to what the service holds');
    assert.equal((await engine.status()).files.find((f) => f.path === path)?.state, 'unchanged');
  });

  test('the service moved, the edits are apart: the clean merge is written into the file and nothing is sent', async () => {
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const base = readText(dir, path);
    const theirs = await theirEdit(rig.ids().dashboardId!, (s) => `// theirs at the top\n${s}`);
    const mine = `${base}// mine at the end\n`;
    writeText(dir, path, mine);
    const report = await engine.push({ files: [path] });
    assert.equal(report.files[0]?.outcome, 'merged');
    assert.equal(rig.requests('PUT').length, 0, 'nothing is sent with the stale token');
    assert.equal(readText(dir, path), `// theirs at the top\n${mine}`);
    assert.equal((await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!))).text, theirs, 'their edit stays');
    // The next push sends the merge, based on their revision.
    const again = await engine.push({ files: [path] });
    assert.equal(again.files[0]?.outcome, 'pushed');
    assert.equal(rig.requests('PUT').length, 1);
    assert.equal((await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!))).text, `// theirs at the top\n${mine}`);
  });

  test('the service moved and the edits overlap: a conflict, the file untouched, nothing sent', async () => {
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const base = readText(dir, path);
    // Both sides change the same line: the last one with text.
    const onLastLine = (text: string, note: string) => {
      const lines = text.split('\n');
      const i = lines.findLastIndex((l) => l.trim() !== '');
      lines[i] = `${lines[i]} // ${note}`;
      return lines.join('\n');
    };
    const theirs = await theirEdit(rig.ids().dashboardId!, (s) => onLastLine(s, 'theirs'));
    const mine = onLastLine(base, 'mine');
    writeText(dir, path, mine);
    const before = (await state()).files[path];
    const report = await engine.push();
    const result = report.files.find((f) => f.path === path)!;
    assert.equal(result.outcome, 'conflict');
    assert.equal(result.conflict?.base, base);
    assert.equal(result.conflict?.theirs, theirs);
    assert.equal(result.conflict?.mine, mine);
    assert.equal(rig.requests('PUT').length, 0);
    assert.equal(readText(dir, path), mine, 'the local text is kept exactly, no conflict markers');
    assert.deepEqual((await state()).files[path], before, 'the base does not move');
    assert.equal((await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!))).text, theirs);
  });

  test('after a hand merge of a conflict, the service’s text becomes the base and one push sends the merge; not when the service moved again', async () => {
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const base = readText(dir, path);
    const lastLine = (text: string, note: string) => text.replace(/([^\n]+)(\n*)$/, `$1 // ${note}$2`);
    const theirs = await theirEdit(rig.ids().dashboardId!, (s) => lastLine(s, 'theirs'));
    writeText(dir, path, lastLine(base, 'mine'));
    const conflict = (await engine.push({ files: [path] })).files[0]!;
    assert.equal(conflict.outcome, 'conflict');
    // The user's hand merge, written into the file (Complete Merge).
    const merged = lastLine(base, 'mine and theirs');
    writeText(dir, path, merged);
    assert.equal(await engine.adoptTheirs(path, conflict.conflict!.theirs), true);
    assert.equal(readText(dir, path), merged, 'the file is not touched');
    assert.equal(await engine.baseText(path), theirs);
    rig.emu.clearRequests();
    const pushed = (await engine.push({ files: [path] })).files[0]!;
    assert.equal(pushed.outcome, 'pushed', 'one push after the merge is enough');
    assert.equal(rig.requests('PUT').length, 1);
    assert.equal((await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!))).text, merged);

    // Merged against a text the service no longer holds: the base stays, the next push merges again.
    const again = await theirEdit(rig.ids().dashboardId!, (s) => `// theirs again\n${s}`);
    writeText(dir, path, lastLine(merged, 'more'));
    const before = (await state()).files[path];
    assert.equal(await engine.adoptTheirs(path, merged), false);
    assert.deepEqual((await state()).files[path], before);
    assert.notEqual((await engine.push({ files: [path] })).files[0]!.outcome, 'pushed');
    assert.equal((await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!))).text, again, 'nothing overwritten');
  });

  test('a race: the service moves between the check and the save, the stale PUT is refused and merged, never repeated', async () => {
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const base = readText(dir, path);
    writeText(dir, path, `${base}// mine\n`);
    // The other actor saves right after the push's first read of the dashboard.
    const racing = new (class extends (engine.constructor as typeof LocalFolder) {})({
      folder: dir,
      client: () => {
        const c = rig.client;
        return new Proxy(c, {
          get(target, prop, receiver) {
            if (prop !== 'replaceDashboardSource') return Reflect.get(target, prop, receiver) as unknown;
            return async (...args: Parameters<typeof c.replaceDashboardSource>) => {
              await theirEdit(rig.ids().dashboardId!, (s) => `// theirs\n${s}`);
              return target.replaceDashboardSource(...args);
            };
          },
        });
      },
    });
    const report = await racing.push({ files: [path] });
    assert.equal(report.files[0]?.outcome, 'merged');
    assert.equal(rig.requests('PUT').length, 1, 'the one stale PUT the service refused, not repeated');
    assert.equal(readText(dir, path), `// theirs\n${base}// mine\n`);
  });

  test('a fact whose JSON does not parse is refused at its line; nothing is sent and the file is kept', async () => {
    const path = await pathOf(dir, 'fact', rig.ids().factId!);
    const broken = readText(dir, path).replace('"Gross margin",', '"Gross margin"');
    writeText(dir, path, broken);
    const report = await engine.push();
    const result = report.files.find((f) => f.path === path)!;
    assert.equal(result.outcome, 'refused');
    const line = broken.split('\n').findIndex((l) => l.includes('"Gross margin"')) + 2;
    assert.equal(result.problems?.[0]?.severity, 'error');
    assert.ok([line - 1, line].includes(result.problems![0]!.line), `line ${result.problems![0]!.line}, expected near ${line}`);
    assert.equal(rig.requests('PUT').length, 0);
    assert.equal(readText(dir, path), broken);
  });

  test('read-only handler code and line endings alone send nothing; an edit with CRLF is sent with the service’s line endings', async () => {
    const handler = await pathOf(dir, 'operationHandler', rig.ids().inventoryOperationId!);
    writeText(dir, handler, `${readText(dir, handler)}// edited\n`);
    const sales = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const fact = await pathOf(dir, 'fact', rig.ids().factId!);
    writeText(dir, fact, readText(dir, fact).replace(/\n/g, '\r\n'));
    writeText(dir, sales, `${readText(dir, sales)}// crlf\n`.replace(/\n/g, '\r\n'));
    const report = await engine.push();
    const outcome = (p: string) => report.files.find((f) => f.path === p)?.outcome;
    assert.equal(outcome(handler), 'readOnly');
    assert.equal(outcome(fact), 'unchanged');
    assert.equal(outcome(sales), 'pushed');
    const puts = rig.requests('PUT');
    assert.equal(puts.length, 1);
    const latest = await rig.reader.snapshot(rig.file('dashboard', rig.ids().dashboardId!));
    assert.ok(!latest.text.includes('\r'), 'no CR reaches the service');
    assert.match(latest.text, /\/\/ crlf\n$/);
  });

  test('an answer lost after the save is settled by reading back: one PUT, the new base in the state', async () => {
    const path = await pathOf(dir, 'database', rig.ids().databaseId!);
    const doc = JSON.parse(readText(dir, path)) as { tables: { name: string }[] };
    doc.tables[0]!.name = 'customers_renamed';
    writeText(dir, path, `${JSON.stringify(doc, null, 2)}\n`);
    rig.emu.injectFault({ match: { method: 'PUT' }, kind: 'dropMidBody' });
    const report = await engine.push();
    const result = report.files.find((f) => f.path === path)!;
    assert.equal(result.outcome, 'pushed', JSON.stringify(result));
    assert.equal(result.confirmedBy, 'readBack');
    assert.equal(rig.requests('PUT').length, 1);
    const latest = await rig.reader.snapshot(rig.file('database', rig.ids().databaseId!));
    assert.deepEqual((await state()).files[path]!.tokens, latest.tokens);
  });

  test('a fresh clone without base texts: the base comes from the revision the state names, so the merge is still 3-way', async () => {
    rmSync(join(dir, '.wsa/bases.json'));
    rmSync(join(dir, '.wsa/base'), { recursive: true, force: true });
    const path = await pathOf(dir, 'dashboard', rig.ids().dashboardId!);
    const base = readText(dir, path);
    await theirEdit(rig.ids().dashboardId!, (s) => `// theirs at the top\n${s}`);
    writeText(dir, path, `${base}// mine at the end\n`);
    const report = await engine.push({ files: [path] });
    assert.equal(report.files[0]?.outcome, 'merged', JSON.stringify(report.files[0]));
    assert.equal(readText(dir, path), `// theirs at the top\n${base}// mine at the end\n`);
    assert.equal(rig.requests('PUT').length, 0);
  });
});
