// How explorer items read and what the menus can do with them, from real emulator data; and what
// "Add Resource by ID" accepts.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { parseAdditionInput } from '../../../src/explorer/model/addition';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import {
  connectionNode,
  isElsewhere,
  isResourceNode,
  rootConnectionOf,
  rootOf,
  type GroupId,
  type ResourceNode,
} from '../../../src/explorer/model/nodes';
import { fileForNode, present } from '../../../src/explorer/model/presentation';
import { filePath } from '../../../src/kinds/resourcePath';
import { TestConnection } from './explorerSupport';
import { useEmulator } from '../emulator/emulatorSupport';
let ids: Record<string, string>;
let connection: TestConnection;
let model: ExplorerModel;

const { emu } = useEmulator(
  { deployDelayMs: 3_600_000 },
  {
    resetEach: false,
    setUp: (running) => {
      ids = running.demo.ids;
      connection = TestConnection.forEmulator(running);
      model = new ExplorerModel(connection);
      model.setAddedIds([ids.factId!]);
    },
  },
);
after(async () => {
  model.dispose();
  await connection.close();
});

async function item(group: GroupId, id: string): Promise<ResourceNode> {
  const found = (await model.getChildren(model.group(group))).filter(isResourceNode).find((n) => n.id === id);
  assert.ok(found, `${id} in ${group}`);
  return found;
}

const words = (contextValue: string) => new Set(contextValue.split(' '));

describe('explorer items', () => {
  test('a group has the "group" context value the menus test', () => {
    assert.equal(present(model.group('operations')).contextValue, 'group');
    assert.equal(present(model.group('facts')).contextValue, 'group promotable', 'what can be saved can be promoted whole');
    assert.equal(present(model.group('operations')).collapsible, 'collapsed');
  });

  test('an operation shows kind, status and revisions; a stale one warns', async () => {
    const ok = present(await item('operations', ids.publishedOperationId!));
    assert.match(ok.description!, /^dataTable · published · draft #\d+ · published #\d+( · \d+ unpublished)?$/);
    assert.deepEqual(ok.icon, { id: 'symbol-method' });
    const stale = present(await item('operations', ids.codeStaleOperationId!));
    assert.match(stale.description!, /^⚠ code stale · /);
    assert.deepEqual(stale.icon, { id: 'warning', color: 'warning' });
    assert.match(stale.tooltip!, /handler code is stale/);
    for (const w of ['resource', 'openable', 'history']) assert.ok(words(stale.contextValue).has(w), w);
    assert.ok(!words(stale.contextValue).has('added'));
  });

  test('an app spins while deploying; a write sync shows its lock; a database its draft and published', async () => {
    assert.deepEqual(present(await item('apps', ids.deployingAppId!)).icon, { id: 'loading~spin' });
    assert.match(present(await item('apps', ids.deployingAppId!)).description!, /^deploying… · draft #\d+$/);
    assert.deepEqual(present(await item('apps', ids.liveAppId!)).icon, { id: 'rocket' });
    const locked = present(await item('writeSyncs', ids.identityLockedWriteSyncId!));
    assert.deepEqual(locked.icon, { id: 'lock' });
    assert.match(locked.description!, /^locked · /);
    assert.ok(!words(locked.contextValue).has('history'), 'write syncs have no history');
    const db = present(await item('databases', ids.databaseId!));
    assert.match(db.description!, /^draft #\d+ · published #\d+( · \d+ unpublished)?$/);
    assert.ok(words(db.contextValue).has('history'));
  });

  test('values outside the ones the spec shows are shown as they are: no crash, no "undefined", no blank', async () => {
    const op = structuredClone(await item('operations', ids.publishedOperationId!));
    if (op.data.kind !== 'operation') throw new Error('operation');
    Object.assign(op.data.value, { kind: 'pipeline', status: 'archived' });
    const shownOp = present(op);
    assert.match(shownOp.description!, /^pipeline · archived · draft #\d+/);
    assert.match(shownOp.tooltip!, /Kind: pipeline {2}\nStatus: archived/);
    Object.assign(op.data.value, { status: '' });
    assert.match(present(op).description!, /^pipeline · \(none\) · /);

    const app = structuredClone(await item('apps', ids.liveAppId!));
    if (app.data.kind !== 'app') throw new Error('app');
    app.data.value.deployment = {
      ...app.data.value.deployment,
      status: 'failed',
      error: { code: 'build_failed', message: 'npm install failed', at: 3 },
    };
    const failed = present(app);
    assert.match(failed.description!, /^failed · draft #\d+$/);
    assert.deepEqual(failed.icon, { id: 'error', color: 'error' });
    assert.match(failed.tooltip!, /Error: npm install failed \\\(build\\_failed\\\)/);
    app.data.value.deployment = { ...app.data.value.deployment, status: 'queued', error: [1, 2] };
    const queued = present(app);
    assert.match(queued.description!, /^queued · /);
    assert.match(queued.tooltip!, /Error: \\\[1\\,2\\\]/, 'markdown-escaped JSON');

    const fact = structuredClone(await item('facts', ids.factId!));
    if (fact.data.kind !== 'fact') throw new Error('fact');
    Object.assign(fact.data.value, { type: 'rule', formulaType: 'logic' });
    assert.match(present(fact).tooltip!, /Type: rule {2}\nFormula type: logic/);
    for (const p of [shownOp, failed, queued, present(fact)]) {
      assert.doesNotMatch(`${p.label} ${p.description} ${p.tooltip}`, /undefined|\[object Object\]/);
    }
  });

  test('an added id carries "added" so it can be removed', async () => {
    const fact = present(await item('facts', ids.factId!));
    assert.ok(words(fact.contextValue).has('added'));
    assert.ok(!words(fact.contextValue).has('history'));
  });

  test('each kind opens its own wsa: file', async () => {
    const ws = emu.demo.workspaceId;
    const path = async (group: GroupId, id: string) => filePath(fileForNode(await item(group, id), ws)!);
    assert.match(await path('dashboards', ids.dashboardId!), new RegExp(`^/${ws}/dashboards/${ids.dashboardId}/.+\\.tsx$`));
    assert.match(await path('operations', ids.dashboardId!), /\/operations\/oper_[^/]+\/.+\.handler\.ts$/);
    assert.match(await path('databases', ids.databaseId!), /\/databases\/dbas_[^/]+\/Orders\.json$/);
    assert.match(await path('facts', ids.factId!), /\/facts\/fact_[^/]+\/.+\.json$/);
    assert.match(await path('apps', ids.liveAppId!), /\/apps\/appl_[^/]+\/.+\.json$/);
    assert.match(await path('writeSyncs', ids.writeSyncId!), /\/write-syncs\/wsyn_[^/]+\/.+\.json$/);
    const op = await item('operations', ids.inventoryOperationId!);
    const json = (await model.getChildren(op)).find((c) => c.kind === 'file')!;
    assert.match(filePath(fileForNode(json, ws)!), /\/operations\/oper_[^/]+\/Inventory levels\.json$/);
  });
});

describe('Add Resource by ID input', () => {
  test('accepts a bare id and finds the id in a pasted URL', () => {
    assert.deepEqual(parseAdditionInput('  oper_abc123 '), { ok: true, id: 'oper_abc123', kind: 'operation' });
    assert.deepEqual(parseAdditionInput('https://app.example.com/w/wksp_1/dashboards/oper_9x?tab=source', 'wksp_1'), {
      ok: true,
      id: 'oper_9x',
      kind: 'operation',
    });
    assert.deepEqual(parseAdditionInput('https://x/apps/appl_A1/revisions/rvsn_B2'), { ok: true, id: 'appl_A1', kind: 'application' });
  });

  test('refuses other kinds of ids with a message that says what is accepted', () => {
    const revision = parseAdditionInput('rvsn_abc');
    assert.equal(revision.ok, false);
    assert.match(!revision.ok ? revision.message : '', /rvsn_abc is a revision id .*oper_/);
    const resource = parseAdditionInput('rept_abc');
    assert.match(!resource.ok ? resource.message : '', /by its operation id/);
  });

  test('refuses text without an id, an incomplete id and another workspace’s URL', () => {
    assert.equal(parseAdditionInput('').ok, false);
    assert.match((parseAdditionInput('hello') as { message: string }).message, /No resource id/);
    assert.match((parseAdditionInput('oper_') as { message: string }).message, /not a complete id/);
    assert.match((parseAdditionInput('xyz_123') as { message: string }).message, /known prefix/);
    assert.match(
      (parseAdditionInput('https://x/w/wksp_other/oper_1', 'wksp_mine') as { message: string }).message,
      /belongs to workspace wksp_other/,
    );
  });
});

describe('the root of another connection', () => {
  const prod = connectionNode({
    id: 'Prod',
    label: 'Prod [x](https://evil.example)',
    host: 'prod.example.com',
    workspaceId: 'wksp_P',
    stage: 'production',
    protected: true,
  });

  test('reads as its label, "host · workspace", a coloured icon by stage, and expands', () => {
    const p = present(prod);
    assert.equal(p.label, 'Prod [x](https://evil.example)');
    assert.equal(p.description, 'prod.example.com · wksp_P');
    assert.deepEqual(p.icon, { id: 'shield', color: 'error' });
    assert.equal(p.contextValue, 'connection');
    assert.equal(p.collapsible, 'collapsed');
    assert.ok(!p.tooltip?.includes('](https://'), 'the label is text in the tooltip, never a link');
    const staging = present(connectionNode({ ...prod.connection, stage: 'staging', protected: false }));
    assert.deepEqual(staging.icon, { id: 'cloud', color: 'warning' });
    assert.deepEqual(present(connectionNode({ ...prod.connection, stage: 'development', protected: false })).icon, {
      id: 'cloud',
      color: 'success',
    });
    assert.equal(prod.key, 'connection:prod', 'a tree id that does not depend on the id’s case');
  });

  test('its groups and items have tree ids of their own, and offer only what acts on its connection', async () => {
    const other = new ExplorerModel(connection, { root: prod });
    try {
      const groups = await other.getChildren();
      assert.equal(groups.length, model.roots().length);
      for (const g of groups) {
        assert.equal(g.parent, prod);
        assert.ok(g.key.startsWith('connection:prod/group:'), g.key);
        assert.match(present(g).contextValue, /^group elsewhere( promotable)?$/);
      }
      const facts = other.group('facts');
      const node = (await other.getChildren(facts)).filter(isResourceNode).find((n) => n.id === ids.factId);
      assert.ok(node);
      assert.equal(rootOf(node), prod);
      assert.ok(isElsewhere(node));
      assert.deepEqual(words(present(node).contextValue), new Set(['resource', 'fact', 'openable', 'elsewhere', 'editable']));
      assert.equal(present(facts).contextValue, 'group elsewhere promotable');
      assert.equal(present(other.group('operations')).contextValue, 'group elsewhere');
      const database = (await other.getChildren(other.group('databases'))).filter(isResourceNode)[0];
      assert.ok(database);
      assert.ok(words(present(database).contextValue).has('history'), 'its history reads through its connection');
      assert.ok(!words(present(database).contextValue).has('publishable'), 'publish goes through the window’s');
      const own = await item('facts', ids.factId!);
      assert.equal(rootOf(own), undefined);
      assert.equal(isElsewhere(own), false);
      assert.ok(words(present(own).contextValue).has('editable'));
    } finally {
      other.dispose();
    }
  });

  test('isElsewhere: anything that is not a node under a root is not', () => {
    for (const value of [undefined, null, 0, '', 'connection', {}, { kind: 'group', parent: undefined }, []])
      assert.equal(isElsewhere(value), false, JSON.stringify(value));
    assert.equal(isElsewhere({ kind: 'connection', connection: prod.connection }), true);
    assert.equal(rootConnectionOf({ kind: 'x', parent: prod }), prod.connection);
    let deep: { kind: string; parent?: unknown; connection?: unknown } = { kind: 'connection', connection: prod.connection };
    for (let i = 0; i < 20; i++) deep = { kind: 'x', parent: deep };
    assert.equal(isElsewhere(deep), false, 'a chain deeper than any tree is not followed');
  });
});
