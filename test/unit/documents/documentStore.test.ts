// The decisions that keep a `wsa:` edit safe, in the document store (vscode-free): whether a
// change on the service may reload the text or must wait, and what a save's answer does to the
// document once the editor has moved on. The editor is described by plain facts; each race the
// fault matrix found has its test here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_SESSIONS, type DocumentStore } from '../../../src/documents/model/documentStore';
import { clean, content, dirty, file, harness, KEY, opened, seen, snapshot } from './documentStoreSupport';

describe('document store: changes on the service', () => {
  test('a clean editor is offered the newer text, and its base moves once VS Code reads it', () => {
    const { store } = opened();
    assert.equal(store.beforeRemoteCheck(KEY, clean('old')), undefined, 'nothing keeps it from being read again');
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'new')), clean('old')), { outcome: 'changed', announce: true });
    assert.deepEqual(seen(store), { text: 'new', base: 'revision 1', reloadPending: true });
    store.readByEditor(KEY);
    assert.deepEqual(seen(store), { text: 'new', base: 'revision 2', reloadPending: false });
  });

  test('a reload offered while the user types is withdrawn: the edit stays based on what it was made on', () => {
    const h = opened();
    h.store.serviceChanged(KEY, content(snapshot(2, 'new')), clean('old'));
    const before = h.store.sessions.get(KEY)!.mtime;
    assert.equal(h.store.editorChanged(KEY, dirty('old, mine')), true, 'the offer was withdrawn');
    assert.deepEqual(seen(h.store), { text: 'old', base: 'revision 1', reloadPending: false });
    assert.ok(h.store.sessions.get(KEY)!.mtime <= before, 'the file is as old as VS Code read it, so it does not reload');
    assert.equal(h.store.saveBase(KEY, 'old, mine', dirty('old, mine'))?.label, 'revision 1');
    assert.equal(h.restart().resume(KEY, file)?.session.base?.label, 'revision 1', 'kept across a window reload');
  });

  test('a read of the service that ends after the user typed moves nothing', () => {
    const { store } = opened();
    const mtime = store.sessions.get(KEY)!.mtime;
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'new')), dirty('old, mine')), { outcome: 'skipped', announce: false });
    assert.deepEqual(seen(store), { text: 'old', base: 'revision 1', reloadPending: false });
    assert.equal(store.sessions.get(KEY)!.mtime, mtime);
  });

  test('an unsaved edit, a held save or a write the save command confirmed keeps the service from being read again', () => {
    const { store } = opened();
    assert.equal(store.beforeRemoteCheck('wsa:/other', undefined), 'unchanged', 'no session: nothing to compare');
    assert.equal(store.beforeRemoteCheck(KEY, dirty('mine')), 'skipped');
    store.saveSucceeded(KEY, 'mine', snapshot(2, 'mine'), 'external', dirty('mine'));
    assert.equal(store.beforeRemoteCheck(KEY, dirty('mine')), 'skipped');
    assert.equal(store.beforeRemoteCheck(KEY, clean('mine')), 'skipped', 'VS Code’s write of the stored text is still to come');
    store.sessions.get(KEY)!.confirmationLapsed();
    assert.equal(store.beforeRemoteCheck(KEY, clean('mine')), undefined);
    store.autoSaveHeld(KEY, 'held');
    assert.equal(store.beforeRemoteCheck(KEY, clean('held')), 'skipped');
  });

  test('the version the file shows already changes nothing; the same text under new tokens moves only the base', () => {
    const { store } = opened();
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(1, 'old')), clean('old')), { outcome: 'unchanged', announce: false });
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'old')), clean('old')), { outcome: 'unchanged', announce: false });
    assert.deepEqual(seen(store), { text: 'old', base: 'revision 2', reloadPending: false });
  });

  test('a pending reload still counts as a change when the service is read again before VS Code read the file', () => {
    const { store } = opened();
    store.serviceChanged(KEY, content(snapshot(2, 'new')), clean('old'));
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'new')), clean('old')), { outcome: 'changed', announce: false });
  });

  test('a file nobody has open takes the newer state at once, and a new connection forgets it', () => {
    const { store } = opened();
    assert.deepEqual(store.serviceChanged(KEY, content(snapshot(2, 'new')), undefined), { outcome: 'unchanged', announce: true });
    assert.deepEqual(seen(store), { text: 'new', base: 'revision 2', reloadPending: false });
    store.loaded('wsa:/open', file, content(snapshot(1, 'x')));
    store.connectionChanged((key) => key === 'wsa:/open');
    assert.deepEqual([store.sessions.get(KEY), store.sessions.get('wsa:/open')?.text], [undefined, 'x']);
  });
});

describe('document store: a bound on the sessions of files nobody has open', () => {
  const keyOf = (i: number) => `wsa:/wksp_1/facts/fact_${i}/F${i}.json`;
  const fileOf = (i: number) => ({ ...file, view: 'fact' as const, id: `fact_${i}`, name: `F${i}` });
  const load = (store: DocumentStore, i: number) => store.loaded(keyOf(i), fileOf(i), content(snapshot(1, `text ${i}`)));

  test('past MAX_SESSIONS the oldest closed ones go, oldest first; at the bound and below nothing goes', () => {
    const { store } = harness();
    for (let i = 0; i < MAX_SESSIONS; i++) load(store, i);
    store.bound(keyOf(MAX_SESSIONS - 1), () => false);
    assert.equal(store.sessions.size, MAX_SESSIONS, 'at the bound: all kept');
    load(store, MAX_SESSIONS);
    load(store, MAX_SESSIONS + 1);
    store.bound(keyOf(MAX_SESSIONS + 1), () => false);
    assert.equal(store.sessions.size, MAX_SESSIONS);
    assert.deepEqual([store.sessions.get(keyOf(0)), store.sessions.get(keyOf(1))], [undefined, undefined], 'the two oldest went');
    assert.equal(store.sessions.get(keyOf(2))?.text, 'text 2');
    assert.equal(store.sessions.get(keyOf(MAX_SESSIONS + 1))?.text, `text ${MAX_SESSIONS + 1}`);
  });

  test('a file read again is the newest: an open, held, edited or just-read file is never dropped', () => {
    const { store } = harness();
    for (let i = 0; i < MAX_SESSIONS + 5; i++) load(store, i);
    const first = store.sessions.get(keyOf(0));
    assert.equal(load(store, 0), first, 'read again, a file keeps its session');
    store.autoSaveHeld(keyOf(1), 'held');
    store.editorChanged(keyOf(2), dirty('mine'));
    const last = MAX_SESSIONS + 5;
    load(store, last);
    store.bound(keyOf(last), (k) => k === keyOf(3));
    assert.equal(store.sessions.size, MAX_SESSIONS);
    for (const i of [0, 1, 2, 3, last]) assert.ok(store.sessions.get(keyOf(i)), `session ${i} is kept`);
    assert.equal(store.sessions.get(keyOf(4)), undefined, 'the oldest of the others went');
  });

  test('when every session must stay, the bound gives way rather than drop one', () => {
    const { store } = harness();
    for (let i = 0; i < MAX_SESSIONS + 3; i++) load(store, i);
    store.bound(keyOf(0), () => true);
    assert.equal(store.sessions.size, MAX_SESSIONS + 3);
  });
});

describe('document store: what a save’s answer does', () => {
  test('an answer after a newer edit: the base moves, the newer text stays unsaved and is not taken for saved', () => {
    const h = opened();
    h.store.autoSaveHeld(KEY, 'held');
    const effect = h.store.saveSucceeded(KEY, 'held', snapshot(2, 'held'), 'held', dirty('held, and more'));
    assert.deepEqual(effect, { effect: 'adopted', announce: false });
    assert.equal(h.store.held.get(KEY), undefined, 'the held save was sent');
    assert.equal(h.store.saveBase(KEY, 'held, and more', dirty('held, and more'))?.label, 'revision 2');
    assert.equal(h.store.sessions.get(KEY)!.confirmed, undefined, 'VS Code’s write of the newer text is a save of its own');
    assert.equal(h.restart().resume(KEY, file)?.session.base?.label, 'revision 2', 'the kept edit base moved too');
  });

  test('the save command’s answer after the user typed again: that unrelated edit keeps its base and nothing is released', () => {
    const { store } = opened();
    const effect = store.saveSucceeded(KEY, 'restored', snapshot(2, 'restored'), 'external', dirty('mine'));
    assert.deepEqual(effect, { effect: 'keptBase', announce: false });
    assert.deepEqual(seen(store), { text: 'old', base: 'revision 1', reloadPending: false });
    assert.equal(store.saveBase(KEY, 'mine', dirty('mine'))?.label, 'revision 1');
  });

  test('the save command stored what the editor holds unsaved: based on it, and VS Code’s write of it sends nothing', () => {
    const { store } = opened();
    assert.deepEqual(store.saveSucceeded(KEY, 'mine', snapshot(2, 'mine'), 'external', dirty('mine')), {
      effect: 'adopted',
      announce: false,
    });
    assert.equal(store.sessions.get(KEY)!.confirmed, 'mine');
    assert.equal(store.sessions.get(KEY)!.writeConfirmed('mine'), true);
    assert.deepEqual(seen(store), { text: 'mine', base: 'revision 2', reloadPending: false });
  });

  test('VS Code’s write completes the save command’s save only while the editor holds exactly the stored text', () => {
    const { store } = opened();
    store.saveSucceeded(KEY, 'mine', snapshot(2, 'mine'), 'external', dirty('mine'));
    assert.equal(store.awaitsEditorWrite(KEY, dirty('mine')), true);
    assert.equal(store.awaitsEditorWrite(KEY, dirty('mine, more')), false, 'typed again: that write is a new save');
    assert.equal(store.awaitsEditorWrite(KEY, clean('mine')), false, 'saved already');
    assert.equal(store.awaitsEditorWrite(KEY, undefined), false, 'closed');
    assert.equal(store.editorWriteArrived(KEY, 'mine, more'), false, 'another text is sent');
    assert.equal(store.editorWriteArrived(KEY, 'mine'), false, 'the confirmation was used up by the write before');
    store.saveSucceeded(KEY, 'mine', snapshot(3, 'mine'), 'external', dirty('mine'));
    store.confirmationLapsed(KEY);
    assert.equal(store.awaitsEditorWrite(KEY, dirty('mine')), false);
    assert.equal(store.editorWriteArrived(KEY, 'mine'), false, 'a lapsed confirmation sends the write as a save');
  });

  test('a read-back adopted: a save confirmed by reading the resource back moves the base as an answer does', () => {
    const { store } = opened();
    const readBack = { ...snapshot(5, 'mine'), label: 'revision 5 (read back)' };
    store.saveSucceeded(KEY, 'mine', readBack, 'external', dirty('mine'));
    assert.equal(store.baseOf(KEY)?.label, 'revision 5 (read back)');
  });

  test('a clean editor that shows the stored text: only the base moves, a reload on its way is dropped', () => {
    const { store } = opened();
    store.serviceChanged(KEY, content(snapshot(2, 'theirs')), clean('old'));
    assert.deepEqual(store.saveSucceeded(KEY, 'old', snapshot(3, 'old'), 'external', clean('old')), { effect: 'shown', announce: true });
    assert.deepEqual(seen(store), { text: 'old', base: 'revision 3', reloadPending: false });
  });

  test('a restore saved while the editor is clean: the file is offered the restored text', () => {
    const { store } = opened();
    const effect = store.saveSucceeded(KEY, 'restored', snapshot(2, 'restored'), 'external', clean('old'));
    assert.deepEqual(effect, { effect: 'offered', announce: true });
    assert.deepEqual(seen(store), { text: 'restored', base: 'revision 1', reloadPending: true });
    store.readByEditor(KEY);
    assert.equal(store.baseOf(KEY)?.label, 'revision 2');
  });

  test('a save of a file without a session is announced, so whoever shows it reads it again', () => {
    const { store } = opened();
    assert.deepEqual(store.saveSucceeded('wsa:/other', 'x', snapshot(2, 'x'), 'external', undefined), {
      effect: 'noSession',
      announce: true,
    });
  });

  test('VS Code’s own write stored: the file and its base are that text, and nothing stays held', () => {
    const { store } = opened();
    store.autoSaveHeld(KEY, 'held');
    store.writeSucceeded(KEY, 'mine', snapshot(2, 'mine'));
    assert.deepEqual(seen(store), { text: 'mine', base: 'revision 2', reloadPending: false });
    assert.equal(store.held.get(KEY), undefined);
  });

  test('text that is not the user’s pending edit gets no base of its own (it is saved on the latest state)', () => {
    const { store } = opened();
    assert.equal(store.saveBase(KEY, 'restored', dirty('mine')), undefined);
    assert.equal(store.saveBase(KEY, 'restored', clean('old')), undefined);
    assert.equal(store.editorBase(KEY)?.label, 'revision 1');
  });

  test('after a merge the editor’s and the held text are based on the merged state, kept across a reload', () => {
    const h = opened();
    h.store.autoSaveHeld(KEY, 'held');
    h.store.baseAdopted(KEY, snapshot(4, 'theirs'), dirty('merged'));
    assert.equal(h.store.editorBase(KEY)?.label, 'revision 4');
    assert.equal(h.store.held.get(KEY)?.base.label, 'revision 4');
    h.store.heldForgotten(KEY);
    assert.equal(h.restart().resume(KEY, file)?.session.base?.label, 'revision 4');
  });
});
