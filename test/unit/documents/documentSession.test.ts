// A `wsa:` document's session and its named transitions (vscode-free): what the editor is based on
// moves only when the user's text really became an edit of a newer state, and the mtime VS Code
// compares moves exactly when the file's text changes, so VS Code never shows a "file is newer"
// prompt beside ours and never misses a reload.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DocumentSessions, type DocumentSession } from '../../../src/documents/model/documentSession';
import type { ResourceFile } from '../../../src/kinds/resourcePath';
import { tokensKey } from '../../../src/documents/model/resourceReader';
import type { ServerSnapshot } from '../../../src/documents/model/saveTypes';

const file: ResourceFile = { workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_1', name: 'Sales' };
const snapshot = (sequence: number, text: string, dataRun = 'oprn_1'): ServerSnapshot => ({
  text,
  tokens: { kind: 'dashboard', expectedRevision: { revisionId: `rvsn_${sequence}`, sequence }, expectedDataRunId: dataRun },
  label: `revision ${sequence}`,
});
const content = (s: ServerSnapshot) => ({ text: s.text, snapshot: s, version: tokensKey(s.tokens) });

function opened(text = 'old', sessions = new DocumentSessions()): DocumentSession {
  const base = snapshot(1, text);
  return sessions.opened('wsa:/a', file, { text, base, version: tokensKey(base.tokens) });
}

/** What VS Code sees of the file, and what the next save is based on. */
const seen = (s: DocumentSession) => ({ text: s.text, base: s.base?.label, reloadPending: s.reloadPending });

describe('document sessions', () => {
  test('the mtime moves forward on every change of the text, never back, even within one millisecond, across sessions', () => {
    const sessions = new DocumentSessions();
    const a = opened('a', sessions);
    const mtimes = [a.mtime];
    for (let i = 0; i < 50; i++) {
      a.held(`a${i}`);
      mtimes.push(a.mtime);
    }
    mtimes.push(sessions.opened('wsa:/b', file, { text: 'b', base: undefined, version: 'b' }).mtime);
    for (let i = 1; i < mtimes.length; i++) assert.ok(mtimes[i]! > mtimes[i - 1]!, `mtime ${i} moved forward`);
  });

  test('a newer state offered to an open editor becomes its base only once VS Code reads it', () => {
    const s = opened();
    const before = s.mtime;
    assert.equal(s.offered(content(snapshot(2, 'new')), true), true, 'the file changed: VS Code is told');
    assert.deepEqual(seen(s), { text: 'new', base: 'revision 1', reloadPending: true });
    assert.ok(s.mtime > before, 'a newer mtime, so VS Code reloads the clean editor');
    s.reloadRead();
    assert.deepEqual(seen(s), { text: 'new', base: 'revision 2', reloadPending: false });
  });

  test('a fresh read after the editor closed with a reload pending is what the file is based on, not the older offer', () => {
    const s = opened();
    s.offered(content(snapshot(2, 'newer')), true);
    s.loaded(content(snapshot(3, 'newest')));
    assert.deepEqual(seen(s), { text: 'newest', base: 'revision 3', reloadPending: false });
    s.reloadRead();
    assert.deepEqual(
      seen(s),
      { text: 'newest', base: 'revision 3', reloadPending: false },
      'VS Code reading the file later moves nothing back',
    );
  });

  test('an edit before the reload is read keeps the old base, and the file shows what the edit was made on', () => {
    const s = opened();
    const before = s.mtime;
    s.offered(content(snapshot(2, 'newer')), true);
    s.offered(content(snapshot(3, 'newest')), true);
    assert.equal(s.edited(), true, 'a pending reload was withdrawn');
    assert.deepEqual(seen(s), { text: 'old', base: 'revision 1', reloadPending: false });
    assert.equal(s.mtime, before, 'text and mtime back to what the editor was loaded from, past both offers');
    assert.equal(s.edited(), false, 'typing on withdraws nothing more');
    s.reloadRead();
    assert.equal(s.base?.label, 'revision 1', 'a later read does not bring the withdrawn state back');
  });

  test('a new data run under the same text moves only the base: no reload, no new mtime', () => {
    const s = opened('same');
    const before = s.mtime;
    assert.equal(s.offered(content(snapshot(1, 'same', 'oprn_2')), true), false);
    assert.equal(s.mtime, before);
    assert.equal(s.version, tokensKey(snapshot(1, 'same', 'oprn_2').tokens));

    // While a reload is on its way, the newer tokens go with it and arrive when it is read.
    s.offered(content(snapshot(2, 'new')), true);
    s.offered(content(snapshot(2, 'new', 'oprn_3')), true);
    assert.equal(
      s.latestVersion,
      tokensKey(snapshot(2, 'new', 'oprn_3').tokens),
      'a refresh compares with what the editor is about to show',
    );
    assert.equal(s.base?.label, 'revision 1');
    s.reloadRead();
    assert.equal(s.version, tokensKey(snapshot(2, 'new', 'oprn_3').tokens));
  });

  test('a file nobody has open takes the newer state at once', () => {
    const s = opened();
    const before = s.mtime;
    assert.equal(s.offered(content(snapshot(2, 'new')), false), true);
    assert.deepEqual(seen(s), { text: 'new', base: 'revision 2', reloadPending: false });
    assert.ok(s.mtime > before);
  });

  test('reading the service again for a closed file advances the mtime only when the text changed', () => {
    const s = opened('same');
    const before = s.mtime;
    s.loaded(content(snapshot(2, 'same')));
    assert.equal(s.mtime, before, 'same text under a new revision: VS Code sees no change');
    assert.equal(s.base?.label, 'revision 2');
    s.loaded(content(snapshot(3, 'other')));
    assert.ok(s.mtime > before);
    assert.deepEqual(seen(s), { text: 'other', base: 'revision 3', reloadPending: false });
  });

  test('a save moves the base, and advances the mtime only when the file’s text changed', () => {
    const s = opened();
    let before = s.mtime;
    // VS Code wrote the editor's text, and the service stored it.
    s.written('mine', snapshot(2, 'mine'));
    assert.deepEqual(seen(s), { text: 'mine', base: 'revision 2', reloadPending: false });
    assert.ok(s.mtime > before, 'VS Code wrote the file');

    // A held save sent while the clean editor shows that text already.
    before = s.mtime;
    s.storedAsShown('mine', snapshot(3, 'mine'));
    assert.deepEqual(seen(s), { text: 'mine', base: 'revision 3', reloadPending: false });
    assert.equal(s.mtime, before, 'nothing for VS Code to reload');

    // A merge: the editor's unsaved text is now an edit of the latest state; the file is untouched.
    s.adopted(snapshot(4, 'theirs'));
    assert.deepEqual([s.text, s.base?.label, s.mtime], ['mine', 'revision 4', before]);
  });

  test('the save command’s text is written by VS Code without a second save, once', () => {
    const s = opened();
    s.adopted(snapshot(2, 'mine'));
    s.confirmedBySaveCommand('mine');
    const before = s.mtime;
    assert.equal(s.writeConfirmed('mine'), true, 'the write completes the stored save');
    assert.deepEqual([s.text, s.confirmed], ['mine', undefined]);
    assert.ok(s.mtime > before);
    assert.equal(s.writeConfirmed('mine'), false, 'a second write of it is a save of its own');

    s.confirmedBySaveCommand('mine');
    assert.equal(s.writeConfirmed('mine, edited again'), false, 'other text is a new edit');
    assert.equal(s.confirmed, undefined, 'and the confirmation is used up');

    s.confirmedBySaveCommand('mine');
    s.confirmationLapsed();
    assert.equal(s.confirmed, undefined);
  });

  test('a held auto save shows the held text, and a discarded one shows the service’s text again', () => {
    const s = opened('server');
    s.held('held text');
    assert.deepEqual(seen(s), { text: 'held text', base: 'revision 1', reloadPending: false });
    const before = s.mtime;
    assert.equal(s.heldDiscarded(true), true, 'VS Code is told the file changed');
    assert.equal(s.text, 'server');
    assert.ok(s.mtime > before, 'the editor reloads');
    s.reloadRead();
    assert.deepEqual(seen(s), { text: 'server', base: 'revision 1', reloadPending: false });

    const readOnly = new DocumentSessions().opened(
      'wsa:/op',
      { ...file, view: 'operation' },
      { text: 'op', base: undefined, version: 'op' },
    );
    assert.equal(readOnly.heldDiscarded(true), false, 'without a base there is nothing to go back to');
  });

  test('a change of connection drops the sessions nobody has open', () => {
    const sessions = new DocumentSessions();
    opened('a', sessions);
    sessions.opened('wsa:/b', file, { text: 'b', base: undefined, version: 'b' });
    sessions.prune((s) => s.key === 'wsa:/b');
    assert.deepEqual([sessions.get('wsa:/a'), sessions.get('wsa:/b')?.text], [undefined, 'b']);
  });
});
