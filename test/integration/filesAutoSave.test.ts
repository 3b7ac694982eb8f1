// VS Code's auto save on `wsa:` files with `workspaceAutomation.autoSave` = coalesce and always:
// coalesced auto saves become one revision; `always` saves each, and a failed auto save is held
// without a prompt.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { AdminClient } from '../../src/emulator/adminClient';
import { openFresh, revertAndCloseAll, wsaUri } from './fileHelpers';
import { colleagueSaves, eventToPromise, serviceFetch, type EmulatorInfo, connectSuite } from './helpers';

describe('Files: VS Code auto save, coalesced or always sent', function () {
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;
  const files = () => vscode.workspace.getConfiguration('files');
  /** The PUTs of one dashboard's source since `since`: a save of another file left from a failed test is not counted. */
  const puts = async (since: number, dashboardId: string) =>
    (await admin.requests(since)).filter((r) => r.method === 'PUT' && r.path === `/v1/dashboards/${dashboardId}/source`);
  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;

  const dashboardUri = (id: string, name: string) => wsaUri(emulator.workspaceId, 'dashboard', id, name);

  /** Appends `line`, and resolves once VS Code's auto save of it has run. */
  async function typeAndAutoSave(doc: vscode.TextDocument, line: string): Promise<string> {
    const saved = eventToPromise(vscode.workspace.onDidSaveTextDocument, (d) => d.uri.toString() === doc.uri.toString());
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, doc.positionAt(doc.getText().length), line);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await saved;
    return doc.getText();
  }

  before(async function () {
    // No reset: other suites' open documents stay true to the service; each test reads what it needs.
    ({ emulator, api, admin, ids } = await connectSuite(this));
    await revertAndCloseAll();
    await files().update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
    await files().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    // The refused auto save is held on purpose; later suites start from the service's state.
    for (const held of api.files.held.all()) api.files.held.release(held.uri);
    api.testing.files.coalesceDelayMs = 30_000;
    await api.config.update('autoSave', 'hold');
    await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await files().update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    await revertAndCloseAll();
  });

  it('coalesce: several auto saves become one revision after a quiet spell', async () => {
    await api.config.update('autoSave', 'coalesce');
    // Long enough that the second auto save lands inside the quiet spell on a loaded machine (at
    // 400 ms it did not, with a load average of 12; at 1,500 ms once, beside the UI tests).
    api.testing.files.coalesceDelayMs = 4_000;
    const uri = dashboardUri(ids.dashboardId!, 'Revenue by region');
    const doc = await openFresh(api, uri);
    const since = await lastSeq();
    const sent = eventToPromise(api.files.onDidSave, (e) => e.uri.toString() === uri.toString());
    const told = eventToPromise(api.files.notices.onDidTell, (n) => n.uri === uri.toString());
    await typeAndAutoSave(doc, '\n// first');
    assert.ok(api.files.held.get(uri.toString()), 'held after the first auto save');
    const text = await typeAndAutoSave(doc, '\n// second');
    assert.equal((await puts(since, ids.dashboardId!)).length, 0, 'nothing sent before the quiet spell');
    await sent;
    assert.match((await told).message, /^Saved «Revenue by region» \(revision \d+\)\.$/, 'the timed save is told');
    assert.equal((await puts(since, ids.dashboardId!)).length, 1, 'one revision for both auto saves');
    const stored = (
      (await (await serviceFetch(emulator, `/v1/dashboards/${ids.dashboardId}/source`)).json()) as { data: { source: string } }
    ).data;
    assert.equal(stored.source, text);
    assert.equal(api.files.held.get(uri.toString()), undefined);
  });

  it('always: each auto save is a guarded save; one that meets a conflict is held and logged, with no prompt', async () => {
    await api.config.update('autoSave', 'always');
    const uri = dashboardUri(ids.churnDashboardId!, 'Customer churn');
    const doc = await openFresh(api, uri);
    let since = await lastSeq();
    const sent = eventToPromise(api.files.onDidSave, (e) => e.uri.toString() === uri.toString());
    const told = eventToPromise(api.files.notices.onDidTell, (n) => n.uri === uri.toString());
    await typeAndAutoSave(doc, '\n// sent at once');
    await sent;
    assert.equal((await puts(since, ids.churnDashboardId!)).length, 1);
    assert.deepEqual([(await told).outcome, (await told).message.startsWith('Saved «Customer churn» (revision ')], ['saved', true]);

    // Someone else saves; the next auto save is refused by the service and kept here.
    await colleagueSaves(emulator, ids.churnDashboardId!, (source) => `${source}// theirs\n`);
    let prompted = false;
    const listener = api.conflicts.onDidPrompt(() => (prompted = true));
    try {
      since = await lastSeq();
      const failed = eventToPromise(api.files.held.onDidChange, () => api.files.held.get(uri.toString())?.lastError !== undefined);
      const heldTold = eventToPromise(api.files.notices.onDidTell, (n) => n.uri === uri.toString());
      const text = await typeAndAutoSave(doc, '\n// refused');
      await failed;
      const notice = await heldTold;
      assert.equal(notice.outcome, 'held');
      assert.match(notice.message, /^Auto save of «Customer churn» was not stored: changed on the service .*Your text is held/);
      const held = api.files.held.get(uri.toString());
      assert.equal(held?.text, text);
      assert.match(held?.lastError ?? '', /changed on the service/);
      assert.equal((await puts(since, ids.churnDashboardId!)).filter((r) => r.status === 200).length, 0);
      assert.equal(prompted, false, 'auto save never prompts');
    } finally {
      listener.dispose();
    }
  });
});
