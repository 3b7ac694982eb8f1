// A fact save never clears what the user did not change, on any service the spec allows (spec §4.4:
// a replace clears every editable field omitted, and which are editable is not shown). Against the
// emulator's own choice, a service where every field of the fact table is editable (`type` too),
// one that takes only the four body fields and refuses the others, and `strict`: a rename keeps
// every other field; the refused fields are left out once and then remembered. Through the real
// client, reader and SaveFlow over real HTTP.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { schemas } from '../../../src/api/lazySchemas';
import { groupForKind, groupNode, resourceNode } from '../../../src/explorer/model/nodes';
import { present } from '../../../src/explorer/model/presentation';
import { factBodyFromText, factText } from '../../../src/kinds/fact/factDocument';
import { ResourceReader } from '../../../src/documents/model/resourceReader';
import { SaveFlow } from '../../../src/documents/model/saveFlow';
import type { SaveResult } from '../../../src/documents/model/saveTypes';
import { factProblems } from '../../../src/kinds/fact/factRules';
import { caller } from '../emulator/emulatorSupport';
import { lineOf, useProfile, validate } from '../variantSupport';

const saved = (r: SaveResult) =>
  r.status === 'saved'
    ? r
    : assert.fail(`expected a save, got ${JSON.stringify(r, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`);

/** The fact as the service holds it, without what every save changes. */
function stable(fact: Record<string, unknown>): Record<string, unknown> {
  // `etag` (extra-fields) follows the content, the name included.
  const { updatedAt: _updatedAt, name: _name, etag: _etag, ...rest } = fact;
  return rest;
}

const renamed = (text: string, name: string) => {
  const doc = JSON.parse(text) as Record<string, unknown>;
  doc.name = name;
  return `${JSON.stringify(doc, null, 2)}\n`;
};

for (const variants of [[], ['fact-all-fields'], ['fact-four-fields'], ['strict'], ['strict', 'fact-all-fields']]) {
  const label = variants.join('+') || 'default';
  const fourFields = variants.includes('fact-four-fields') || (variants.includes('strict') && !variants.includes('fact-all-fields'));
  describe(`renaming a fact on a service with the ${label} profile`, () => {
    const rig = useProfile(variants);

    /** The fact as the service holds it, read raw (not through the client's schema). */
    const rawFact = async (id: string) =>
      (await caller(rig().emu)('GET', `/v1/facts/${id}`, undefined, { workspace: null })).json.data as Record<string, unknown>;

    /** A save flow on a fresh client (a new connection: nothing remembered), with its debug log. */
    const freshFlow = () => {
      const client = rig().clientWith(rig().emu.demo.apiKey);
      const lines: string[] = [];
      const flow = new SaveFlow(() => client, new ResourceReader(() => client), {
        validate,
        log: { debug: (m) => lines.push(m), error: (m) => lines.push(m) },
      });
      const file = rig().file('fact', rig().ids().factId!, 'Gross margin');
      return {
        client,
        lines,
        file,
        reader: new ResourceReader(() => client),
        save: (text: string, base: Parameters<SaveFlow['save']>[0]['base'], leaveOut?: string[]) =>
          flow.save({ file, uri: `wsa:/${file.workspaceId}/fact/${file.id}`, text, base, ...(leaveOut ? { leaveOut } : {}) }),
      };
    };

    test('a rename keeps type, unit, aliases, metadata and every other field on the service', async () => {
      const s = freshFlow();
      const before = await rawFact(s.file.id);
      assert.equal(before.type, 'formula');
      assert.ok(before.unit !== null && before.aliases !== null && before.metadata !== null, 'the seed sets them');
      const base = await s.reader.snapshot(s.file);
      assert.equal((JSON.parse(base.text) as Record<string, unknown>).type, 'formula', 'type is in the document');
      rig().emu.clearRequests();
      const result = saved(await s.save(renamed(base.text, 'Gross margin (renamed)'), base));
      assert.equal(result.confirmedBy, 'answer');
      const after = await rawFact(s.file.id);
      assert.equal(after.name, 'Gross margin (renamed)');
      assert.deepEqual(stable(after), stable(before), 'nothing but the name changed');

      const puts = rig().requests('PUT');
      if (fourFields) {
        // Refused for the fields it does not take, then sent once more without exactly those.
        assert.deepEqual(
          puts.map((p) => p.status),
          [400, 200],
        );
        assert.deepEqual(Object.keys(puts[1]!.body as object).sort(), ['definition', 'formula', 'formulaType', 'name']);
        const logged = s.lines.find((l) => /does not take/.test(l) && /\bunit\b/.test(l));
        assert.ok(logged, `a debug line names the fields: ${s.lines.join(' | ')}`);
        assert.doesNotMatch(logged, /ratio|Finance/, 'names, never values');
      } else {
        assert.equal(puts.length, 1);
        assert.ok(Object.hasOwn(puts[0]!.body as object, 'type'), 'type is sent, so a service that replaces it keeps it');
      }

      // The next save on the same connection leaves the refused fields out from the start.
      rig().emu.clearRequests();
      const next = await s.reader.snapshot(s.file);
      saved(await s.save(renamed(next.text, 'Gross margin (again)'), next));
      assert.equal(rig().requests('PUT').length, 1, 'one PUT: the refused fields are remembered');
      assert.deepEqual(stable(await rawFact(s.file.id)), stable(before));
    });

    if (fourFields)
      test('an optional field the user changed is never dropped: the refusal is shown at its line', async () => {
        const s = freshFlow();
        const base = await s.reader.snapshot(s.file);
        const doc = JSON.parse(base.text) as Record<string, unknown>;
        doc.unit = 'percent';
        const text = `${JSON.stringify(doc, null, 2)}\n`;
        rig().emu.clearRequests();
        const result = await s.save(text, base);
        assert.equal(result.status, 'invalid');
        if (result.status !== 'invalid') return;
        assert.deepEqual(
          rig()
            .requests('PUT')
            .map((p) => p.status),
          [400],
          'not sent again without the user’s change',
        );
        const refusal = result.problems.find((p) => p.source === 'service');
        assert.equal(refusal?.line, lineOf(text, '"unit"'), 'at the field the user changed, of those the service named');
        assert.equal((await rawFact(s.file.id)).unit, 'ratio', 'nothing stored');
      });

    if (variants.includes('fact-all-fields'))
      test('an answer with type null, as a service that cleared it sends it, is a save: shown as null, no doubt', async () => {
        const call = caller(rig().emu);
        const id = rig().ids().aovFactId!;
        // Another client that knows only the spec's four body fields: this service clears the rest.
        const cleared = await call(
          'PUT',
          `/v1/facts/${id}`,
          { name: 'Average order value', formula: 'revenue / order_count' },
          { workspace: null },
        );
        assert.equal(cleared.status, 200);
        assert.equal(cleared.json.data.type, null);
        assert.equal(cleared.json.data.definition, null);
        const s = freshFlow();
        const file = rig().file('fact', id, 'Average order value');
        const base = await s.reader.snapshot(file);
        const doc = JSON.parse(base.text) as Record<string, unknown>;
        assert.equal(doc.type, null, 'the document shows what the service sent');
        assert.equal(doc.definition, null);
        doc.name = 'AOV';
        rig().emu.clearRequests();
        const flow = new SaveFlow(() => s.client, s.reader, { validate });
        const result = saved(
          await flow.save({ file, uri: `wsa:/${file.workspaceId}/fact/${id}`, text: `${JSON.stringify(doc, null, 2)}\n`, base }),
        );
        assert.equal(result.confirmedBy, 'answer', 'the answer’s nulls do not make it a maybe');
        assert.equal(rig().requests('PUT').length, 1);
        assert.equal((await rawFact(id)).name, 'AOV');
      });

    if (!fourFields)
      test('a refusal that names no field tells which fields could not be kept; saving without them is the user’s choice', async () => {
        const s = freshFlow();
        const base = await s.reader.snapshot(s.file);
        const text = renamed(base.text, 'Gross margin (renamed)');
        rig().emu.injectFault({ match: { method: 'PUT', path: `/v1/facts/${s.file.id}` }, kind: 'status', status: 400 });
        rig().emu.clearRequests();
        const result = await s.save(text, base);
        assert.equal(result.status, 'failed');
        if (result.status !== 'failed') return;
        assert.ok(result.unkept?.includes('type') && result.unkept.includes('unit'), `named: ${String(result.unkept)}`);
        assert.equal(rig().requests('PUT').length, 1, 'nothing sent again on its own');
        const before = await rawFact(s.file.id);
        // The user chose to save without them: sent without exactly those, this once.
        rig().emu.clearRequests();
        saved(await s.save(text, base, [...result.unkept!]));
        const body = rig().requests('PUT')[0]!.body as Record<string, unknown>;
        for (const f of result.unkept!) assert.ok(!Object.hasOwn(body, f), `${f} left out`);
        assert.deepEqual(s.client.factFieldsLeftOut(), [], 'not remembered: the service never said it does not take them');
        assert.equal((await rawFact(s.file.id)).name, 'Gross margin (renamed)');
        if (variants.length === 0) assert.equal((await rawFact(s.file.id)).type, before.type, 'the emulator keeps an omitted type');
      });
  });
}

describe('a fact the service answers with nulls', () => {
  // As a service that cleared the fields an older client omitted answers it.
  const answer = {
    id: 'fact_nulls',
    organizationId: 'org_1',
    ownerId: null,
    key: null,
    name: 'Average order value',
    type: null,
    definition: null,
    formula: null,
    formulaType: null,
    unit: 'USD',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
  const fact = schemas().Fact.parse(answer);

  test('the document shows each null as null, and only the optional fields the service returned', () => {
    const doc = JSON.parse(factText(fact)) as Record<string, unknown>;
    assert.deepEqual(doc, { name: 'Average order value', definition: null, formula: null, formulaType: null, type: null, unit: 'USD' });
    assert.deepEqual(
      factProblems(factText(fact)).filter((p) => p.severity === 'error'),
      [],
      'sent back as it came',
    );
    assert.deepEqual(Object.keys(factBodyFromText(factText(fact))).sort(), [
      'definition',
      'formula',
      'formulaType',
      'name',
      'type',
      'unit',
    ]);
  });

  test('type is any string or null; another type is an error at its line', () => {
    const text = (type: unknown) => `${JSON.stringify({ name: 'n', type }, null, 2)}\n`;
    assert.deepEqual(factProblems(text('threshold-rule')), []);
    const [problem] = factProblems(text(42));
    assert.deepEqual([problem?.severity, problem?.line], ['error', 3]);
  });

  test('the explorer shows it without "undefined" or a failure', () => {
    const node = resourceNode(groupNode(groupForKind('fact')), { kind: 'fact', value: fact }, false);
    const look = present(node);
    for (const text of [look.label, look.description, look.tooltip]) assert.doesNotMatch(String(text), /undefined/);
    assert.match(String(look.tooltip), /Type/);
  });
});
