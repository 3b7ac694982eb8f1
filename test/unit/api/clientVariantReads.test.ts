// Reading against every emulator variant profile: the real client, ResourceReader and
// explorer model read every kind of resource, list collections or fall back to the ids the user
// added when the service has no lists, read whole revision histories newest first whatever their
// paging and order, and show values outside the extension's lists as they are. One loop over the
// profiles; each profile gets its own emulator in-process, over loopback HTTP.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isApiError, type Collection } from '../../../src/api';
import { collections } from '../../../src/api/endpoints';
import { ExplorerModel } from '../../../src/explorer/model/explorerModel';
import { isResourceNode, type GroupId, type ResourceNode } from '../../../src/explorer/model/nodes';
import { present } from '../../../src/explorer/model/presentation';
import type { FileView } from '../../../src/kinds/resourcePath';
import { PROFILES, useProfile } from '../variantSupport';

for (const profile of PROFILES) {
  describe(`reading from a service with the ${profile.label} profile`, () => {
    const rig = useProfile(profile.variants);

    test('every kind of resource opens as its file shows it', async () => {
      const ids = rig().ids();
      const views: [FileView, string][] = [
        ['operationHandler', ids.publishedOperationId!],
        ['operation', ids.codeStaleOperationId!],
        ['dashboard', ids.dashboardId!],
        ['app', ids.failedAppId!],
        ['database', ids.databaseId!],
        ['writeSync', ids.identityLockedWriteSyncId!],
        ['fact', ids.factId!],
      ];
      for (const [view, id] of views) {
        const content = await rig().reader.read(rig().file(view, id));
        assert.ok(content.text.trim().length > 0, `${view} ${id} has text`);
        assert.ok(!/\bundefined\b/.test(content.text), `${view} shows no "undefined"`);
        if (view === 'dashboard' || view === 'database' || view === 'fact') assert.ok(content.snapshot, `${view} can be saved from`);
      }
      const source = await rig().client.getDashboardSource(ids.dashboardId!);
      assert.equal((await rig().reader.read(rig().file('dashboard', ids.dashboardId!))).text, source.source);
      assert.deepEqual(
        Object.keys(source.revision).sort(),
        ['revisionId', 'sequence'],
        'the revision reference comes bare, to go back as a token',
      );
    });

    test('collections are listed, or the client says the service has no list and asks once', async () => {
      for (const collection of Object.keys(collections) as Collection[]) {
        rig().emu.clearRequests();
        const page = await rig().client.listAll(collection);
        if (rig().has('no-lists')) {
          assert.deepEqual(page, { supported: false }, `${collection}: no list endpoint`);
          assert.deepEqual(await rig().client.listAll(collection), { supported: false });
          assert.equal(rig().requests('GET').length, 1, `${collection}: the 404 is remembered, not asked again`);
        } else {
          assert.ok(page.supported && page.items.length > 0, `${collection} listed`);
        }
      }
    });

    test('the explorer shows the ids the user added, whether or not the service lists', async () => {
      const ids = rig().ids();
      const model = new ExplorerModel(rig().connection());
      try {
        model.setAddedIds([ids.dashboardId!, ids.factId!, ids.inventoryDatabaseId!]);
        const children = async (group: GroupId) => (await model.getChildren(model.group(group))).filter(isResourceNode);
        const dashboards = await children('dashboards');
        const added = dashboards.find((n) => n.id === ids.dashboardId);
        assert.ok(added?.added, 'the added dashboard is shown and removable');
        assert.ok((await children('facts')).some((n) => n.id === ids.factId && n.added));
        assert.ok((await children('databases')).some((n) => n.id === ids.inventoryDatabaseId && n.added));
        // Without lists, the dashboard's operation is reached from the added dashboard.
        assert.ok((await children('operations')).some((n) => n.id === ids.dashboardId));
        assert.equal(model.isListed('dashboards'), !rig().has('no-lists'));
        if (!rig().has('no-lists')) assert.ok(dashboards.length > 1, 'a listing service shows the others too');
      } finally {
        model.dispose();
      }
    });

    test('a whole revision history is read, newest first, whatever its paging and order', async () => {
      const resourceId = rig().ids().longHistoryDashboardResourceId!;
      const stored = rig()
        .emu.snapshot()
        .histories.find((h) => h.resourceId === resourceId)!;
      const newestFirst = stored.revisions.map((r) => r.id).reverse();
      assert.ok(newestFirst.length > 50, 'a history long enough to page');
      rig().emu.clearRequests();
      const history = await rig().client.listRevisions(resourceId);
      assert.deepEqual(
        history.items.map((i) => i.id),
        newestFirst,
      );
      assert.equal(history.draft.revisionId, newestFirst[0]);
      const pages = rig()
        .requests('GET')
        .filter((r) => r.path === `/v1/resources/${resourceId}/revisions`);
      assert.equal(pages.length, rig().has('paged-revisions') ? Math.ceil(newestFirst.length / 25) : 1, 'every page, each once');

      // A save needs the history's state only: one page.
      rig().emu.clearRequests();
      const state = await rig().client.revisionState(resourceId);
      assert.equal(state.draft.revisionId, newestFirst[0]);
      assert.equal(rig().requests('GET').length, 1);
    });

    test('one revision is read with its value; a revision of another resource is not found', async () => {
      const ids = rig().ids();
      const source = await rig().client.getDashboardSource(ids.dashboardId!);
      const revision = await rig().client.getRevision(source.resourceId, source.revision.revisionId);
      assert.equal((revision.value as { source: string }).source, source.source);
      assert.equal(revision.resourceId, source.resourceId);
      assert.equal(typeof revision.actor.type, 'string');
      const other = await rig().client.getDashboardSource(ids.churnDashboardId!);
      await assert.rejects(rig().client.getRevision(source.resourceId, other.revision.revisionId), (e) => isApiError(e, 'notFound'));
    });

    test('values outside the extension’s lists are read and shown as they are, never as "undefined"', async () => {
      const ids = rig().ids();
      const foreign = rig().has('foreign-values');
      const added = [
        ids.failedAppId!,
        ids.deployingAppId!,
        ...(foreign
          ? [
              ids.archivedOperationId!,
              ids.scheduledOperationId!,
              ids.queuedAppId!,
              ids.rolledBackAppId!,
              ids.foreignDatabaseId!,
              ids.foreignFactId!,
            ]
          : []),
      ];
      const model = new ExplorerModel(rig().connection());
      try {
        model.setAddedIds(added);
        const nodes: ResourceNode[] = [];
        for (const group of ['operations', 'apps', 'databases', 'facts'] as GroupId[])
          nodes.push(...(await model.getChildren(model.group(group))).filter(isResourceNode));
        const look = (id: string) => {
          const node = nodes.find((n) => n.id === id);
          assert.ok(node, `${id} is in the tree`);
          const p = present(node);
          for (const text of [p.label, p.description, p.tooltip]) assert.ok(!/undefined/.test(String(text)), `${id}: ${String(text)}`);
          return p;
        };
        assert.match(String(look(ids.failedAppId!).description), /^failed · /);
        if (!foreign) return;
        assert.match(String(look(ids.archivedOperationId!).description), /^pipeline · archived · /);
        assert.match(String(look(ids.scheduledOperationId!).description), /^pipeline · scheduled · /);
        assert.match(String(look(ids.queuedAppId!).description), /^queued · /);
        assert.match(String(look(ids.rolledBackAppId!).tooltip), /rolledBack[\s\S]*Health check failed 3 times/);
        look(ids.foreignDatabaseId!);
        look(ids.foreignFactId!);
      } finally {
        model.dispose();
      }
      const fact = await rig().reader.read(rig().file('fact', ids.foreignFactId!));
      assert.equal((JSON.parse(fact.text) as { formulaType: string }).formulaType, 'lookup');
      const ledger = await rig().reader.read(rig().file('database', ids.foreignDatabaseId!));
      assert.match(ledger.text, /"type": "uuid"[\s\S]*"type": "decimal\(12,2\)"/);
      const history = await rig().client.listRevisions(ids.foreignDashboardResourceId!);
      assert.deepEqual([...new Set(history.items.map((i) => i.actor.type))].sort(), ['apiKey', 'serviceAccount', 'user']);
    });
  });
}

describe('a service without list endpoints', () => {
  const rig = useProfile(['no-lists']);

  test('an added dashboard that cannot be read says why in Dashboards too, not "add them by id"', async () => {
    const id = rig().ids().dashboardId!;
    rig().emu.injectFault({ match: { method: 'GET', path: `/v1/dashboards/${id}/source` }, kind: 'status', status: 500, count: 10 });
    const model = new ExplorerModel(rig().connection());
    try {
      model.setAddedIds([id]);
      for (const group of ['dashboards', 'operations'] as GroupId[]) {
        const items = await model.getChildren(model.group(group));
        const failed = items.find((n) => n.kind === 'message' && n.addedId === id);
        assert.ok(
          failed,
          `${group}: the added id is shown with its failure: ${JSON.stringify(items.map((n) => (n.kind === 'message' ? n.label : n.key)))}`,
        );
        assert.match(String(present(failed).description), /500/);
      }
    } finally {
      model.dispose();
      rig().emu.clearFaults();
    }
  });
});
