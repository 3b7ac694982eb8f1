// Publish and restore through the service in the real VS Code: from the history panel's
// message path and from the explorer item's command, one question naming draft and published with
// Compare first, the version token sent once, a stale token asked again with the new state, a lost
// answer read back, and the status bar item of an open document following it all.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { OperationResult } from '../../src/publish/revisionOperationsUi';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import { editText, revertAndCloseAll, wsaUri } from './fileHelpers';
import { connectSuite, eventToPromise, serviceFetch, type EmulatorInfo } from './helpers';

interface History {
  version: string;
  draft: { revisionId: string; sequence: number };
  published: { revisionId: string; sequence: number } | null;
  items: { id: string }[];
}

describe('Publish and restore through the service', function () {
  this.timeout(60_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;
  const questions: { message: string; detail: string }[] = [];
  let answer: (message: string, detail: string) => Promise<'compare' | 'confirm' | undefined> = async () => 'confirm';
  let dialogs: vscode.Disposable | undefined;

  const history = async (id: string): Promise<History> =>
    ((await (await serviceFetch(emulator, `/v1/resources/${id}/revisions`)).json()) as { data: History }).data;
  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;
  const posts = async (since: number) => (await admin.requests(since)).filter((r) => r.method === 'POST');

  before(async function () {
    ({ emulator, api, admin, ids } = await connectSuite(this));
    dialogs = api.testing.useOperationDialogs({
      ask: async (message, detail) => {
        questions.push({ message, detail });
        return answer(message, detail);
      },
    });
  });

  beforeEach(async () => {
    await admin.reset();
    questions.length = 0;
    answer = async () => 'confirm';
  });

  after(async () => {
    dialogs?.dispose();
    for (const panel of api.history.all()) panel.dispose();
    await revertAndCloseAll();
  });

  it('publishes the database draft from the history panel: the question names draft and published, one POST with the version token, the header shows it', async () => {
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
      kind: 'database',
      id: ids.databaseId,
      name: 'Orders',
    }))!;
    const before = panel.state ?? (await eventToPromise(panel.onDidChangeState));
    assert.equal(before.header.publish?.enabled, true, 'Publish… is offered');
    const since = await lastSeq();
    const shown = eventToPromise(panel.onDidChangeState, (s) => s.header.published?.revisionId === before.header.draft.revisionId);
    assert.ok(await panel.deliver({ type: 'publish', revisionId: before.header.draft.revisionId }));
    await shown;
    assert.equal(
      questions[0]?.message,
      `Publish draft #${before.header.draft.sequence} of «Orders» (replacing published #${before.header.published!.sequence})?`,
    );
    const sent = await posts(since);
    assert.deepEqual(
      sent.map((r) => r.path),
      [`/v1/resources/${ids.databaseId}/revisions/${before.header.draft.revisionId}/publish`],
    );
    assert.deepEqual(sent[0]!.body, { expectedVersion: before.header.version });
    panel.dispose();
  });

  it('publishes from the explorer item’s command, and the app, whose capabilities offer no publish, is not asked about', async () => {
    const result = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish', {
      kind: 'database',
      id: ids.inventoryDatabaseId,
      name: 'Inventory',
    });
    assert.equal(result.status, 'done');
    assert.match(questions[0]!.message, /^Publish draft #1 of «Inventory» \(nothing is published yet\)\?$/);
    const h = await history(ids.inventoryDatabaseId!);
    assert.deepEqual(h.published, h.draft);
    const app = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish', {
      kind: 'app',
      id: ids.liveAppId,
      name: 'Customer portal',
    });
    assert.equal(app.status, 'notOffered');
    assert.equal(questions.length, 1, 'no question for the app');
  });

  it('a stale version token asks again with the new state and says what changed; only what the user saw is published @variants', async () => {
    const db = ids.databaseId!;
    const seen = await history(db);
    answer = async () => {
      if (questions.length === 1) {
        // A colleague restores the oldest revision meanwhile: the draft moves on, the token is stale.
        const r = await serviceFetch(emulator, `/v1/resources/${db}/revisions/${seen.items.at(-1)!.id}/restore`, {
          method: 'POST',
          body: JSON.stringify({ expectedVersion: seen.version }),
        });
        assert.ok(r.ok, `the colleague's restore: ${r.status}`);
      }
      return 'confirm';
    };
    const since = await lastSeq();
    const result = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish', {
      kind: 'database',
      id: db,
      name: 'Orders',
    });
    assert.equal(result.status, 'done');
    assert.equal(questions.length, 2, 'asked again');
    assert.match(questions[1]!.message, new RegExp(`^Publish draft #${seen.draft.sequence + 1} of «Orders»`));
    assert.match(questions[1]!.detail, new RegExp(`draft is now #${seen.draft.sequence + 1}, saved by `));
    const after = await history(db);
    assert.equal(after.published?.sequence, seen.draft.sequence + 1, 'the draft of the second question');
    const mine = (await posts(since)).filter((r) => r.path.endsWith('/publish'));
    assert.equal(mine.length, 2, 'the stale one and the one after the second question');
    assert.equal(mine[0]!.status === 409 || mine[0]!.status === 412, true);
  });

  it('a publish whose answer is lost is read back, told as confirmed, and sent once @variants', async () => {
    const db = ids.databaseId!;
    await admin.injectFault({ kind: 'dropMidBody', match: { method: 'POST', path: `/v1/resources/${db}/` } });
    const since = await lastSeq();
    const result = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish', {
      kind: 'database',
      id: db,
      name: 'Orders',
    });
    assert.equal(result.status, 'done');
    assert.ok(result.status === 'done' && result.readBack);
    assert.match(result.status === 'done' ? result.message : '', /confirmed by reading it back/);
    assert.equal((await posts(since)).length, 1, 'never sent twice');
  });

  it('Compare in the question opens published ↔ draft read-only and publishes nothing', async () => {
    answer = async () => 'compare';
    const since = await lastSeq();
    const result = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish', {
      kind: 'database',
      id: ids.databaseId,
      name: 'Orders',
    });
    assert.equal(result.status, 'compared');
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff, 'a diff editor');
    assert.equal(input.original.scheme, 'wsa-revision');
    assert.equal((await posts(since)).length, 0);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the status bar names draft, published and unpublished revisions of the open document, and follows a publish from its editor', async () => {
    const uri = wsaUri(emulator.workspaceId, 'database', ids.databaseId!, 'Orders');
    const h = await history(ids.databaseId!);
    const first = eventToPromise(api.publish.statusBar.onDidUpdate, (t) => !!t && t.includes(`draft #${h.draft.sequence}`));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    assert.equal(await first, `$(git-commit) draft #${h.draft.sequence} · published #${h.published!.sequence} · 1 unpublished revision`);
    const followed = eventToPromise(api.publish.statusBar.onDidUpdate, (t) => !!t && t.endsWith('no unpublished revisions'));
    const result = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish');
    assert.equal(result.status, 'done', 'the palette publishes the active document');
    assert.equal(await followed, `$(git-commit) draft #${h.draft.sequence} · published #${h.draft.sequence} · no unpublished revisions`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  it('a restore through the service reloads a clean open document and leaves one with unsaved edits as typed', async () => {
    const db = ids.databaseId!;
    const inv = ids.inventoryDatabaseId!;
    // Inventory gets a second revision (a column more) from another tool, so that an older one differs.
    const invBefore = await history(inv);
    const invDraft = (
      (await (await serviceFetch(emulator, `/v1/resources/${inv}/revisions/${invBefore.draft.revisionId}`)).json()) as {
        data: { value: { tables: { columns: unknown[] }[] } };
      }
    ).data.value;
    invDraft.tables[0]!.columns.push({ name: 'restore_marker', type: 'text', nullable: true });
    const put = await serviceFetch(emulator, `/v1/databases/${inv}/definition`, {
      method: 'PUT',
      body: JSON.stringify({ expectedDraft: invBefore.draft, definition: invDraft }),
    });
    assert.ok(put.ok, `the other tool's save: ${put.status}`);
    const clean = await vscode.workspace.openTextDocument(wsaUri(emulator.workspaceId, 'database', db, 'Orders'));
    const dirty = await vscode.workspace.openTextDocument(wsaUri(emulator.workspaceId, 'database', inv, 'Inventory'));
    await vscode.window.showTextDocument(dirty);
    const typed = await editText(dirty, (t) => t.replace('"tables"', '"tables" ').replace('products', 'products_typed'));
    const oldest = (await history(db)).items.at(-1)!.id;
    const oldestValue = (
      (await (await serviceFetch(emulator, `/v1/resources/${db}/revisions/${oldest}`)).json()) as {
        data: { value: { tables: { name: string }[] } };
      }
    ).data.value;
    const reloaded = eventToPromise(vscode.workspace.onDidChangeTextDocument, (e) => e.document === clean && !clean.isDirty);
    const result = await api.publish.operations.restore(
      { workspaceId: emulator.workspaceId, kind: 'database', resourceId: db, name: 'Orders' },
      oldest,
    );
    assert.equal(result.status, 'done');
    await reloaded;
    assert.deepEqual(
      (JSON.parse(clean.getText()) as { tables: { name: string }[] }).tables.map((t) => t.name),
      oldestValue.tables.map((t) => t.name),
      'the clean document shows the restored draft',
    );
    // The base of a document with unsaved edits moves under it (an older revision restored as the
    // new draft): the edits stay as typed, and saving them meets the new draft instead of replacing it.
    const invHistory = await history(inv);
    const older = invHistory.items.find((i) => i.id === invBefore.draft.revisionId);
    assert.ok(older, 'the revision before the other tool’s save');
    const restoredInv = await api.publish.operations.restore(
      { workspaceId: emulator.workspaceId, kind: 'database', resourceId: inv, name: 'Inventory' },
      older.id,
    );
    assert.equal(restoredInv.status, 'done');
    assert.notEqual((await history(inv)).draft.revisionId, invHistory.draft.revisionId, 'the draft moved on the service');
    assert.equal(dirty.getText(), typed, 'unsaved edits are not overwritten');
    assert.ok(dirty.isDirty);
    const saved = (await vscode.commands.executeCommand('workspaceAutomation.save', dirty.uri)) as SaveResult;
    assert.equal(saved.status, 'conflict', 'a save of the edits meets the restored draft, it does not replace it unseen');
    assert.equal(dirty.getText(), typed, 'and the edits are still as typed');
    await revertAndCloseAll();
  });

  it('Compare with Published from the editor opens the published revision read-only beside the draft', async () => {
    const uri = wsaUri(emulator.workspaceId, 'database', ids.databaseId!, 'Orders');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const h = await history(ids.databaseId!);
    const uris = await vscode.commands.executeCommand<vscode.Uri[]>('workspaceAutomation.compareWithPublished', uri);
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff, 'a diff editor');
    assert.equal(input.original.toString(), uris[0]!.toString());
    assert.ok(input.original.path.includes(h.published!.revisionId), 'the published revision on the left');
    assert.ok(input.modified.path.includes(h.draft.revisionId), 'the draft on the right');
    assert.equal(input.original.scheme, 'wsa-revision', 'read-only');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
