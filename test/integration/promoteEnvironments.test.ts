// Promote to Another Environment… in the real VS Code: the session's emulator is "dev" (the window's
// connection), a second emulator "prod" (production, so protected) holds the demo workspace under
// other ids and its own key. The plan is read from both and shown before anything is sent; leaving
// it, or cancelling the guard's one question, sends nothing; applying it saves each update on prod
// with prod's tokens as the plan read them, so that a change made there meanwhile is a conflict and
// is kept; the bindings are recorded in the folder's wsa.targets.json, or without one in VS Code's
// state; a target changed since the last promotion is drift.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PromoteRun } from '../../src/environments/vscode/promoteCommands';
import type { ApplyItem, PlanItem, PlanPickItem, PromoteDialogs } from '../../src/environments/vscode/promotePicks';
import type { GuardQuestion } from '../../src/environments/vscode/writeGuard';
import { colleagueSaves, serviceFetch, type EmulatorInfo } from '../harness/lib/env';
import { wsaUri } from './fileHelpers';
import { connectSuite, type SuiteContext } from './helpers';
import { devAndProd, forgetDevAndProd, nameDevAndProd, setConnections } from './support/twoEnvironments';
import { PROD_KEY, startProdEmulator, type ProdEmulator } from './prodSeed';

const FACTS_GROUP = { kind: 'group', group: { kind: 'fact' } };

type Pick = (items: readonly PlanPickItem[]) => Promise<ApplyItem | PlanItem | undefined>;

const applyItem = (items: readonly PlanPickItem[]) => items.find((i): i is ApplyItem => 'apply' in i);
const entryItem = (items: readonly PlanPickItem[], sourceId: string) =>
  items.find((i): i is PlanItem => 'entry' in i && i.entry.sourceId === sourceId);

describe('Environments: promote', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let prod: ProdEmulator;
  let prodInfo: EmulatorInfo;
  let guard: vscode.Disposable;
  const questions: GuardQuestion[] = [];
  let guardAnswer: 'send' | undefined;
  let shown: (readonly PlanPickItem[])[] = [];
  let picks: Pick[] = [];
  let targetsFile: vscode.Uri;

  const dialogs: PromoteDialogs = {
    // Only a command run on a selection cannot name it (its second argument is the selection).
    pickConnection: async (entries) => entries.find((e) => e.id === 'prod'),
    askSignIn: async () => true,
    askKey: async () => PROD_KEY,
    pickPlan: async (items) => {
      shown.push(items);
      const next = picks.shift();
      return next ? next(items) : undefined;
    },
  };
  const promote = (arg: unknown, options: Record<string, unknown> = {}) =>
    vscode.commands.executeCommand<PromoteRun | undefined>('workspaceAutomation.promote', arg, { target: 'prod', ...options });
  const writes = (emu: { requests(): { method: string; path: string }[] }) => emu.requests().filter((r) => r.method !== 'GET');
  const devWrites = async () => (await s.admin.requests()).filter((r) => r.method !== 'GET');
  async function fact(emulator: EmulatorInfo, id: string): Promise<Record<string, string>> {
    return ((await (await serviceFetch(emulator, `/v1/facts/${id}`)).json()) as { data: Record<string, string> }).data;
  }
  /** Someone edits a fact on a service directly, as the spec says: read it, send every field back. */
  async function editFact(emulator: EmulatorInfo, id: string, definition: string): Promise<void> {
    const f = await fact(emulator, id);
    const body = { name: f.name, definition, formula: f.formula, formulaType: f.formulaType };
    const response = await serviceFetch(emulator, `/v1/facts/${id}`, { method: 'PUT', body: JSON.stringify(body) });
    assert.equal(response.status, 200, await response.clone().text());
  }
  async function writeTargets(bindings: unknown = {}): Promise<void> {
    const file = {
      targets: {
        dev: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId, stage: 'development' },
        prod: { baseUrl: prod.emu.url, workspace: prod.emu.demo.workspaceId, stage: 'production', protected: true },
      },
      bindings,
    };
    await vscode.workspace.fs.writeFile(targetsFile, Buffer.from(JSON.stringify(file, null, 2)));
  }
  const readTargets = async () =>
    JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(targetsFile)).toString('utf8')) as {
      targets: unknown;
      bindings: Record<string, Record<string, Record<string, { targetId: string; sourceRevision: string | null }>>>;
    };
  async function removeTargets(): Promise<void> {
    await vscode.workspace.fs.delete(targetsFile).then(undefined, () => undefined);
  }

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    prod = await startProdEmulator((seed) => {
      // prod has no "Average order value", and two facts named "VIP customer".
      seed.facts = seed.facts.filter((f) => f.id !== seed.demo.ids.aovFactId);
      const vip = seed.facts.find((f) => f.id === seed.demo.ids.logicFactId)!;
      seed.facts.push({ ...vip, id: 'fact_PSecondVip', key: 'vip_customer_2' });
    });
    prodInfo = { ...s.emulator, url: prod.emu.url, apiKey: PROD_KEY, workspaceId: prod.emu.demo.workspaceId, carriers: prod.emu.carriers };
    targetsFile = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'wsa.targets.json');
    await removeTargets();
    await s.api.environments.keptBindings.forget();
    s.api.testing.environments.promote = dialogs;
    guard = s.api.testing.useGuardDialogs({
      ask: async (q) => {
        questions.push(q);
        return guardAnswer;
      },
    });
    await nameDevAndProd(s, prod);
    // dev's churn fact is ahead of prod's.
    await editFact(s.emulator, s.ids.churnFactId!, 'churned: no order in 60 days (changed on dev)');
    await s.admin.clearRequests();
  });
  beforeEach(() => {
    shown = [];
    picks = [];
    questions.length = 0;
    guardAnswer = undefined;
    prod.emu.clearRequests();
  });
  after(async () => {
    delete s.api.testing.environments.promote;
    guard?.dispose();
    await removeTargets();
    await s.api.environments.keptBindings.forget();
    await forgetDevAndProd(s, prod);
  });

  it('the plan of the Facts group names update, unchanged, unbound and blocked, each with why; leaving it sends nothing', async () => {
    const run = await promote(FACTS_GROUP);
    const ids = s.ids;
    const action = Object.fromEntries(run!.plan.entries.map((e) => [e.sourceId, e.action]));
    assert.deepEqual(action, {
      [ids.factId!]: 'unchanged',
      [ids.churnFactId!]: 'update',
      [ids.aovFactId!]: 'unbound',
      [ids.logicFactId!]: 'blocked',
    });
    assert.equal(run!.result, undefined, 'not applied');
    assert.equal(shown.length, 1, 'the plan was shown once');
    const labels = shown[0]!.map((i) => i.label);
    assert.match(applyItem(shown[0]!)!.label, /^\$\(check\) Apply on «Prod»: 1 updates?, and \d+ bindings recorded$/);
    assert.ok(labels.includes('Update on «Prod» (1)'), labels.join(' | '));
    assert.ok(labels.includes('No counterpart: create it on «Prod», then bind it (1)'), labels.join(' | '));
    assert.match(entryItem(shown[0]!, ids.logicFactId!)!.detail!, /ambiguous: 2 facts on prod are named "VIP customer"/);
    assert.match(entryItem(shown[0]!, ids.churnFactId!)!.description!, /pick to see the change/);
    assert.deepEqual(writes(prod.emu), [], 'nothing was written to prod');
    assert.deepEqual(await devWrites(), [], 'nor to dev');
    assert.deepEqual(questions, [], 'the guard asks only when a plan is applied');
  });

  it('picking an update shows its change as a diff; Apply asks once, naming the plan, and Cancel sends nothing', async () => {
    const churn = s.ids.churnFactId!;
    picks = [async (items) => entryItem(items, churn), async (items) => applyItem(items)];
    const run = await promote(wsaUri(s.emulator.workspaceId, 'fact', churn, 'Churned customer'));
    assert.equal(shown.length, 2, 'the plan again after the diff');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
    const left = (await vscode.workspace.openTextDocument(tab.input.original)).getText();
    const right = (await vscode.workspace.openTextDocument(tab.input.modified)).getText();
    assert.ok(right.includes('changed on dev') && !left.includes('changed on dev'), 'prod now on the left, after promotion on the right');
    assert.match(tab.label, /«Prod» now ↔ after promotion from «Dev»/);
    assert.equal(questions.length, 1, 'one question for the plan');
    assert.match(questions[0]!.message, /«Prod» is a protected connection\. Apply this plan on «Prod»: 1 update/);
    assert.equal(questions[0]!.allow, undefined, 'no "Allow for This Window" for a promotion');
    assert.equal(run!.result, undefined);
    assert.deepEqual(writes(prod.emu), [], 'Cancel sent nothing');
  });

  it('on a selection of the explorer, the plan covers the selected resources only', async () => {
    const node = (id: string, name: string) => ({ kind: 'fact', id, name });
    const clicked = node(s.ids.churnFactId!, 'Monthly churn rate');
    const run = await vscode.commands.executeCommand<PromoteRun | undefined>('workspaceAutomation.promote', clicked, [
      clicked,
      node(s.ids.aovFactId!, 'Average order value'),
    ]);
    assert.deepEqual(
      run!.plan.entries.map((e) => [e.sourceId, e.action]),
      [
        [s.ids.churnFactId, 'update'],
        [s.ids.aovFactId, 'unbound'],
      ],
    );
    assert.deepEqual(writes(prod.emu), []);
  });

  it('applied, the update is saved on prod, and the bindings go to the folder’s wsa.targets.json; planned again it is unchanged', async () => {
    await writeTargets();
    guardAnswer = 'send';
    picks = [async (items) => applyItem(items)];
    const run = await promote(FACTS_GROUP);
    const p = prod.emu.demo.ids;
    assert.deepEqual(
      run!.result!.outcomes.map((o) => [o.sourceId, o.targetId, o.outcome]),
      [[s.ids.churnFactId, p.churnFactId, 'saved']],
    );
    assert.deepEqual(
      writes(prod.emu).map((r) => `${r.method} ${r.path}`),
      [`PUT /v1/facts/${p.churnFactId}`],
    );
    assert.deepEqual(await devWrites(), [], 'nothing was written to dev');
    assert.match((await fact(prodInfo, p.churnFactId!)).definition!, /changed on dev/);
    assert.equal(run!.recordedIn, targetsFile.fsPath);
    const file = await readTargets();
    assert.ok(file.targets, 'the targets are kept');
    const bound = file.bindings.dev!.prod!;
    assert.equal(bound[s.ids.churnFactId!]!.targetId, p.churnFactId);
    assert.equal(bound[s.ids.factId!]!.targetId, p.factId, 'a counterpart found by name and unchanged is bound too');
    assert.ok(bound[s.ids.churnFactId!]!.sourceRevision, 'what was promoted is recorded');
    const again = await promote(FACTS_GROUP);
    const churn = again!.plan.entries.find((e) => e.sourceId === s.ids.churnFactId);
    assert.equal(churn?.action, 'unchanged', churn?.reason);
    assert.equal(applyItem(shown.at(-1)!), undefined, 'nothing to apply: no Apply item');
  });

  it('a fact renamed on dev after it was bound is promoted onto the same prod fact: the binding is by id, and nothing is made twice', async () => {
    const p = prod.emu.demo.ids;
    const before = ((await (await serviceFetch(prodInfo, '/v1/facts')).json()) as { data: { items: unknown[] } }).data.items.length;
    const f = await fact(s.emulator, s.ids.churnFactId!);
    const renamed = { name: 'Churn rate (monthly)', definition: f.definition, formula: f.formula, formulaType: f.formulaType };
    const response = await serviceFetch(s.emulator, `/v1/facts/${s.ids.churnFactId}`, { method: 'PUT', body: JSON.stringify(renamed) });
    assert.equal(response.status, 200);
    guardAnswer = 'send';
    picks = [async (items) => applyItem(items)];
    const run = await promote({ ids: [s.ids.churnFactId!] });
    const [entry] = run!.plan.entries;
    assert.equal(entry?.targetId, p.churnFactId, 'its binding, not its new name, finds the counterpart');
    assert.equal(entry.proposed, undefined);
    assert.deepEqual(
      run!.result!.outcomes.map((o) => [o.targetId, o.outcome]),
      [[p.churnFactId, 'saved']],
    );
    assert.equal((await fact(prodInfo, p.churnFactId!)).name, 'Churn rate (monthly)');
    const after = ((await (await serviceFetch(prodInfo, '/v1/facts')).json()) as { data: { items: unknown[] } }).data.items.length;
    assert.equal(after, before, 'no second fact on prod');
    assert.equal((await readTargets()).bindings.dev!.prod![s.ids.churnFactId!]!.targetId, p.churnFactId);
  });

  it('a fact changed on prod since the last promotion is drift, and is not planned as an update', async () => {
    const p = prod.emu.demo.ids;
    await editFact(prodInfo, p.churnFactId!, 'hotfix made on prod');
    await editFact(s.emulator, s.ids.churnFactId!, 'churned: no order in 90 days (changed on dev again)');
    prod.emu.clearRequests();
    const run = await promote({ ids: [s.ids.churnFactId!] });
    const [entry] = run!.plan.entries;
    assert.equal(entry?.action, 'drift', entry?.reason);
    assert.match(entry.reason, /changed on prod since the last promotion from dev/);
    assert.equal(run!.plan.updates.length, 0);
    assert.deepEqual(writes(prod.emu), []);
    assert.equal((await fact(prodInfo, p.churnFactId!)).definition, 'hotfix made on prod', 'the hotfix is kept');
  });

  it('a dashboard changed on prod between the plan and Apply is a conflict, and prod’s change is kept', async () => {
    const p = prod.emu.demo.ids;
    await colleagueSaves(s.emulator, s.ids.dashboardId!, '// the next feature, made on dev');
    guardAnswer = 'send';
    picks = [
      async (items) => {
        await colleagueSaves(prodInfo, p.dashboardId!, '// a hotfix, made on prod while the plan was open');
        return applyItem(items);
      },
    ];
    const run = await promote({ kind: 'dashboard', id: s.ids.dashboardId!, name: 'Revenue by region' });
    assert.equal(run!.plan.entries[0]?.action, 'update', run!.plan.entries[0]?.reason);
    assert.deepEqual(
      run!.result!.outcomes.map((o) => o.outcome),
      ['conflict'],
    );
    assert.match(run!.result!.outcomes[0]!.message, /changed on prod after the plan was made/);
    const source = ((await (await serviceFetch(prodInfo, `/v1/dashboards/${p.dashboardId}/source`)).json()) as { data: { source: string } })
      .data.source;
    assert.ok(source.includes('a hotfix, made on prod'), 'prod’s change is kept');
    assert.ok(!source.includes('the next feature'), 'nothing of the plan was written over it');
  });

  it('without a targets file the bindings are kept in VS Code’s state, and the next plan finds them', async () => {
    await removeTargets();
    await s.api.environments.keptBindings.forget();
    await s.admin.reset();
    await prod.emu.reset();
    guardAnswer = 'send';
    picks = [async (items) => applyItem(items)];
    const run = await promote({ ids: [s.ids.factId!] });
    assert.equal(run!.plan.entries[0]?.action, 'unchanged');
    assert.match(run!.recordedIn!, /VS Code state/);
    assert.deepEqual(questions, [], 'recording a binding writes nothing to prod, so nothing is asked');
    assert.deepEqual(writes(prod.emu), []);
    const kept = s.api.environments.keptBindings.get() as Record<string, Record<string, Record<string, { targetId: string }>>>;
    assert.equal(kept.dev!.prod![s.ids.factId!]!.targetId, prod.emu.demo.ids.factId);
    const again = await promote({ ids: [s.ids.factId!] });
    assert.equal(again!.plan.entries[0]?.proposed, undefined, 'found by its binding, not by name');
  });

  it('a target its own entry leaves unprotected is asked about when another entry names the same place as production', async () => {
    await editFact(s.emulator, s.ids.factId!, 'gross margin, changed on dev');
    prod.emu.clearRequests();
    const [dev, prodEntry] = devAndProd(s, prod);
    await setConnections([
      dev,
      { ...prodEntry, stage: 'development', protected: false },
      { ...prodEntry, id: 'prod-guarded', label: 'Prod (guarded)' },
    ]);
    picks = [async (items) => applyItem(items)];
    const run = await promote({ ids: [s.ids.factId!] });
    assert.equal(run!.plan.entries[0]?.action, 'update', run!.plan.entries[0]?.reason);
    assert.equal(questions.length, 1, 'one entry guarding a place guards it');
    assert.equal(run!.result, undefined);
    assert.deepEqual(writes(prod.emu), [], 'Cancel sent nothing');
  });
});
