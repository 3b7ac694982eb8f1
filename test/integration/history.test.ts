// The revision history panel in the real VS Code against the emulator: one panel per resource,
// newest first with badges, compares that open the diff editor on the right revision documents
// (and make no request the second time), Show Changes, Restore through the service where the
// capabilities say restore (one POST with the version token, a new draft in the list), and
// malformed webview messages ignored.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import type { HistoryState, WebviewMessage } from '../../src/history/protocol/protocol';
import { activateExtension, emulatorAdmin, eventToPromise, requireEmulator, serviceFetch, type EmulatorInfo } from './helpers';

type State = HistoryState;

describe('Revision history panel', function () {
  this.timeout(30_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;
  const restoreConfirmations: string[] = [];
  let operationDialogs: vscode.Disposable | undefined;

  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;

  async function stateOf(panel: HistoryPanel, accept: (s: State) => boolean = () => true): Promise<State> {
    const current = panel.state;
    if (current && accept(current)) return current;
    return eventToPromise(panel.onDidChangeState, accept);
  }

  /** Sends a message as the webview would, and waits until the panel has handled it. */
  async function send(panel: HistoryPanel, message: WebviewMessage): Promise<void> {
    assert.ok(await panel.deliver(message), `${message.type} is accepted`);
  }

  async function serviceJson<T>(path: string): Promise<T> {
    const response = await serviceFetch(emulator, path);
    assert.equal(response.status, 200, path);
    return ((await response.json()) as { data: T }).data;
  }

  const activeDiff = (): vscode.TabInputTextDiff => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff, 'the active tab is a diff editor');
    return input;
  };

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    admin = emulatorAdmin(emulator);
    await admin.reset();
    ids = (await admin.demo()).ids as unknown as Record<string, string>;
    // Every restore asks this one question, whichever way it restores.
    operationDialogs = api.testing.useOperationDialogs({
      ask: async (message) => {
        restoreConfirmations.push(message);
        return 'confirm';
      },
    });
  });

  after(async () => {
    operationDialogs?.dispose();
    for (const panel of api.history.all()) panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens one panel per dashboard, on its rept_ resource, and reveals it when asked again', async () => {
    const item = { kind: 'dashboard', id: ids.longHistoryDashboardId, name: 'Inventory alerts' };
    const panel = await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', item);
    assert.ok(panel, 'the command returns the panel');
    assert.equal(panel.resourceId, ids.longHistoryDashboardResourceId, 'a dashboard’s history is its rept_ resource');
    await stateOf(panel);
    const again = await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', item);
    assert.equal(again, panel, 'the same panel');
    assert.equal(api.history.all().length, 1, 'no second panel');
    assert.equal(panel.panel.title, 'History: Inventory alerts');
  });

  it('lists the revisions newest first, with the draft badge on the newest and the header from the service', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    const state = await stateOf(panel);
    const history = await serviceJson<{
      version: string;
      draft: { revisionId: string; sequence: number };
      items: { id: string; createdAt: string }[];
    }>(`/v1/resources/${ids.longHistoryDashboardResourceId}/revisions`);
    assert.equal(state.items.length, history.items.length);
    assert.ok(state.items.length >= 150, `${state.items.length} revisions`);
    assert.deepEqual(
      state.items.map((i) => i.id),
      history.items.map((i) => i.id),
      'in the service’s order',
    );
    for (let i = 1; i < state.items.length; i++) assert.ok(state.items[i - 1]!.createdAt >= state.items[i]!.createdAt, 'newest first');
    assert.equal(state.header.draft.revisionId, state.items[0]!.id, 'the newest is the draft');
    assert.equal(state.header.version, history.version);
    assert.equal(state.header.kindLabel, 'Dashboard');
    assert.equal(state.header.restore.enabled, true);
    assert.ok(
      state.items.some((i) => i.parents[0] && state.items.findIndex((j) => j.id === i.parents[0]) > state.items.indexOf(i) + 1),
      'restores branch the parents',
    );
    assert.ok(!JSON.stringify(state).includes(emulator.apiKey), 'the API key never reaches the webview');
  });

  it('compares two revisions in the diff editor, older on the left, with their contents', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    const { items } = await stateOf(panel);
    const [newer, older] = [items[2]!, items[7]!];
    await send(panel, { type: 'compare', left: newer.id, right: older.id });
    const diff = activeDiff();
    assert.equal(diff.original.scheme, 'wsa-revision');
    assert.match(diff.original.path, new RegExp(`/${ids.longHistoryDashboardResourceId}/${older.id}/`));
    assert.match(diff.modified.path, new RegExp(`/${ids.longHistoryDashboardResourceId}/${newer.id}/`));
    assert.ok(diff.modified.path.endsWith('.tsx'), 'dashboards open as TSX');
    const expected = await serviceJson<{ value: { source: string } }>(
      `/v1/resources/${ids.longHistoryDashboardResourceId}/revisions/${older.id}`,
    );
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), expected.value.source);
    const label = vscode.window.tabGroups.activeTabGroup.activeTab!.label;
    assert.match(label, new RegExp(`#${older.sequence}.*↔.*#${newer.sequence}`), label);
  });

  it('compares and opens again without a single request for the revisions', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    const { items } = await stateOf(panel);
    await panel.whenIdle();
    const since = await lastSeq();
    await send(panel, { type: 'compare', left: items[2]!.id, right: items[7]!.id });
    await send(panel, { type: 'open', revisionId: items[7]!.id });
    assert.equal(vscode.window.activeTextEditor?.document.uri.path.includes(items[7]!.id), true, 'the revision is open');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'wsa-dashboard');
    const requests = (await admin.requests(since)).filter((r) => r.path.includes(items[2]!.id) || r.path.includes(items[7]!.id));
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [],
    );
  });

  it('compares with the current draft', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    const { items, header } = await stateOf(panel);
    await send(panel, { type: 'compareWithDraft', revisionId: items[4]!.id });
    const diff = activeDiff();
    assert.ok(diff.original.path.includes(items[4]!.id));
    assert.ok(diff.modified.path.includes(header.draft.revisionId));
  });

  it('shows the changes of a revision against its parent in the multi-file diff editor', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    const { items } = await stateOf(panel);
    const target = items[3]!;
    await send(panel, { type: 'showChanges', revisionId: target.id });
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab!;
    assert.match(tab.label, /Changes in/, tab.label);
  });

  it('ignores malformed and unexpected messages: nothing is opened, asked or requested', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    await stateOf(panel);
    await panel.whenIdle();
    const since = await lastSeq();
    const confirmations = restoreConfirmations.length;
    const rejected: unknown[] = [];
    const sub = panel.host.onDidRejectMessage((r) => rejected.push(r.raw));
    try {
      const bad = [
        { type: 'restore', revisionId: 42 },
        { type: 'restore', revisionId: 'rvsn_x', force: true },
        { type: 'open', revisionId: '../../etc/passwd' },
        { type: 'runCommand', command: 'workbench.action.quit' },
        'restore',
        null,
      ];
      for (const raw of bad) assert.equal(await panel.deliver(raw), false, JSON.stringify(raw));
      assert.equal(rejected.length, bad.length);
      // Well formed, but not a revision of this history: handled as nothing.
      await send(panel, { type: 'restore', revisionId: 'rvsn_notInThisHistory' });
    } finally {
      sub.dispose();
    }
    assert.equal(restoreConfirmations.length, confirmations, 'no confirmation was asked');
    await panel.whenIdle();
    assert.deepEqual(
      (await admin.requests(since)).map((r) => `${r.method} ${r.path}`),
      [],
    );
  });

  it('restores an older dashboard revision as a new draft: one POST restore with the version token, and the list shows it', async () => {
    const panel = api.history.get(ids.longHistoryDashboardResourceId)!;
    const before = await stateOf(panel);
    const chosen = before.items[10]!;
    const since = await lastSeq();
    const refreshed = eventToPromise(panel.onDidChangeState, (s) => s.header.draft.revisionId !== before.header.draft.revisionId);
    await send(panel, { type: 'restore', revisionId: chosen.id });
    const after = await refreshed;

    assert.match(restoreConfirmations.at(-1)!, new RegExp(`#${chosen.sequence}`), 'the confirmation names the revision');
    const writes = (await admin.requests(since)).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [`POST /v1/resources/${ids.longHistoryDashboardResourceId}/revisions/${chosen.id}/restore`],
      'exactly one write',
    );
    assert.deepEqual(writes[0]!.body, { expectedVersion: before.header.version });

    assert.equal(after.items.length, before.items.length + 1);
    assert.equal(after.items[0]!.id, after.header.draft.revisionId, 'the new draft is on top');
    assert.equal(after.header.draft.sequence, before.header.draft.sequence + 1);
    assert.deepEqual(after.select, [after.header.draft.revisionId], 'and selected');
    const restored = await serviceJson<{ value: { source: string } }>(
      `/v1/resources/${ids.longHistoryDashboardResourceId}/revisions/${after.header.draft.revisionId}`,
    );
    const original = await serviceJson<{ value: { source: string } }>(
      `/v1/resources/${ids.longHistoryDashboardResourceId}/revisions/${chosen.id}`,
    );
    assert.equal(restored.value.source, original.value.source);
  });

  it('restores a database definition through the service with the version token', async () => {
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
      kind: 'database',
      id: ids.databaseId,
    }))!;
    const before = await stateOf(panel);
    assert.equal(before.header.kindLabel, 'Managed database');
    const oldest = before.items.at(-1)!;
    const since = await lastSeq();
    const refreshed = eventToPromise(panel.onDidChangeState, (s) => s.header.draft.revisionId !== before.header.draft.revisionId);
    await send(panel, { type: 'restore', revisionId: oldest.id });
    const after = await refreshed;
    const writes = (await admin.requests(since)).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [`POST /v1/resources/${ids.databaseId}/revisions/${oldest.id}/restore`],
    );
    assert.deepEqual(writes[0]!.body, { expectedVersion: before.header.version });
    assert.equal(after.items[0]!.id, after.header.draft.revisionId);
    panel.dispose();
  });

  it('where the service offers no restore, restores a database by saving the old definition: the same question, one PUT with the draft token', async () => {
    await admin.setCapabilities(ids.databaseId, { restore: false });
    await admin.setCapabilities(ids.inventoryOperationId, { restore: false });
    try {
      const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
        kind: 'database',
        id: ids.databaseId,
      }))!;
      const before = await stateOf(panel);
      assert.equal(before.header.capabilities.restore, false);
      assert.equal(before.header.restore.enabled, true, 'offered: saving its old definition restores it');
      const oldest = before.items.at(-1)!;
      const asked = restoreConfirmations.length;
      const since = await lastSeq();
      const refreshed = eventToPromise(panel.onDidChangeState, (s) => s.header.draft.revisionId !== before.header.draft.revisionId);
      await send(panel, { type: 'restore', revisionId: oldest.id });
      const after = await refreshed;

      assert.equal(restoreConfirmations.length, asked + 1, 'asked once, as a restore through the service is');
      assert.match(restoreConfirmations.at(-1)!, new RegExp(`#${oldest.sequence}`), 'the question names the revision');
      const writes = (await admin.requests(since)).filter((r) => r.method !== 'GET');
      assert.deepEqual(
        writes.map((r) => `${r.method} ${r.path}`),
        [`PUT /v1/databases/${ids.databaseId}/definition`],
        'one guarded save, no restore request',
      );
      const sent = writes[0]!.body as { expectedDraft?: { revisionId?: string } };
      assert.equal(sent.expectedDraft?.revisionId, before.header.draft.revisionId, 'with the draft it was based on');
      assert.deepEqual(after.select, [after.header.draft.revisionId], 'the new draft is selected');
      const value = async (revisionId: string) =>
        (await serviceJson<{ value: unknown }>(`/v1/resources/${ids.databaseId}/revisions/${revisionId}`)).value;
      assert.deepEqual(await value(after.header.draft.revisionId), await value(oldest.id), 'the new draft holds the old definition');
      panel.dispose();

      // An operation's revisions are not its text's saves: without the service's restore, none is offered.
      const operation = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
        kind: 'operation',
        id: ids.inventoryOperationId,
      }))!;
      const restore = (await stateOf(operation)).header.restore;
      assert.equal(restore.enabled, false);
      assert.match(restore.reason ?? '', /capabilities\.restore is false/);
      operation.dispose();
    } finally {
      await admin.setCapabilities(ids.databaseId, { restore: true });
      await admin.setCapabilities(ids.inventoryOperationId, { restore: true });
    }
  });

  const churnHistory = async (): Promise<HistoryPanel> =>
    (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
      kind: 'dashboard',
      id: ids.churnDashboardId,
      name: 'Customer churn',
    }))!;

  it('shows a revision another tool saved when the panel is shown again, after one list request', async () => {
    const panel = await churnHistory();
    await stateOf(panel);
    await panel.whenIdle();
    // Another tab in front of the panel, then another tool saves the dashboard.
    // An empty untitled text (clean, so closing it asks nothing); a file on disk such as this bundle,
    // megabytes of JavaScript, would start VS Code's TypeScript server on it.
    const other = await vscode.workspace.openTextDocument({ language: 'plaintext' });
    await vscode.window.showTextDocument(other, { viewColumn: panel.panel.viewColumn, preview: false });
    assert.equal(panel.panel.visible, false, 'the panel is behind another tab');
    const current = await serviceJson<{ source: string; revision: unknown; dataRunId: string }>(
      `/v1/dashboards/${ids.churnDashboardId}/source`,
    );
    const put = await serviceFetch(emulator, `/v1/dashboards/${ids.churnDashboardId}/source`, {
      method: 'PUT',
      body: JSON.stringify({
        source: `${current.source}\n// another tool\n`,
        expectedRevision: current.revision,
        expectedDataRunId: current.dataRunId,
      }),
    });
    assert.ok(put.ok, `the other tool's save: ${put.status}`);
    // Waited for by the revision the other tool made, not by a count: a refresh of the panel still
    // under way when it was first read would make any count off by one, and the wait endless.
    const saved = ((await put.json()) as { data: { revision: { revisionId: string } } }).data.revision.revisionId;
    const since = await lastSeq();
    const refreshed = eventToPromise(panel.onDidChangeState, (s) => s.header.draft.revisionId === saved);
    // The user clicks the panel's tab.
    panel.reveal();
    const after = await refreshed;
    assert.equal(after.items[0]!.id, saved, 'the other tool’s revision is the draft, on top');
    const resourceId = after.header.resourceId;
    const reads = (await admin.requests(since)).filter((r) => r.path.startsWith(`/v1/resources/${resourceId}`));
    assert.deepEqual(
      reads.map((r) => `${r.method} ${r.path}`),
      [`GET /v1/resources/${resourceId}/revisions`],
      'one list request',
    );
    panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows a save made in an editor of this window as the new draft without a refresh click', async () => {
    const panel = await churnHistory();
    const before = await stateOf(panel);
    const uri = vscode.Uri.from({ scheme: 'wsa', path: `/${emulator.workspaceId}/dashboards/${ids.churnDashboardId}/Customer churn.tsx` });
    const { source } = await serviceJson<{ source: string }>(`/v1/dashboards/${ids.churnDashboardId}/source`);
    const refreshed = eventToPromise(panel.onDidChangeState, (s) => s.header.draft.sequence === before.header.draft.sequence + 1);
    const result = await api.files.saveText(uri, `${source}\n// saved from somewhere else\n`);
    assert.equal(result.status, 'saved');
    const after = await refreshed;
    assert.equal(after.items[0]!.id, after.header.draft.revisionId);
    panel.dispose();
  });

  it('offers Restore for an operation through the service where its capabilities say so; its revisions open as TypeScript', async () => {
    const uri = vscode.Uri.from({
      scheme: 'wsa',
      path: `/${emulator.workspaceId}/operations/${ids.inventoryOperationId}/Inventory levels.handler.ts`,
    });
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', uri))!;
    const state = await stateOf(panel);
    assert.equal(panel.resourceId, ids.inventoryOperationId);
    assert.equal(state.header.capabilities.restore, true);
    assert.equal(state.header.restore.enabled, true, 'the service restores it: no save endpoint is needed');
    await send(panel, { type: 'open', revisionId: state.items[1]!.id });
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'typescript');
    panel.dispose();
  });
});
