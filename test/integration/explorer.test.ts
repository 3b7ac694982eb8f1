// The workspace explorer in the real extension host against the harness's emulator (signed in
// through settings + the environment key), and a private emulator for a deployment in progress.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { isResourceNode } from '../../src/explorer/model/nodes';
import { activateExtension, emulatorAdmin, requireEmulator, waitForRequest, type EmulatorInfo } from './helpers';
import {
  clearAddedResources,
  contextWords,
  findItem,
  groupChildren,
  icon,
  nodeChange,
  restoreHarnessConnection,
  treeItem,
  untilConnection,
} from './explorerSupport';
import { editText, openFresh, revertAndCloseAll, wsaUri } from './fileHelpers';

type AddOutcome = { added: true; id: string; kinds: string[] } | { added: false; message: string };

describe('Workspace explorer', function () {
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let ids: Record<string, string>;

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    await untilConnection(api, (c) => c?.baseUrl === emulator.url);
    ids = (await emulatorAdmin(emulator).demo()).ids;
    await clearAddedResources();
    await api.explorer.model.refresh();
  });

  after(async function () {
    if (!api) return;
    await clearAddedResources();
    await restoreHarnessConnection(api, emulator);
  });

  it('shows the six groups with stable ids and the "group" context', async () => {
    const roots = await api.explorer.provider.getChildren();
    const items = roots.map((r) => treeItem(api, r));
    assert.deepEqual(
      items.map((i) => i.label),
      ['Operations', 'Dashboards', 'Apps', 'Databases', 'Write Syncs', 'Facts'],
    );
    assert.deepEqual(
      items.map((i) => i.id),
      ['group:operations', 'group:dashboards', 'group:apps', 'group:databases', 'group:writeSyncs', 'group:facts'],
    );
    assert.ok(
      items.every((i) => i.contextValue?.split(' ')[0] === 'group' && i.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed),
    );
    // Promote to Another Environment… on the groups of what can be saved: all but Operations.
    assert.deepEqual(
      items.map((i) => i.contextValue),
      ['group', 'group promotable', 'group promotable', 'group promotable', 'group promotable', 'group promotable'],
    );
  });

  it('lists operations with status, kind and revisions, and warns about stale code', async () => {
    const published = treeItem(api, await findItem(api, 'operations', ids.publishedOperationId!));
    assert.equal(published.label, 'Revenue by region');
    assert.match(String(published.description), /^dataTable · published · draft #\d+ · published #\d+( · \d+ unpublished)?$/);
    for (const w of ['resource', 'openable', 'history']) assert.ok(contextWords(published).includes(w), w);
    assert.ok(published.tooltip instanceof vscode.MarkdownString);
    const stale = treeItem(api, await findItem(api, 'operations', ids.codeStaleOperationId!));
    assert.deepEqual(icon(stale), { id: 'warning', color: 'list.warningForeground' });
    assert.match(String(stale.description), /code stale/);
    assert.equal(stale.command?.command, 'workspaceAutomation.open');
  });

  it('lists a dashboard under Dashboards and under Operations', async () => {
    const dashboard = await findItem(api, 'dashboards', ids.dashboardId!);
    assert.equal(dashboard.kind, 'dashboard');
    assert.equal(dashboard.resourceId, ids.dashboardResourceId);
    assert.match(String(treeItem(api, dashboard).description), /^revision #\d+$/);
    assert.equal((await findItem(api, 'operations', ids.dashboardId!)).kind, 'operation');
  });

  it('shows the new revision of a dashboard right after it is saved from the editor', async () => {
    const node = await findItem(api, 'dashboards', ids.dashboardId!);
    const before = Number(/#(\d+)/.exec(String(treeItem(api, node).description))?.[1]);
    const doc = await openFresh(api, wsaUri(emulator.workspaceId, 'dashboard', ids.dashboardId!, node.name));
    await editText(doc, (t) => `${t}// reviewed\n`);
    const refreshed = nodeChange(api, (n) => n === node && String(treeItem(api, node).description) === `revision #${before + 1}`);
    await vscode.commands.executeCommand('workspaceAutomation.save');
    assert.ok(await refreshed, `the item shows revision #${before + 1}`);
    await revertAndCloseAll();
  });

  it('shows the lock of an identity-locked write sync, and database drafts', async () => {
    const locked = treeItem(api, await findItem(api, 'writeSyncs', ids.identityLockedWriteSyncId!));
    assert.equal(icon(locked).id, 'lock');
    assert.match(String(locked.description), /^locked · enabled/);
    assert.ok(!contextWords(locked).includes('history'));
    const db = treeItem(api, await findItem(api, 'databases', ids.databaseId!));
    assert.match(String(db.description), /^draft #\d+ · published #\d+( · \d+ unpublished)?$/);
  });

  it('adds a resource by bare id and by pasted URL, stored in workspace settings', async () => {
    const bare = (await vscode.commands.executeCommand('workspaceAutomation.addResource', ids.factId)) as AddOutcome;
    assert.deepEqual(bare, { added: true, id: ids.factId, kinds: ['fact'] });
    const url = `https://automation.example.com/w/${emulator.workspaceId}/apps/${ids.liveAppId}?tab=overview`;
    const fromUrl = (await vscode.commands.executeCommand('workspaceAutomation.addResource', url)) as AddOutcome;
    assert.deepEqual(fromUrl, { added: true, id: ids.liveAppId, kinds: ['app'] });
    const stored = vscode.workspace.getConfiguration('workspaceAutomation').inspect<string[]>('resources');
    assert.deepEqual(stored?.workspaceValue, [ids.factId, ids.liveAppId]);
    assert.ok(contextWords(treeItem(api, await findItem(api, 'facts', ids.factId!))).includes('added'));
  });

  it('adds a dashboard id to both groups, checked with the operation and the source read', async () => {
    const admin = emulatorAdmin(emulator);
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    const outcome = (await vscode.commands.executeCommand('workspaceAutomation.addResource', ids.churnDashboardId)) as AddOutcome;
    assert.deepEqual(outcome, { added: true, id: ids.churnDashboardId, kinds: ['operation', 'dashboard'] });
    const paths = (await admin.requests(since)).map((r) => r.path);
    assert.ok(paths.includes(`/v1/operations/${ids.churnDashboardId}`));
    assert.ok(paths.includes(`/v1/dashboards/${ids.churnDashboardId}/source`));
    assert.ok((await findItem(api, 'operations', ids.churnDashboardId!)).added);
    assert.ok((await findItem(api, 'dashboards', ids.churnDashboardId!)).added);
  });

  it('refuses a wrong prefix and an unknown id with a message, storing nothing', async () => {
    const before = vscode.workspace.getConfiguration('workspaceAutomation').get<string[]>('resources');
    const wrong = (await vscode.commands.executeCommand('workspaceAutomation.addResource', 'rvsn_abc123')) as AddOutcome;
    assert.equal(wrong.added, false);
    assert.match(!wrong.added ? wrong.message : '', /revision id/);
    const unknown = (await vscode.commands.executeCommand('workspaceAutomation.addResource', 'oper_doesNotExist42')) as AddOutcome;
    assert.equal(unknown.added, false);
    assert.match(!unknown.added ? unknown.message : '', /No operation oper_doesNotExist42 exists/);
    assert.deepEqual(vscode.workspace.getConfiguration('workspaceAutomation').get<string[]>('resources'), before);
  });

  it('removes an added resource', async () => {
    const node = await findItem(api, 'facts', ids.factId!);
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.removeResource', node), true);
    assert.ok(!vscode.workspace.getConfiguration('workspaceAutomation').get<string[]>('resources')!.includes(ids.factId!));
    assert.equal((await findItem(api, 'facts', ids.factId!)).added, false, 'still listed, no longer removable');
  });

  it('Refresh lists every group again; refreshing one item reads only that item', async () => {
    const admin = emulatorAdmin(emulator);
    let since = (await admin.requests()).at(-1)?.seq ?? 0;
    await vscode.commands.executeCommand('workspaceAutomation.refresh');
    for (const g of ['operations', 'dashboards', 'apps', 'databases', 'writeSyncs', 'facts'] as const) await groupChildren(api, g);
    const listed = new Set((await admin.requests(since)).map((r) => `${r.method} ${r.path}`));
    for (const p of ['/v1/operations', '/v1/dashboards', '/v1/apps', '/v1/databases', '/v1/write-syncs', '/v1/facts'])
      assert.ok(listed.has(`GET ${p}`), p);

    const op = await findItem(api, 'operations', ids.inventoryOperationId!);
    since = (await admin.requests()).at(-1)?.seq ?? 0;
    await vscode.commands.executeCommand('workspaceAutomation.refreshItem', op);
    const one = await waitForRequest(emulator, (r) => r.path === `/v1/operations/${ids.inventoryOperationId}`, { since });
    assert.equal(one.status, 200);
    const operationReads = (await admin.requests(since)).map((r) => r.path).filter((p) => p.startsWith('/v1/operations'));
    assert.deepEqual(operationReads, [`/v1/operations/${ids.inventoryOperationId}`]);
  });

  it('copies an id', async () => {
    const node = await findItem(api, 'writeSyncs', ids.writeSyncId!);
    await vscode.commands.executeCommand('workspaceAutomation.copyId', node);
    assert.equal(await vscode.env.clipboard.readText(), ids.writeSyncId);
  });

  it('opens the document of each kind: dashboard TSX, handler code, JSON view', async () => {
    const dashboard = await findItem(api, 'dashboards', ids.dashboardId!);
    await vscode.commands.executeCommand('workspaceAutomation.open', dashboard);
    assert.match(
      vscode.window.activeTextEditor!.document.uri.toString(),
      new RegExp(`^wsa:/${emulator.workspaceId}/dashboards/${ids.dashboardId}/.+\\.tsx$`),
    );
    const op = await findItem(api, 'operations', ids.inventoryOperationId!);
    await vscode.commands.executeCommand('workspaceAutomation.open', op);
    assert.match(vscode.window.activeTextEditor!.document.uri.path, /\/operations\/oper_[^/]+\/Inventory levels\.handler\.ts$/);
    const json = (await api.explorer.provider.getChildren(op)).find((c) => c.kind === 'file')!;
    assert.equal(treeItem(api, json).command?.command, 'workspaceAutomation.open');
    await vscode.commands.executeCommand('workspaceAutomation.open', json);
    assert.match(vscode.window.activeTextEditor!.document.uri.path, /\/operations\/oper_[^/]+\/Inventory levels\.json$/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists the added ids and what they reach when the service has no list endpoints', async () => {
    const admin = emulatorAdmin(emulator);
    await admin.injectFault({
      match: { method: 'GET', path: '^/v1/(operations|dashboards|apps|databases|write-syncs|facts)$' },
      kind: 'status',
      status: 404,
      count: 100,
    });
    try {
      await clearAddedResources();
      // Another key gives a new client: a client remembers which collections it could list.
      await api.connection.storeApiKey((await admin.demo()).editorApiKey);
      await api.explorer.model.refresh();
      await vscode.commands.executeCommand('workspaceAutomation.addResource', ids.writeSyncId);
      await vscode.commands.executeCommand('workspaceAutomation.addResource', ids.dataFlowChildOperationId);
      const ops = (await groupChildren(api, 'operations')).filter(isResourceNode);
      assert.deepEqual(
        new Set(ops.map((o) => o.id)),
        new Set([ids.dataFlowChildOperationId, ids.dataFlowOperationId, ids.codeStaleOperationId]),
      );
      assert.ok(ops.find((o) => o.id === ids.dataFlowChildOperationId)!.added);
      assert.ok(!ops.find((o) => o.id === ids.dataFlowOperationId)!.added, 'the parent data flow is reachable, not added');
      assert.deepEqual(
        (await groupChildren(api, 'writeSyncs')).filter(isResourceNode).map((w) => w.id),
        [ids.writeSyncId],
      );
      const apps = await groupChildren(api, 'apps');
      assert.equal(treeItem(api, apps[0]!).command?.command, 'workspaceAutomation.addResource', 'an empty group offers Add Resource by ID');
      assert.match(api.explorer.view.message ?? '', /lists no resources/);
    } finally {
      await admin.clearFaults();
      await clearAddedResources();
      await restoreHarnessConnection(api, emulator);
      await api.explorer.model.refresh();
    }
    assert.ok((await groupChildren(api, 'apps')).filter(isResourceNode).length > 1, 'listing is back');
  });

  it('shows one Sign In message when the API key is rejected (401)', async () => {
    await api.connection.storeApiKey('apik_rejectedByTheEmulator000000');
    await api.explorer.model.refresh();
    assert.deepEqual(await groupChildren(api, 'operations'), []);
    const roots = await api.explorer.provider.getChildren();
    assert.equal(roots.length, 1);
    const item = treeItem(api, roots[0]!);
    assert.match(String(item.label), /The API key was rejected/);
    assert.equal(item.command?.command, 'workspaceAutomation.signIn');
    await restoreHarnessConnection(api, emulator);
    assert.equal((await api.explorer.provider.getChildren()).length, 6, 'the groups are back');
  });

  it('shows one Retry message when the server is unreachable', async () => {
    await vscode.workspace
      .getConfiguration('workspaceAutomation')
      .update('baseUrl', 'http://127.0.0.1:9', vscode.ConfigurationTarget.Global);
    await untilConnection(api, (c) => c?.baseUrl === 'http://127.0.0.1:9');
    await groupChildren(api, 'apps');
    const roots = await api.explorer.provider.getChildren();
    assert.equal(roots.length, 1);
    const item = treeItem(api, roots[0]!);
    assert.match(String(item.label), /^Cannot reach .* — Retry$/);
    assert.equal(item.command?.command, 'workspaceAutomation.refresh');
    assert.equal(icon(item).id, 'error');
    await restoreHarnessConnection(api, emulator);
  });

  describe('an app that is deploying', () => {
    let own: RunningEmulator;
    let ownIds: Record<string, string>;

    before(async function () {
      this.timeout(30_000);
      own = await startEmulator({ quiet: true, deployDelayMs: 3_600_000 });
      ownIds = own.demo.ids;
      await api.connection.signIn({ baseUrl: own.url, apiKey: own.demo.apiKey, workspaceId: own.demo.workspaceId });
      await untilConnection(api, (c) => c?.baseUrl === own.url);
      await vscode.commands.executeCommand('workspaceAutomation.explorer.focus');
    });

    after(async function () {
      this.timeout(20_000);
      await restoreHarnessConnection(api, emulator);
      await own?.close();
    });

    it('spins while deploying, is polled while visible, and turns live after the deployment finishes', async function () {
      this.timeout(30_000);
      const app = await findItem(api, 'apps', ownIds.deployingAppId!);
      assert.equal(icon(treeItem(api, app)).id, 'loading~spin');
      await api.explorer.reveal(app);
      assert.ok(api.explorer.view.visible, 'the explorer is visible');
      assert.ok(api.explorer.poller.polling.includes(ownIds.deployingAppId!), 'the poller watches it');
      const live = nodeChange(
        api,
        (n) => isResourceNode(n) && n.id === ownIds.deployingAppId && n.data.kind === 'app' && n.data.value.deployment.status === 'live',
      );
      own.finishDeploy(ownIds.deployingAppId!);
      const changed = await live;
      const item = treeItem(api, changed!);
      assert.equal(icon(item).id, 'rocket');
      assert.match(String(item.description), /^live · /);
      assert.ok(!api.explorer.poller.polling.includes(ownIds.deployingAppId!), 'polling stopped');
    });
  });
});
