// Documents pinned to their connection: the authority a new URI carries, and each reason a pinned
// document is refused before any request (its connection removed, two ids of one spelling, the
// connection re-pointed to another workspace, the window on another service or signed out).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ConnectionEntry } from '../../../src/environments/model/connections';
import { pinFor, pinProblem } from '../../../src/environments/model/pins';

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

describe('pinProblem: whether a pinned document may be used now', () => {
  test('no authority is the window’s connection, whatever the entries say', () => {
    assert.equal(pinProblem('', 'wksp_anything', undefined, []), undefined);
    assert.equal(pinProblem('', DEV.workspaceId, ON_DEV, [PROD]), undefined);
  });

  test('its entry, on the window’s connection and workspace, in any case of the id: usable', () => {
    assert.equal(pinProblem('Dev-1', DEV.workspaceId, ON_DEV, [PROD, DEV]), undefined);
    assert.equal(pinProblem('dev-1', DEV.workspaceId, ON_DEV, [PROD, DEV]), undefined, 'VS Code lower-cases the authority');
  });

  test('a renamed label, a changed stage or protection change nothing', () => {
    const renamed = { ...DEV, label: 'Development', stage: 'staging' as const, protected: true };
    assert.equal(pinProblem('dev-1', DEV.workspaceId, ON_DEV, [renamed]), undefined);
  });

  test('an id no entry has any more: gone', () => {
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, ON_DEV, [PROD]), { kind: 'gone', id: 'dev-1' });
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, ON_DEV, []), { kind: 'gone', id: 'dev-1' });
  });

  test('two entries of one id in two cases: ambiguous', () => {
    const twin = { ...PROD, id: 'DEV-1' };
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, ON_DEV, [DEV, twin]), { kind: 'ambiguous', id: 'dev-1' });
  });

  test('its entry now names another workspace: re-pointed, even while the window is there', () => {
    const moved = { ...DEV, workspaceId: 'wksp_other' };
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, { origin: DEV.origin, workspaceId: 'wksp_other' }, [moved]), {
      kind: 'repointed',
      entry: moved,
    });
  });

  test('the window on another service, or on another workspace of it: elsewhere', () => {
    const onProd = { origin: PROD.origin, workspaceId: PROD.workspaceId };
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, onProd, [DEV, PROD]), { kind: 'elsewhere', entry: DEV });
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, { origin: DEV.origin, workspaceId: 'wksp_other' }, [DEV]), {
      kind: 'elsewhere',
      entry: DEV,
    });
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, { origin: PROD.origin, workspaceId: DEV.workspaceId }, [DEV]), {
      kind: 'elsewhere',
      entry: DEV,
    });
  });

  test('the window signed out: signedOut, naming the entry', () => {
    assert.deepEqual(pinProblem('dev-1', DEV.workspaceId, undefined, [DEV]), { kind: 'signedOut', entry: DEV });
  });
});
