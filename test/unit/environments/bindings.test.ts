// The bindings of wsa.targets.json, read as untrusted input: every shape at its boundary, and the
// file written back with only "bindings" changed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BindingsError,
  bindingsFileText,
  boundSourceOf,
  isEnvironmentName,
  lookupBinding,
  MAX_BINDINGS,
  MAX_REVISION_LENGTH,
  parseBindings,
  withBinding,
} from '../../../src/environments/model/bindings';

const b = (targetId: string, sourceRevision: string | null = null, targetRevision: string | null = null) => ({
  targetId,
  sourceRevision,
  targetRevision,
});

const fails = (value: unknown, message: RegExp) =>
  assert.throws(
    () => parseBindings(value),
    (e: unknown) => e instanceof BindingsError && message.test(e.message),
  );

describe('parsing bindings', () => {
  test('absent, empty and zero bindings are no bindings', () => {
    assert.deepEqual(parseBindings(undefined), {});
    assert.deepEqual(parseBindings({}), {});
    assert.deepEqual(parseBindings({ dev: {} }), { dev: {} });
    assert.deepEqual(parseBindings({ dev: { prod: {} } }), { dev: { prod: {} } });
  });

  test('one binding, with or without revisions', () => {
    assert.deepEqual(parseBindings({ dev: { prod: { oper_a1: { targetId: 'oper_b1', sourceRevision: 's', targetRevision: 't' } } } }), {
      dev: { prod: { oper_a1: b('oper_b1', 's', 't') } },
    });
    assert.deepEqual(parseBindings({ dev: { prod: { fact_a: { targetId: 'fact_b' } } } }), { dev: { prod: { fact_a: b('fact_b') } } });
    assert.deepEqual(parseBindings({ dev: { prod: { fact_a: { targetId: 'fact_b', sourceRevision: null, targetRevision: null } } } }), {
      dev: { prod: { fact_a: b('fact_b') } },
    });
  });

  test('many bindings over several pairs of environments', () => {
    const parsed = parseBindings({
      dev: { prod: { fact_a: { targetId: 'fact_b' }, wsyn_a: { targetId: 'wsyn_b' } }, 'stage-1.eu': { fact_a: { targetId: 'fact_c' } } },
      stage_2: { prod: { conn_x: { targetId: 'conn_x' } } },
    });
    assert.equal(lookupBinding(parsed, 'dev', 'prod', 'wsyn_a')?.targetId, 'wsyn_b');
    assert.equal(lookupBinding(parsed, 'dev', 'stage-1.eu', 'fact_a')?.targetId, 'fact_c');
    assert.equal(lookupBinding(parsed, 'stage_2', 'prod', 'conn_x')?.targetId, 'conn_x', 'one id on both sides is a binding too');
  });

  test('exactly the bound holds; one more is refused', () => {
    const entries = (n: number, from = 0) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`fact_s${i + from}`, { targetId: `fact_t${i + from}` }]));
    const half = MAX_BINDINGS / 2;
    const atBound = parseBindings({ dev: { prod: entries(half) }, qa: { prod: entries(half, half) } });
    assert.equal(Object.keys(atBound.qa!.prod!).length, half);
    fails({ dev: { prod: entries(half) }, qa: { prod: entries(half + 1, half) } }, new RegExp(`holds more than ${MAX_BINDINGS} bindings`));
  });

  test('something other than an object, at each level', () => {
    for (const v of [null, [], 'x', 3, true]) {
      fails(v, /^wsa\.targets\.json: bindings must be an object of environments\.$/);
      fails({ dev: v }, /^wsa\.targets\.json: bindings\.dev must be an object of target environments\.$/);
      fails({ dev: { prod: v } }, /^wsa\.targets\.json: bindings\.dev\.prod must be an object of source ids\.$/);
      fails({ dev: { prod: { fact_a: v } } }, /^wsa\.targets\.json: bindings\.dev\.prod\["fact_a"\] must be an object with "targetId"\.$/);
    }
  });

  test('environment names', () => {
    for (const name of ['dev', 'Prod-2', 'a', 'eu.west_1', 'x'.repeat(64)]) assert.ok(isEnvironmentName(name), name);
    for (const name of ['', '-dev', '.x', '_x', '__proto__', 'a b', 'a/b', 'x'.repeat(65), 3, null])
      assert.ok(!isEnvironmentName(name), String(name));
    fails({ 'bad name': {} }, /^wsa\.targets\.json: bindings\.bad name is not an environment name/);
    fails({ dev: { '': {} } }, /^wsa\.targets\.json: bindings\.dev\. is not an environment name/);
  });

  test('ids: malformed, unknown prefixes, and the kinds of the two sides', () => {
    fails({ dev: { prod: { nope: { targetId: 'fact_b' } } } }, /bindings\.dev\.prod\["nope"\] is not an id of the service\.$/);
    fails({ dev: { prod: { 'fact_a/../x': { targetId: 'fact_b' } } } }, /is not an id of the service/);
    fails({ dev: { prod: { fact_a: { targetId: 'fact_' } } } }, /\["fact_a"\]\.targetId must be an id of the service, got "fact_"\.$/);
    fails({ dev: { prod: { fact_a: { targetId: 7 } } } }, /targetId must be an id of the service, got "7"/);
    fails(
      { dev: { prod: { fact_a: {} } } },
      /targetId must be an id of the service, got "undefined"|targetId must be an id of the service/,
    );
    fails(
      { dev: { prod: { fact_a: { targetId: 'wsyn_b' } } } },
      /\["fact_a"\]\.targetId is a write sync id \(wsyn_…\), but its source is a fact id \(fact_…\): a binding joins two resources of one kind\.$/,
    );
    fails(
      { dev: { prod: { fact_a: { targetId: `fact_${'x'.repeat(200)}` } } } },
      /targetId must be an id of the service, got "fact_x{55}…"/,
    );
  });

  test('revisions and unknown fields', () => {
    fails(
      { dev: { prod: { fact_a: { targetId: 'fact_b', sourceRevision: 1 } } } },
      /\.sourceRevision must be null or a string of 1 to 200 characters\.$/,
    );
    fails({ dev: { prod: { fact_a: { targetId: 'fact_b', targetRevision: '' } } } }, /\.targetRevision must be null or a string/);
    fails(
      { dev: { prod: { fact_a: { targetId: 'fact_b', targetRevision: 'x'.repeat(MAX_REVISION_LENGTH + 1) } } } },
      /\.targetRevision must be/,
    );
    assert.equal(
      parseBindings({ dev: { prod: { fact_a: { targetId: 'fact_b', targetRevision: 'x'.repeat(MAX_REVISION_LENGTH) } } } }).dev!.prod!
        .fact_a!.targetRevision!.length,
      MAX_REVISION_LENGTH,
    );
    fails({ dev: { prod: { fact_a: { targetId: 'fact_b', targetID: 'fact_c' } } } }, /has "targetID", which a binding does not take/);
  });

  test('one target bound from two sources is refused', () => {
    fails(
      { dev: { prod: { fact_a: { targetId: 'fact_t' }, fact_b: { targetId: 'fact_t' } } } },
      /\["fact_b"\] binds fact_t, which fact_a is bound to already: one target has one source\.$/,
    );
    // Each pair of environments on its own.
    assert.ok(parseBindings({ dev: { prod: { fact_a: { targetId: 'fact_t' } }, qa: { fact_b: { targetId: 'fact_t' } } } }));
  });
});

describe('looking bindings up and changing them', () => {
  const bindings = parseBindings({ dev: { prod: { fact_a: { targetId: 'fact_b', sourceRevision: 's', targetRevision: 't' } } } });

  test('a lookup is by source id and pair of environments', () => {
    assert.deepEqual(lookupBinding(bindings, 'dev', 'prod', 'fact_a'), b('fact_b', 's', 't'));
    assert.equal(lookupBinding(bindings, 'dev', 'prod', 'fact_b'), undefined);
    assert.equal(lookupBinding(bindings, 'prod', 'dev', 'fact_a'), undefined);
    assert.equal(lookupBinding(bindings, 'dev', 'qa', 'fact_a'), undefined);
    assert.equal(lookupBinding(bindings, 'qa', 'prod', 'fact_a'), undefined);
    assert.equal(lookupBinding(bindings, 'dev', 'prod', 'toString'), undefined, 'no inherited property is a binding');
    assert.equal(boundSourceOf(bindings, 'dev', 'prod', 'fact_b'), 'fact_a');
    assert.equal(boundSourceOf(bindings, 'dev', 'prod', 'fact_a'), undefined);
    assert.equal(boundSourceOf(bindings, 'dev', 'qa', 'fact_b'), undefined);
  });

  test('withBinding returns new bindings and leaves the given ones as they were', () => {
    const copy = structuredClone(bindings);
    const next = withBinding(bindings, 'dev', 'prod', 'fact_c', b('fact_d', 'x', 'y'));
    assert.deepEqual(bindings, copy);
    assert.deepEqual(next, { dev: { prod: { fact_a: b('fact_b', 's', 't'), fact_c: b('fact_d', 'x', 'y') } } });
    assert.deepEqual(withBinding(bindings, 'dev', 'prod', 'fact_a', b('fact_e')), { dev: { prod: { fact_a: b('fact_e') } } });
    assert.deepEqual(withBinding({}, 'qa', 'prod', 'fact_a', b('fact_b')), { qa: { prod: { fact_a: b('fact_b') } } });
    assert.deepEqual(withBinding(bindings, 'dev', 'qa', 'fact_a', b('fact_b')), {
      dev: { prod: { fact_a: b('fact_b', 's', 't') }, qa: { fact_a: b('fact_b') } },
    });
    // A target bound from another source moves to the new one.
    assert.deepEqual(withBinding(bindings, 'dev', 'prod', 'fact_z', b('fact_b')), { dev: { prod: { fact_z: b('fact_b') } } });
    // Only the binding's own fields are kept.
    assert.deepEqual(withBinding({}, 'dev', 'prod', 'fact_a', { ...b('fact_b'), extra: 1 } as never).dev!.prod!.fact_a, b('fact_b'));
  });

  test('withBinding refuses names and ids a file could not hold', () => {
    assert.throws(() => withBinding({}, 'bad name', 'prod', 'fact_a', b('fact_b')), BindingsError);
    assert.throws(() => withBinding({}, 'dev', '', 'fact_a', b('fact_b')), BindingsError);
    assert.throws(() => withBinding({}, 'dev', 'prod', 'nope', b('fact_b')), /"nope" cannot be bound to "fact_b"/);
    assert.throws(() => withBinding({}, 'dev', 'prod', 'fact_a', b('wsyn_b')), /a binding joins two ids of one kind/);
  });
});

describe('writing the bindings into wsa.targets.json', () => {
  const bindings = withBinding(withBinding({}, 'dev', 'prod', 'fact_z', b('fact_y')), 'dev', 'prod', 'fact_a', b('fact_b', 's', null));

  test('only "bindings" changes; the other keys keep their order and values; sorted ids; two spaces and a final newline', () => {
    const original = '{"version": 1, "bindings": {"old": {}}, "targets": {"prod": {"url": "https://x"}},\n"z": [1, 2]}';
    const text = bindingsFileText(original, bindings);
    assert.equal(
      text,
      `${JSON.stringify(
        {
          version: 1,
          bindings: { dev: { prod: { fact_a: b('fact_b', 's', null), fact_z: b('fact_y') } } },
          targets: { prod: { url: 'https://x' } },
          z: [1, 2],
        },
        null,
        2,
      )}\n`,
    );
    assert.deepEqual(parseBindings(JSON.parse(text).bindings), bindings);
  });

  test('a file without bindings gets them last; an empty file is an empty object', () => {
    assert.equal(bindingsFileText('{"targets": {}}', {}), '{\n  "targets": {},\n  "bindings": {}\n}\n');
    assert.equal(bindingsFileText('', {}), '{\n  "bindings": {}\n}\n');
    assert.equal(bindingsFileText(' \n', {}), '{\n  "bindings": {}\n}\n');
    const sorted = bindingsFileText('{}', { qa: {}, dev: { prod: {}, b: {} } });
    assert.deepEqual(Object.keys(JSON.parse(sorted).bindings), ['dev', 'qa']);
    assert.deepEqual(Object.keys(JSON.parse(sorted).bindings.dev), ['b', 'prod']);
  });

  test('a file that is no JSON object is refused, not overwritten', () => {
    assert.throws(
      () => bindingsFileText('{"a": ', {}),
      (e: unknown) => e instanceof BindingsError && /^wsa\.targets\.json is not valid JSON: /.test(e.message),
    );
    for (const t of ['[]', '3', 'null', '"x"'])
      assert.throws(
        () => bindingsFileText(t, {}),
        (e: unknown) => e instanceof BindingsError && e.message === 'wsa.targets.json must hold a JSON object.',
      );
  });
});
