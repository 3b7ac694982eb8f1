// The user's named connections: a liberal but safe read of the setting (bad entries left out with a
// reason, a typo in a stage never turning the guard off, a bounded count), the entry of the current
// connection, and the value Set Connection Stage… writes back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  MAX_CONNECTIONS,
  MAX_LABEL,
  parseConnections,
  resolveConnection,
  withStage,
  type CurrentConnection,
} from '../../../src/environments/model/connections';

const entry = (over: Record<string, unknown> = {}) => ({
  id: 'prod-1',
  label: 'Production',
  baseUrl: 'https://api.example.com/v1',
  workspaceId: 'wksp_prod',
  stage: 'production',
  ...over,
});
const CURRENT: CurrentConnection = {
  baseUrl: 'https://API.example.com:443/other/path',
  workspaceId: 'wksp_prod',
  label: 'api.example.com',
};

describe('parseConnections', () => {
  test('an empty or absent setting: no entries, no problems', () => {
    assert.deepEqual(parseConnections(undefined), { entries: [], problems: [] });
    assert.deepEqual(parseConnections(null), { entries: [], problems: [] });
    assert.deepEqual(parseConnections([]), { entries: [], problems: [] });
  });

  test('a setting that is not a list is one problem and no entry', () => {
    const parsed = parseConnections({ id: 'x' });
    assert.deepEqual(parsed.entries, []);
    assert.deepEqual(parsed.problems, [{ index: -1, reason: 'the setting is not a list' }]);
    assert.equal(parseConnections('production').problems.length, 1);
  });

  test('one entry, read whole: its origin, production protected by default', () => {
    const { entries, problems } = parseConnections([entry()]);
    assert.deepEqual(problems, []);
    assert.deepEqual(entries, [
      {
        id: 'prod-1',
        label: 'Production',
        baseUrl: 'https://api.example.com/v1',
        origin: 'https://api.example.com',
        workspaceId: 'wksp_prod',
        stage: 'production',
        protected: true,
      },
    ]);
  });

  test('protected defaults to false for every other stage, and an absent stage is other', () => {
    for (const stage of ['development', 'staging', 'other']) {
      const [e] = parseConnections([entry({ stage })]).entries;
      assert.deepEqual([e?.stage, e?.protected], [stage, false], stage);
    }
    const [absent] = parseConnections([entry({ stage: undefined })]).entries;
    assert.deepEqual([absent?.stage, absent?.protected], ['other', false]);
  });

  test('protected written out wins over the stage, both ways', () => {
    assert.equal(parseConnections([entry({ protected: false })]).entries[0]?.protected, false);
    assert.equal(parseConnections([entry({ stage: 'staging', protected: true })]).entries[0]?.protected, true);
  });

  test('a protected that is not a boolean is a problem, and the stage decides', () => {
    const parsed = parseConnections([entry({ protected: 'no' })]);
    assert.equal(parsed.entries[0]?.protected, true);
    assert.deepEqual(parsed.problems, [{ index: 0, reason: 'protected is not true or false: its stage decides' }]);
    assert.equal(parseConnections([entry({ stage: 'staging', protected: 1 })]).entries[0]?.protected, false);
  });

  test('a stage in another case or with spaces is read; an unknown one is kept as other but protected', () => {
    assert.equal(parseConnections([entry({ stage: ' PRODUCTION ' })]).entries[0]?.stage, 'production');
    const parsed = parseConnections([entry({ stage: 'prod' })]);
    assert.deepEqual([parsed.entries[0]?.stage, parsed.entries[0]?.protected], ['other', true]);
    assert.equal(parsed.problems.length, 1);
    assert.match(parsed.problems[0]!.reason, /read as other, protected/);
    assert.equal(parseConnections([entry({ stage: 3 })]).entries[0]?.protected, true, 'not a string either');
    assert.equal(parseConnections([entry({ stage: 'prod', protected: false })]).entries[0]?.protected, false, 'unless said otherwise');
  });

  test('an entry without a usable id, URL or workspace is left out with its reason; the others stay', () => {
    const parsed = parseConnections([
      entry({ id: undefined }),
      entry({ id: '' }),
      entry({ id: 'has space' }),
      entry({ id: 'x'.repeat(65) }),
      entry({ id: 'ok-1', baseUrl: 'ftp://api.example.com' }),
      entry({ id: 'ok-2', baseUrl: 42 }),
      entry({ id: 'ok-3', workspaceId: '  ' }),
      entry({ id: 'ok-4', workspaceId: undefined }),
      'production',
      null,
      [entry()],
      entry({ id: 'kept' }),
    ]);
    assert.deepEqual(
      parsed.entries.map((e) => e.id),
      ['kept'],
    );
    assert.deepEqual(
      parsed.problems.map((p) => [p.index, p.reason]),
      [
        [0, 'no id (letters, digits, - and _, at most 64)'],
        [1, 'no id (letters, digits, - and _, at most 64)'],
        [2, 'no id (letters, digits, - and _, at most 64)'],
        [3, 'no id (letters, digits, - and _, at most 64)'],
        [4, 'baseUrl is not an http(s) URL'],
        [5, 'baseUrl is not an http(s) URL'],
        [6, 'no workspaceId'],
        [7, 'no workspaceId'],
        [8, 'not an object'],
        [9, 'not an object'],
        [10, 'not an object'],
      ],
    );
  });

  test('an id of 64 characters, and ids and values with spaces around them, are read', () => {
    const [e] = parseConnections([
      entry({ id: ` ${'a'.repeat(64)} `, workspaceId: ' wksp_prod ', baseUrl: ' https://api.example.com ' }),
    ]).entries;
    assert.deepEqual([e?.id.length, e?.workspaceId, e?.baseUrl], [64, 'wksp_prod', 'https://api.example.com']);
  });

  test('a second entry with the same id is left out: the id is what an allowance is remembered by', () => {
    const parsed = parseConnections([entry(), entry({ label: 'Copy', workspaceId: 'wksp_2' })]);
    assert.deepEqual(
      parsed.entries.map((e) => e.label),
      ['Production'],
    );
    assert.deepEqual(parsed.problems, [{ index: 1, reason: 'the id prod-1 is used by an earlier entry' }]);
  });

  test('the label: trimmed, cut to its bound, else the host', () => {
    assert.equal(parseConnections([entry({ label: '  Prod  ' })]).entries[0]?.label, 'Prod');
    assert.equal(parseConnections([entry({ label: 'L'.repeat(MAX_LABEL + 5) })]).entries[0]?.label, 'L'.repeat(MAX_LABEL));
    assert.equal(
      parseConnections([entry({ label: undefined, baseUrl: 'https://api.example.com:8443/v1' })]).entries[0]?.label,
      'api.example.com:8443',
    );
    assert.equal(parseConnections([entry({ label: '   ' })]).entries[0]?.label, 'api.example.com');
    assert.equal(parseConnections([entry({ label: 7 })]).entries[0]?.label, 'api.example.com');
  });

  test('many entries are read up to the bound; those past it are ignored, with one problem', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => entry({ id: `c${i}`, workspaceId: `wksp_${i}` }));
    assert.equal(parseConnections(many(3)).entries.length, 3);
    const atBound = parseConnections(many(MAX_CONNECTIONS));
    assert.deepEqual([atBound.entries.length, atBound.problems.length], [MAX_CONNECTIONS, 0]);
    const over = parseConnections(many(MAX_CONNECTIONS + 2));
    assert.equal(over.entries.length, MAX_CONNECTIONS);
    assert.deepEqual(over.problems, [{ index: MAX_CONNECTIONS, reason: `2 entries past the first ${MAX_CONNECTIONS} are ignored` }]);
  });

  test('a folder’s value needs no id: each entry gets one of its place', () => {
    const folder = parseConnections([entry({ id: undefined }), entry({ id: 'named' })], { fromFolder: true });
    assert.deepEqual(
      folder.entries.map((e) => e.id),
      ['folder-0', 'named'],
    );
    assert.deepEqual(folder.problems, []);
  });
});

describe('resolveConnection', () => {
  test('the setting empty: the current connection is other, unprotected, under its own label', () => {
    assert.deepEqual(resolveConnection(CURRENT, []), {
      id: undefined,
      label: 'api.example.com',
      origin: 'https://api.example.com',
      workspaceId: 'wksp_prod',
      stage: 'other',
      protected: false,
    });
  });

  test('the entry of the same origin and workspace, whatever the URL’s path, case or default port', () => {
    const { entries } = parseConnections([entry({ id: 'other-ws', workspaceId: 'wksp_x' }), entry()]);
    assert.deepEqual(resolveConnection(CURRENT, entries), {
      id: 'prod-1',
      label: 'Production',
      origin: 'https://api.example.com',
      workspaceId: 'wksp_prod',
      stage: 'production',
      protected: true,
    });
  });

  test('another origin or workspace is not this connection', () => {
    const { entries } = parseConnections([entry()]);
    assert.equal(resolveConnection({ ...CURRENT, baseUrl: 'http://api.example.com' }, entries)?.protected, false);
    assert.equal(resolveConnection({ ...CURRENT, baseUrl: 'https://api.example.com:8443' }, entries)?.protected, false);
    assert.equal(resolveConnection({ ...CURRENT, workspaceId: 'wksp_dev' }, entries)?.id, undefined);
    assert.equal(resolveConnection({ ...CURRENT, workspaceId: ' wksp_prod ' }, entries)?.id, 'prod-1');
  });

  test('two entries naming it: the first’s id and stage, protected when either is', () => {
    const { entries } = parseConnections([entry({ id: 'a', stage: 'staging' }), entry({ id: 'b', protected: true })]);
    const r = resolveConnection(CURRENT, entries);
    assert.deepEqual([r?.id, r?.stage, r?.protected], ['a', 'staging', true]);
    const neither = parseConnections([entry({ id: 'a', stage: 'staging' }), entry({ id: 'b', stage: 'development' })]).entries;
    assert.equal(resolveConnection(CURRENT, neither)?.protected, false);
  });

  test('a current connection without an http(s) URL resolves to nothing', () => {
    assert.equal(resolveConnection({ ...CURRENT, baseUrl: 'not a url' }, []), undefined);
  });
});

describe('withStage: what Set Connection Stage… writes', () => {
  test('no entry yet: a new one at the front, with the new id, the others kept as written', () => {
    const kept = { anything: 'the user wrote' };
    const { value, id } = withStage([kept], CURRENT, 'production', true, 'new-id');
    assert.equal(id, 'new-id');
    assert.deepEqual(value, [
      { id: 'new-id', label: 'api.example.com', baseUrl: CURRENT.baseUrl, workspaceId: 'wksp_prod', stage: 'production', protected: true },
      kept,
    ]);
    assert.deepEqual(withStage(undefined, CURRENT, 'staging', false, 'n').value.length, 1, 'from an empty setting');
    assert.deepEqual(withStage('junk', CURRENT, 'staging', false, 'n').value.length, 1, 'from a setting that is not a list');
  });

  test('an entry naming the connection changes in place and keeps its id and its other fields', () => {
    const { value, id } = withStage(
      [entry({ note: 'mine' }), entry({ id: 'x', workspaceId: 'wksp_x' })],
      CURRENT,
      'staging',
      false,
      'unused',
    );
    assert.equal(id, 'prod-1');
    assert.deepEqual(value, [entry({ note: 'mine', stage: 'staging', protected: false }), entry({ id: 'x', workspaceId: 'wksp_x' })]);
  });

  test('every entry naming it changes, so that none left protected keeps guarding it', () => {
    const { value, id } = withStage([entry({ id: 'a' }), entry({ id: 'b', protected: true })], CURRENT, 'development', false, 'unused');
    assert.equal(id, 'a');
    assert.equal(resolveConnection(CURRENT, parseConnections(value).entries)?.protected, false);
  });

  test('a new id that an entry already uses is made unique', () => {
    const { id } = withStage([entry({ id: 'taken', workspaceId: 'wksp_x' })], CURRENT, 'production', true, 'taken');
    assert.equal(id, 'taken-1');
  });
});
