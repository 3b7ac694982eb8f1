// Documents of two connections open side by side, in the real VS Code: the window's connection is
// "dev" (the session's emulator); "prod" is a second emulator holding the same ids, with its own key.
// A document pinned to prod (`wsa://prod/…`) is read and saved through prod's own client, beside the
// window's, never through dev: without a key for prod nothing is sent anywhere; with one, the same id
// gives two documents, each read from its own service, and a save of prod's asks the production
// guard naming Prod and reaches prod alone. The status bar shows the active editor's connection,
// in the error colour while it is production's; what only the window's connection serves (history)
// refuses prod's document rather than name its id to dev.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { originOf } from '../../src/connection/model/origins';
import type { CompareOutcome } from '../../src/environments/vscode/compareCommands';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import type { PromoteRun } from '../../src/environments/vscode/promoteCommands';
import type { GuardQuestion } from '../../src/environments/vscode/writeGuard';
import { serviceFetch } from '../harness/lib/env';
import { editText, openFresh, revertAndCloseAll, wsaUri } from './fileHelpers';
import { connectSuite, eventToPromise, pointExtensionAt, type SuiteContext } from './helpers';
import { PROD_KEY, startProdEmulator, type ProdEmulator } from './prodSeed';
import { devAndProd, forgetDevAndProd, nameDevAndProd, setConnections } from './support/twoEnvironments';

describe('Environments: documents of two connections side by side', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let prod: ProdEmulator;
  let guard: vscode.Disposable;
  const questions: GuardQuestion[] = [];
  let answer: 'send' | undefined;
  const NAME = 'Monthly churn rate.json';

  const devUri = () => pinned('dev', s.emulator.workspaceId);
  const prodUri = () => pinned('prod', prod.emu.demo.workspaceId);
  function pinned(authority: string, workspaceId: string): vscode.Uri {
    return wsaUri(workspaceId, 'fact', s.ids.churnFactId!, NAME.replace(/\.json$/, '')).with({ authority });
  }
  // dev serves the rest of the window too (the explorer reads in the background): only what names the fact, or writes, is asked of it.
  const devRequests = async () =>
    (await s.admin.requests()).map((r) => `${r.method} ${r.path}`).filter((r) => !r.startsWith('GET ') || r.includes(s.ids.churnFactId!));
  const prodRequests = () => prod.emu.requests().map((r) => `${r.method} ${r.path}`);
  async function clearRequests(): Promise<void> {
    await s.admin.clearRequests();
    prod.emu.clearRequests();
  }
  const definition = (doc: vscode.TextDocument) => /"definition": "([^"]*)"/.exec(doc.getText())?.[1];

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    prod = await startProdEmulator(undefined, undefined, { sameIds: true });
    await nameDevAndProd(s, prod);
    // prod's copy of the fact says so, to tell the two documents apart.
    const id = s.ids.churnFactId!;
    const info = {
      ...s.emulator,
      url: prod.emu.url,
      apiKey: PROD_KEY,
      workspaceId: prod.emu.demo.workspaceId,
      carriers: prod.emu.carriers,
    };
    const f = ((await (await serviceFetch(info, `/v1/facts/${id}`)).json()) as { data: Record<string, string> }).data;
    const body = { name: f.name, definition: 'as on prod', formula: f.formula, formulaType: f.formulaType };
    const put = await serviceFetch(info, `/v1/facts/${id}`, { method: 'PUT', body: JSON.stringify(body) });
    assert.equal(put.status, 200, await put.text());
    guard = s.api.testing.useGuardDialogs({
      ask: async (q) => {
        questions.push(q);
        return answer;
      },
    });
  });
  after(async () => {
    guard?.dispose();
    await forgetDevAndProd(s, prod);
  });

  it('without a key for prod, its document is refused with why, and nothing is sent to either service', async () => {
    await clearRequests();
    await assert.rejects(Promise.resolve(vscode.workspace.openTextDocument(prodUri())), (e: Error) =>
      /No key is stored for «Prod»/.test(e.message),
    );
    const root = (await s.api.explorer.provider.getChildren()).find((n) => n.kind === 'connection');
    assert.ok(root);
    const [message] = await s.api.explorer.provider.getChildren(root);
    assert.match(message?.kind === 'message' ? message.label : '', /No key is stored for «Prod»/);
    const click = s.api.explorer.provider.getTreeItem(message!).command;
    assert.deepEqual([click?.command, click?.arguments], ['workspaceAutomation.signInToConnection', ['prod']], 'a click signs in to prod');
    assert.deepEqual(prodRequests(), []);
    assert.deepEqual(await devRequests(), [], 'prod’s id never goes to dev');
  });

  it('the same id on both sides gives two documents, each read from its own service only', async () => {
    // Sign In to Another Connection… (the root's message runs it): prod's key is checked there and
    // stored for its service; the window stays on dev.
    const previous = s.api.testing.environments.compare;
    s.api.testing.environments.compare = {
      pickConnection: async () => undefined,
      askSignIn: async () => false,
      askKey: async () => PROD_KEY,
      pickEntry: async () => undefined,
    };
    try {
      assert.equal(await vscode.commands.executeCommand('workspaceAutomation.signInToConnection', 'prod'), true);
    } finally {
      s.api.testing.environments.compare = previous;
    }
    assert.equal(s.api.connection.current?.baseUrl, s.emulator.url, 'the window stays on dev');
    await clearRequests();
    const path = `GET /v1/facts/${s.ids.churnFactId}`;
    const prodDoc = await vscode.workspace.openTextDocument(prodUri());
    assert.equal(definition(prodDoc), 'as on prod');
    assert.deepEqual(prodRequests(), [path]);
    assert.deepEqual(await devRequests(), [], 'prod’s document reads nothing from dev');
    const devDoc = await vscode.workspace.openTextDocument(devUri());
    assert.notEqual(prodDoc, devDoc);
    assert.notEqual(definition(devDoc), 'as on prod');
    assert.deepEqual(await devRequests(), [path]);
    assert.deepEqual(prodRequests(), [path], 'dev’s document reads nothing from prod');
  });

  it('a save of prod’s document asks the guard naming Prod; Cancel sends nothing and keeps the text', async () => {
    const doc = await vscode.workspace.openTextDocument(prodUri());
    await vscode.window.showTextDocument(doc);
    await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, '"definition": "not yet"'));
    await clearRequests();
    questions.length = 0;
    answer = undefined;
    assert.equal(await doc.save(), false);
    assert.equal(questions.length, 1, 'one question');
    assert.match(questions[0]!.message, /«Prod» is a protected connection\. Save «Monthly churn rate\.json» to «Prod»\?/);
    assert.ok(questions[0]!.detail.includes(new URL(prod.emu.url).host), questions[0]!.detail);
    assert.ok(doc.isDirty, 'the text stays unsaved');
    assert.deepEqual(
      prodRequests().filter((r) => !r.startsWith('GET')),
      [],
    );
    assert.deepEqual(await devRequests(), []);
  });

  it('saving it reaches prod alone, with prod’s tokens; dev’s document of the same id is untouched', async () => {
    const doc = await vscode.workspace.openTextDocument(prodUri());
    await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, '"definition": "saved on prod"'));
    await clearRequests();
    questions.length = 0;
    answer = 'send';
    assert.equal(await doc.save(), true);
    assert.equal(questions.length, 1);
    assert.deepEqual(
      prodRequests().filter((r) => !r.startsWith('GET')),
      [`PUT /v1/facts/${s.ids.churnFactId}`],
    );
    assert.deepEqual(await devRequests(), [], 'nothing reached dev');
    const devDoc = await vscode.workspace.openTextDocument(devUri());
    assert.notEqual(definition(devDoc), 'saved on prod');
  });

  it('the explorer shows prod as a root of its own beside dev’s groups; expanded, it reads prod alone, and opens documents pinned to prod', async () => {
    const tree = s.api.explorer.provider;
    const roots = await tree.getChildren();
    const root = roots.find((n) => n.kind === 'connection');
    assert.ok(root?.kind === 'connection', roots.map((n) => n.key).join(', '));
    assert.equal(root.connection.label, 'Prod');
    assert.ok(
      roots.some((n) => n.kind === 'group' && n.parent === undefined),
      'the window’s groups stay at the top',
    );
    const item = tree.getTreeItem(root);
    assert.equal(item.description, `${new URL(prod.emu.url).host} · ${prod.emu.demo.workspaceId}`);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'shield', 'production is protected');
    await clearRequests();
    const groups = await tree.getChildren(root);
    const facts = groups.find((n) => n.kind === 'group' && n.group.kind === 'fact');
    assert.ok(facts, groups.map((n) => n.key).join(', '));
    assert.notEqual(facts.key, 'group:facts', 'its own tree ids');
    const items = await tree.getChildren(facts);
    const churn = items.find((n) => 'id' in n && n.id === s.ids.churnFactId);
    assert.ok(churn, items.map((n) => n.key).join(', '));
    assert.ok(prodRequests().includes('GET /v1/facts'), prodRequests().join(', '));
    assert.deepEqual(await devRequests(), [], 'expanding prod asks nothing of dev');
    assert.match(tree.getTreeItem(churn).contextValue ?? '', /\belsewhere\b/);
    assert.doesNotMatch(tree.getTreeItem(churn).contextValue ?? '', /\b(history|publishable)\b/);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('workspaceAutomation.open', churn);
    assert.equal(uri.authority, 'prod');
    assert.equal(uri.toString(), prodUri().toString(), 'the same document as before');
  });

  it('a setting prod’s client is not made from keeps it and its root; a change of the connections drops them', async () => {
    let drops = 0;
    const counting = s.api.environments.pins.onDidDrop(() => drops++);
    const settings = vscode.workspace.getConfiguration('workspaceAutomation');
    const resources = settings.inspect<string[]>('resources')?.globalValue;
    try {
      // Add Resource by ID writes this setting: it lists nothing on prod again.
      const added = eventToPromise(s.api.config.onDidChange);
      await settings.update('resources', [...(resources ?? []), 'fact_NotOnAnyService'], vscode.ConfigurationTarget.Global);
      await added;
      assert.equal(drops, 0, 'an id added to the explorer drops no client');
      const renamed = eventToPromise(s.api.config.onDidChange);
      await setConnections(devAndProd(s, prod).map((e) => (e.id === 'prod' ? { ...e, label: 'Production' } : e)));
      await renamed;
      assert.equal(drops, 1, 'a change of the connections drops them once');
    } finally {
      counting.dispose();
      await settings.update('resources', resources, vscode.ConfigurationTarget.Global);
      await setConnections(devAndProd(s, prod));
    }
  });

  it('Compare with Another Environment… on prod’s item or document compares from prod, and writes nothing', async () => {
    const tree = s.api.explorer.provider;
    const root = (await tree.getChildren()).find((n) => n.kind === 'connection')!;
    const facts = (await tree.getChildren(root)).find((n) => n.kind === 'group' && n.group.kind === 'fact')!;
    const churn = (await tree.getChildren(facts)).find((n) => 'id' in n && n.id === s.ids.churnFactId)!;
    await clearRequests();
    for (const arg of [churn, prodUri()]) {
      const outcome = await vscode.commands.executeCommand<CompareOutcome>('workspaceAutomation.compareWithEnvironment', arg, {
        connection: 'dev',
      });
      assert.equal(outcome.entry.group, 'differs', JSON.stringify(outcome.entry));
      assert.equal(outcome.left?.toString().includes('Prod'), true, `prod is the first side: ${outcome.left?.toString()}`);
    }
    assert.deepEqual(
      prodRequests().filter((r) => !r.startsWith('GET')),
      [],
    );
    assert.deepEqual(
      (await devRequests()).filter((r) => !r.startsWith('GET')),
      [],
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('Promote to Another Environment… on prod’s Facts group plans from prod to dev; leaving the plan sends nothing', async () => {
    const tree = s.api.explorer.provider;
    const root = (await tree.getChildren()).find((n) => n.kind === 'connection')!;
    const facts = (await tree.getChildren(root)).find((n) => n.kind === 'group' && n.group.kind === 'fact')!;
    const shown: string[] = [];
    const previous = s.api.testing.environments.promote;
    s.api.testing.environments.promote = {
      pickConnection: async (entries) => entries.find((e) => e.id === 'dev'),
      askSignIn: async () => false,
      askKey: async () => undefined,
      pickPlan: async (items) => {
        shown.push(...items.map((i) => i.label));
        return undefined;
      },
    };
    try {
      await clearRequests();
      const run = await vscode.commands.executeCommand<PromoteRun | undefined>('workspaceAutomation.promote', facts, { target: 'dev' });
      assert.ok(run, 'a plan was made');
      assert.ok(
        run.plan.entries.some((e) => e.sourceId === s.ids.churnFactId && e.action === 'update'),
        JSON.stringify(run.plan.entries.map((e) => [e.sourceId, e.action])),
      );
      assert.ok(
        shown.some((l) => /on «Dev»/.test(l)),
        shown.join(' | '),
      );
      assert.deepEqual(
        prodRequests().filter((r) => !r.startsWith('GET')),
        [],
      );
      assert.deepEqual(
        (await devRequests()).filter((r) => !r.startsWith('GET')),
        [],
      );
    } finally {
      s.api.testing.environments.promote = previous;
    }
  });

  it('an auto save of prod’s document is held, never sent, and the held count says Prod is protected', async () => {
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    const uri = prodUri();
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      await clearRequests();
      questions.length = 0;
      const saved = eventToPromise(vscode.workspace.onDidSaveTextDocument, (d) => d.uri.toString() === uri.toString());
      await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, '"definition": "held for prod"'));
      await saved;
      assert.equal(s.api.files.held.get(uri.toString())?.text, doc.getText(), 'held');
      assert.equal(questions.length, 0, 'an auto save asks nothing');
      assert.deepEqual(
        prodRequests().filter((r) => !r.startsWith('GET')),
        [],
        'never sent',
      );
      // The window is on dev, which is not protected: the shield is prod's.
      assert.match(s.api.heldUi.text ?? '', /^\$\(shield\) /, s.api.heldUi.text);
    } finally {
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
      await s.api.files.discardHeld(uri);
    }
  });

  it('the status bar shows the active editor’s connection, in the error colour only while it is prod’s', async () => {
    const marks = s.api.environments.marks;
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(prodUri()));
    assert.equal(marks.editorConnection, `Prod · ${prod.emu.demo.workspaceId}`);
    assert.equal(marks.highlightedLabel, 'Prod');
    assert.match(s.api.statusBar.item.text, /Prod/);
    assert.equal((s.api.statusBar.item.backgroundColor as vscode.ThemeColor | undefined)?.id, 'statusBarItem.errorBackground');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(devUri()));
    assert.equal(marks.editorConnection, '');
    assert.equal(marks.highlightedLabel, undefined);
    assert.equal(s.api.statusBar.item.backgroundColor, undefined);
    assert.doesNotMatch(s.api.statusBar.item.text, /Prod/);
  });

  it('Show History on prod’s database reads prod alone, offers no publish, and its revisions open from prod', async () => {
    const tree = s.api.explorer.provider;
    const root = (await tree.getChildren()).find((n) => n.kind === 'connection')!;
    const databases = (await tree.getChildren(root)).find((n) => n.kind === 'group' && n.group.kind === 'database')!;
    const id = s.ids.databaseId!;
    const db = (await tree.getChildren(databases)).find((n) => 'id' in n && n.id === id)!;
    assert.ok(db, 'prod’s database is listed under its root');
    assert.match(tree.getTreeItem(db).contextValue ?? '', /\bhistory\b/);
    assert.doesNotMatch(tree.getTreeItem(db).contextValue ?? '', /\bpublishable\b/);
    const devNaming = async () => (await s.admin.requests()).filter((r) => r.path.includes(id)).map((r) => `${r.method} ${r.path}`);
    await clearRequests();
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', db))!;
    assert.ok(panel, 'a panel opened');
    const state = panel.state ?? (await eventToPromise(panel.onDidChangeState));
    assert.equal(state.header.publish?.enabled, false, 'publish goes through the window’s connection');
    assert.equal(state.header.restore.enabled, false, 'so does restore');
    assert.ok(
      prodRequests().some((r) => r.startsWith(`GET /v1/resources/${id}/`)),
      prodRequests().join(', '),
    );
    const newest = state.items[0]!;
    assert.ok(await panel.deliver({ type: 'open', revisionId: newest.id }));
    const revision = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'wsa-revision' && d.uri.path.includes(newest.id));
    assert.equal(revision?.uri.authority, 'prod', revision?.uri.toString());
    assert.ok(prodRequests().includes(`GET /v1/resources/${id}/revisions/${newest.id}`), prodRequests().join(', '));
    assert.deepEqual(await devNaming(), [], 'nothing of prod’s database was asked of dev');
    panel.dispose();
  });

  it('a history panel opened on dev closes when the window moves to prod, a workspace of the same id, and asks prod nothing of it', async () => {
    const id = s.ids.databaseId!;
    const panel = await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', { kind: 'database', id });
    assert.ok(panel);
    assert.ok(s.api.history.all().includes(panel));
    prod.emu.clearRequests();
    await pointExtensionAt(s.api, prod.emu.url);
    try {
      assert.equal(s.api.connection.current?.workspaceId, s.emulator.workspaceId, 'the same workspace id on another service');
      assert.ok(!s.api.history.all().includes(panel), 'the panel closed');
      assert.deepEqual(
        prodRequests().filter((r) => r.includes(id)),
        [],
      );
    } finally {
      await pointExtensionAt(s.api, s.emulator.url);
    }
  });

  it('a document without a connection in its URI keeps to the service it was read from: after a move to prod its save is refused', async () => {
    // An open dashboard read from dev: its data run is dev's, and is not asked of prod.
    const dashboard = await vscode.workspace.openTextDocument(
      wsaUri(s.emulator.workspaceId, 'dashboard', s.ids.churnDashboardId!, 'Customer churn'),
    );
    await vscode.window.showTextDocument(dashboard);
    await s.api.dashboards.documents.whenChecked(dashboard.uri);
    assert.ok(
      (await s.admin.requests()).some((r) => r.path.startsWith('/v1/operation-runs/')),
      'its data run was read from dev',
    );
    // Another suite may have left it open on an older state: read afresh, as the user would see it now.
    const legacy = await openFresh(s.api, wsaUri(s.emulator.workspaceId, 'fact', s.ids.churnFactId!, NAME.replace(/\.json$/, '')));
    assert.equal(legacy.uri.authority, '');
    await editText(legacy, (t) => t.replace(/"definition": ("[^"]*"|null)/, '"definition": "read from dev"'));
    prod.emu.clearRequests();
    await pointExtensionAt(s.api, prod.emu.url);
    try {
      await s.api.dashboards.documents.whenChecked(dashboard.uri);
      // The window's own reads go to prod now (its runtime types); not the data run dev named.
      const onMove = prodRequests();
      assert.ok(onMove.includes('GET /v1/dashboard-runtime/types'), onMove.join(', '));
      assert.deepEqual(
        onMove.filter((r) => r.includes('/operation-runs/')),
        [],
        'the dashboard’s data run, read from dev, is not asked of prod',
      );
      await clearRequests();
      answer = 'send';
      assert.equal(await legacy.save(), false);
      assert.ok(legacy.isDirty, 'the text stays unsaved');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(legacy.uri)), /was opened from [\w.:-]+, and the window now uses/);
      // The window's own reads go to prod now (its runtime types); nothing read from dev does, a dashboard's data run among them.
      assert.deepEqual(
        prodRequests().filter((r) => !r.startsWith('GET') || r.includes(s.ids.churnFactId!) || r.includes('/operation-runs/')),
        [],
        'nothing read from dev reached prod',
      );
    } finally {
      await pointExtensionAt(s.api, s.emulator.url);
    }
    assert.equal(await legacy.save(), true, 'back on dev, it saves');
  });

  it('prod’s key forgotten: its open document’s save is refused, nothing sent, the text kept', async () => {
    const doc = await vscode.workspace.openTextDocument(prodUri());
    await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, '"definition": "after the key went"'));
    // The clients given before are dropped once VS Code tells the key is gone.
    const dropped = eventToPromise(s.api.environments.pins.onDidDrop);
    await s.api.connection.forgetApiKey(originOf(prod.emu.url));
    await dropped;
    await clearRequests();
    answer = 'send';
    assert.equal(await doc.save(), false);
    assert.ok(doc.isDirty);
    assert.deepEqual(prodRequests(), []);
    assert.deepEqual(await devRequests(), []);
    await revertAndCloseAll();
  });
});
