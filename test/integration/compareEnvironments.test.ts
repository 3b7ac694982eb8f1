// Comparing across environments in the real VS Code: the session's emulator is "dev" (the
// connection the window uses), a second emulator "prod" holds the demo workspace under other ids and
// its own key, both named in the user's workspaceAutomation.connections. Without a key for prod
// nothing is sent there until the user signs in to it; the demo dashboard and app compare equal
// (the fields the service manages apart); an edited field shows in the diff; a whole comparison
// lists what is on one side only and what is ambiguous; each side's requests reach only its own
// service with its own key, and nothing is written anywhere.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { originOf } from '../../src/connection/model/origins';
import type { CompareEntry } from '../../src/environments/engine/compareEnvironments';
import type { CompareOutcome } from '../../src/environments/vscode/compareCommands';
import type { CompareDialogs, EntryItem } from '../../src/environments/vscode/comparePicks';
import { connectSuite, type SuiteContext } from './helpers';
import { forgetDevAndProd, nameDevAndProd } from './support/twoEnvironments';
import { PROD_ACTOR, PROD_KEY, startProdEmulator, type ProdEmulator } from './prodSeed';

describe('Environments: compare', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let prod: ProdEmulator;
  let devActor: string;
  const asked: string[] = [];
  let signInAnswer = false;
  let picked: (readonly (EntryItem | vscode.QuickPickItem)[])[] = [];
  let pickGroup: CompareEntry['group'] | undefined;

  const dialogs: CompareDialogs = {
    pickConnection: async () => {
      throw new Error('the tests name the connection');
    },
    askSignIn: async (message) => {
      asked.push(message);
      return signInAnswer;
    },
    askKey: async () => PROD_KEY,
    pickEntry: async (items) => {
      picked.push(items);
      return items.find((i): i is EntryItem => 'entry' in i && i.entry.group === pickGroup);
    },
  };
  const compareWith = (arg: unknown) =>
    vscode.commands.executeCommand<CompareOutcome | undefined>('workspaceAutomation.compareWithEnvironment', arg, { connection: 'prod' });
  const text = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri)).getText();
  const devWrites = async () => (await s.admin.requests()).filter((r) => r.method !== 'GET');

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    devActor = s.ids.adminKeyActorId!;
    prod = await startProdEmulator((seed) => {
      // prod has no "Average order value", two facts named "VIP customer", one fact dev has not,
      // and the churn fact's definition edited.
      seed.facts = seed.facts.filter((f) => f.id !== seed.demo.ids.aovFactId);
      const vip = seed.facts.find((f) => f.id === seed.demo.ids.logicFactId)!;
      seed.facts.push({ ...vip, id: 'fact_PSecondVip', key: 'vip_customer_2' });
      seed.facts.push({ ...vip, id: 'fact_POnlyProd', key: 'only_prod', name: 'Only on prod' });
      seed.facts.find((f) => f.id === seed.demo.ids.churnFactId)!.definition = 'edited on prod';
    });
    s.api.testing.environments.compare = dialogs;
    await nameDevAndProd(s, prod);
    await s.admin.clearRequests();
  });
  after(async () => {
    delete s.api.testing.environments.compare;
    await forgetDevAndProd(s, prod);
  });

  it('without a key for prod it asks to sign in there, and No sends nothing to prod', async () => {
    signInAnswer = false;
    const outcome = await compareWith({ kind: 'dashboard', id: s.ids.dashboardId, name: 'Revenue by region' });
    assert.equal(outcome, undefined);
    assert.equal(asked.length, 1);
    assert.match(asked[0]!, /No key is stored for «Prod»/);
    assert.deepEqual(prod.emu.requests(), [], 'nothing reached prod');
    assert.equal(await s.api.connection.hasKeyFor(originOf(prod.emu.url)!), false);
  });

  it('signing in to prod stores its key for its origin; the demo dashboard and app are the same, the managed fields apart', async () => {
    signInAnswer = true;
    const dashboard = await compareWith({ kind: 'dashboard', id: s.ids.dashboardId, name: 'Revenue by region' });
    assert.ok(await s.api.connection.hasKeyFor(originOf(prod.emu.url)!), 'stored for prod’s origin');
    assert.equal(s.api.connection.current?.baseUrl, s.emulator.url, 'the window still uses dev');
    assert.equal(dashboard?.entry.group, 'same', dashboard?.entry.reason);
    assert.equal(dashboard.entry.secondId, prod.emu.demo.ids.dashboardId);
    assert.equal(await text(dashboard.left!), await text(dashboard.right!));
    assert.equal(dashboard.left!.scheme, 'wsa-compare');
    assert.equal((await vscode.workspace.openTextDocument(dashboard.left!)).languageId, 'wsa-dashboard', 'the language its editor has');
    const app = await compareWith({ kind: 'app', id: s.ids.liveAppId, name: 'Customer portal' });
    assert.equal(app?.entry.group, 'same', app?.entry.reason);
    assert.ok(app.entry.texts!.managedDiffer.includes('id'), app.entry.texts!.managedDiffer.join());
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
    assert.equal(tab.label, 'Customer portal — Dev ↔ Prod');
  });

  it('an edited field shows as a difference; a name prod has twice is ambiguous', async () => {
    const churn = await compareWith({ kind: 'fact', id: s.ids.churnFactId });
    assert.equal(churn?.entry.group, 'differs', churn?.entry.reason);
    assert.ok((await text(churn.right!)).includes('edited on prod'));
    assert.ok(!(await text(churn.left!)).includes('edited on prod'));
    const vip = await compareWith({ kind: 'fact', id: s.ids.logicFactId });
    assert.equal(vip?.entry.group, 'ambiguous');
    assert.deepEqual([...vip.entry.candidates!].sort(), [prod.emu.demo.ids.logicFactId, 'fact_PSecondVip'].sort());
    const aov = await compareWith({ kind: 'fact', id: s.ids.aovFactId });
    assert.equal(aov?.entry.group, 'onlyFirst');
    assert.match(aov.entry.reason, /no counterpart on «Prod»/);
  });

  it('the open folder’s wsa.targets.json names the two by their targets, and its bindings choose the counterpart', async () => {
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    const file = vscode.Uri.joinPath(root, 'wsa.targets.json');
    const targets = {
      targets: {
        staging: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId, stage: 'staging' },
        live: { baseUrl: prod.emu.url, workspace: prod.emu.demo.workspaceId, stage: 'production' },
      },
      // Written by a promotion from live to staging: seen from dev, the VIP fact's counterpart is the second.
      bindings: { live: { staging: { fact_PSecondVip: { targetId: s.ids.logicFactId, sourceRevision: null, targetRevision: null } } } },
    };
    await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(targets)));
    try {
      const vip = await compareWith({ kind: 'fact', id: s.ids.logicFactId });
      assert.equal(vip?.entry.secondId, 'fact_PSecondVip', vip?.entry.reason);
      assert.equal(vip.entry.group, 'same', 'a copy of it under another key');
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('Compare Environments… lists every resource by group; picking one that differs opens its diff', async () => {
    picked = [];
    pickGroup = 'differs';
    const entries = await vscode.commands.executeCommand<CompareEntry[] | undefined>('workspaceAutomation.compareEnvironments', {
      first: 'dev',
      second: 'prod',
    });
    assert.ok(entries);
    const of = (id: string) => entries.find((e) => e.firstId === id || e.secondId === id)?.group;
    assert.equal(of(s.ids.dashboardId!), 'same');
    assert.equal(of(s.ids.churnFactId!), 'differs');
    assert.equal(of(s.ids.aovFactId!), 'onlyFirst');
    assert.equal(of('fact_POnlyProd'), 'onlySecond');
    assert.equal(of(s.ids.logicFactId!), 'ambiguous');
    const separators = picked[0]!.filter((i) => i.kind === vscode.QuickPickItemKind.Separator).map((i) => i.label);
    for (const label of [/^Differs/, /^Only on «Dev»/, /^Only on «Prod»/, /^Ambiguous/, /^Same/])
      assert.ok(
        separators.some((l) => label.test(l)),
        `${label} in ${separators.join(' | ')}`,
      );
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    assert.match(tab.label, / — Dev ↔ Prod$/);
  });

  it('each side’s requests reach only its own service with its own key, and nothing is written', async () => {
    const devLog = await s.admin.requests();
    const prodLog = prod.emu.requests();
    assert.ok(devLog.length > 0 && prodLog.length > 0);
    assert.deepEqual(
      prodLog.filter((r) => r.actorId !== PROD_ACTOR),
      [],
      'prod saw only its own key',
    );
    assert.deepEqual(
      devLog.filter((r) => r.actorId !== devActor),
      [],
      'dev saw only its own key',
    );
    assert.deepEqual(await devWrites(), []);
    assert.deepEqual(
      prodLog.filter((r) => r.method !== 'GET'),
      [],
    );
  });
});
