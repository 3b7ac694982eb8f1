// The explorer model against the in-process emulator over loopback HTTP: listing, the list-less
// path (the emulator's list endpoints answering 404 through fault injection), merging added ids,
// "Load more", connection problems, dropped outdated results and single-item refreshes.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import { isResourceNode, type ExplorerNode, type GroupId, type ResourceNode } from '../../../src/explorer/model/nodes';
import { eventToPromise } from '../../../src/util/events';
import { TestConnection } from './explorerSupport';
import { useEmulator } from '../emulator/emulatorSupport';
let ids: Record<string, string>;
const open: { dispose(): void; close?(): Promise<void> }[] = [];

const { emu } = useEmulator({ deployDelayMs: 3_600_000 }, { resetEach: false, setUp: (running) => (ids = running.demo.ids) });
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.dispose();
    await o.close?.();
  }
  emu.clearFaults();
});

function modelFor(connection: TestConnection, added: string[] = [], pageSize?: number): ExplorerModel {
  const model = new ExplorerModel(connection, pageSize ? { pageSize } : {});
  model.setAddedIds(added);
  open.push(model, { dispose() {}, close: () => connection.close() });
  return model;
}

async function groupItems(model: ExplorerModel, group: GroupId): Promise<ExplorerNode[]> {
  return model.getChildren(model.group(group));
}

async function resources(model: ExplorerModel, group: GroupId): Promise<ResourceNode[]> {
  return (await groupItems(model, group)).filter(isResourceNode);
}

function listingOff(): void {
  emu.injectFault({
    match: { method: 'GET', path: '^/v1/(operations|dashboards|apps|databases|write-syncs|facts)$' },
    kind: 'status',
    status: 404,
    count: 1000,
  });
}

describe('explorer model with list endpoints', () => {
  test('shows the six groups, signed in, without a request', async () => {
    emu.clearRequests();
    const model = modelFor(TestConnection.forEmulator(emu));
    const roots = await model.getChildren();
    assert.deepEqual(
      roots.map((r) => (r.kind === 'group' ? r.group.label : r.kind)),
      ['Operations', 'Dashboards', 'Apps', 'Databases', 'Write Syncs', 'Facts'],
    );
    assert.equal(emu.requests().length, 0, 'roots need no request');
  });

  test('lists every kind; a dashboard appears under Operations and under Dashboards', async () => {
    const model = modelFor(TestConnection.forEmulator(emu));
    const ops = await resources(model, 'operations');
    const dashboards = await resources(model, 'dashboards');
    assert.ok(ops.some((n) => n.id === ids.dashboardId && n.kind === 'operation'));
    const dash = dashboards.find((n) => n.id === ids.dashboardId)!;
    assert.equal(dash.kind, 'dashboard');
    assert.equal(dash.resourceId, ids.dashboardResourceId, 'history of a dashboard is its rept_ resource');
    assert.notEqual(dash.key, ops.find((n) => n.id === ids.dashboardId)!.key, 'tree ids stay unique');
    const stale = ops.find((n) => n.id === ids.codeStaleOperationId)!;
    assert.equal(stale.data.kind === 'operation' && stale.data.value.codeStale, true);
    for (const group of ['apps', 'databases', 'writeSyncs', 'facts'] as const) assert.ok((await resources(model, group)).length > 0, group);
    const apps = await resources(model, 'apps');
    assert.ok(apps.some((a) => a.id === ids.deployingAppId && a.data.kind === 'app' && a.data.value.deployment.status === 'deploying'));
    assert.ok(ops.every((o) => o.resourceId === o.id && !o.added));
    assert.equal(model.isListed('operations'), true);
  });

  test('marks listed ids the user added, and merges an added id the page did not hold', async () => {
    const model = modelFor(TestConnection.forEmulator(emu), [ids.factId!, ids.inventoryOperationId!], 2);
    const facts = await resources(model, 'facts');
    assert.ok(facts.find((f) => f.id === ids.factId)?.added, 'the added fact is marked');
    const ops = await groupItems(model, 'operations');
    const inventory = ops.filter(isResourceNode).find((n) => n.id === ids.inventoryOperationId);
    assert.ok(inventory?.added, 'the added operation beyond the first page is shown');
    assert.ok(
      ops.some((n) => n.kind === 'loadMore'),
      'Load more follows a partial page',
    );
  });

  test('Load more appends the next page and stops at the end', async () => {
    const model = modelFor(TestConnection.forEmulator(emu), [], 5);
    const first = await groupItems(model, 'operations');
    assert.equal(first.filter(isResourceNode).length, 5);
    const changed = eventToPromise(model.onDidChange, (n) => n?.kind === 'group');
    await model.loadMore(model.group('operations'));
    await changed;
    const second = await groupItems(model, 'operations');
    assert.ok(second.filter(isResourceNode).length > 5);
    while ((await groupItems(model, 'operations')).some((n) => n.kind === 'loadMore')) await model.loadMore(model.group('operations'));
    const all = (await resources(model, 'operations')).map((n) => n.id);
    assert.equal(new Set(all).size, all.length, 'no duplicates across pages');
    assert.ok(all.includes(ids.kpiOperationId!));
  });

  test('an operation lists its JSON view, its parent data flow and its data sources', async () => {
    const model = modelFor(TestConnection.forEmulator(emu));
    const child = (await resources(model, 'operations')).find((n) => n.id === ids.dataFlowChildOperationId)!;
    const children = await model.getChildren(child);
    assert.deepEqual(
      children.map((c) => c.kind),
      ['file', 'operation', 'dataSource'],
    );
    const parent = children[1] as ResourceNode;
    assert.equal(parent.id, ids.dataFlowOperationId);
    assert.equal(parent.relation, 'parentDataFlow');
    assert.deepEqual(await model.getChildren(parent), [], 'related items are leaves');
    assert.equal(children[2]!.parent, child, 'getParent works for reveal');
    const flow = (await resources(model, 'operations')).find((n) => n.id === ids.dataFlowOperationId)!;
    const steps = (await model.getChildren(flow)).filter((c) => isResourceNode(c) && c.relation === 'childOperation');
    assert.ok(
      steps.some((s) => isResourceNode(s) && s.id === ids.dataFlowChildOperationId),
      'a data flow lists its steps',
    );
  });

  test('refreshing an app reads it again and updates that item only', async () => {
    const model = modelFor(TestConnection.forEmulator(emu));
    const app = (await resources(model, 'apps')).find((n) => n.id === ids.deployingAppId)!;
    assert.equal(app.data.kind === 'app' && app.data.value.deployment.status, 'deploying');
    emu.finishDeploy(ids.deployingAppId!);
    emu.clearRequests();
    const fired = eventToPromise(model.onDidChange, (n) => n === app);
    await model.refresh(app);
    await fired;
    assert.equal(app.data.kind === 'app' && app.data.value.deployment.status, 'live');
    assert.deepEqual(
      emu.requests().map((r) => `${r.method} ${r.path}`),
      [`GET /v1/apps/${ids.deployingAppId}`],
    );
  });

  test('a full refresh lists each group again on its next expansion', async () => {
    const model = modelFor(TestConnection.forEmulator(emu));
    await groupItems(model, 'operations');
    emu.clearRequests();
    await groupItems(model, 'operations');
    assert.equal(emu.requests().length, 0, 'cached');
    await model.refresh();
    await groupItems(model, 'operations');
    assert.deepEqual(
      emu.requests().map((r) => r.path),
      ['/v1/operations'],
    );
  });
});

describe('explorer model without list endpoints', () => {
  test('lists the added ids and what they reach, by kind', async () => {
    listingOff();
    const added = [ids.writeSyncId!, ids.dashboardId!, ids.dataFlowChildOperationId!, ids.factId!, ids.databaseId!, ids.liveAppId!];
    const model = modelFor(TestConnection.forEmulator(emu), added);
    const ops = await resources(model, 'operations');
    const opIds = ops.map((o) => o.id);
    assert.equal(model.isListed('operations'), false);
    for (const id of [ids.dashboardId, ids.dataFlowChildOperationId, ids.dataFlowOperationId, ids.codeStaleOperationId])
      assert.ok(opIds.includes(id!), `${id} listed`);
    assert.ok(
      ops.find((o) => o.id === ids.dataFlowOperationId && !o.added),
      'the parent data flow is reachable, not added',
    );
    assert.ok(
      ops.find((o) => o.id === ids.codeStaleOperationId && !o.added),
      'the write sync’s input operation is reachable',
    );
    const dashboards = await resources(model, 'dashboards');
    assert.deepEqual(
      dashboards.map((d) => [d.id, d.added]),
      [[ids.dashboardId, true]],
      'the oper_ id is also a dashboard',
    );
    assert.deepEqual(
      (await resources(model, 'facts')).map((f) => f.id),
      [ids.factId],
    );
    const db = (await resources(model, 'databases'))[0]!;
    assert.equal(db.id, ids.databaseId);
    assert.equal(db.data.kind === 'database' && db.data.value.published !== null, true);
    assert.deepEqual(
      (await resources(model, 'apps')).map((a) => a.id),
      [ids.liveAppId],
    );
    assert.deepEqual(
      (await resources(model, 'writeSyncs')).map((w) => w.id),
      [ids.writeSyncId],
    );
  });

  test('an added id that does not exist shows as a removable message', async () => {
    listingOff();
    const model = modelFor(TestConnection.forEmulator(emu), ['oper_doesNotExist1', ids.factId!]);
    const items = await groupItems(model, 'operations');
    const missing = items.find((n) => n.kind === 'message' && n.addedId === 'oper_doesNotExist1');
    assert.ok(missing, 'message for the missing id');
    const empty = await groupItems(model, 'apps');
    assert.equal(empty.length, 1);
    assert.equal(empty[0]!.kind === 'message' && empty[0]!.action, 'addResource');
  });

  test('adding an id reloads the groups it can appear in', async () => {
    listingOff();
    const model = modelFor(TestConnection.forEmulator(emu), []);
    assert.equal((await resources(model, 'apps')).length, 0);
    const changed = eventToPromise(model.onDidChange, (n) => n?.kind === 'group' && n.group.id === 'apps');
    model.setAddedIds([ids.liveAppId!]);
    await changed;
    assert.deepEqual(
      (await resources(model, 'apps')).map((a) => a.id),
      [ids.liveAppId],
    );
  });
});

describe('explorer model when the connection fails', () => {
  test('a rejected key replaces the groups with one Sign In message', async () => {
    const model = modelFor(TestConnection.forEmulator(emu, { apiKey: 'apik_wrongKeyForTests000000000000' }));
    const changed = eventToPromise(model.onDidChange, (n) => n === undefined);
    assert.deepEqual(await groupItems(model, 'operations'), []);
    await changed;
    const roots = await model.getChildren();
    assert.equal(roots.length, 1);
    assert.equal(roots[0]!.kind === 'message' && roots[0]!.action, 'signIn');
    assert.match(roots[0]!.kind === 'message' ? roots[0]!.label : '', /API key was rejected/);
  });

  test('an unreachable server shows one Retry message; Retry loads again', async () => {
    const model = modelFor(TestConnection.forEmulator(emu));
    // Every list request's connection is dropped: the service cannot be reached.
    emu.injectFault({ match: { method: 'GET', path: '^/v1/(operations|dashboards|apps|databases|write-syncs|facts)$' }, kind: 'drop' });
    await groupItems(model, 'dashboards');
    const roots = await model.getChildren();
    assert.equal(roots.length, 1);
    assert.equal(roots[0]!.kind === 'message' && roots[0]!.action, 'retry');
    assert.match(roots[0]!.kind === 'message' ? roots[0]!.label : '', /Cannot reach Test service/);
    // The service is back; the message's Retry (the tree's Refresh command) loads everything again.
    emu.clearFaults();
    const before = emu.requests().length;
    await model.refresh();
    assert.equal((await model.getChildren()).length, 6, 'the groups are back');
    assert.ok((await resources(model, 'dashboards')).length > 0, 'and the dashboards load');
    assert.ok(emu.requests().length > before, 'loaded from the service again');
  });

  test('a new connection clears an unreachable server’s message', async () => {
    const connection = new TestConnection('http://127.0.0.1:9', emu.demo.apiKey, emu.demo.workspaceId);
    const model = modelFor(connection);
    await groupItems(model, 'dashboards');
    assert.equal((await model.getChildren()).length, 1);
    await connection.change(TestConnection.make(emu.url, emu.demo.apiKey, emu.demo.workspaceId));
    assert.equal((await model.getChildren()).length, 6, 'a new connection clears the problem');
    assert.ok((await resources(model, 'dashboards')).length > 0);
  });

  test('a load that a connection change made outdated is dropped', async () => {
    const connection = TestConnection.forEmulator(emu);
    const model = modelFor(connection);
    emu.injectFault({ match: { method: 'GET', path: '/v1/operations' }, kind: 'latency', latencyMs: 300 });
    const pending = groupItems(model, 'operations');
    await connection.change(TestConnection.make(emu.url, emu.demo.apiKey, emu.demo.otherWorkspaceId));
    const ops = (await pending).filter(isResourceNode).map((n) => n.id);
    assert.ok(ops.includes(ids.otherWorkspaceOperationId!), 'answers from the new workspace');
    assert.ok(!ops.includes(ids.dashboardId!), 'nothing from the old one');
  });

  test('signed out: no groups, no requests', async () => {
    const connection = TestConnection.forEmulator(emu);
    const model = modelFor(connection);
    // Loaded while signed in first: the request log sees the model's reads, and a loaded group is there to be kept.
    const signedIn = emu.requests().length;
    assert.ok((await resources(model, 'operations')).length > 0);
    assert.ok(emu.requests().length > signedIn, 'the request log shows the model’s reads');
    await connection.change(undefined);
    const before = emu.requests().length;
    assert.deepEqual(await model.getChildren(), []);
    assert.deepEqual(await groupItems(model, 'operations'), []);
    await model.refresh();
    assert.deepEqual(await model.getChildren(), []);
    assert.equal(emu.requests().length, before, 'no request reached the service');
  });
});
