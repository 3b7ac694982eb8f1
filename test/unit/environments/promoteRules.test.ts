// Promoting from dev to prod against two emulators: references rewritten through their bindings and
// an unbound one blocking its resource alone; what each environment keeps of its own; fields the
// service manages making no difference; counterparts found by name, refused when ambiguous, and
// kept by id across a rename.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { applyPromotion } from '../../../src/environments/engine/promoteApply';
import { planPromotion, type PlanOptions } from '../../../src/environments/engine/promote';
import { lookupBinding, type Bindings } from '../../../src/environments/model/bindings';
import { bound, edit, json, pair, startPromoteRig, type PromoteRig } from './promoteSupport';

describe('promote: references, kept values and counterparts', () => {
  let rig: PromoteRig;
  before(async () => {
    rig = await startPromoteRig((s) => {
      const ids = s.demo.ids;
      // prod runs the churn sync by itself, and its stock sync is identity-locked.
      const churn = s.writeSyncs.find((w) => w.id === ids.writeSyncId)!;
      Object.assign(churn, { isEnabled: false, automaticEnabled: true, version: 41, createdAt: '2020-01-01T00:00:00.000Z' });
      Object.assign(
        s.writeSyncs.find((w) => w.id === ids.disabledWriteSyncId)!,
        { identityLocked: true },
      );
      // Only what the service manages differs in prod's margin fact and live app.
      Object.assign(
        s.facts.find((f) => f.id === ids.factId)!,
        { ownerId: 'user_Pother', key: 'gm_prod', updatedAt: '2030-01-01T00:00:00.000Z' },
      );
      const app = s.applications.find((a) => a.id === ids.liveAppId)!;
      app.deployment = { ...app.deployment, status: 'failed', url: 'https://prod.example/app', error: { code: 'x', message: 'y' } };
      // Two facts named "Monthly churn rate" on prod.
      const churnFact = s.facts.find((f) => f.id === ids.churnFactId)!;
      s.facts.push({ ...churnFact, id: 'fact_PSecondChurn', key: 'churn_2' });
    });
  });
  after(() => rig.close());
  beforeEach(async () => {
    await rig.dev.emu.reset();
    await rig.prod.emu.reset();
  });

  const plan = (bindings: Bindings, ids?: string[]) =>
    planPromotion({ source: rig.dev.side('dev'), target: rig.prod.side('prod'), bindings, ...(ids ? { ids } : {}) } satisfies PlanOptions);

  test('a reference is rewritten through its binding; an unbound reference blocks only the resource that holds it', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    const bindings = bound([
      pair(rig, 'writeSyncId'),
      pair(rig, 'codeStaleOperationId'),
      pair(rig, 'salesforceConnectionId'),
      pair(rig, 'disabledWriteSyncId'),
    ]);
    await edit(
      rig.dev,
      'writeSync',
      d.writeSyncId!,
      json((doc) => (doc.name = 'Churn → Salesforce v2')),
    );
    await edit(
      rig.dev,
      'writeSync',
      d.disabledWriteSyncId!,
      json((doc) => (doc.name = 'Stock v2')),
    );
    const planned = await plan(bindings, [d.writeSyncId!, d.disabledWriteSyncId!]);
    const [churn, stock] = planned.entries;
    assert.equal(churn!.action, 'update');
    const after = JSON.parse(churn!.diff!.after);
    assert.equal(after.definition.source.resourceId, p.codeStaleOperationId);
    assert.equal(after.definition.input.operationId, p.codeStaleOperationId);
    assert.equal(after.definition.destination.resourceId, p.salesforceConnectionId);
    assert.equal(stock!.action, 'blocked');
    assert.match(stock!.reason, new RegExp(`definition.input.operationId ${d.inventoryOperationId} of dev, bound to nothing on prod`));
    assert.doesNotMatch(stock!.reason, /definition.source/, 'a locked source stays prod’s: it is no reference to rewrite');
    const result = await applyPromotion(planned, { target: rig.prod.side('prod'), bindings });
    assert.deepEqual(
      result.outcomes.map((o) => [o.sourceId, o.outcome]),
      [[d.writeSyncId, 'saved']],
    );
    const ws = await rig.prod.client.getWriteSync(p.writeSyncId!);
    assert.equal(ws.name, 'Churn → Salesforce v2');
    assert.equal(ws.definition.input.operationId, p.codeStaleOperationId);
    assert.equal(ws.definition.destination.resourceId, p.salesforceConnectionId);
    // Nothing of dev's ids went to prod.
    const sent = JSON.stringify(rig.prod.emu.requests().map((r) => r.body));
    for (const id of Object.values(d)) if (/^(oper|wsyn|conn|rvsn|oprn|fact|dbas|appl|rept)_/.test(id)) assert.ok(!sent.includes(id), id);
  });

  test('per-environment values are kept: a write sync’s switches, input revision and locked identity, an app’s deployment', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    const bindings = bound([
      pair(rig, 'writeSyncId'),
      pair(rig, 'codeStaleOperationId'),
      pair(rig, 'salesforceConnectionId'),
      pair(rig, 'disabledWriteSyncId'),
      pair(rig, 'inventoryOperationId'),
      pair(rig, 'erpConnectionId'),
      pair(rig, 'liveAppId'),
    ]);
    await edit(
      rig.dev,
      'writeSync',
      d.writeSyncId!,
      json((doc) => Object.assign(doc, { name: 'Churn v2', isEnabled: true, automaticEnabled: false })),
    );
    await edit(
      rig.dev,
      'writeSync',
      d.disabledWriteSyncId!,
      json((doc) => ((doc.name = 'Stock v2'), (doc.definition.destination.object = 'item_stock_v2'))),
    );
    await edit(
      rig.dev,
      'app',
      d.liveAppId!,
      json((doc) => (doc.description = 'New words.')),
    );
    const before = { churn: await rig.prod.client.getWriteSync(p.writeSyncId!), app: await rig.prod.client.getApp(p.liveAppId!) };
    const planned = await plan(bindings, [d.writeSyncId!, d.disabledWriteSyncId!, d.liveAppId!]);
    const by = Object.fromEntries(planned.entries.map((e) => [e.sourceId, e]));
    assert.deepEqual(by[d.writeSyncId!]!.kept, ['isEnabled', 'automaticEnabled', 'definition.input.revisionId']);
    assert.deepEqual(by[d.disabledWriteSyncId!]!.kept, [
      'isEnabled',
      'automaticEnabled',
      'definition.input.revisionId',
      'definition.source',
      'definition.destination',
      'definition.keyColumn',
      'definition.fields',
    ]);
    assert.deepEqual(by[d.liveAppId!]!.kept, ['deployment']);
    assert.deepEqual(
      planned.entries.map((e) => e.action),
      ['update', 'update', 'update'],
    );
    const result = await applyPromotion(planned, { target: rig.prod.side('prod'), bindings });
    assert.deepEqual(
      result.outcomes.map((o) => o.outcome),
      ['saved', 'saved', 'saved'],
    );
    const churn = await rig.prod.client.getWriteSync(p.writeSyncId!);
    assert.deepEqual([churn.name, churn.isEnabled, churn.automaticEnabled], ['Churn v2', false, true]);
    assert.equal(churn.definition.input.revisionId, before.churn.definition.input.revisionId);
    const stock = await rig.prod.client.getWriteSync(p.disabledWriteSyncId!);
    assert.equal(stock.name, 'Stock v2');
    assert.equal(stock.definition.destination.object, 'item_stock', 'prod is locked: its destination stays');
    const app = await rig.prod.client.getApp(p.liveAppId!);
    assert.equal(app.description, 'New words.');
    assert.deepEqual(app.deployment.url, before.app.deployment.url);
    // What the app update sent: its editable fields and prod's draft, no deployment (the service
    // deploys the new draft by itself).
    const put = rig.prod.emu.requests().find((r) => r.method === 'PUT' && r.path === `/v1/apps/${p.liveAppId}`)!;
    assert.deepEqual(Object.keys(put.body as object).sort(), ['description', 'expectedDraft', 'name']);
  });

  test('fields the service manages alone make no difference: unchanged', async () => {
    const bindings = bound([
      pair(rig, 'factId'),
      pair(rig, 'liveAppId'),
      pair(rig, 'writeSyncId'),
      pair(rig, 'codeStaleOperationId'),
      pair(rig, 'salesforceConnectionId'),
    ]);
    const d = rig.dev.ids;
    const planned = await plan(bindings, [d.factId!, d.liveAppId!, d.writeSyncId!]);
    assert.deepEqual(
      planned.entries.map((e) => [e.kind, e.action]),
      [
        ['app', 'unchanged'],
        ['writeSync', 'unchanged'],
        ['fact', 'unchanged'],
      ],
    );
    assert.equal(planned.updates.length, 0);
  });

  test('a counterpart is found by its name when it is the only one, and applying binds it', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    await edit(
      rig.dev,
      'fact',
      d.aovFactId!,
      json((doc) => (doc.formula = 'revenue / orders')),
    );
    const planned = await plan({}, [d.aovFactId!, d.dashboardId!]);
    assert.deepEqual(
      planned.entries.map((e) => [e.sourceId, e.targetId, e.action, e.proposed]),
      [
        [d.dashboardId, p.dashboardId, 'unchanged', true],
        [d.aovFactId, p.aovFactId, 'update', true],
      ],
    );
    const result = await applyPromotion(planned, { target: rig.prod.side('prod'), bindings: {} });
    assert.equal(result.outcomes[0]!.outcome, 'saved');
    assert.equal(lookupBinding(result.bindings, 'dev', 'prod', d.aovFactId!)?.targetId, p.aovFactId);
    assert.equal(lookupBinding(result.bindings, 'dev', 'prod', d.dashboardId!)?.targetId, p.dashboardId, 'an unchanged one is bound too');
    const again = await plan(result.bindings, [d.aovFactId!]);
    assert.deepEqual([again.entries[0]!.action, again.entries[0]!.proposed], ['unchanged', undefined]);
  });

  test('a name collision refuses and asks to bind by hand, as does a name whose one target is bound already', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    const planned = await plan(bound([[d.factId!, p.logicFactId!]]), [d.churnFactId!, d.logicFactId!]);
    assert.deepEqual(
      planned.entries.map((e) => [e.targetId, e.action]),
      [
        [null, 'blocked'],
        [null, 'blocked'],
      ],
    );
    assert.match(planned.entries[0]!.reason, /^ambiguous: 2 facts on prod are named "Monthly churn rate" .*: bind by hand$/);
    assert.match(
      planned.entries[1]!.reason,
      new RegExp(`^ambiguous: ${p.logicFactId} named "VIP customer" on prod is bound to ${d.factId} already: bind by hand$`),
    );
    assert.equal(planned.updates.length, 0);
    // Two of dev's resources of one name, one on prod: neither is promoted onto it.
    await edit(
      rig.dev,
      'fact',
      d.aovFactId!,
      json((doc) => (doc.name = 'Gross margin')),
    );
    const twice = await plan({}, [d.factId!, d.aovFactId!]);
    assert.deepEqual(
      twice.entries.map((e) => e.action),
      ['blocked', 'blocked'],
    );
    assert.match(twice.entries[0]!.reason, /^ambiguous: .* have the name of .* on prod: bind by hand$/);
  });

  test('a rename after binding updates the same target and creates nothing new', async () => {
    const d = rig.dev.ids;
    const p = rig.prod.ids;
    const bindings = bound([pair(rig, 'factId')]);
    await edit(
      rig.dev,
      'fact',
      d.factId!,
      json((doc) => (doc.name = 'Gross margin (net)')),
    );
    const factsBefore = await rig.prod.client.listAll('facts');
    const planned = await plan(bindings, [d.factId!]);
    assert.deepEqual([planned.entries[0]!.targetId, planned.entries[0]!.action], [p.factId, 'update']);
    const result = await applyPromotion(planned, { target: rig.prod.side('prod'), bindings });
    assert.equal(result.outcomes[0]!.outcome, 'saved');
    assert.equal((await rig.prod.client.getFact(p.factId!)).name, 'Gross margin (net)');
    const factsAfter = await rig.prod.client.listAll('facts');
    assert.ok(factsBefore.supported && factsAfter.supported);
    assert.deepEqual(
      factsAfter.items.map((f) => f.id),
      factsBefore.items.map((f) => f.id),
    );
    assert.equal(rig.prod.emu.requests().filter((r) => r.method === 'POST').length, 0);
    // Renamed on dev again: still the same target, by id.
    await edit(
      rig.dev,
      'fact',
      d.factId!,
      json((doc) => (doc.name = 'GM')),
    );
    assert.equal((await plan(result.bindings, [d.factId!])).entries[0]!.targetId, p.factId);
  });

  test('ids that name nothing promotable, a resource dev does not have and a bound target prod does not have are blocked each', async () => {
    const d = rig.dev.ids;
    const planned = await plan(bound([[d.factId!, 'fact_PGone']]), [
      'nonsense',
      d.ordersDataSource!,
      d.kpiOperationId!,
      d.factId!,
      d.factId!,
    ]);
    assert.deepEqual(
      planned.entries.map((e) => [e.kind, e.sourceId, e.action]),
      [
        ['unknown', 'nonsense', 'blocked'],
        ['dataSource', d.ordersDataSource, 'blocked'],
        ['dashboard', d.kpiOperationId, 'blocked'],
        ['fact', d.factId, 'blocked'],
      ],
    );
    const [nonsense, source, kpi, gone] = planned.entries.map((e) => e.reason);
    assert.equal(nonsense, 'not an id of the service');
    assert.match(source!, /^a data source id: the service offers no way to save one, so it cannot be promoted$/);
    assert.match(kpi!, new RegExp(`^${d.kpiOperationId} is not on dev$`));
    assert.match(gone!, /^its counterpart fact_PGone is not on prod: bind it to another, or bind it again$/);
  });

  test('a kind asked for is planned whole, and lists nothing of the other kinds; an id of it asked for besides is planned once', async () => {
    const d = rig.dev.ids;
    rig.dev.emu.clearRequests();
    const facts = await planPromotion({
      source: rig.dev.side('dev'),
      target: rig.prod.side('prod'),
      bindings: {},
      kinds: ['fact'],
      ids: [d.factId!, d.writeSyncId!],
    });
    assert.deepEqual(
      facts.entries.map((e) => e.kind),
      ['writeSync', 'fact', 'fact', 'fact', 'fact'],
    );
    assert.equal(facts.entries.filter((e) => e.sourceId === d.factId).length, 1);
    const lists = rig.dev.emu.requests().filter((r) => r.method === 'GET' && !/\/[a-z]+_[A-Za-z0-9]+$/.test(r.path.split('?')[0]!));
    assert.deepEqual(
      lists.map((r) => r.path.split('?')[0]!.split('/').pop()).sort(),
      ['facts', 'write-syncs'].sort(),
      'one list per kind planned, none of the others',
    );
    const none = await planPromotion({ source: rig.dev.side('dev'), target: rig.prod.side('prod'), bindings: {}, kinds: [] });
    assert.deepEqual(none.entries, [], 'no kind and no id: nothing');
  });

  test('without ids, every resource dev lists is planned, kind by kind', async () => {
    const planned = await plan({});
    const kinds = [...new Set(planned.entries.map((e) => e.kind))];
    assert.deepEqual(kinds, ['dashboard', 'app', 'database', 'writeSync', 'fact']);
    assert.equal(planned.entries.length, 3 + 3 + 2 + 3 + 4);
    assert.deepEqual(planned.notes, []);
  });
});
