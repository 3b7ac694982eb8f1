// Promote to Another Environment… in the real VS Code on every service profile: both services play
// the pass's choices (in the strict pass, every variant at once: no list endpoints, other carriers,
// other error bodies, strict request bodies, a fact PUT that clears what it is not sent). Nothing is
// found by listing there, so the resource is named by id and its counterpart by a binding written by
// hand in the folder's wsa.targets.json; the plan reads each by id, and Apply saves one PUT on prod
// that clears none of its fields, and writes nothing on dev.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PromoteRun } from '../../src/environments/vscode/promoteCommands';
import type { ApplyItem, PlanPickItem } from '../../src/environments/vscode/promotePicks';
import { originOf } from '../../src/connection/model/origins';
import { serviceFetch, type EmulatorInfo } from '../harness/lib/env';
import { connectSuite, type SuiteContext } from './helpers';
import { forgetDevAndProd, nameDevAndProd } from './support/twoEnvironments';
import { PROD_KEY, startProdEmulator, type ProdEmulator } from './prodSeed';

const PROD_WORDING = 'churned: as prod words it';

describe('Environments: promote by id and binding, whatever the service chose @variants', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let prod: ProdEmulator;
  let prodInfo: EmulatorInfo;
  let targetsFile: vscode.Uri;
  let guard: vscode.Disposable;
  const asked: string[] = [];

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    prod = await startProdEmulator(
      (seed) => {
        const churn = seed.facts.find((f) => f.id === seed.demo.ids.churnFactId)!;
        churn.definition = PROD_WORDING;
      },
      s.emulator.variants.length ? s.emulator.variants : undefined,
    );
    prodInfo = { ...s.emulator, url: prod.emu.url, apiKey: PROD_KEY, workspaceId: prod.emu.demo.workspaceId, carriers: prod.emu.carriers };
    await nameDevAndProd(s, prod);
    await s.api.connection.storeApiKey(PROD_KEY, originOf(prod.emu.url));
    targetsFile = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'wsa.targets.json');
    const file = {
      targets: {
        dev: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId, stage: 'development' },
        prod: { baseUrl: prod.emu.url, workspace: prod.emu.demo.workspaceId, stage: 'production' },
      },
      // Bound by hand: a service without list endpoints finds no counterpart by name.
      bindings: { dev: { prod: { [s.ids.churnFactId!]: { targetId: prod.emu.demo.ids.churnFactId } } } },
    };
    await vscode.workspace.fs.writeFile(targetsFile, Buffer.from(JSON.stringify(file, null, 2)));
    s.api.testing.environments.promote = {
      pickConnection: async (entries) => entries.find((e) => e.id === 'prod'),
      askSignIn: async () => false,
      askKey: async () => undefined,
      pickPlan: async (items: readonly PlanPickItem[]) => items.find((i): i is ApplyItem => 'apply' in i),
    };
    guard = s.api.testing.useGuardDialogs({
      ask: async (q) => {
        asked.push(q.message);
        return 'send';
      },
    });
    await s.admin.clearRequests();
    prod.emu.clearRequests();
  });
  after(async () => {
    delete s.api.testing.environments.promote;
    guard?.dispose();
    await vscode.workspace.fs.delete(targetsFile).then(undefined, () => undefined);
    await forgetDevAndProd(s, prod);
  });

  it('the fact is planned as an update through its binding, and Apply saves it on prod alone, clearing none of its fields', async () => {
    const p = prod.emu.demo.ids;
    const before = ((await (await serviceFetch(prodInfo, `/v1/facts/${p.churnFactId}`)).json()) as { data: Record<string, unknown> }).data;
    const dev = ((await (await serviceFetch(s.emulator, `/v1/facts/${s.ids.churnFactId}`)).json()) as { data: Record<string, unknown> })
      .data;
    assert.equal(before.definition, PROD_WORDING);
    const run = await vscode.commands.executeCommand<PromoteRun | undefined>(
      'workspaceAutomation.promote',
      { ids: [s.ids.churnFactId!] },
      { target: 'prod' },
    );
    assert.ok(run, 'a plan was made');
    assert.deepEqual(
      run.plan.entries.map((e) => [e.sourceId, e.targetId, e.action]),
      [[s.ids.churnFactId, p.churnFactId, 'update']],
      JSON.stringify(run.plan.entries),
    );
    assert.equal(asked.length, 1, 'production asks once for the plan');
    assert.deepEqual(
      run.result?.outcomes.map((o) => [o.targetId, o.outcome]),
      [[p.churnFactId, 'saved']],
      JSON.stringify(run.result),
    );
    // One stored PUT; a service that does not take the optional fields the save sends back refuses
    // the first one naming them, and the same replace goes once more without exactly those.
    const writes = prod.emu.requests().filter((r) => r.method !== 'GET');
    assert.ok(
      writes.every((r) => r.method === 'PUT' && r.path === `/v1/facts/${p.churnFactId}`),
      JSON.stringify(writes.map((r) => `${r.method} ${r.path}`)),
    );
    assert.equal(writes.filter((r) => r.status !== null && r.status < 300).length, 1, 'one save stored');
    assert.ok(writes.length <= 2 && writes.every((r) => r.status === 400 || r.status === 422 || (r.status ?? 500) < 300));
    assert.deepEqual(
      (await s.admin.requests()).filter((r) => r.method !== 'GET'),
      [],
      'nothing was written to dev',
    );
    const after = ((await (await serviceFetch(prodInfo, `/v1/facts/${p.churnFactId}`)).json()) as { data: Record<string, unknown> }).data;
    assert.equal(after.definition, dev.definition, 'dev’s definition is prod’s now');
    // A replacing write clears what it omits on some services: none of the fields the two share was cleared.
    for (const field of ['formula', 'formulaType', 'unit', 'usualValue', 'aliases'])
      assert.deepEqual(after[field], before[field], `${field} not cleared`);
  });
});
