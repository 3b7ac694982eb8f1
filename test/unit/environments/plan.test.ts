// The plan's rules without a service: counterparts by binding or by a unique name, and what
// promoting one resource does (blocked, unchanged, drift, update) with its reason.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withBinding, type Bindings } from '../../../src/environments/model/bindings';
import { fingerprint } from '../../../src/environments/model/normalize';
import { counterparts, decide, type Decision } from '../../../src/environments/model/plan';

const q = (bindings: Bindings = {}) => ({ bindings, from: 'dev', to: 'prod', singular: 'fact', plural: 'facts' });
const bind = (pairs: [string, string][], targetRevision: string | null = null) =>
  pairs.reduce<Bindings>((b, [s, t]) => withBinding(b, 'dev', 'prod', s, { targetId: t, sourceRevision: null, targetRevision }), {});

describe('counterparts', () => {
  const targets = [
    { id: 'fact_t1', name: 'One' },
    { id: 'fact_t2', name: 'Two' },
    { id: 'fact_t3', name: 'Two' },
    { id: 'fact_t4', name: 'Four' },
  ];

  test('a binding wins, whatever the name; by id only', () => {
    const bindings = bind([['fact_s1', 'fact_t4']]);
    const found = counterparts([{ id: 'fact_s1', name: 'One' }], targets, q(bindings));
    assert.deepEqual(found.get('fact_s1'), { targetId: 'fact_t4', binding: bindings.dev!.prod!.fact_s1 });
    assert.deepEqual(counterparts([{ id: 'fact_s1', name: 'Renamed' }], undefined, q(bindings)).get('fact_s1'), {
      targetId: 'fact_t4',
      binding: bindings.dev!.prod!.fact_s1,
    });
  });

  test('the one target of the same name is proposed', () => {
    assert.deepEqual(counterparts([{ id: 'fact_s1', name: 'One' }], targets, q()).get('fact_s1'), { targetId: 'fact_t1', proposed: true });
  });

  test('no target of the name: unbound, create it there and bind', () => {
    assert.deepEqual(counterparts([{ id: 'fact_s1', name: 'Three' }], targets, q()).get('fact_s1'), {
      action: 'unbound',
      targetId: null,
      reason: 'prod has no fact named "Three": create it on the target, then bind it',
    });
    assert.equal(counterparts([{ id: 'fact_s1', name: 'One' }], [], q()).get('fact_s1')!.targetId, null);
  });

  test('two targets of the name: blocked, bind by hand', () => {
    assert.deepEqual(counterparts([{ id: 'fact_s1', name: 'Two' }], targets, q()).get('fact_s1'), {
      action: 'blocked',
      targetId: null,
      reason: 'ambiguous: 2 facts on prod are named "Two" (fact_t2, fact_t3): bind by hand',
    });
  });

  test('the one target of the name bound from another source: blocked', () => {
    assert.deepEqual(counterparts([{ id: 'fact_s1', name: 'One' }], targets, q(bind([['fact_s9', 'fact_t1']]))).get('fact_s1'), {
      action: 'blocked',
      targetId: null,
      reason: 'ambiguous: fact_t1 named "One" on prod is bound to fact_s9 already: bind by hand',
    });
  });

  test('two sources of one name onto its one target: both blocked; a third of another name is not', () => {
    const found = counterparts(
      [
        { id: 'fact_s1', name: 'One' },
        { id: 'fact_s2', name: 'One' },
        { id: 'fact_s3', name: 'Four' },
      ],
      targets,
      q(),
    );
    const reason = 'ambiguous: fact_s1 and fact_s2 have the name of fact_t1 on prod: bind by hand';
    assert.deepEqual(found.get('fact_s1'), { action: 'blocked', targetId: null, reason });
    assert.deepEqual(found.get('fact_s2'), { action: 'blocked', targetId: null, reason });
    assert.deepEqual(found.get('fact_s3'), { targetId: 'fact_t4', proposed: true });
  });

  test('a target that lists nothing: only bindings count', () => {
    assert.deepEqual(counterparts([{ id: 'fact_s1', name: 'One' }], undefined, q()).get('fact_s1'), {
      action: 'blocked',
      targetId: null,
      reason: 'not bound, and prod lists no facts to find it by name: bind it by hand',
    });
  });
});

describe('deciding one resource', () => {
  const fact = (formula: string, extra: Record<string, unknown> = {}) => `${JSON.stringify({ name: 'F', formula, ...extra }, null, 2)}\n`;
  const d = (over: Partial<Decision>): Decision => ({
    view: 'fact',
    targetText: fact('old'),
    promotion: { text: fact('new'), kept: [] },
    drafts: false,
    from: 'dev',
    to: 'prod',
    ...over,
  });
  const binding = (targetRevision: string | null) => ({ targetId: 'fact_t', sourceRevision: null, targetRevision });

  test('blocked by the promotion: its reason, nothing compared', () => {
    assert.deepEqual(decide(d({ promotion: { text: 'not json', kept: [], blocked: 'why' } })), { action: 'blocked', reason: 'why' });
  });

  test('the same once managed fields are set aside: unchanged, no diff', () => {
    assert.deepEqual(decide(d({ promotion: { text: fact('old', { key: 'x', updatedAt: 'y' }), kept: [] } })), {
      action: 'unchanged',
      reason: 'prod holds the same already',
    });
    // Unchanged wins over drift: nothing would be lost.
    assert.equal(decide(d({ promotion: { text: fact('old'), kept: [] }, binding: binding('sha256:else') })).action, 'unchanged');
  });

  test('different: an update with the normalized diff; a kind with drafts says publishing is separate', () => {
    assert.deepEqual(decide(d({})), {
      action: 'update',
      reason: 'saved on prod',
      diff: { before: fact('old'), after: fact('new') },
    });
    assert.equal(decide(d({ drafts: true })).reason, 'saved on prod as a new draft revision; publishing it stays a step of its own');
    assert.equal(decide(d({ targetText: fact('old', { key: 'k' }) })).diff!.before, fact('old'), 'managed fields are not in the diff');
  });

  test('drift: the target is not what the last promotion left there', () => {
    const drift = decide(d({ binding: binding('sha256:what-was-promoted') }));
    assert.equal(drift.action, 'drift');
    assert.equal(
      drift.reason,
      'changed on prod since the last promotion from dev: promoting would undo that change; compare, then promote overwriting drift, or bring the change to dev first',
    );
    assert.deepEqual(drift.diff, { before: fact('old'), after: fact('new') });
    const over = decide(d({ binding: binding('sha256:what-was-promoted'), overwriteDrift: true, drafts: true }));
    assert.equal(over.action, 'update');
    assert.equal(
      over.reason,
      'saved on prod as a new draft revision; publishing it stays a step of its own, overwriting the change made on prod since the last promotion',
    );
  });

  test('no drift where the target is what was promoted, or nothing was recorded', () => {
    assert.equal(decide(d({ binding: binding(fingerprint('fact', fact('old'))) })).action, 'update');
    assert.equal(decide(d({ binding: binding(null) })).action, 'update');
    assert.equal(decide(d({ binding: binding(null) })).reason, 'saved on prod');
  });
});
