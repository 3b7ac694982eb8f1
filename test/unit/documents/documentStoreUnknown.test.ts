// The document store asked about a file it never read (an editor restored before its first read, a
// save racing a close): every question gets the answer that changes nothing, and no state is made
// up for the file. vscode-free.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clean, content, dirty, harness, KEY, opened, snapshot } from './documentStoreSupport';

describe('document store: a file it never read', () => {
  test('its base, edit and confirmations are none; a change on the service is nothing to show', () => {
    const { store, errors } = harness();
    assert.equal(store.baseOf(KEY), undefined);
    assert.equal(store.editorBase(KEY), undefined);
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'theirs')), clean('old')), { outcome: 'unchanged', announce: false });
    assert.equal(store.editorWriteArrived(KEY, 'text'), false, 'no save command stored this text');
    assert.equal(store.awaitsEditorWrite(KEY, dirty('text')), false);
    assert.equal(store.editorChanged(KEY, dirty('typed')), false, 'no reload was on its way to withdraw');
    store.confirmationLapsed(KEY);
    store.readByEditor(KEY);
    store.writeSucceeded(KEY, 'text', snapshot(2, 'text'));
    assert.equal(store.sessions.get(KEY), undefined, 'nothing was made up for it');
    assert.deepEqual(errors, []);
    store.dispose();
  });

  test('a file it read: its base is the session’s, and the held save’s only once the session is gone', () => {
    const { store } = opened();
    assert.equal(store.baseOf(KEY)?.label, 'revision 1');
    assert.equal(store.editorBase(KEY)?.label, 'revision 1');
    store.autoSaveHeld(KEY, 'held');
    assert.equal(store.held.get(KEY)?.base.label, 'revision 1');
    assert.equal(store.baseOf(KEY)?.label, 'revision 1');
  });
});
