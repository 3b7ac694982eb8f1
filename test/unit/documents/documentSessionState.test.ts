// What a `wsa:` document's session tells the rest of the extension: an mtime on the wall clock
// (VS Code shows it as the file's time), the version the file shows or is about to show, the text
// the save command stored, and when the service was last read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DocumentSessions } from '../../../src/documents/model/documentSession';
import type { ResourceFile } from '../../../src/kinds/resourcePath';
import { tokensKey } from '../../../src/documents/model/resourceReader';
import type { ServerSnapshot } from '../../../src/documents/model/saveTypes';

const file: ResourceFile = { workspaceId: 'wksp_1', view: 'dashboard', id: 'oper_1', name: 'Sales' };
const snapshot = (sequence: number, text: string): ServerSnapshot => ({
  text,
  tokens: { kind: 'dashboard', expectedRevision: { revisionId: `rvsn_${sequence}`, sequence }, expectedDataRunId: 'oprn_1' },
  label: `revision ${sequence}`,
});
const content = (s: ServerSnapshot) => ({ text: s.text, snapshot: s, version: tokensKey(s.tokens) });
const open = (sessions = new DocumentSessions()) => {
  const base = snapshot(1, 'old');
  return sessions.opened('wsa:/a', file, { text: 'old', base, version: tokensKey(base.tokens) });
};

describe('document session state', () => {
  test('the file’s times are on the wall clock, created and modified alike at first', () => {
    const before = Date.now();
    const s = open();
    assert.ok(s.mtime >= before && s.mtime <= Date.now() + 1, `mtime ${s.mtime} is now`);
    assert.equal(s.ctime, s.mtime);
  });

  test('the latest version is the offered one while VS Code has not read it, and stays after it has', () => {
    const s = open();
    assert.equal(s.latestVersion, tokensKey(snapshot(1, 'old').tokens));
    s.offered(content(snapshot(2, 'new')), true);
    assert.equal(s.latestVersion, tokensKey(snapshot(2, 'new').tokens));
    assert.equal(s.version, tokensKey(snapshot(1, 'old').tokens), 'the base is still what the editor was read at');
    s.reloadRead();
    assert.equal(s.latestVersion, tokensKey(snapshot(2, 'new').tokens));
    assert.equal(s.version, s.latestVersion);
  });

  test('the text the save command stored is held until VS Code writes it or the confirmation lapses', () => {
    const s = open();
    assert.equal(s.confirmed, undefined);
    s.confirmedBySaveCommand('mine');
    assert.equal(s.confirmed, 'mine');
    s.confirmationLapsed();
    assert.equal(s.confirmed, undefined);
    s.confirmedBySaveCommand('mine');
    assert.equal(s.writeConfirmed('mine'), true);
    assert.equal(s.confirmed, undefined);
  });

  test('each read of the service, whatever it answered, moves the time it was last read', () => {
    const s = open();
    const first = s.loadedAt;
    assert.ok(first <= Date.now());
    // Waits on the clock itself, not a fixed time: the next millisecond.
    while (Date.now() <= first);
    s.checked();
    assert.ok(s.loadedAt > first);
  });
});
