// References inside a resource, rewritten through the bindings; the JSON pointer helpers they use;
// and the text a promotion saves, with the target's own values kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fieldLabel, PROMOTION_RULES, ruleOf } from '../../../src/environments/model/promotionRules';
import { promotedText, type PromotionSides } from '../../../src/environments/model/promotedText';
import { isWithin, rewriteFields, rewriteText, setAt, unboundReason, valueAt } from '../../../src/environments/model/references';
import { DocumentParseError } from '../../../src/kinds/contract/jsonDocument';

const lookupOf = (map: Record<string, string>) => (id: string) => (Object.hasOwn(map, id) ? map[id] : undefined);

describe('JSON pointers', () => {
  const doc = () => ({ a: { 'b/c': { '~d': 1 } }, e: [1], f: null as unknown });

  test('a value at a pointer, escapes included; none where a part is missing', () => {
    assert.equal(valueAt(doc(), '/a/b~1c/~0d'), 1);
    assert.deepEqual(valueAt(doc(), ''), doc());
    assert.equal(valueAt(doc(), '/a/x'), undefined);
    assert.equal(valueAt(doc(), '/f/x'), undefined);
    assert.equal(valueAt(doc(), '/e/0'), undefined, 'arrays are not walked');
    assert.equal(valueAt(doc(), '/toString'), undefined);
  });

  test('setting and removing a field; nothing where its parent is missing', () => {
    const d = doc() as Record<string, unknown>;
    setAt(d, '/a/b~1c/~0d', 2);
    assert.equal(valueAt(d, '/a/b~1c/~0d'), 2);
    setAt(d, '/a/new', 'n');
    assert.equal(valueAt(d, '/a/new'), 'n');
    setAt(d, '/a/new', undefined);
    assert.ok(!Object.hasOwn(d.a as object, 'new'));
    setAt(d, '/missing/x', 1);
    setAt(d, '/f/x', 1);
    setAt(d, '', 1);
    assert.deepEqual(d, { ...doc(), a: { 'b/c': { '~d': 2 } } });
  });

  test('within a field', () => {
    assert.ok(isWithin('/a/b', '/a'));
    assert.ok(isWithin('/a', '/a'));
    assert.ok(!isWithin('/ab', '/a'));
    assert.ok(!isWithin('/a', '/a/b'));
  });

  test('a field’s label', () => {
    assert.equal(fieldLabel('/definition/input/revisionId'), 'definition.input.revisionId');
    assert.equal(fieldLabel('/a~1b/~0c'), 'a/b.~c');
  });
});

describe('rewriting references', () => {
  test('fields: bound ids are rewritten, an unbound value of any shape is reported, a missing field is left alone', () => {
    const doc = { s: { id: 'oper_a' }, d: 'conn_x', n: 'not an id', k: 3 };
    const unbound = rewriteFields(doc, ['/s/id', '/d', '/n', '/k', '/missing'], lookupOf({ oper_a: 'oper_b' }));
    assert.deepEqual(doc, { s: { id: 'oper_b' }, d: 'conn_x', n: 'not an id', k: 3 });
    assert.deepEqual(unbound, [
      { where: 'd', id: 'conn_x' },
      { where: 'n', id: 'not an id' },
    ]);
  });

  test('text: bound ids anywhere are rewritten, whole words only; an unbound one of the kinds given is reported once', () => {
    const text = `const a = "oper_a"; // oper_a and oper_a2\nconst b = 'wsyn_q'; user_id; xoper_a; oper_a-x; fact_z`;
    const { text: out, unbound } = rewriteText(text, ['operation', 'writeSync'], lookupOf({ oper_a: 'oper_B', fact_z: 'fact_Y' }));
    assert.equal(out, `const a = "oper_B"; // oper_B and oper_a2\nconst b = 'wsyn_q'; user_id; xoper_a; oper_a-x; fact_Y`);
    assert.deepEqual(unbound, [
      { where: 'oper_a2', id: 'oper_a2' },
      { where: 'wsyn_q', id: 'wsyn_q' },
      { where: 'oper_a-x', id: 'oper_a-x' },
    ]);
    assert.deepEqual(rewriteText('oper_q oper_q', ['operation'], lookupOf({})).unbound, [{ where: 'oper_q', id: 'oper_q' }]);
    assert.deepEqual(rewriteText('user_id data_x fact_x', ['operation'], lookupOf({})), { text: 'user_id data_x fact_x', unbound: [] });
    assert.deepEqual(rewriteText(`oper_${'x'.repeat(200)}`, ['operation'], lookupOf({})).unbound, [], 'too long for an id');
  });

  test('the reason names each reference and both environments', () => {
    assert.equal(
      unboundReason(
        [
          { where: 'definition.source.resourceId', id: 'oper_a' },
          { where: 'oper_b', id: 'oper_b' },
        ],
        'dev',
        'prod',
      ),
      'it names definition.source.resourceId oper_a, oper_b of dev, bound to nothing on prod: promote or bind that first (wsa.targets.json, "bindings")',
    );
  });
});

describe('the promoted text', () => {
  const ws = (over: Record<string, unknown> = {}, definition: Record<string, unknown> = {}) =>
    `${JSON.stringify(
      {
        name: 'S',
        definition: {
          source: { resourceId: 'oper_a', object: 't', scope: 'operationOutput' },
          destination: { resourceId: 'conn_a', object: 'C', scope: 'sf' },
          input: { type: 'operation', operationId: 'oper_a', revisionId: 'rvsn_a', table: 't' },
          keyColumn: 'k',
          fields: { k: 'K' },
          ...definition,
        },
        isEnabled: true,
        automaticEnabled: false,
        $readOnly: { id: 'wsyn_a', identityLocked: false },
        ...over,
      },
      null,
      2,
    )}\n`;
  const target = ws(
    { isEnabled: false, automaticEnabled: true, $readOnly: { id: 'wsyn_b', identityLocked: false } },
    {
      source: { resourceId: 'oper_b', object: 't', scope: 'operationOutput' },
      destination: { resourceId: 'conn_b', object: 'C', scope: 'sf' },
      input: { type: 'operation', operationId: 'oper_b', revisionId: 'rvsn_b', table: 't' },
    },
  );
  const sides = (sourceText: string, targetText = target, identityLocked = false): PromotionSides => ({
    view: 'writeSync',
    sourceText,
    targetText,
    targetTokens: { kind: 'writeSync', expectedVersion: 1, identityLocked },
    from: 'dev',
    to: 'prod',
  });
  const all = lookupOf({ oper_a: 'oper_b', conn_a: 'conn_b' });

  test('the source’s fields, the references rewritten, the target’s switches, input revision and read-only group', () => {
    const p = promotedText(sides(ws({ name: 'S2' })), all);
    assert.equal(p.blocked, undefined);
    assert.deepEqual(p.kept, ['isEnabled', 'automaticEnabled', 'definition.input.revisionId']);
    assert.equal(
      p.text,
      ws({ name: 'S2' })
        .replace(/oper_a/g, 'oper_b')
        .replace('conn_a', 'conn_b')
        .replace('rvsn_a', 'rvsn_b')
        .replace('"isEnabled": true', '"isEnabled": false')
        .replace('"automaticEnabled": false', '"automaticEnabled": true')
        .replace('wsyn_a', 'wsyn_b'),
    );
  });

  test('an unbound reference blocks it and leaves the target’s text', () => {
    const p = promotedText(sides(ws()), lookupOf({ oper_a: 'oper_b' }));
    assert.equal(p.text, target);
    assert.match(p.blocked!, /^it names definition\.destination\.resourceId conn_a of dev, bound to nothing on prod/);
  });

  test('a locked target keeps its identity: those fields are no references then', () => {
    const p = promotedText(sides(ws({}, { keyColumn: 'other', fields: { other: 'O' } }), target, true), lookupOf({ oper_a: 'oper_b' }));
    assert.equal(p.blocked, undefined);
    const doc = JSON.parse(p.text);
    assert.equal(doc.definition.keyColumn, 'k');
    assert.deepEqual(doc.definition.fields, { k: 'K' });
    assert.equal(doc.definition.destination.resourceId, 'conn_b');
    assert.ok(p.kept.includes('definition.destination'));
  });

  test('an input operation that is not the target’s blocks: its revision there is not known', () => {
    const p = promotedText(sides(ws()), lookupOf({ oper_a: 'oper_c', conn_a: 'conn_b' }));
    assert.equal(p.text, target);
    assert.equal(
      p.blocked,
      'definition.input.operationId becomes "oper_c" on prod, where definition.input.revisionId is the target’s own and belongs to its definition.input.operationId of now: change that on prod first',
    );
  });

  test('a field the target lacks is not invented; one the source lacks is not sent', () => {
    const bare = `${JSON.stringify({ name: 'T', definition: JSON.parse(target).definition })}\n`;
    const p = promotedText(sides(ws(), bare), all);
    const doc = JSON.parse(p.text);
    assert.ok(!('isEnabled' in doc) && !('automaticEnabled' in doc) && !('$readOnly' in doc));
    const noName = promotedText(sides(`${JSON.stringify({ ...JSON.parse(ws()), name: undefined })}`), all);
    assert.ok(!('name' in JSON.parse(noName.text)));
  });

  test('a text saved as it is (TSX): ids rewritten, an unbound operation id blocks', () => {
    const tsx = (s: string): PromotionSides => ({
      view: 'dashboard',
      sourceText: s,
      targetText: 'target',
      targetTokens: { kind: 'dashboard', expectedRevision: { revisionId: 'rvsn_1', sequence: 1 }, expectedDataRunId: 'oprn_1' },
      from: 'dev',
      to: 'prod',
    });
    assert.deepEqual(promotedText(tsx('x oper_a user_id'), all), { text: 'x oper_b user_id', kept: [] });
    const blocked = promotedText(tsx('x oper_z'), all);
    assert.equal(blocked.text, 'target');
    assert.match(blocked.blocked!, /it names oper_z of dev/);
  });

  test('an app keeps its deployment; a text that is no document throws the kind’s parse error', () => {
    const app = (name: string) => `${JSON.stringify({ name, description: 'd', $readOnly: { id: 'appl_x' } })}\n`;
    const p = promotedText(
      {
        view: 'app',
        sourceText: app('A'),
        targetText: app('B'),
        targetTokens: { kind: 'app', expectedDraft: { revisionId: 'rvsn_1', sequence: 1 } },
        from: 'dev',
        to: 'prod',
      },
      all,
    );
    assert.deepEqual(p, {
      text: `${JSON.stringify({ name: 'A', description: 'd', $readOnly: { id: 'appl_x' } }, null, 2)}\n`,
      kept: ['deployment'],
    });
    assert.throws(() => promotedText({ ...sides('{'), view: 'writeSync' }, all), DocumentParseError);
  });

  test('each editable kind has its rule; the kinds with no references keep nothing', () => {
    assert.deepEqual(Object.keys(PROMOTION_RULES).sort(), ['app', 'dashboard', 'database', 'fact', 'writeSync']);
    assert.deepEqual(PROMOTION_RULES.fact.kept({ kind: 'fact', updatedAt: '' }), []);
    assert.deepEqual(PROMOTION_RULES.database.kept({ kind: 'database', expectedDraft: null }), []);
    assert.equal(ruleOf({ kind: 'fact', updatedAt: '' }), PROMOTION_RULES.fact);
  });
});
