import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertId, findIds, InvalidIdError, isIdOf, kindOfId } from '../../../src/api/ids';

describe('ids', () => {
  test('every prefix of the spec names its kind', () => {
    const cases: [string, string][] = [
      ['oper_a1', 'operation'],
      ['rvsn_a1', 'revision'],
      ['apik_a1', 'apiKey'],
      ['wsyn_a1', 'writeSync'],
      ['conn_a1', 'connection'],
      ['fact_a1', 'fact'],
      ['org_a1', 'organization'],
      ['user_a1', 'user'],
      ['dbas_a1', 'database'],
      ['rept_a1', 'dashboardResource'],
      ['oprn_a1', 'dataRun'],
      ['appl_a1', 'application'],
      ['wksp_a1', 'workspace'],
      ['data_a1', 'dataSource'],
    ];
    for (const [id, kind] of cases) assert.equal(kindOfId(id), kind, id);
  });

  test('a wrong-kind id is refused with a message naming both kinds', () => {
    assert.throws(
      () => assertId('operation', 'wsyn_123'),
      (e: unknown) => {
        assert.ok(e instanceof InvalidIdError);
        assert.equal(e.message, 'Expected an operation id (oper_…), got "wsyn_123", which is a write sync id.');
        return true;
      },
    );
  });

  test('malformed remainders, separators and traversal are refused', () => {
    for (const bad of ['oper_', 'oper_../x', 'oper_a/b', 'oper_a b', 'oper_a.b', '', 'OPER_a', `oper_${'x'.repeat(200)}`]) {
      assert.equal(isIdOf('operation', bad), false, bad);
      assert.throws(() => assertId('operation', bad), InvalidIdError);
    }
    assert.throws(() => assertId('operation', 42), /got 42/);
  });

  test('ids are found in pasted URLs, in order, without partial matches', () => {
    assert.deepEqual(findIds('https://app.example.com/w/wksp_9/dashboards/oper_abc?tab=rvsn_1'), ['wksp_9', 'oper_abc', 'rvsn_1']);
    assert.deepEqual(findIds('xoper_abc and myfact_x'), []);
    assert.deepEqual(findIds('  fact_12 '), ['fact_12']);
  });
});
