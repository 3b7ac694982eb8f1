// Every replacing write keeps what the user did not change: read, change only the name (one
// table's name for a database), save through the real SaveFlow, read again: every other field is
// as it was. Against the emulator's own choices and the profiles that change what a body may hold
// or what an answer carries. Real HTTP on loopback; the reads are raw, not through the client.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseSuccess } from '../../../src/api/client';
import { schemas } from '../../../src/api/lazySchemas';
import type { SaveResult } from '../../../src/documents/model/saveTypes';
import { caller } from '../emulator/emulatorSupport';
import { useProfile } from '../variantSupport';

const saved = (r: SaveResult) =>
  r.status === 'saved'
    ? r
    : assert.fail(`expected a save, got ${JSON.stringify(r, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`);

type Json = Record<string, unknown>;

/** `record` without the fields every save changes (and `etag`, which follows the content). */
function without(record: Json, ...fields: string[]): Json {
  const out = { ...record };
  for (const f of [...fields, 'etag']) delete out[f];
  return out;
}

const rename = (text: string, change: (doc: Json) => void) => {
  const doc = JSON.parse(text) as Json;
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
};

for (const variants of [[], ['extra-fields'], ['strict-bodies'], ['foreign-values'], ['bare'], ['strict']]) {
  describe(`a rename keeps every other field (${variants.join('+') || 'default'} profile)`, () => {
    const rig = useProfile(variants);
    const raw = async (path: string): Promise<Json> => (await caller(rig().emu)('GET', path)).json.data as Json;
    const save = (view: 'database' | 'writeSync' | 'app', id: string, change: (doc: Json) => void) => async () => {
      const f = rig().file(view, id);
      const base = await rig().reader.snapshot(f);
      return saved(await rig().save(f, rename(base.text, change), base));
    };

    test('a write sync: definition, switches and lock unchanged', async () => {
      const id = rig().ids().writeSyncId!;
      const before = await raw(`/v1/write-syncs/${id}`);
      await save('writeSync', id, (d) => (d.name = 'Renamed sync'))();
      const after = await raw(`/v1/write-syncs/${id}`);
      assert.equal(after.name, 'Renamed sync');
      assert.deepEqual(without(after, 'name', 'version', 'updatedAt'), without(before, 'name', 'version', 'updatedAt'));
    });

    test('an app: description unchanged', async () => {
      const id = rig().ids().liveAppId!;
      const before = await raw(`/v1/apps/${id}`);
      await save('app', id, (d) => (d.name = 'Renamed app'))();
      const after = await raw(`/v1/apps/${id}`);
      assert.equal(after.name, 'Renamed app');
      // The update deploys the new draft: deployment and draft are the save's own effects.
      const changing = ['name', 'draft', 'deployment', 'updatedAt'];
      assert.deepEqual(without(after, ...changing), without(before, ...changing));
    });

    test('a database definition: every other table, column and key unchanged', async () => {
      const id = rig().has('foreign-values') ? rig().ids().foreignDatabaseId! : rig().ids().inventoryDatabaseId!;
      const definitionOf = async () => {
        const history = await raw(`/v1/resources/${id}/revisions`);
        const draft = (history.draft as { revisionId: string }).revisionId;
        return (await raw(`/v1/resources/${id}/revisions/${draft}`)).value as { tables: Json[] };
      };
      const before = await definitionOf();
      await save('database', id, (d) => ((d.tables as Json[])[0]!.name = 'renamed_table'))();
      const after = await definitionOf();
      assert.equal(after.tables[0]!.name, 'renamed_table');
      assert.deepEqual(
        after.tables.map((t, i) => (i === 0 ? without(t, 'name') : t)),
        before.tables.map((t, i) => (i === 0 ? without(t, 'name') : t)),
      );
    });
  });
}

describe('a save answer is read for what the save needs only', () => {
  const ok = (data: unknown) => ({
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify({ data }),
  });
  const req = { method: 'PUT' as const, path: '/v1/x', scope: 'workspace' as const, action: 'save' };

  test('fields the save does not need may be null or of another type', () => {
    const s = schemas();
    const ws = parseSuccess(
      ok({ id: null, name: null, definition: null, version: 4, identityLocked: false, isEnabled: 'yes' }),
      s.WriteSyncSaved,
      req,
    );
    assert.equal(ws.version, 4);
    const app = parseSuccess(
      ok({ id: 'appl_1', name: 7, description: null, deployment: null, draft: { revisionId: 'rvsn_1', sequence: 2 } }),
      s.ApplicationSaved,
      req,
    );
    assert.equal(app.draft.sequence, 2);
    const dash = parseSuccess(
      ok({ dashboardId: null, source: null, resourceId: 'rept_1', revision: { revisionId: 'rvsn_1', sequence: 3 }, dataRunId: 'oprn_1' }),
      s.DashboardSourceSaved,
      req,
    );
    assert.equal(dash.revision.sequence, 3);
    const fact = parseSuccess(
      ok({ id: 'fact_1', name: 'N', type: null, key: null, organizationId: 5, definition: null, formula: 3, updatedAt: null }),
      s.Fact,
      req,
    );
    assert.deepEqual([fact.type, fact.key, fact.definition, fact.updatedAt], [null, '', null, '']);
    assert.equal(parseSuccess(ok({ revisionId: 'rvsn_1', extra: null }), s.DatabaseSaveResult, req).revisionId, 'rvsn_1');
  });

  test('a field the save needs, missing, is still an answer it cannot read', () => {
    assert.throws(() => parseSuccess(ok({ version: null, identityLocked: false }), schemas().WriteSyncSaved, req), /version/);
    assert.throws(() => parseSuccess(ok({ id: 'fact_1', name: null }), schemas().Fact, req), /name/);
  });
});
