// What the user reads when an id is not the one expected (Open Resource by ID, a pasted URL), and
// which text counts as an id at all: the refusal's literal words for each case.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertId, findIds, ID_KIND_LABELS, InvalidIdError, isIdOf, kindOfId } from '../../../src/api/ids';

const refusal = (kinds: Parameters<typeof assertId>[0], id: unknown) => {
  try {
    assertId(kinds, id);
  } catch (e) {
    assert.ok(e instanceof InvalidIdError);
    assert.equal(e.name, 'InvalidIdError');
    return e;
  }
  assert.fail(`${String(id)} was taken`);
};

describe('id refusals', () => {
  test('each names what was expected, with its article, what was given and what that is', () => {
    assert.equal(refusal('operation', 'wsyn_1').message, 'Expected an operation id (oper_…), got "wsyn_1", which is a write sync id.');
    assert.equal(refusal('fact', 'appl_1').message, 'Expected a fact id (fact_…), got "appl_1", which is an app id.');
    assert.equal(refusal('apiKey', 'oper_1').message, 'Expected an API key id (apik_…), got "oper_1", which is an operation id.');
    assert.equal(
      refusal(['database', 'application'], 'rept_1').message,
      'Expected a managed database id (dbas_…) or app id (appl_…), got "rept_1", which is a dashboard resource id.',
    );
    assert.equal(
      refusal('revision', 'rvsn_/x').message,
      'Expected a revision id (rvsn_…), got "rvsn_/x", whose part after the prefix is malformed.',
    );
    assert.equal(refusal('revision', 'nope').message, 'Expected a revision id (rvsn_…), got "nope".');
    assert.equal(refusal('revision', 42).message, 'Expected a revision id (rvsn_…), got 42.');
    const long = `zzzz_${'x'.repeat(70)}`;
    const e = refusal('workspace', long);
    assert.equal(e.message, `Expected a workspace id (wksp_…), got "${long.slice(0, 60)}…".`);
    assert.equal(e.id, long);
    assert.deepEqual(e.expected, ['workspace']);
    assert.equal(refusal('workspace', 'x'.repeat(60)).message, `Expected a workspace id (wksp_…), got "${'x'.repeat(60)}".`);
  });

  test('a good id is returned as it is', () => {
    assert.equal(assertId('fact', 'fact_1'), 'fact_1');
    assert.equal(assertId(['operation', 'database'], 'dbas_2'), 'dbas_2');
  });

  test('the labels the refusals use', () => {
    assert.deepEqual(ID_KIND_LABELS, {
      operation: 'operation',
      revision: 'revision',
      apiKey: 'API key',
      writeSync: 'write sync',
      connection: 'connection',
      fact: 'fact',
      organization: 'organization',
      user: 'user',
      database: 'managed database',
      dashboardResource: 'dashboard resource',
      dataRun: 'data run',
      application: 'app',
      workspace: 'workspace',
      dataSource: 'data source',
    });
  });
});

describe('what counts as an id', () => {
  test('the part after the prefix starts with a letter or digit and holds up to 128 of letters, digits, _ and -', () => {
    assert.ok(isIdOf('fact', `fact_${'a'.repeat(128)}`));
    assert.ok(!isIdOf('fact', `fact_${'a'.repeat(129)}`));
    assert.ok(isIdOf('fact', 'fact_a-b_C9'));
    for (const bad of ['fact_', 'fact_-a', 'fact__a', 'fact_a.b', 'fact_a b', 'xfact_a', 'FACT_a']) assert.ok(!isIdOf('fact', bad), bad);
    assert.ok(!isIdOf('fact', 7));
    assert.equal(kindOfId(`oper_${'b'.repeat(128)}`), 'operation');
    assert.equal(kindOfId(`oper_${'b'.repeat(129)}`), undefined);
    assert.equal(kindOfId('oper_'), undefined);
    assert.equal(kindOfId('zzzz_1'), undefined);
  });

  test('ids in text: whole words only, in order, malformed ones left out', () => {
    assert.deepEqual(findIds('see https://h/w/wksp_1/dashboards/oper_2?tab=x and rvsn_3.'), ['wksp_1', 'oper_2', 'rvsn_3']);
    assert.deepEqual(findIds('xoper_1 a-oper_2 _oper_3 oper_-4 (oper_5)'), ['oper_5']);
    assert.deepEqual(findIds(''), []);
  });
});
