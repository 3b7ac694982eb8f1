// The per-file state beside the text (vscode-free parts; the sessions themselves are in
// documentSession.test.ts): bases of unsaved editors across window reloads, and problems the
// service names by JSON pointer placed at their line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EditBases } from '../../../src/documents/model/documentStoreState';
import { locatePointer } from '../../../src/kinds/contract/jsonPointerLocation';
import type { ServerSnapshot } from '../../../src/documents/model/saveTypes';
import { holdsText, sameJson } from '../../../src/documents/model/saveFlow';

const snapshot = (sequence: number, text: string): ServerSnapshot => ({
  text,
  tokens: { kind: 'dashboard', expectedRevision: { revisionId: `rvsn_${sequence}`, sequence }, expectedDataRunId: 'oprn_1' },
  label: `revision ${sequence}`,
});

describe('bases of unsaved editors across window reloads', () => {
  /** The workspace state as VS Code keeps it: a key-value store that outlives the extension host. */
  class MemoryState {
    private readonly values = new Map<string, unknown>();
    keys = () => [...this.values.keys()];
    get = <T>(key: string, fallback?: T) => (this.values.has(key) ? (JSON.parse(JSON.stringify(this.values.get(key))) as T) : fallback);
    update = (key: string, value: unknown) => (this.values.set(key, value), Promise.resolve());
  }
  const log = { error() {} } as unknown as ConstructorParameters<typeof EditBases>[1];

  test('an unsaved edit’s base is there again after a reload, until the editor is saved or closed', () => {
    const state = new MemoryState() as unknown as ConstructorParameters<typeof EditBases>[0];
    const before = new EditBases(state, log);
    before.remember('wsa:/a', snapshot(7, 'text of 7'));
    const after = new EditBases(state, log);
    assert.equal(after.get('wsa:/a')?.label, 'revision 7');
    assert.equal(after.get('wsa:/a')?.text, 'text of 7');
    after.forget('wsa:/a');
    assert.equal(new EditBases(state, log).get('wsa:/a'), undefined);
  });
});

describe('placing and comparing saved JSON', () => {
  const text =
    '{\n  "tables": [\n    {\n      "name": "orders",\n      "columns": [\n        { "name": "id", "type": "varchar", "nullable": false }\n      ]\n    }\n  ]\n}\n';

  test('a pointer names its property’s line; a missing property falls back to its nearest parent', () => {
    assert.equal(locatePointer(text, '/tables/0/columns/0/type')?.line, 6);
    assert.equal(locatePointer(text, '/tables/0/name')?.line, 4);
    assert.equal(locatePointer(text, '/tables/0/primaryKey')?.line, 3);
    assert.equal(locatePointer('not json at all', '/tables'), undefined);
  });

  test('a lost answer counts as saved only when the service holds exactly what was sent', () => {
    assert.ok(sameJson({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] }));
    assert.ok(!sameJson({ a: [1, 2] }, { a: [2, 1] }));
    const latest = (t: string): ServerSnapshot => ({ ...snapshot(3, t), tokens: { kind: 'fact', updatedAt: 'x' } });
    const sent = { name: 'Margin', definition: 'd', unit: null };
    assert.ok(
      holdsText('fact', latest(JSON.stringify({ name: 'Margin', definition: 'd', formula: '', unit: null })), '', sent),
      'cleared fields count as cleared',
    );
    assert.ok(!holdsText('fact', latest(JSON.stringify({ name: 'Margin', definition: 'other' })), '', sent));
    assert.ok(holdsText('dashboard', snapshot(3, 'same'), 'same', 'same'));
    assert.ok(!holdsText('dashboard', snapshot(3, 'theirs'), 'mine', 'mine'));
  });
});
