// Promoting from dev to prod, two emulators over real HTTP: a plan names, for each resource, one of
// update, unchanged, unbound, blocked and drift, reads only what it needs and sends nothing; applying
// it saves each update through prod's guarded save with the tokens the plan read, so that a change
// made on prod in between is a conflict and is kept; the bindings record what was promoted.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { applyPromotion, PromotePlanError } from '../../../src/environments/engine/promoteApply';
import { planPromotion, type PlanOptions } from '../../../src/environments/engine/promote';
import { lookupBinding, withBinding, type Bindings } from '../../../src/environments/model/bindings';
import { fingerprint } from '../../../src/environments/model/normalize';
import { bound, current, edit, json, pair, missingAndAmbiguous, startPromoteRig, type PromoteRig } from './promoteSupport';

describe('promote: the plan and its five actions', () => {
  let rig: PromoteRig;
  before(async () => {
    rig = await startPromoteRig(missingAndAmbiguous);
  });
  after(() => rig.close());
  beforeEach(async () => {
    await rig.dev.emu.reset();
    await rig.prod.emu.reset();
  });

  const options = (bindings: Bindings, ids: string[], extra: Partial<PlanOptions> = {}): PlanOptions => ({
    source: rig.dev.side('dev'),
    target: rig.prod.side('prod'),
    bindings,
    ids,
    ...extra,
  });

  /** Bindings of the fixture: margin and churn bound by hand; the dashboard as a promotion left it. */
  async function fixture(): Promise<{ bindings: Bindings; ids: string[] }> {
    const [dash, prodDash] = pair(rig, 'dashboardId');
    const promoted = await current(rig.prod, 'dashboard', prodDash);
    const bindings = withBinding(bound([pair(rig, 'factId'), pair(rig, 'churnFactId')]), 'dev', 'prod', dash, {
      targetId: prodDash,
      sourceRevision: fingerprint('dashboard', await current(rig.dev, 'dashboard', dash)),
      targetRevision: fingerprint('dashboard', promoted),
    });
    const d = rig.dev.ids;
    return { bindings, ids: [d.factId!, d.churnFactId!, d.aovFactId!, d.logicFactId!, dash] };
  }

  test('a fixture plan holds update, unchanged, unbound, blocked and drift, each with its reason, and sends nothing', async () => {
    const { bindings, ids } = await fixture();
    await edit(
      rig.dev,
      'fact',
      rig.dev.ids.factId!,
      json((d) => (d.formula = '(revenue - cogs) / revenue')),
    );
    await edit(rig.prod, 'dashboard', rig.prod.ids.dashboardId!, (t) => `${t}// hotfix on prod\n`);
    await edit(rig.dev, 'dashboard', rig.dev.ids.dashboardId!, (t) => `${t}// next feature\n`);
    rig.prod.emu.clearRequests();
    rig.dev.emu.clearRequests();
    const files = { [rig.dev.ids.factId!]: 'facts/gross-margin.json' };
    const plan = await planPromotion(options(bindings, ids, { files }));
    const prodRequests = rig.prod.emu.requests();
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    assert.deepEqual(
      plan.entries.map((e) => [e.sourceId, e.targetId, e.action]),
      // In the registry's order of kinds, then as asked.
      [
        [d.dashboardId, p.dashboardId, 'drift'],
        [d.factId, p.factId, 'update'],
        [d.churnFactId, p.churnFactId, 'unchanged'],
        [d.aovFactId, null, 'unbound'],
        [d.logicFactId, null, 'blocked'],
      ],
    );
    const by = Object.fromEntries(plan.entries.map((e) => [e.sourceId, e]));
    assert.equal(by[d.factId!]!.file, 'facts/gross-margin.json');
    assert.equal(by[d.churnFactId!]!.file, undefined);
    assert.match(by[d.factId!]!.reason, /saved on prod/);
    assert.match(by[d.churnFactId!]!.reason, /prod holds the same already/);
    assert.match(by[d.aovFactId!]!.reason, /prod has no fact named "Average order value": create it on the target, then bind it/);
    assert.match(by[d.logicFactId!]!.reason, /ambiguous: 2 facts on prod are named "VIP customer" .*bind by hand/);
    assert.match(by[d.dashboardId!]!.reason, /changed on prod since the last promotion from dev/);
    assert.match(by[d.factId!]!.diff!.after, /cogs/);
    assert.doesNotMatch(by[d.factId!]!.diff!.before, /cogs/);
    assert.match(by[d.dashboardId!]!.diff!.before, /hotfix on prod/);
    assert.equal(by[d.churnFactId!]!.diff, undefined);
    assert.equal(by[d.factId!]!.proposed, undefined);
    // The one update carries prod's tokens as the plan read them.
    assert.equal(plan.updates.length, 1);
    const prodFact = await rig.prod.client.getFact(p.factId!);
    assert.deepEqual(plan.updates[0]!.base.tokens, { kind: 'fact', updatedAt: prodFact.updatedAt });
    assert.equal(plan.updates[0]!.file.id, p.factId);
    // Reads only, and only what is needed: prod's facts listed once (for the two found by name), the
    // bound ones read once each, nothing of the unbound or ambiguous ones.
    assert.ok(prodRequests.every((r) => r.method === 'GET'));
    assert.deepEqual(prodRequests.map((r) => r.path).sort(), [
      `/v1/dashboards/${p.dashboardId}/source`,
      `/v1/facts`,
      `/v1/facts/${p.churnFactId}`,
      `/v1/facts/${p.factId}`,
    ]);
    assert.ok(rig.dev.emu.requests().every((r) => r.method === 'GET'));
  });

  test('applying saves the update on prod with the planned tokens and records both fingerprints; nothing else changes', async () => {
    const { bindings, ids } = await fixture();
    await edit(
      rig.dev,
      'fact',
      rig.dev.ids.factId!,
      json((d) => (d.formula = '(revenue - cogs) / revenue')),
    );
    const plan = await planPromotion(options(bindings, ids));
    rig.prod.emu.clearRequests();
    const result = await applyPromotion(plan, { target: rig.prod.side('prod'), bindings });
    assert.deepEqual(
      result.outcomes.map((o) => [o.sourceId, o.targetId, o.outcome]),
      [[rig.dev.ids.factId, rig.prod.ids.factId, 'saved']],
    );
    assert.match(result.outcomes[0]!.message, /saved on prod/);
    const puts = rig.prod.emu.requests().filter((r) => r.method !== 'GET');
    assert.equal(puts.length, 1);
    assert.equal(puts[0]!.path, `/v1/facts/${rig.prod.ids.factId}`);
    const prodText = await current(rig.prod, 'fact', rig.prod.ids.factId!);
    assert.equal(JSON.parse(prodText).formula, '(revenue - cogs) / revenue');
    const b = lookupBinding(result.bindings, 'dev', 'prod', rig.dev.ids.factId!)!;
    assert.equal(b.targetId, rig.prod.ids.factId);
    assert.equal(b.sourceRevision, fingerprint('fact', await current(rig.dev, 'fact', rig.dev.ids.factId!)));
    assert.equal(b.targetRevision, fingerprint('fact', prodText));
    // The churn fact was bound by hand and found the same: its fingerprints are recorded too.
    const churn = lookupBinding(result.bindings, 'dev', 'prod', rig.dev.ids.churnFactId!)!;
    assert.equal(churn.targetRevision, fingerprint('fact', await current(rig.prod, 'fact', rig.prod.ids.churnFactId!)));
    assert.deepEqual(
      lookupBinding(result.bindings, 'dev', 'prod', rig.dev.ids.dashboardId!),
      lookupBinding(bindings, 'dev', 'prod', rig.dev.ids.dashboardId!),
    );
    // Planned again: all in step.
    const again = await planPromotion(options(result.bindings, [rig.dev.ids.factId!, rig.dev.ids.churnFactId!]));
    assert.deepEqual(
      again.entries.map((e) => e.action),
      ['unchanged', 'unchanged'],
    );
    assert.deepEqual(again.confirmed, [], 'fingerprints already recorded are not recorded again');
  });

  test('a target changed between plan and apply is a conflict: nothing is overwritten, and the other change stays', async () => {
    const { bindings } = await fixture();
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    await edit(
      rig.dev,
      'fact',
      d.factId!,
      json((doc) => (doc.formula = 'from dev')),
    );
    await edit(rig.dev, 'dashboard', d.churnDashboardId!, (t) => `${t}// from dev\n`);
    await edit(
      rig.dev,
      'database',
      d.databaseId!,
      json((doc) => doc.tables[0].columns.push({ name: 'dev', type: 'text', nullable: true })),
    );
    const all = bound([pair(rig, 'churnDashboardId'), pair(rig, 'databaseId')], bindings);
    const plan = await planPromotion(options(all, [d.factId!, d.churnDashboardId!, d.databaseId!]));
    assert.deepEqual(
      plan.entries.map((e) => e.action),
      ['update', 'update', 'update'],
    );
    // A colleague changes each on prod after the plan was made.
    await edit(
      rig.prod,
      'fact',
      p.factId!,
      json((doc) => (doc.definition = 'their change')),
    );
    await edit(rig.prod, 'dashboard', p.churnDashboardId!, (t) => `${t}// their change\n`);
    await edit(
      rig.prod,
      'database',
      p.databaseId!,
      json((doc) => doc.tables.pop()),
    );
    const before = {
      fact: await current(rig.prod, 'fact', p.factId!),
      dashboard: await current(rig.prod, 'dashboard', p.churnDashboardId!),
      database: await current(rig.prod, 'database', p.databaseId!),
    };
    rig.prod.emu.clearRequests();
    const result = await applyPromotion(plan, { target: rig.prod.side('prod'), bindings: all });
    assert.deepEqual(
      result.outcomes.map((o) => o.outcome),
      ['conflict', 'conflict', 'conflict'],
    );
    assert.match(result.outcomes[0]!.message, /changed on prod after the plan was made .*nothing was saved/);
    assert.equal(await current(rig.prod, 'fact', p.factId!), before.fact);
    assert.equal(await current(rig.prod, 'dashboard', p.churnDashboardId!), before.dashboard);
    assert.equal(await current(rig.prod, 'database', p.databaseId!), before.database);
    // Never sent again with newer tokens: at most the one guarded PUT each (the fact sends none).
    const puts = rig.prod.emu.requests().filter((r) => r.method === 'PUT');
    assert.deepEqual(
      puts.map((r) => r.status),
      [409, 409],
    );
    assert.deepEqual(result.bindings, all, 'no binding records a promotion that did not happen');
  });

  test('drift: after a promotion, a change on prod stops the next one at drift until asked to overwrite it', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    const first = bound([pair(rig, 'factId')]);
    await edit(
      rig.dev,
      'fact',
      d.factId!,
      json((doc) => (doc.formula = 'one')),
    );
    const applied = await applyPromotion(await planPromotion(options(first, [d.factId!])), {
      target: rig.prod.side('prod'),
      bindings: first,
    });
    assert.equal(applied.outcomes[0]!.outcome, 'saved');
    // prod changes by itself; dev did not change: promoting would undo prod's change.
    await edit(
      rig.prod,
      'fact',
      p.factId!,
      json((doc) => (doc.formula = 'hotfix')),
    );
    const drift = await planPromotion(options(applied.bindings, [d.factId!]));
    assert.equal(drift.entries[0]!.action, 'drift');
    assert.deepEqual(
      drift.entries[0]!.diff && [JSON.parse(drift.entries[0]!.diff.before).formula, JSON.parse(drift.entries[0]!.diff.after).formula],
      ['hotfix', 'one'],
    );
    assert.equal(drift.updates.length, 0);
    assert.deepEqual((await applyPromotion(drift, { target: rig.prod.side('prod'), bindings: applied.bindings })).outcomes, []);
    const forced = await planPromotion(options(applied.bindings, [d.factId!], { overwriteDrift: true }));
    assert.equal(forced.entries[0]!.action, 'update');
    assert.match(forced.entries[0]!.reason, /overwriting the change made on prod since the last promotion/);
    // The same text on both sides again is no drift, whatever happened in between.
    await edit(
      rig.prod,
      'fact',
      p.factId!,
      json((doc) => (doc.formula = 'one')),
    );
    assert.equal((await planPromotion(options(applied.bindings, [d.factId!]))).entries[0]!.action, 'unchanged');
  });

  test('a database promotes into its draft: prod’s published revision stays, publishing is a step of its own', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    await edit(
      rig.dev,
      'database',
      d.databaseId!,
      json((doc) => doc.tables[0].columns.push({ name: 'tier', type: 'text', nullable: true })),
    );
    const bindings = bound([pair(rig, 'databaseId')]);
    const plan = await planPromotion(options(bindings, [d.databaseId!]));
    assert.equal(plan.entries[0]!.action, 'update');
    assert.match(plan.entries[0]!.reason, /as a new draft revision; publishing it stays a step of its own/);
    const history = await rig.prod.client.revisionState(p.databaseId!);
    const result = await applyPromotion(plan, { target: rig.prod.side('prod'), bindings });
    assert.equal(result.outcomes[0]!.outcome, 'saved');
    const after = await rig.prod.client.revisionState(p.databaseId!);
    assert.equal(after.draft.sequence, history.draft.sequence + 1);
    assert.deepEqual(after.published, history.published);
    assert.match(await current(rig.prod, 'database', p.databaseId!), /"tier"/);
  });

  test('a plan for another target is refused by apply', async () => {
    const plan = await planPromotion(options({}, [rig.dev.ids.factId!]));
    await assert.rejects(applyPromotion(plan, { target: rig.prod.side('staging'), bindings: {} }), PromotePlanError);
  });
});
