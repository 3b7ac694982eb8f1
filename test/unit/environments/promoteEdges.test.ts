// Promote where a service says no: a side that lists no kind, a read that fails, a save the
// target refuses, a plan cancelled. Two emulators over real HTTP, with faults injected.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { applyPromotion } from '../../../src/environments/engine/promoteApply';
import { planPromotion } from '../../../src/environments/engine/promote';
import type { Bindings } from '../../../src/environments/model/bindings';
import { bound, current, edit, json, pair, startPromoteRig, type PromoteRig } from './promoteSupport';

describe('promote when the service says no', () => {
  let rig: PromoteRig;
  before(async () => {
    rig = await startPromoteRig();
  });
  after(() => rig.close());
  beforeEach(async () => {
    await rig.dev.emu.reset();
    await rig.prod.emu.reset();
  });

  const plan = (bindings: Bindings, ids?: string[], signal?: AbortSignal) =>
    planPromotion({
      source: rig.dev.side('dev'),
      target: rig.prod.side('prod'),
      bindings,
      ...(ids ? { ids } : {}),
      ...(signal ? { signal } : {}),
    });

  test('a kind the source does not list is a note; one the target does not list is found by binding only', async () => {
    rig.dev.emu.injectFault({ match: { method: 'GET', path: '^/v1/facts$' }, kind: 'status', status: 404 });
    const all = await plan({});
    assert.deepEqual(all.notes, ['dev lists no facts: name them by id to promote them.']);
    assert.ok(all.entries.every((e) => e.kind !== 'fact'));
    rig.prod.emu.injectFault({ match: { method: 'GET', path: '^/v1/facts$' }, kind: 'status', status: 404 });
    const [dev, prod] = pair(rig, 'factId');
    const byId = await plan(bound([[dev, prod]]), [dev, rig.dev.ids.churnFactId!]);
    assert.deepEqual(
      byId.entries.map((e) => [e.targetId, e.action]),
      [
        [prod, 'unchanged'],
        [null, 'blocked'],
      ],
    );
    assert.equal(byId.entries[1]!.reason, 'not bound, and prod lists no facts to find it by name: bind it by hand');
  });

  test('a read that fails blocks that resource alone, with what failed', async () => {
    const [dev, prod] = pair(rig, 'factId');
    rig.dev.emu.injectFault({ match: { method: 'GET', path: `/v1/facts/${dev}` }, kind: 'status', status: 403, count: 5 });
    const planned = await plan(bound([[dev, prod], pair(rig, 'churnFactId')]), [dev, rig.dev.ids.churnFactId!]);
    assert.deepEqual(
      planned.entries.map((e) => e.action),
      ['blocked', 'unchanged'],
    );
    assert.match(
      planned.entries[0]!.reason,
      new RegExp(`^${dev} could not be read on dev: Could not read fact ${dev}: access denied \\(403\\)`),
    );
    rig.dev.emu.clearFaults();
    rig.prod.emu.injectFault({ match: { method: 'GET', path: `/v1/facts/${prod}` }, kind: 'status', status: 403, count: 5 });
    const target = await plan(bound([[dev, prod]]), [dev]);
    assert.match(target.entries[0]!.reason, new RegExp(`^its counterpart ${prod} could not be read on prod: `));
    assert.equal(target.entries[0]!.targetId, prod);
  });

  test('a save the target refuses fails that resource alone; the others are saved and bound', async () => {
    const bindings = bound([pair(rig, 'factId'), pair(rig, 'churnFactId')]);
    await edit(
      rig.dev,
      'fact',
      rig.dev.ids.factId!,
      json((d) => (d.formula = 'x')),
    );
    await edit(
      rig.dev,
      'fact',
      rig.dev.ids.churnFactId!,
      json((d) => (d.formula = 'y')),
    );
    const planned = await plan(bindings, [rig.dev.ids.factId!, rig.dev.ids.churnFactId!]);
    const prodMargin = await current(rig.prod, 'fact', rig.prod.ids.factId!);
    rig.prod.emu.injectFault({ match: { method: 'PUT', path: `/v1/facts/${rig.prod.ids.factId}` }, kind: 'status', status: 403 });
    const result = await applyPromotion(planned, { target: rig.prod.side('prod'), bindings });
    assert.deepEqual(
      result.outcomes.map((o) => [o.sourceId, o.outcome]),
      [
        [rig.dev.ids.factId, 'failed'],
        [rig.dev.ids.churnFactId, 'saved'],
      ],
    );
    assert.match(result.outcomes[0]!.message, /access denied \(403\)/);
    assert.equal(await current(rig.prod, 'fact', rig.prod.ids.factId!), prodMargin);
    assert.equal(result.bindings.dev!.prod![rig.dev.ids.factId!]!.targetRevision, null, 'a failed save records nothing');
    assert.notEqual(result.bindings.dev!.prod![rig.dev.ids.churnFactId!]!.targetRevision, null);
  });

  test('the save’s warnings are passed on, and the local checks it is given run first', async () => {
    const bindings = bound([pair(rig, 'factId')]);
    await edit(
      rig.dev,
      'fact',
      rig.dev.ids.factId!,
      json((d) => (d.formula = 'x')),
    );
    const planned = await plan(bindings, [rig.dev.ids.factId!]);
    const warning = { message: 'look', line: 1, column: 1, severity: 'warning' as const, source: 'local' as const };
    const warned = await applyPromotion(planned, { target: rig.prod.side('prod'), bindings, validate: async () => [{ ...warning }] });
    assert.deepEqual(warned.outcomes[0]!.problems, [warning]);
    await edit(
      rig.dev,
      'fact',
      rig.dev.ids.factId!,
      json((d) => (d.formula = 'z')),
    );
    const again = await plan(warned.bindings, [rig.dev.ids.factId!]);
    const refused = await applyPromotion(again, {
      target: rig.prod.side('prod'),
      bindings: warned.bindings,
      validate: async () => [{ ...warning, severity: 'error' }],
    });
    assert.equal(refused.outcomes[0]!.outcome, 'invalid');
    assert.match(refused.outcomes[0]!.message, /was not saved on prod: its text has problems to fix first/);
    assert.equal(refused.outcomes[0]!.problems![0]!.severity, 'error');
    assert.equal(JSON.parse(await current(rig.prod, 'fact', rig.prod.ids.factId!)).formula, 'x');
  });

  test('a cancelled plan stops', async () => {
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(plan({}, [rig.dev.ids.factId!], abort.signal));
  });
});
