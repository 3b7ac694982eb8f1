// What a folder's wsa.targets.json proposes: its targets that none of the user's connections names,
// added (only when the user says so) as entries named by their targets, production protected.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_CONNECTIONS, parseConnections } from '../../../src/environments/model/connections';
import { proposedConnections, withProposals } from '../../../src/environments/model/proposals';
import type { TargetDef } from '../../../src/environments/model/targets';

const DEV: TargetDef = { name: 'dev', baseUrl: 'https://dev.example.com', workspace: 'wksp_dev', stage: 'development', protected: false };
const PROD: TargetDef = {
  name: 'prod',
  baseUrl: 'https://prod.example.com/',
  workspace: 'wksp_prod',
  stage: 'production',
  protected: true,
};
const USER_DEV = { id: 'mine', label: 'My dev', baseUrl: 'https://dev.example.com/', workspaceId: 'wksp_dev', stage: 'development' };
const entries = (value: unknown) => parseConnections(value).entries;

describe('proposedConnections', () => {
  test('the targets no connection names, by origin and workspace; none when every one is named', () => {
    assert.deepEqual(proposedConnections([DEV, PROD], entries([USER_DEV])), [PROD]);
    assert.deepEqual(proposedConnections([DEV], entries([USER_DEV])), []);
    assert.deepEqual(proposedConnections([], entries([USER_DEV])), []);
  });

  test('another workspace of a named service, or the named workspace on another service, is proposed', () => {
    const otherWorkspace = { ...DEV, name: 'dev2', workspace: 'wksp_other' };
    const otherService = { ...DEV, name: 'mirror', baseUrl: 'https://mirror.example.com' };
    assert.deepEqual(proposedConnections([otherWorkspace, otherService], entries([USER_DEV])), [otherWorkspace, otherService]);
  });

  test('two targets of one place are proposed once, the first', () => {
    assert.deepEqual(proposedConnections([PROD, { ...PROD, name: 'live' }], []), [PROD]);
  });
});

describe('withProposals', () => {
  test('added after the user’s entries, kept as written, each named and labelled by its target', () => {
    const raw = [USER_DEV, 'not an entry'];
    assert.deepEqual(withProposals(raw, [PROD]), [
      USER_DEV,
      'not an entry',
      { id: 'prod', label: 'prod', baseUrl: PROD.baseUrl, workspaceId: 'wksp_prod', stage: 'production', protected: true },
    ]);
    assert.deepEqual(raw.length, 2, 'the value given is not changed');
  });

  test('production is protected even when the file says not; another stage as the file says', () => {
    const [prod, staging] = withProposals(undefined, [
      { ...PROD, protected: false },
      { ...DEV, name: 'staging', stage: 'staging', protected: true },
    ]) as { protected: boolean; stage: string }[];
    assert.equal(prod!.protected, true);
    assert.equal(staging!.protected, true);
    assert.equal((withProposals([], [DEV])[0] as { protected: boolean }).protected, false);
  });

  test('an id is the name without dots, made unique without case against the entries and each other', () => {
    const added = withProposals(
      [{ ...USER_DEV, id: 'Prod' }],
      [PROD, { ...PROD, name: 'prod', workspace: 'wksp_b' }, { ...DEV, name: 'eu.dev' }],
    ) as { id: string }[];
    assert.deepEqual(
      added.map((e) => e.id),
      ['Prod', 'prod-2', 'prod-3', 'eu-dev'],
    );
    assert.deepEqual(
      entries(added).map((e) => e.id),
      ['Prod', 'prod-2', 'prod-3', 'eu-dev'],
      'each a valid, distinct connection',
    );
  });

  test('a name of 64 characters, taken twice, still makes ids a connection takes (at most 64)', () => {
    const long = 'p'.repeat(64);
    const added = withProposals(
      [],
      [
        { ...PROD, name: long },
        { ...PROD, name: long, workspace: 'wksp_b' },
      ],
    ) as { id: string }[];
    assert.deepEqual(
      entries(added).map((e) => e.id),
      ['p'.repeat(60), `${'p'.repeat(60)}-2`],
    );
  });

  test('nothing is added past the bound of the setting; a value that is not a list starts one', () => {
    const full = Array.from({ length: MAX_CONNECTIONS }, (_, i) => ({ ...USER_DEV, id: `c${i}`, workspaceId: `wksp_${i}` }));
    assert.equal(withProposals(full, [PROD]).length, MAX_CONNECTIONS);
    assert.equal(withProposals(full.slice(1), [PROD, DEV]).length, MAX_CONNECTIONS);
    assert.equal(withProposals('nonsense', [PROD]).length, 1);
    assert.deepEqual(withProposals(undefined, []), []);
  });
});
