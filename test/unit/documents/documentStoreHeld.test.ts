// The document store's state that outlives the window (vscode-free): held auto saves and the
// bases of editors restored with unsaved edits, what survives a restart, what expires, and that a
// malformed stored value is ignored rather than trusted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { EDIT_BASE_MAX_AGE_MS } from '../../../src/documents/model/documentStoreState';
import { clean, content, dirty, file, harness, KEY, MemoryState, opened, seen, snapshot } from './documentStoreSupport';

describe('document store: held auto saves', () => {
  test('an auto save held back: the file shows it, based on what it was an edit of, and the change is told', () => {
    const { store } = opened();
    const told: string[][] = [];
    store.held.onDidChange((uris) => told.push(uris));
    assert.equal(store.autoSaveHeld(KEY, 'held'), true);
    assert.deepEqual(seen(store), { text: 'held', base: 'revision 1', reloadPending: false });
    assert.equal(store.held.get(KEY)?.base.label, 'revision 1');
    assert.equal(store.saveBase(KEY, 'held', undefined)?.label, 'revision 1', 'its save is guarded by the base it was made on');
    assert.deepEqual(told, [[KEY]]);
  });

  test('a held auto save then a change on the service: the held text stays, on its base, for its save to meet the change', () => {
    const { store } = opened();
    store.autoSaveHeld(KEY, 'held');
    assert.equal(store.beforeRemoteCheck(KEY, clean('held')), 'skipped');
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'theirs')), clean('held')), { outcome: 'skipped', announce: false });
    assert.deepEqual(seen(store), { text: 'held', base: 'revision 1', reloadPending: false });
    assert.equal(store.baseOf(KEY)?.label, 'revision 1');
  });

  test('a held save sent while the editor shows it: released, and the file is based on what was stored', () => {
    const { store } = opened();
    store.autoSaveHeld(KEY, 'held');
    assert.deepEqual(store.saveSucceeded(KEY, 'held', snapshot(2, 'held'), 'held', clean('held')), { effect: 'shown', announce: true });
    assert.equal(store.held.size, 0);
    assert.deepEqual(seen(store), { text: 'held', base: 'revision 2', reloadPending: false });
  });

  test('a failed send keeps the text held with the reason', () => {
    const { store } = opened();
    store.autoSaveHeld(KEY, 'held');
    store.heldSendFailed(KEY, 'the service is unreachable');
    assert.deepEqual([store.held.get(KEY)?.text, store.held.get(KEY)?.lastError], ['held', 'the service is unreachable']);
  });

  test('a held save dropped: the file shows the service’s text of its base again', () => {
    const { store } = opened();
    store.autoSaveHeld(KEY, 'held');
    assert.deepEqual(store.heldDropped(KEY, true), { announce: true });
    assert.deepEqual(seen(store), { text: 'old', base: 'revision 1', reloadPending: true });
    assert.equal(store.held.get(KEY), undefined);
    assert.equal(store.heldDropped(KEY, true), undefined, 'nothing held: nothing to do');
  });

  test('a held save with nothing to hold it against is refused; one restored without a session has no text to go back to', () => {
    const h = harness();
    h.store.loaded(KEY, file, { text: 'read-only', snapshot: undefined, version: 'read-only' });
    assert.equal(h.store.autoSaveHeld(KEY, 'held'), false);
    assert.equal(h.store.held.size, 0);
    const k = opened();
    k.store.autoSaveHeld(KEY, 'held');
    assert.equal(k.restart().heldDropped(KEY, false), 'noBase');
  });

  test('a held save survives a restart: opening the file shows it on its base without reading the service', () => {
    const h = opened();
    h.store.autoSaveHeld(KEY, 'held');
    h.store.heldSendFailed(KEY, 'offline');
    const after = h.restart();
    assert.equal(after.held.get(KEY)?.lastError, 'offline');
    const resumed = after.resume(KEY, file);
    assert.deepEqual([resumed?.from, resumed?.session.text, resumed?.session.base?.label], ['held', 'held', 'revision 1']);
  });
});

describe('document store: edit bases across window reloads', () => {
  test('an unsaved edit’s base is there after a restart, until the editor is clean, saved or closed', () => {
    const h = opened();
    h.store.editorChanged(KEY, dirty('mine'));
    const resumed = h.restart().resume(KEY, file);
    assert.deepEqual([resumed?.from, resumed?.session.text, resumed?.session.base?.label], ['editBase', 'old', 'revision 1']);
    h.store.editorChanged(KEY, clean('old'));
    assert.equal(h.restart().resume(KEY, file), undefined, 'back to clean: read the service');
    h.store.editorChanged(KEY, dirty('mine'));
    h.store.editorSettled(KEY);
    assert.equal(h.restart().resume(KEY, file), undefined, 'saved or closed: read the service');
  });

  test('a clean file keeps no edit base, and a base is kept only once for the same tokens', () => {
    const h = opened();
    h.store.saveSucceeded(KEY, 'x', snapshot(2, 'x'), 'external', clean('old'));
    assert.equal(h.restart().resume(KEY, file), undefined);
    h.store.editorChanged(KEY, dirty('mine'));
    const at = JSON.stringify(h.state.values.get('workspaceAutomation.editBases'));
    h.clock.now += 1000;
    h.store.editorChanged(KEY, dirty('mine, more'));
    assert.equal(JSON.stringify(h.state.values.get('workspaceAutomation.editBases')), at, 'not stored again per keystroke');
  });

  test('an edit base of an editor never restored expires after two weeks', () => {
    const h = opened();
    h.store.editorChanged(KEY, dirty('mine'));
    h.clock.now += EDIT_BASE_MAX_AGE_MS - 1;
    assert.ok(h.restart().resume(KEY, file), 'still kept just before');
    h.clock.now += 1;
    assert.equal(h.restart().resume(KEY, file), undefined);
  });

  test('malformed stored values are ignored, the well-formed ones kept', () => {
    const good = snapshot(3, 'good');
    const held = { uri: KEY, text: 'held', base: good, heldAt: 1 };
    const state = new MemoryState();
    state.values.set('workspaceAutomation.heldSaves', [
      null,
      7,
      { ...held, uri: 5 },
      { ...held, uri: 'wsa:/no-tokens', base: { text: 'x', tokens: null } },
      { ...held, uri: 'wsa:/no-time', heldAt: 'now' },
      held,
    ]);
    state.values.set('workspaceAutomation.editBases', {
      a: null,
      b: { at: 'yesterday', base: good },
      c: { at: Date.UTC(2026, 10, 25), base: { text: 1, tokens: good.tokens } },
      d: { at: Date.UTC(2026, 10, 25), base: good },
    });
    const { store } = harness(state);
    assert.deepEqual(
      store.held.all().map((h) => h.uri),
      [KEY],
    );
    assert.deepEqual(
      ['a', 'b', 'c', 'd'].map((k) => store.resume(k, file) !== undefined),
      [false, false, false, true],
    );
    for (const junk of ['not a list', { [KEY]: held }, null]) {
      const s = new MemoryState();
      s.values.set('workspaceAutomation.heldSaves', junk);
      s.values.set('workspaceAutomation.editBases', [junk]);
      const h = harness(s);
      assert.deepEqual([h.store.held.size, h.store.resume('0', file)], [0, undefined], JSON.stringify(junk));
    }
  });

  test('a workspace state that cannot be written is logged without the text, and the edit goes on', async () => {
    const h = opened();
    h.state.failing = 'throw';
    assert.equal(h.store.autoSaveHeld(KEY, 'secret text'), true);
    h.state.failing = 'reject';
    h.store.editorChanged(KEY, dirty('secret text'));
    await Promise.resolve();
    assert.equal(h.errors.length, 2);
    assert.ok(
      h.errors.every((e) => e.includes('disk full') && !e.includes('secret text')),
      h.errors.join('\n'),
    );
    assert.equal(h.store.held.get(KEY)?.text, 'secret text');
  });
});
