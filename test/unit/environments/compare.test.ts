// Comparing two environments, two emulators over real HTTP ("dev" the demo workspace, "prod" the
// same under other ids): what the service manages is no difference, an edited field is one, a
// reference that maps through the bindings is none, a resource of one side only and a name two
// resources share are listed as such, and nothing is written anywhere.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { kindOfId } from '../../../src/api/ids';
import { compareEnvironments, compareResource, type CompareRequest } from '../../../src/environments/engine/compareEnvironments';
import type { Bindings } from '../../../src/environments/model/bindings';
import { bound, edit, json, missingAndAmbiguous, startPromoteRig, type PromoteRig } from './promoteSupport';

describe('compare: two environments', () => {
  let rig: PromoteRig;
  before(async () => {
    rig = await startPromoteRig(missingAndAmbiguous);
  });
  after(() => rig.close());
  beforeEach(async () => {
    await rig.dev.emu.reset();
    await rig.prod.emu.reset();
  });

  const request = (bindings: Bindings = {}): CompareRequest => ({
    first: { ...rig.dev.side('dev'), label: 'Dev' },
    second: { ...rig.prod.side('prod'), label: 'Prod' },
    bindings,
  });
  /** Every demo id of dev bound to prod's of the same name. */
  const allBound = () =>
    bound(
      Object.entries(rig.dev.ids)
        .filter(([k, v]) => kindOfId(v) !== undefined && rig.prod.ids[k] !== v && kindOfId(rig.prod.ids[k] ?? '') === kindOfId(v))
        .map(([k, v]) => [v, rig.prod.ids[k]!] as const),
    );
  const writes = () => [...rig.dev.emu.requests(), ...rig.prod.emu.requests()].filter((r) => r.method !== 'GET').length;

  test('the demo dashboard and app are the same on both: ids, revisions and times are the service’s', async () => {
    for (const [kind, key] of [
      ['dashboard', 'dashboardId'],
      ['app', 'liveAppId'],
    ] as const) {
      const e = await compareResource(request(), kind, rig.dev.ids[key]!, undefined);
      assert.equal(e.group, 'same', `${kind}: ${e.reason}`);
      assert.equal(e.secondId, rig.prod.ids[key]);
      assert.equal(e.texts!.left, e.texts!.right);
    }
    const app = await compareResource(request(), 'app', rig.dev.ids.liveAppId!, undefined);
    assert.ok(app.texts!.managedDiffer.includes('id'), app.texts!.managedDiffer.join());
  });

  test('an edited field is a difference, shown in the two texts', async () => {
    await edit(
      rig.prod,
      'database',
      rig.prod.ids.databaseId!,
      json((d) => d.tables[0].columns.push({ name: 'changed_on_prod', type: 'text', nullable: true })),
    );
    const e = await compareResource(request(), 'database', rig.dev.ids.databaseId!, undefined);
    assert.equal(e.group, 'differs', e.reason);
    assert.ok(e.texts!.right.includes('changed_on_prod'));
    assert.ok(!e.texts!.left.includes('changed_on_prod'));
  });

  test('a reference that maps through the bindings is no difference; one that does not, is', async () => {
    const unbound = await compareEnvironments(request());
    const syncs = unbound.entries.filter((e) => e.kind === 'writeSync');
    assert.ok(syncs.length > 0);
    assert.ok(
      syncs.some((e) => e.group === 'differs'),
      syncs.map((e) => `${e.name}: ${e.group}`).join('; '),
    );
    const mapped = await compareEnvironments(request(allBound()));
    for (const e of mapped.entries.filter((x) => x.kind === 'writeSync')) assert.equal(e.group, 'same', `${e.name}: ${e.reason}`);
  });

  test('a write sync’s switches are each environment’s own: no difference, named apart', async () => {
    const id = rig.prod.ids.writeSyncId!;
    await edit(
      rig.prod,
      'writeSync',
      id,
      json((d) => (d.isEnabled = !d.isEnabled)),
    );
    const e = await compareResource(request(allBound()), 'writeSync', rig.dev.ids.writeSyncId!, undefined);
    assert.equal(e.group, 'same', e.reason);
    assert.ok(e.texts!.keptDiffer.includes('isEnabled'), e.texts!.keptDiffer.join());
  });

  test('bindings written from prod to dev count as well: a comparison has no direction', async () => {
    const forward = allBound().dev!.prod!;
    const backward: Bindings = {
      prod: { dev: Object.fromEntries(Object.entries(forward).map(([s, b]) => [b.targetId, { ...b, targetId: s }])) },
    };
    const e = await compareEnvironments(request(backward));
    for (const x of e.entries.filter((y) => y.kind === 'writeSync')) assert.equal(x.group, 'same', `${x.name}: ${x.reason}`);
  });

  test('a resource of one side only, and a name two resources share, are listed as such; nothing is written', async () => {
    const { entries: bound } = await compareEnvironments(request(allBound()));
    const stale = bound.find((e) => e.firstId === rig.dev.ids.aovFactId);
    assert.equal(stale?.group, 'unbound', 'bound to a fact prod does not have');
    assert.match(stale!.reason, /is not on «Prod»/);
    assert.equal(bound.find((e) => e.secondId === 'fact_PSecondVip')?.group, 'onlySecond', 'the VIP fact is bound to the other');
    const { entries: byName } = await compareEnvironments(request());
    const aov = byName.find((e) => e.firstId === rig.dev.ids.aovFactId);
    assert.equal(aov?.group, 'onlyFirst');
    assert.match(aov!.reason, /no counterpart on «Prod»/);
    const vip = byName.find((e) => e.firstId === rig.dev.ids.logicFactId);
    assert.equal(vip?.group, 'ambiguous', vip?.reason);
    assert.deepEqual([...vip!.candidates!].sort(), [rig.prod.ids.logicFactId, 'fact_PSecondVip'].sort());
    assert.match(vip!.reason, /bind by hand/);
    assert.ok(!byName.some((e) => e.group === 'onlySecond' && e.secondId === 'fact_PSecondVip'), 'a candidate is not listed twice');
    assert.equal(writes(), 0);
  });

  test('a resource only on the second side is listed', async () => {
    const { entries } = await compareEnvironments({ ...request(), first: request().second, second: request().first });
    const aov = entries.find((e) => e.secondId === rig.dev.ids.aovFactId);
    assert.equal(aov?.group, 'onlySecond');
  });
});
