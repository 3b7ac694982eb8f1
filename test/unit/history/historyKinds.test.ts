// Which history a caller's words name, from the registry: each kind by its name or its history's id
// kind, in any case and at a word's start; a dashboard before its operation; never a kind by the id
// kind of its files (a dashboard's is `operation`); nothing for a kind without history.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foundBySourceRead, kindHint } from '../../../src/history/model/historyKinds';

describe('the history a caller names', () => {
  test('each kind with history by its name, its history id kind, a view or a context value', () => {
    const cases: [unknown, string | undefined][] = [
      ['dashboard', 'dashboard'],
      ['Dashboard', 'dashboard'],
      ['dashboardResource', 'dashboard'],
      ['resource.dashboard.published', 'dashboard'],
      ['operation', 'operation'],
      ['operationHandler', 'operation'],
      ['operation.dashboard', 'dashboard'],
      ['database', 'database'],
      ['app', 'app'],
      ['application', 'app'],
      ['resource.apps', 'app'],
    ];
    for (const [value, kind] of cases) assert.equal(kindHint(value), kind, String(value));
  });

  test('no kind for other words, a kind without history, a word that only contains a name, or no string', () => {
    for (const value of ['', 'writeSync', 'fact', 'mapping', 'snapshot', 'predashboard', 42, undefined, null, { kind: 'app' }])
      assert.equal(kindHint(value), undefined, String(value));
  });

  test('only a dashboard’s history is found through its source read', () => {
    assert.equal(foundBySourceRead('dashboard'), true);
    for (const kind of ['operation', 'database', 'app'] as const) assert.equal(foundBySourceRead(kind), false, kind);
  });
});
