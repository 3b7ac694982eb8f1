// Pull and push of every editable kind under the emulator's `strict` profile (every variant the
// spec leaves open, at once), as under our own choices: one save per edited file, the state at the
// new base, and the service holding what the files hold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readState, type FolderState } from '../../../src/localFolders/engine/engineApi';
import type { FileView } from '../../../src/kinds/resourcePath';
import { pathOf, readText, startFolderRig, writeText, type FolderRig } from './folderSupport';

type Doc = Record<string, unknown>;

/** One harmless edit per editable kind, made in the file as a user would. */
const EDITS: { view: FileView; id: string; mark: string; edit: (text: string) => string }[] = [
  { view: 'dashboard', id: 'dashboardId', mark: '// edited in a local folder', edit: (t) => `${t}// edited in a local folder\n` },
  {
    view: 'database',
    id: 'databaseId',
    mark: 'local_note',
    edit: (t) => {
      const doc = JSON.parse(t) as { tables: { columns: unknown[] }[] };
      doc.tables[0]!.columns.push({ name: 'local_note', type: 'text', nullable: true });
      return `${JSON.stringify(doc, null, 2)}\n`;
    },
  },
  {
    view: 'fact',
    id: 'factId',
    mark: '(edited locally)',
    edit: (t) => json(t, (d) => (d.definition = `${String(d.definition)} (edited locally)`)),
  },
  { view: 'writeSync', id: 'writeSyncId', mark: '(local)', edit: (t) => json(t, (d) => (d.name = `${String(d.name)} (local)`)) },
  {
    view: 'app',
    id: 'liveAppId',
    mark: 'Edited in a local folder',
    edit: (t) => json(t, (d) => (d.description = 'Edited in a local folder')),
  },
];

function json(text: string, change: (doc: Doc) => void): string {
  const doc = JSON.parse(text) as Doc;
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

for (const variants of [['strict'], []]) {
  describe(`local folders with the emulator's ${variants[0] ?? 'default'} profile`, () => {
    let rig: FolderRig;
    before(async () => {
      rig = await startFolderRig(variants);
    });
    after(() => rig.close());

    test('pull, then push an edit of each editable kind: one save each, the new base in the state, the service holds the files', async () => {
      const { dir, engine } = rig.folder();
      const pulled = await engine.pull({ connection: rig.connection });
      assert.deepEqual(
        pulled.files.filter((f) => f.outcome !== 'added'),
        [],
      );
      // A service without list endpoints shows nothing to pull them all: the ids are pulled by name.
      const byId = await engine.pull({ ids: EDITS.map((e) => rig.ids()[e.id]!) });
      assert.deepEqual(
        byId.files.filter((f) => f.outcome !== 'added' && f.outcome !== 'unchanged'),
        [],
      );
      if (variants.includes('strict')) assert.ok(pulled.notListed.length > 0, 'the strict profile lists nothing');
      const paths = await Promise.all(EDITS.map((e) => pathOf(dir, e.view, rig.ids()[e.id]!)));
      EDITS.forEach((e, i) => writeText(dir, paths[i]!, e.edit(readText(dir, paths[i]!))));
      rig.emu.clearRequests();
      const report = await engine.push();
      const changed = report.files
        .filter((f) => f.outcome !== 'unchanged')
        .sort((a, b) => EDITS.findIndex((e) => e.view === a.view) - EDITS.findIndex((e) => e.view === b.view));
      assert.deepEqual(
        changed.map((f) => [f.view, f.outcome, f.message ?? '']),
        EDITS.map((e) => [e.view, 'pushed', '']),
      );
      // A strict service refuses the optional fact fields it does not take, storing nothing; the save
      // flow sends that fact once more without them (src/documents/model/saveFlow.ts). One stored save each.
      const stored = rig.requests('PUT').filter((r) => r.status !== null && r.status < 300);
      assert.equal(stored.length, EDITS.length, 'one stored save per edited file');
      assert.equal(new Set(stored.map((r) => r.path)).size, EDITS.length);
      const state = (await readState(dir)) as FolderState;
      for (const [i, e] of EDITS.entries()) {
        const latest = await rig.reader.read(rig.file(e.view, rig.ids()[e.id]!));
        assert.ok(latest.text.includes(e.mark), `${e.view}: the service holds the edit`);
        assert.deepEqual(state.files[paths[i]!]!.tokens, latest.snapshot?.tokens, `${e.view}: the state is at the new base`);
      }
      // A service may store more than was sent (strict adds its own keys to a definition): a pull
      // brings that, as it is now the service's text, and then both sides agree.
      await engine.pull();
      for (const [i, e] of EDITS.entries())
        assert.equal(readText(dir, paths[i]!), (await rig.reader.read(rig.file(e.view, rig.ids()[e.id]!))).text, e.view);
      const status = await engine.status();
      assert.deepEqual(
        status.files.filter((f) => f.state !== 'unchanged').map((f) => [f.path, f.state]),
        [],
      );
    });
  });
}
