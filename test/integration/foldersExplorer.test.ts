// Pull into Folder… from the explorer, invoked as its menus invoke it (the title with nothing, a
// group's or an item's context menu with the tree node the explorer gave), and the folder given as
// an argument as a script does. A group pulls its whole kind: the service's every page, not only
// what the group has loaded. Against a second, in-process emulator in `large` mode (more operations
// than the group's first page), the extension pointed at it for this suite and back afterwards.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { ServiceClient } from '../../src/api';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { PullReport } from '../../src/localFolders/engine/engineApi';
import { isResourceNode, type ExplorerNode, type GroupNode } from '../../src/explorer/model/nodes';
import { colleagueClient, activateExtension, requireEmulator, type EmulatorInfo, pointExtensionAt } from './helpers';

const PULL_INTO = 'workspaceAutomation.pullIntoFolder';
/** More operations than the explorer's first page of a group (200). */
const LARGE = 260;

describe('Local folders: Pull into Folder… from the explorer’s title, a group and an item', function () {
  this.timeout(120_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let large: RunningEmulator | undefined;
  let client: ServiceClient;
  const made: vscode.Uri[] = [];

  const pointAt = (url: string) => pointExtensionAt(api, url);
  const newFolder = () => {
    const folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, `explorer-pull-${randomUUID().slice(0, 8)}`);
    made.push(folder);
    return folder;
  };
  async function group(kind: string): Promise<GroupNode> {
    const groups = await api.explorer.model.getChildren(undefined);
    const found = groups.find((g): g is GroupNode => g.kind === 'group' && g.group.kind === kind);
    assert.ok(found, `the explorer shows a group of ${kind}`);
    return found;
  }
  /** The ids the service lists of a collection, every page. */
  async function listed(collection: 'operations' | 'dashboards' | 'apps' | 'databases' | 'writeSyncs' | 'facts'): Promise<string[]> {
    const page = await client.listAll(collection);
    assert.ok(page.supported);
    return page.items.map((i) => {
      const item = i as { id?: string; dashboardId?: string };
      return (collection === 'dashboards' ? (item.dashboardId ?? item.id) : item.id)!;
    });
  }
  const added = (report: PullReport, kind: string) =>
    report.files
      .filter((f) => f.kind === kind && f.outcome === 'added')
      .map((f) => f.id)
      .sort();

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    large = await startEmulator({ port: 0, adminPort: 0, large: LARGE, quiet: true });
    assert.equal(large.demo.workspaceId, emulator.workspaceId, 'the large emulator seeds the same demo workspace');
    client = colleagueClient({ url: large.url, carriers: large.carriers, apiKey: large.demo.apiKey, workspaceId: large.demo.workspaceId });
    await pointAt(large.url);
  });

  after(async () => {
    for (const folder of made) await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    if (emulator) await pointAt(emulator.url);
    await client?.close();
    await large?.close();
  });

  it('a group (as its context menu passes it) pulls every resource of its kind the service lists, beyond what the group loaded', async () => {
    const operations = await group('operation');
    const loaded = (await api.explorer.model.getChildren(operations)).filter(isResourceNode);
    const all = await listed('operations');
    assert.ok(all.length > loaded.length, `the group loaded ${loaded.length} of ${all.length} operations`);
    const folder = newFolder();
    const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, operations, { folder });
    assert.deepEqual(added(report, 'operation'), [...all].sort(), 'every operation the service lists');
    assert.deepEqual(
      report.files.filter((f) => f.kind !== 'operation'),
      [],
      'nothing of another kind',
    );
    const repo = (await api.folders.load()).repositoryOf(folder);
    assert.equal(repo?.root.toString(), folder.toString(), 'the folder has its Source Control');
  });

  it('an item (as its context menu passes it) pulls that resource', async () => {
    const dashboards = await group('dashboard');
    const item = (await api.explorer.model.getChildren(dashboards)).find(isResourceNode);
    assert.ok(item, 'a dashboard in the explorer');
    const folder = newFolder();
    const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, item satisfies ExplorerNode, { folder });
    const dashboard = report.files.find((f) => f.kind === 'dashboard');
    assert.deepEqual([dashboard?.id, dashboard?.outcome], [item.id, 'added']);
    // A dashboard's id is also its operation's: the item names its kind, so the operation stays out.
    assert.deepEqual(
      report.files.filter((f) => f !== dashboard).map((f) => [f.kind, f.id]),
      [],
      'nothing else',
    );
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, dashboard!.path)));
    assert.equal(text, (await client.getDashboardSource(item.id)).source, 'the file holds the dashboard’s source');
  });

  it('the explorer’s title (VS Code passes nothing) pulls every resource of every kind', async () => {
    const folder = newFolder();
    const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, undefined, { folder });
    for (const [kind, collection] of [
      ['operation', 'operations'],
      ['dashboard', 'dashboards'],
      ['app', 'apps'],
      ['database', 'databases'],
      ['writeSync', 'writeSyncs'],
      ['fact', 'facts'],
    ] as const)
      assert.deepEqual(added(report, kind), (await listed(collection)).sort(), `every ${kind}`);
  });
});
