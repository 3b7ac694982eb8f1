// The integration stage's two passes: which tests each runs (the Mocha grep over "describe + it"
// titles), narrowed by WSA_TEST_GREP, and WSA_TEST_STRICT leaving a pass out. Pure.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { integrationPasses } from '../harness/lib/passes';

const TITLES = [
  'Reliability: two clients saving the same resources @variants a dashboard',
  'A service that decides every open point differently (strict profile) @variants-only saves a fact',
  'Save conflicts: Compare, Merge and Overwrite keep every edit Overwrite saves your text',
  'Reliability: fault matrix @variants-long every action × every fault',
  'Reliability: soak @long 100 open/edit/save cycles',
];
const runs = (grep: string) => TITLES.filter((t) => new RegExp(grep).test(t));

describe('integration passes', () => {
  test('the default pass runs everything but @variants-only and @long; the strict pass, against --variant strict, the tagged tests but @variants-long', () => {
    const [first, second] = integrationPasses({});
    assert.deepEqual([first!.name, first!.suite, first!.variants], ['default', 'integration', []]);
    assert.deepEqual(runs(first!.grep), [TITLES[0], TITLES[2], TITLES[3]]);
    assert.deepEqual([second!.name, second!.suite, second!.variants], ['strict', 'integration-strict', ['strict']]);
    assert.deepEqual(runs(second!.grep), [TITLES[0], TITLES[1]]);
  });

  test('WSA_TEST_LONG=1 adds the long runs: @long in its passes, @variants-long in the strict pass too', () => {
    const [first, second] = integrationPasses({ WSA_TEST_LONG: '1' });
    assert.deepEqual(runs(first!.grep), [TITLES[0], TITLES[2], TITLES[3], TITLES[4]]);
    assert.deepEqual(runs(second!.grep), [TITLES[0], TITLES[1], TITLES[3]]);
  });

  test('WSA_TEST_GREP narrows both passes', () => {
    const [first, second] = integrationPasses({ WSA_TEST_GREP: 'two clients|conflicts' });
    assert.deepEqual(runs(first!.grep), [TITLES[0], TITLES[2]]);
    assert.deepEqual(runs(second!.grep), [TITLES[0]]);
    assert.deepEqual(
      runs(integrationPasses({ WSA_TEST_GREP: 'strict profile' })[0]!.grep),
      [],
      'a suite for the strict pass only stays out of the default pass',
    );
  });

  test('WSA_TEST_STRICT=0 runs the default pass alone, =only the strict pass alone', () => {
    assert.deepEqual(
      integrationPasses({ WSA_TEST_STRICT: '0' }).map((p) => p.name),
      ['default'],
    );
    assert.deepEqual(
      integrationPasses({ WSA_TEST_STRICT: 'only' }).map((p) => p.name),
      ['strict'],
    );
  });
});
