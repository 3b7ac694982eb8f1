// Documents pinned to their connection: the authority a new URI carries, where a pinned document is
// read and saved (the window's connection, or its entry's own beside it), and each reason it is
// refused before any request (its connection removed, two ids of one spelling, the connection
// re-pointed to another workspace or moved to another service).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ConnectionEntry } from '../../../src/environments/model/connections';
import { pinFor, pinPlace } from '../../../src/environments/model/pins';

const DEV: ConnectionEntry = {
  id: 'Dev-1',
  label: 'Dev',
  baseUrl: 'https://dev.example.com',
  origin: 'https://dev.example.com',
  workspaceId: 'wksp_dev',
  stage: 'development',
  protected: false,
};
const PROD: ConnectionEntry = {
  ...DEV,
  id: 'prod',
  label: 'Prod',
  baseUrl: 'https://prod.example.com',
  origin: 'https://prod.example.com',
  workspaceId: 'wksp_prod',
};
const ON_DEV = { origin: DEV.origin, workspaceId: DEV.workspaceId };

describe('pinFor: the authority of a new wsa: URI', () => {
  test('the id of the entry naming the window’s connection', () => {
    assert.equal(pinFor(ON_DEV, [PROD, DEV]), 'Dev-1');
    assert.equal(pinFor({ origin: PROD.origin, workspaceId: PROD.workspaceId }, [PROD, DEV]), 'prod');
  });

  test('none when signed out, when no entry names it (another workspace of the service too), or with no entries', () => {
    assert.equal(pinFor(undefined, [DEV]), '');
    assert.equal(pinFor({ origin: DEV.origin, workspaceId: 'wksp_other' }, [DEV]), '');
    assert.equal(pinFor({ origin: 'https://other.example.com', workspaceId: DEV.workspaceId }, [DEV]), '');
    assert.equal(pinFor(ON_DEV, []), '');
  });

  test('the first of two entries naming it; none when its id is another entry’s in another case', () => {
    assert.equal(pinFor(ON_DEV, [DEV, { ...DEV, id: 'second' }]), 'Dev-1');
    assert.equal(
      pinFor(ON_DEV, [DEV, { ...PROD, id: 'DEV-1' }]),
      '',
      'a URI writes its authority in lower case: the two could not be told apart',
    );
  });
});

describe('pinPlace: where a pinned document is read and saved', () => {
  const WINDOW = { kind: 'window' };
  test('no authority is the window’s connection, whatever the entries say', () => {
    assert.deepEqual(pinPlace('', 'wksp_anything', undefined, []), WINDOW);
    assert.deepEqual(pinPlace('', DEV.workspaceId, ON_DEV, [PROD]), WINDOW);
    assert.deepEqual(pinPlace('', DEV.workspaceId, ON_DEV, [PROD], 'https://moved.example.com'), WINDOW);
  });

  test('its entry, on the window’s connection and workspace, in any case of the id: the window’s', () => {
    assert.deepEqual(pinPlace('Dev-1', DEV.workspaceId, ON_DEV, [PROD, DEV]), WINDOW);
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, ON_DEV, [PROD, DEV]), WINDOW, 'VS Code lower-cases the authority');
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, ON_DEV, [DEV], DEV.origin), WINDOW, 'opened from the service it names');
  });

  test('a renamed label, a changed stage or protection change nothing', () => {
    const renamed = { ...DEV, label: 'Development', stage: 'staging' as const, protected: true };
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, ON_DEV, [renamed]), WINDOW);
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, undefined, [renamed]), { kind: 'other', entry: renamed });
  });

  test('an id no entry has any more: gone', () => {
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, ON_DEV, [PROD]), { kind: 'gone', id: 'dev-1' });
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, ON_DEV, []), { kind: 'gone', id: 'dev-1' });
  });

  test('two entries of one id in two cases: ambiguous', () => {
    const twin = { ...PROD, id: 'DEV-1' };
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, ON_DEV, [DEV, twin]), { kind: 'ambiguous', id: 'dev-1' });
  });

  test('its entry now names another workspace: re-pointed, even while the window is there', () => {
    const moved = { ...DEV, workspaceId: 'wksp_other' };
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, { origin: DEV.origin, workspaceId: 'wksp_other' }, [moved]), {
      kind: 'repointed',
      entry: moved,
    });
  });

  test('its entry now names another service than it was opened from: moved, even while the window is there', () => {
    const moved = { ...DEV, baseUrl: PROD.baseUrl, origin: PROD.origin };
    const onMoved = { origin: PROD.origin, workspaceId: DEV.workspaceId };
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, onMoved, [moved], DEV.origin), { kind: 'moved', entry: moved, from: DEV.origin });
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, onMoved, [moved]), WINDOW, 'where it was opened from is not known');
  });

  test('the window on another service, on another workspace of it, or signed out: the entry’s own connection', () => {
    const onProd = { origin: PROD.origin, workspaceId: PROD.workspaceId };
    const other = { kind: 'other', entry: DEV };
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, onProd, [DEV, PROD]), other);
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, { origin: DEV.origin, workspaceId: 'wksp_other' }, [DEV]), other);
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, { origin: PROD.origin, workspaceId: DEV.workspaceId }, [DEV]), other);
    assert.deepEqual(pinPlace('dev-1', DEV.workspaceId, undefined, [DEV], DEV.origin), other);
    assert.deepEqual(pinPlace('prod', PROD.workspaceId, ON_DEV, [DEV, PROD]), { kind: 'other', entry: PROD });
  });
});
