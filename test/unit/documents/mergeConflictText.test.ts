import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareTitle, conflictPrompt, markersMessage, mergeEditorMessage } from '../../../src/documents/conflicts/conflictText';
import type { SaveConflict, ServerSnapshot } from '../../../src/documents/model/saveTypes';

const snapshot = (over: Partial<ServerSnapshot>): ServerSnapshot => ({
  text: '',
  tokens: { kind: 'dashboard', expectedRevision: { revisionId: 'rvsn_1', sequence: 13 }, expectedDataRunId: 'oprn_1' },
  label: 'revision 13',
  ...over,
});

const conflict = (latest: Partial<ServerSnapshot>): SaveConflict => ({
  file: { workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_1', name: 'Sales Overview' },
  uri: 'wsa:/wksp_1/dashboards/oper_1/Sales%20Overview.tsx',
  base: snapshot({}),
  latest: snapshot(latest),
  mine: 'x',
});

describe('what the conflict flow says', () => {
  test('the notification names the resource, who changed it and the revision, and says the text is kept', () => {
    assert.equal(
      conflictPrompt(conflict({ label: 'revision 14', actor: 'apik_public1' })),
      '«Sales Overview» was changed on the service by apik_public1 (now revision 14) while you edited it. Your text is kept in the editor.',
    );
  });

  test('without a known actor, and for a fact’s update time', () => {
    assert.equal(
      conflictPrompt(conflict({ label: 'revision 14' })),
      '«Sales Overview» was changed on the service (now revision 14) while you edited it. Your text is kept in the editor.',
    );
    assert.match(
      conflictPrompt(conflict({ label: 'updated 2026-11-22 10:00 UTC' })),
      /on the service \(updated 2026-11-22 10:00 UTC\) while/,
    );
  });

  test('the compare title puts the service left and yours right', () => {
    assert.equal(compareTitle(conflict({ label: 'revision 14' })), '«Sales Overview»: Service (revision 14) ↔ Yours');
  });

  test('merge messages count the conflicts', () => {
    assert.match(mergeEditorMessage(conflict({}), 1), /has 1 conflicting change\./);
    assert.match(mergeEditorMessage(conflict({}), 3), /has 3 conflicting changes\./);
    assert.match(markersMessage(conflict({}), 2), /2 conflicts are marked/);
  });
});
