// Requests per action, counted in the emulator's request log: opening a dashboard reads its source
// once (plus the runtime declarations and its data run the first time), and a save is one PUT whose
// answer the draft/published status bar follows. Runs against a second, in-process emulator in
// `large` mode and its large dashboard, which no other suite opens as a document: whatever earlier
// suites left open or stale cannot reach this one, whatever the order.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import { editText, revertAndCloseAll, setAutoSave, wsaUri } from './fileHelpers';
import { activateExtension, eventToPromise, requireEmulator, serviceFetch, type EmulatorInfo, pointExtensionAt } from './helpers';

describe('Requests per action: a dashboard open and save', function () {
  this.timeout(90_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let own: RunningEmulator | undefined;

  const pointAt = (url: string) => pointExtensionAt(api, url);

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    await setAutoSave('off');
    await revertAndCloseAll();
    own = await startEmulator({ port: 0, adminPort: 0, large: 1, quiet: true });
    assert.equal(own.demo.workspaceId, emulator.workspaceId, 'the second emulator seeds the same demo workspace');
    await pointAt(own.url);
  });

  after(async () => {
    await revertAndCloseAll();
    await setAutoSave(undefined);
    if (emulator) await pointAt(emulator.url);
    await own?.close();
  });

  it('opening a dashboard reads its source once and no history; a save is one PUT that the status bar follows', async () => {
    const ids = own!.demo.ids as Record<string, string>;
    const id = ids.largeDashboardId!;
    const resourceId = ids.largeDashboardResourceId!;
    const uri = wsaUri(emulator.workspaceId, 'dashboard', id, 'Large history dashboard');
    // Its data run, read outside the counted window: dashboards earlier suites left open read theirs
    // again after the switch to this emulator, and those are not this action's.
    const read = await serviceFetch({ ...emulator, url: own!.url }, `/v1/dashboards/${id}/source`);
    assert.ok(read.ok, `the source read for its data run: ${read.status}`);
    const dataRunId = ((await read.json()) as { data: { dataRunId: string } }).data.dataRunId;
    const mine = (since: number) =>
      own!
        .requests()
        .slice(since)
        .filter(
          (r) =>
            r.path.startsWith(`/v1/dashboards/${id}`) ||
            r.path.startsWith(`/v1/resources/${resourceId}`) ||
            r.path === `/v1/operation-runs/${dataRunId}` ||
            r.path === '/v1/dashboard-runtime/types',
        )
        .map((r) => `${r.method} ${r.path}`);

    let since = own!.requests().length;
    const shown = eventToPromise(api.publish.statusBar.onDidUpdate, (t) => !!t && t.startsWith('$(git-commit) draft #'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    const opened = (await shown)!;
    // Type-checked: the runtime declarations and the data run have been asked for by now.
    await api.dashboards.documents.whenChecked(uri);
    const open = mine(since);
    assert.deepEqual(
      open.filter((r) => !r.includes('/operation-runs/') && !r.endsWith('/dashboard-runtime/types')),
      [`GET /v1/dashboards/${id}/source`],
      `the source once and no history list: ${open.join(', ')}`,
    );
    assert.ok(open.filter((r) => r.includes('/operation-runs/')).length <= 1, `the data run at most once: ${open.join(', ')}`);
    assert.ok(open.filter((r) => r.endsWith('/dashboard-runtime/types')).length <= 1, `the declarations at most once: ${open.join(', ')}`);

    const sequence = Number(/draft #(\d+)/.exec(opened)![1]);
    await editText(doc, (t) => `${t}\n// counted save\n`);
    since = own!.requests().length;
    const followed = eventToPromise(api.publish.statusBar.onDidUpdate, (t) => !!t && t.includes(`draft #${sequence + 1}`));
    const result = (await vscode.commands.executeCommand('workspaceAutomation.save', uri)) as SaveResult;
    assert.equal(result.status, 'saved');
    await followed;
    await api.dashboards.documents.whenChecked(uri);
    assert.deepEqual(mine(since), [`PUT /v1/dashboards/${id}/source`], 'a save is one request: the status bar follows its answer');
  });
});
