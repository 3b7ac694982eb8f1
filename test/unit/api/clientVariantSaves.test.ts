// Saving against every emulator variant profile, through the vscode-free save flow as
// the extension saves: a dashboard, a database definition (a uuid column too) and a fact with one
// PUT holding only the spec's fields (strict-bodies refuses anything else), a stale token ending in
// a conflict with the latest state, the service's refusal placed at its line, a 403 explained, and
// a lost answer read back. One loop over the profiles; real HTTP on loopback.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../../src/api';
import { FACT_BODY_FIELDS, FACT_EDITABLE_FIELDS } from '../../../src/api/schemaConstants';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { SaveResult } from '../../../src/documents/model/saveTypes';
import { describeError } from '../../../src/ui/describeError';
import { PROFILES, lineOf, useProfile, validate } from '../variantSupport';

type Definition = { tables: { name: string; columns: { name: string; type: string; nullable: boolean }[]; primaryKey: string[] }[] };

const saved = (r: SaveResult) =>
  r.status === 'saved'
    ? r
    : assert.fail(`expected a save, got ${JSON.stringify(r, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`);

for (const profile of PROFILES) {
  describe(`saving to a service with the ${profile.label} profile`, () => {
    const rig = useProfile(profile.variants);

    /** The one PUT since the log was cleared: its body, after checking it was accepted. */
    const onlyPut = () => {
      const puts = rig().requests('PUT');
      assert.equal(puts.length, 1, 'one PUT');
      assert.ok(puts[0]!.status! < 300, `accepted: ${puts[0]!.status}`);
      return puts[0]!.body as Record<string, unknown>;
    };

    test('a dashboard saves with one PUT of source, expectedRevision and expectedDataRunId', async () => {
      const f = rig().file('dashboard', rig().ids().dashboardId!);
      const base = await rig().reader.snapshot(f);
      rig().emu.clearRequests();
      const result = saved(await rig().save(f, `${base.text}// edited\n`, base));
      assert.equal(result.confirmedBy, 'answer');
      const body = onlyPut();
      assert.deepEqual(Object.keys(body).sort(), ['expectedDataRunId', 'expectedRevision', 'source']);
      assert.deepEqual(Object.keys(body.expectedRevision as object).sort(), ['revisionId', 'sequence']);
      assert.equal((await rig().client.getDashboardSource(f.id)).source, `${base.text}// edited\n`);
    });

    test('a database definition saves with only the request shape; a uuid column is the service’s to judge', async () => {
      const f = rig().file('database', rig().ids().inventoryDatabaseId!);
      const base = await rig().reader.snapshot(f);
      const definition = JSON.parse(base.text) as Definition;
      definition.tables[0]!.columns.push({ name: 'external_id', type: 'uuid', nullable: true });
      const text = `${JSON.stringify(definition, null, 2)}\n`;
      rig().emu.clearRequests();
      const result = await rig().save(f, text, base);
      const put = rig().requests('PUT');
      assert.equal(put.length, 1, 'the definition left the machine: no local refusal');
      const body = put[0]!.body as { expectedDraft: object; definition: { tables: Record<string, unknown>[] } };
      assert.deepEqual(Object.keys(body).sort(), ['definition', 'expectedDraft']);
      for (const table of body.definition.tables) {
        assert.deepEqual(Object.keys(table), ['name', 'columns', 'primaryKey']);
        for (const column of table.columns as object[]) assert.deepEqual(Object.keys(column), ['name', 'type', 'nullable']);
      }
      if (rig().has('extra-fields')) {
        // The document shows what the service adds to its tables and columns; it is noted, not sent.
        assert.match(base.text, /"comment"/);
        const notes = await validate('database', text);
        assert.ok(
          notes.length > 0 && notes.every((p) => p.severity === 'info' && /not sent|service decides/.test(p.message)),
          'information only, never an error',
        );
      }
      if (rig().has('foreign-values')) {
        assert.ok(saved(result).warnings.length > 0, 'the save carries its notes to show');
        const draft = await rig().client.revisionState(f.id);
        const stored = (await rig().client.getRevision(f.id, draft.draft.revisionId)).value as Definition;
        assert.equal(stored.tables[0]!.columns.at(-1)!.type, 'uuid');
      } else {
        // A service that does not know uuid refuses it (422, or 400) at the column's type.
        assert.equal(put[0]!.status, rig().has('validation-400') ? 400 : 422);
        assert.equal(result.status, 'invalid');
        if (result.status !== 'invalid') return;
        const refusal = result.problems.find((p) => p.source === 'service');
        assert.deepEqual([refusal?.severity, refusal?.line], ['error', lineOf(text, '"uuid"')]);
      }
    });

    test('a fact saves with exactly its documented editable fields; fields the spec does not list stay read-only', async () => {
      const f = rig().file('fact', rig().ids().factId!);
      const base = await rig().reader.snapshot(f);
      const doc = JSON.parse(base.text) as Record<string, unknown>;
      if (rig().has('extra-fields'))
        assert.ok(doc.$readOnly && 'tags' in (doc.$readOnly as object), 'unknown fields shown under "$readOnly"');
      else assert.equal(doc.$readOnly, undefined);
      doc.name = 'Gross margin (renamed)';
      // An edit of a read-only field is said at its line and not sent; the rest is saved.
      if (rig().has('extra-fields')) (doc.$readOnly as Record<string, unknown>).lastEvaluatedAt = 'edited here';
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      rig().emu.clearRequests();
      const result = saved(await rig().save(f, text, base));
      const expected = rig().has('extra-fields') ? [['warning', lineOf(text, '"edited here"')]] : [];
      assert.deepEqual(
        result.warnings.map((w) => [w.severity, w.line]),
        expected,
      );
      if (rig().has('fact-four-fields')) {
        // Refused for the fields it does not take (which it therefore does not clear), then sent
        // once more without exactly those (factReplace.test.ts has the rest).
        const puts = rig().requests('PUT');
        assert.deepEqual(
          puts.map((p) => p.status),
          [400, 200],
        );
        assert.deepEqual(Object.keys(puts[0]!.body as object).sort(), [...FACT_EDITABLE_FIELDS].sort());
        assert.deepEqual(Object.keys(puts[1]!.body as object).sort(), [...FACT_BODY_FIELDS].sort());
        assert.equal((await rig().client.getFact(f.id)).name, 'Gross margin (renamed)');
        return;
      }
      const body = onlyPut();
      assert.deepEqual(Object.keys(body).sort(), [...FACT_EDITABLE_FIELDS].sort());
      assert.equal((await rig().client.getFact(f.id)).name, 'Gross margin (renamed)');
    });

    test('a stale token ends in a conflict holding the service’s latest state, the text kept', async () => {
      const ids = rig().ids();
      const colleague = rig().clientWith(rig().emu.demo.apiKey);
      const dash = rig().file('dashboard', ids.churnDashboardId!);
      const dashBase = await rig().reader.snapshot(dash);
      const current = await colleague.getDashboardSource(dash.id);
      await colleague.replaceDashboardSource(dash.id, {
        source: `${current.source}// theirs\n`,
        expectedRevision: current.revision,
        expectedDataRunId: current.dataRunId,
      });
      rig().emu.clearRequests();
      const result = await rig().save(dash, `// mine\n${dashBase.text}`, dashBase);
      assert.equal(rig().requests('PUT')[0]!.status, rig().has('conflict-412') ? 412 : 409);
      assert.equal(result.status, 'conflict');
      if (result.status !== 'conflict') return;
      assert.equal(result.conflict.mine, `// mine\n${dashBase.text}`);
      assert.equal(result.conflict.latest.text, `${current.source}// theirs\n`);
      assert.deepEqual(
        result.conflict.latest.tokens,
        (await rig().reader.snapshot(dash)).tokens,
        'the latest state, read from the service',
      );

      const db = rig().file('database', ids.databaseId!);
      const dbBase = await rig().reader.snapshot(db);
      const history = await colleague.revisionState(db.id);
      const draft = await colleague.getRevision(db.id, history.draft.revisionId);
      await colleague.saveDatabaseDefinition(db.id, { expectedDraft: history.draft, definition: draft.value as Definition });
      const dbResult = await rig().save(db, dbBase.text.replace('"orders"', '"orders_v2"'), dbBase);
      assert.equal(dbResult.status, 'conflict');
      if (dbResult.status === 'conflict') assert.deepEqual(dbResult.conflict.latest.tokens, (await rig().reader.snapshot(db)).tokens);
    });

    test('the service’s refusal is placed at its line: a TSX parse error, a definition value', async () => {
      const ids = rig().ids();
      // No local checks: what the service says is what is shown.
      const flow = new SaveFlow(() => rig().client, rig().reader);
      const dash = rig().file('dashboard', ids.dashboardId!);
      const dashBase = await rig().reader.snapshot(dash);
      const broken = `${dashBase.text}\nexport function Broken(a: number {\n  return 1;\n}\n`;
      rig().emu.clearRequests();
      const refused = await flow.save({ file: dash, uri: 'wsa:/d', text: broken, base: dashBase });
      assert.equal(rig().requests('PUT')[0]!.status, rig().has('validation-400') ? 400 : 422);
      assert.equal(refused.status, 'invalid');
      if (refused.status === 'invalid')
        assert.deepEqual([refused.problems[0]!.source, refused.problems[0]!.line], ['service', lineOf(broken, 'export function Broken')]);

      const db = rig().file('database', ids.inventoryDatabaseId!);
      const dbBase = await rig().reader.snapshot(db);
      const definition = JSON.parse(dbBase.text) as Definition;
      definition.tables[1]!.columns[0]!.type = 'no such type';
      const text = `${JSON.stringify(definition, null, 2)}\n`;
      const placed = await flow.save({ file: db, uri: 'wsa:/b', text, base: dbBase });
      assert.equal(placed.status, 'invalid');
      if (placed.status === 'invalid')
        assert.deepEqual([placed.problems[0]!.source, placed.problems[0]!.line], ['service', lineOf(text, '"no such type"')]);
    });

    test('a 403 is a forbidden save that says what is missing, the text kept', async () => {
      const readOnly = rig().clientWith(rig().emu.demo.readOnlyApiKey);
      const reader = new ResourceReader(() => readOnly);
      const flow = new SaveFlow(() => readOnly, reader);
      const f = rig().file('dashboard', rig().ids().dashboardId!, 'Revenue by region');
      const base = await reader.snapshot(f);
      const result = await flow.save({ file: f, uri: 'wsa:/f', text: `${base.text}// not allowed\n`, base });
      assert.equal(result.status, 'failed');
      if (result.status !== 'failed') return;
      assert.ok(result.error instanceof ApiError && result.error.kind === 'forbidden' && result.error.status === 403);
      const advice = describeError(result.error, 'Could not save «Revenue by region»');
      assert.match(advice.message, /403/);
      assert.match(advice.message, /dashboard write/i, advice.message);
    });

    test('a save whose answer is lost is read back, adopted and says how it was confirmed', async () => {
      const f = rig().file('fact', rig().ids().factId!);
      // A service that refuses optional fields answers the first save with that refusal: the client
      // learns it first, so that the one PUT below is the one whose answer is lost.
      if (rig().has('fact-four-fields') && rig().client.factFieldsLeftOut().length === 0) {
        const first = await rig().reader.snapshot(f);
        saved(await rig().save(f, first.text, first));
      }
      const base = await rig().reader.snapshot(f);
      const doc = JSON.parse(base.text) as Record<string, unknown>;
      doc.definition = `${String(doc.definition)} (lost answer)`;
      rig().emu.injectFault({ match: { method: 'PUT', path: `/v1/facts/${f.id}` }, kind: 'dropMidBody' });
      rig().emu.clearRequests();
      const result = saved(await rig().save(f, `${JSON.stringify(doc, null, 2)}\n`, base));
      assert.equal(result.confirmedBy, 'readBack');
      assert.equal(rig().requests('PUT').length, 1, 'never sent twice');
      assert.equal((await rig().client.getFact(f.id)).definition, doc.definition);
    });
  });
}
