// Every save outcome is told, whichever way the save was made: Ctrl+S, File > Save,
// Overwrite — and a save whose answer was lost after the service stored it says that it was
// confirmed by reading it back. Values the spec leaves open are the service's to judge: a column
// type outside the extension's list is sent, and the service's refusal is shown at its line.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceClient } from '../../src/api';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import { editText, openFresh, wsaUri, useSavingSuite } from './fileHelpers';
import { colleagueClient, colleagueSaves, eventToPromise, type EmulatorInfo } from './helpers';
import { NotificationCapture } from './support/notificationCapture';
import { StatusBarCapture } from './support/statusBarCapture';

const SAVE = 'workspaceAutomation.save';
const READ_BACK = ', confirmed by reading it back after the answer was lost.';

describe('Save outcomes: every save is told, a read-back one says so', function () {
  this.timeout(60_000);
  const suite = useSavingSuite({ cleanEachTest: true });
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;
  let status: StatusBarCapture;
  let other: ServiceClient;

  const NAME = 'Revenue by region (outcomes)';
  const dashboard = () => wsaUri(emulator.workspaceId, 'dashboard', ids.dashboardId!, NAME);
  const dropAnswerOfNextPut = (path: string) => admin.injectFault({ kind: 'dropMidBody', match: { method: 'PUT', path } });
  const dashboardPut = () => `^/v1/dashboards/${ids.dashboardId}/source$`;
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  before(() => {
    ({ emulator, api, admin, ids } = suite);
    other = colleagueClient(emulator);
    status = new StatusBarCapture();
  });
  after(async () => {
    status?.dispose();
    await other?.close();
  });

  it('Ctrl+S whose answer is lost after the service stored it says it was confirmed by reading it back', async () => {
    const doc = await openFresh(api, dashboard());
    const text = await editText(doc, (t) => `${t}// told after a lost answer\n`);
    await dropAnswerOfNextPut(dashboardPut());
    const mark = status.mark();
    const result = (await vscode.commands.executeCommand(SAVE, doc.uri)) as SaveResult;
    assert.equal(result.status, 'saved');
    assert.equal(result.status === 'saved' && result.confirmedBy, 'readBack');
    assert.equal(doc.isDirty, false);
    assert.equal((await other.getDashboardSource(ids.dashboardId!)).source, text);
    assert.deepEqual(status.since(mark), [
      `$(check) Saved «${NAME}» (${result.status === 'saved' ? result.snapshot.label : ''})${READ_BACK}`,
    ]);
  });

  it('File > Save is told too: a normal save, and one confirmed by reading it back', async () => {
    const doc = await openFresh(api, dashboard());
    await editText(doc, (t) => `${t}// saved with File > Save\n`);
    let mark = status.mark();
    assert.equal(await doc.save(), true);
    assert.match(status.since(mark).join('\n'), new RegExp(`^\\$\\(check\\) Saved «${esc(NAME)}» \\(revision \\d+\\)\\.$`));

    const text = await editText(doc, (t) => `${t}// and once more, its answer lost\n`);
    await dropAnswerOfNextPut(dashboardPut());
    mark = status.mark();
    const told = eventToPromise(api.files.notices.onDidTell, (n) => n.uri === doc.uri.toString());
    assert.equal(await doc.save(), true);
    const notice = await told;
    assert.equal(notice.outcome, 'saved');
    assert.match(notice.message, new RegExp(`^Saved «${esc(NAME)}» \\(revision \\d+\\)${esc(READ_BACK)}$`));
    assert.deepEqual(status.since(mark), [`$(check) ${notice.message}`]);
    assert.equal((await other.getDashboardSource(ids.dashboardId!)).source, text);
  });

  it('Overwrite whose answer is lost says it was confirmed by reading it back', async () => {
    const uri = wsaUri(emulator.workspaceId, 'dashboard', ids.churnDashboardId!, 'Customer churn (outcomes)');
    const doc = await openFresh(api, uri);
    const mine = await editText(doc, (t) => `${t}// mine, over theirs\n`);
    await colleagueSaves(emulator, ids.churnDashboardId!, (source) => `${source}// theirs\n`);
    const prompted = eventToPromise(api.conflicts.onDidPrompt, (e) => e.conflict.uri === uri.toString());
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'conflict');
    await prompted;
    await dropAnswerOfNextPut(`^/v1/dashboards/${ids.churnDashboardId}/source$`);
    const mark = status.mark();
    assert.equal(await api.conflicts.choose(uri.toString(), 'Overwrite'), 'overwritten');
    assert.equal((await other.getDashboardSource(ids.churnDashboardId!)).source, mine);
    assert.match(
      status.since(mark).join('\n'),
      new RegExp(`Saved your text of «Customer churn \\(outcomes\\)» over revision \\d+ \\(now revision \\d+\\)${esc(READ_BACK)}`),
    );
  });

  it('a history Restore through the service whose answer is lost says it was confirmed by reading it back, and is sent once', async () => {
    const dialogs = api.testing.useOperationDialogs({ ask: async () => 'confirm' });
    const notifications = new NotificationCapture();
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
      kind: 'database',
      id: ids.inventoryDatabaseId,
    }))!;
    try {
      const before = panel.state ?? (await eventToPromise(panel.onDidChangeState));
      const refreshed = eventToPromise(panel.onDidChangeState, (s) => s.header.draft.revisionId !== before.header.draft.revisionId);
      await admin.injectFault({ kind: 'dropMidBody', match: { method: 'POST', path: `/v1/resources/${ids.inventoryDatabaseId}/` } });
      const since = (await admin.requests()).at(-1)?.seq ?? 0;
      const mark = notifications.mark();
      assert.ok(await panel.deliver({ type: 'restore', revisionId: before.items.at(-1)!.id }));
      await refreshed;
      // What the user is told: the notification, not the log.
      const told = notifications.since(mark).filter((m) => m.level === 'info' && !m.modal);
      assert.equal(told.length, 1, JSON.stringify(told));
      assert.match(told[0]!.text, /^Restored revision #\d+ of .* as draft #\d+ \(the answer was lost; confirmed by reading it back\)\.$/);
      assert.equal((await admin.requests(since)).filter((r) => r.method === 'POST').length, 1, 'sent once');
    } finally {
      panel.dispose();
      notifications.dispose();
      dialogs.dispose();
    }
  });

  it('a column type outside the extension’s list is sent; the service’s refusal is shown at its line beside the local information, the text kept', async () => {
    const uri = wsaUri(emulator.workspaceId, 'database', ids.inventoryDatabaseId!, 'Inventory (outcomes)');
    const doc = await openFresh(api, uri);
    const text = await editText(doc, (t) => t.replace('"type": "text"', '"type": "uuid"'));
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal((await admin.requests(since)).filter((r) => r.method === 'PUT').length, 1, 'the definition was sent');
    // The default emulator does not know `uuid`: it refuses, naming the place.
    assert.equal(result.status, 'invalid');
    const line = text.split('\n').findIndex((l) => l.includes('"uuid"'));
    const shown = api.diagnostics.get(uri).map((d) => [d.severity, d.range.start.line, d.source]);
    assert.deepEqual(shown, [
      [vscode.DiagnosticSeverity.Error, line, 'Workspace Automation (service)'],
      [vscode.DiagnosticSeverity.Information, line, 'Workspace Automation'],
    ]);
    assert.ok(doc.isDirty && doc.getText() === text, 'the text stays');
  });
});
