// The production guard's decision for each write, and protection that only ratchets up: the
// user's settings decide it, a folder's settings or an agent can add it, nothing else takes it away.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ResolvedConnection } from '../../../src/environments/model/connections';
import { allowanceKey, decideWrite, withRaises, WRITE_KINDS, type WriteKind } from '../../../src/environments/model/guard';

const PROD: ResolvedConnection = {
  id: 'c1',
  label: 'Production',
  origin: 'https://prod.example.com',
  workspaceId: 'wksp_prod',
  stage: 'production',
  protected: true,
};
const DEV: ResolvedConnection = { ...PROD, id: 'c2', label: 'Dev', stage: 'development', protected: false };
const ASKING: readonly WriteKind[] = ['save', 'publish', 'restore', 'merge', 'push'];

describe('decideWrite', () => {
  test('every kind of write to an unprotected connection is sent without asking', () => {
    for (const kind of WRITE_KINDS) {
      assert.equal(decideWrite(kind, DEV, false), 'send', kind);
      assert.equal(decideWrite(kind, DEV, true), 'send', kind);
    }
  });

  test('without a connection nothing is asked: the write fails on its own (not signed in)', () => {
    for (const kind of WRITE_KINDS) assert.equal(decideWrite(kind, undefined, false), 'send', kind);
  });

  test('a save, publish, restore, merge or push to a protected connection asks first', () => {
    for (const kind of ASKING) assert.equal(decideWrite(kind, PROD, false), 'ask', kind);
  });

  test('"Allow for This Window" lets them through without asking again', () => {
    for (const kind of ASKING) assert.equal(decideWrite(kind, PROD, true), 'send', kind);
  });

  test('an auto save to a protected connection is held: never asked about, never sent, allowed or not', () => {
    assert.equal(decideWrite('autoSave', PROD, false), 'hold');
    assert.equal(decideWrite('autoSave', PROD, true), 'hold');
  });

  test('an agent’s save to a protected connection asks every time, even when the window is allowed', () => {
    assert.equal(decideWrite('agentSave', PROD, false), 'ask');
    assert.equal(decideWrite('agentSave', PROD, true), 'ask');
  });

  test('a promotion to a protected connection asks every time: one question names the whole plan', () => {
    assert.equal(decideWrite('promote', PROD, false), 'ask');
    assert.equal(decideWrite('promote', PROD, true), 'ask');
  });

  test('the kinds are every write path, once each', () => {
    assert.deepEqual([...WRITE_KINDS].sort(), ['agentSave', 'autoSave', 'merge', 'promote', 'publish', 'push', 'restore', 'save']);
  });
});

describe('withRaises: protection only ratchets up', () => {
  const folder = (entry: Record<string, unknown>) => [{ baseUrl: `${DEV.origin}/v1`, workspaceId: DEV.workspaceId, ...entry }];

  test('nothing raised: the user’s decision stands, the same object', () => {
    assert.equal(withRaises(DEV, {}), DEV);
    assert.equal(withRaises(PROD, {}), PROD);
  });

  test('a folder’s protected:false on production never lowers the user’s protection', () => {
    const raised = withRaises(PROD, { folder: folder({ stage: 'production', protected: false }) });
    assert.equal(raised.protected, true);
    assert.equal(withRaises(PROD, { folder: folder({ stage: 'development' }) }).protected, true);
    assert.equal(withRaises(PROD, { folder: 'nonsense', agent: false }).protected, true);
    assert.equal(withRaises(PROD, { agent: true, folder: folder({ protected: true }) }), PROD, 'already protected: nothing to raise');
  });

  test('a folder naming the connection as production raises it, even with protected:false', () => {
    const raised = withRaises(DEV, { folder: folder({ stage: 'production', protected: false }) });
    assert.equal(raised.protected, true);
    assert.deepEqual({ ...raised, protected: false }, DEV, 'only the protection changes');
    assert.equal(withRaises(DEV, { folder: folder({ stage: 'Production' }) }).protected, true);
  });

  test('a folder naming the connection protected raises it at any stage; no id is needed there', () => {
    assert.equal(withRaises(DEV, { folder: folder({ stage: 'staging', protected: true }) }).protected, true);
    assert.equal(withRaises(DEV, { folder: folder({ id: 'x', protected: true }) }).protected, true);
  });

  test('a folder’s unprotected or other entries raise nothing', () => {
    assert.equal(withRaises(DEV, { folder: folder({ stage: 'staging' }) }).protected, false);
    assert.equal(withRaises(DEV, { folder: folder({ stage: 'development', protected: false }) }).protected, false);
    assert.equal(
      withRaises(DEV, { folder: [{ baseUrl: 'https://other.example.com', workspaceId: DEV.workspaceId, stage: 'production' }] }).protected,
      false,
    );
    assert.equal(withRaises(DEV, { folder: [{ baseUrl: DEV.origin, workspaceId: 'wksp_other', stage: 'production' }] }).protected, false);
    assert.equal(withRaises(DEV, { folder: { stage: 'production' } }).protected, false, 'not a list');
    assert.equal(withRaises(DEV, { folder: undefined, agent: false }).protected, false);
  });

  test('an agent raises it for the window', () => {
    assert.equal(withRaises(DEV, { agent: true }).protected, true);
    assert.equal(withRaises(DEV, { agent: true }).stage, 'development', 'the stage stays what the user said');
  });
});

describe('allowanceKey', () => {
  test('an entry’s id, which does not change when its label or URL path does', () => {
    assert.equal(allowanceKey(PROD), 'c1');
    assert.equal(allowanceKey({ ...PROD, origin: 'https://elsewhere.example.com' }), 'c1');
  });

  test('without an entry: the origin and workspace, so two workspaces are allowed apart', () => {
    const a = allowanceKey({ id: undefined, origin: 'https://a.example.com', workspaceId: 'wksp_1' });
    assert.equal(a, 'https://a.example.com wksp_1');
    assert.notEqual(a, allowanceKey({ id: undefined, origin: 'https://a.example.com', workspaceId: 'wksp_2' }));
  });
});
