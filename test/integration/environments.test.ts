// The production guard in the real VS Code against the emulator: the session's emulator named as a
// production connection in the user's settings, a save asks first (the modal answered through the
// test API), Cancel sends nothing and leaves the text dirty, "Save to «label»" sends one PUT, "Allow
// for This Window" stops the asking, an auto save is held without a question, a publish asks too,
// and the connection's status bar item is red only while a production file is the active editor.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import type { GuardAnswer, GuardQuestion } from '../../src/environments/vscode/writeGuard';
import type { OperationResult } from '../../src/publish/revisionOperationsUi';
import { editText, openFresh, revertAndCloseAll, useSavingSuite, wsaUri } from './fileHelpers';
import { colleagueSaves, eventToPromise } from './helpers';

const LABEL = 'Production';
const SECTION = 'workspaceAutomation';

describe('Environments: production guard', function () {
  this.timeout(60_000);
  const suite = useSavingSuite({ cleanEachTest: true, closeAfter: true });
  const asked: GuardQuestion[] = [];
  let answer: GuardAnswer;
  let dialogs: vscode.Disposable | undefined;
  let entryCount = 0;

  const connections = () => vscode.workspace.getConfiguration(SECTION);
  const lastSeq = async () => (await suite.admin.requests()).at(-1)?.seq ?? 0;
  /** Every request the extension made since `since` that is not a background read. */
  const writes = async (since: number) => (await suite.admin.requests(since)).filter((r) => r.method !== 'GET');
  const revenue = () => wsaUri(suite.emulator.workspaceId, 'dashboard', suite.ids.dashboardId!, 'Revenue by region');

  /** The session's emulator as the user's production connection, under a new id (so no allowance of an earlier test applies). */
  async function protectEmulator(): Promise<string> {
    const id = `prod-test-${++entryCount}`;
    const changed = eventToPromise(suite.api.environments.production.onDidChange);
    await connections().update(
      'connections',
      [{ id, label: LABEL, baseUrl: suite.emulator.url, workspaceId: suite.emulator.workspaceId, stage: 'production' }],
      vscode.ConfigurationTarget.Global,
    );
    await changed;
    assert.equal(suite.api.environments.production.protectedConnection()?.id, id);
    return id;
  }

  before(() => {
    dialogs = suite.api.testing.useGuardDialogs({
      ask: async (question) => {
        asked.push(question);
        return answer;
      },
    });
  });
  beforeEach(async () => {
    asked.length = 0;
    answer = undefined;
    await protectEmulator();
  });
  after(async () => {
    dialogs?.dispose();
    await connections().update('connections', undefined, vscode.ConfigurationTarget.Global);
    await revertAndCloseAll();
  });

  it('a save to production asks, naming the label, host and workspace; Cancel sends nothing and the text stays dirty', async () => {
    const doc = await openFresh(suite.api, revenue());
    const text = await editText(doc, (t) => `${t}\n// not for production\n`);
    const since = await lastSeq();
    const result = await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save');
    assert.equal(result?.status, 'failed');
    assert.equal(asked.length, 1, 'one question');
    const q = asked[0]!;
    assert.deepEqual([q.kind, q.send, q.allow], ['save', `Save to «${LABEL}»`, 'Allow for This Window']);
    assert.match(q.message, /«Production» is a protected connection\. Save «Revenue by region\.tsx» to «Production»\?/);
    assert.ok(q.detail.includes(new URL(suite.emulator.url).host), q.detail);
    assert.ok(q.detail.includes(suite.emulator.workspaceId), q.detail);
    // VS Code's own save (File > Save) reaches writeFile, which refuses: VS Code keeps the editor dirty.
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.equal(asked.length, 2, 'File > Save asks too');
    assert.deepEqual(await writes(since), [], 'nothing was sent');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text);
  });

  it('Save to «Production» sends one PUT, and the next save asks again', async () => {
    const doc = await openFresh(suite.api, revenue());
    await editText(doc, (t) => `${t}\n// reviewed for production\n`);
    answer = 'send';
    const since = await lastSeq();
    const result = await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save');
    assert.equal(result?.status, 'saved');
    const sent = await writes(since);
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      [`PUT /v1/dashboards/${suite.ids.dashboardId}/source`],
    );
    assert.equal(doc.isDirty, false);
    await editText(doc, (t) => `${t}// and once more\n`);
    answer = undefined;
    await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save');
    assert.equal(asked.length, 2, '"Save to" is for this save only');
  });

  it('Allow for This Window stops the asking for that connection', async () => {
    const doc = await openFresh(suite.api, revenue());
    answer = 'allow';
    const since = await lastSeq();
    for (const line of ['// first', '// second']) {
      await editText(doc, (t) => `${t}${line}\n`);
      const result = await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save');
      assert.equal(result?.status, 'saved', line);
    }
    assert.equal(asked.length, 1, 'asked once');
    assert.equal((await writes(since)).filter((r) => r.method === 'PUT').length, 2);
    // A new entry (another id) is another connection for the allowance: asked again.
    await protectEmulator();
    answer = undefined;
    await editText(doc, (t) => `${t}// third\n`);
    await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save');
    assert.equal(asked.length, 2);
  });

  it('a conflict’s Overwrite to production asks as a merge; Cancel sends nothing and keeps the text', async () => {
    const uri = revenue();
    const doc = await openFresh(suite.api, uri);
    const text = await editText(doc, (t) => `${t}// mine, over theirs\n`);
    await colleagueSaves(suite.emulator, suite.ids.dashboardId!, (source) => `// theirs\n${source}`);
    answer = 'send';
    const stale = await vscode.commands.executeCommand<SaveResult>('workspaceAutomation.save');
    assert.equal(stale?.status, 'conflict');
    answer = undefined;
    const since = await lastSeq();
    assert.equal(await suite.api.conflicts.choose(uri.toString(), 'Overwrite'), 'failed');
    assert.deepEqual(
      asked.map((q) => q.kind),
      ['save', 'merge'],
    );
    assert.deepEqual(await writes(since), [], 'nothing was sent');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text);
  });

  it('an auto save to production is held without a question, even with autoSave "always"', async () => {
    const files = vscode.workspace.getConfiguration('files');
    await suite.api.config.update('autoSave', 'always');
    await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    const uri = revenue();
    try {
      const doc = await openFresh(suite.api, uri);
      const since = await lastSeq();
      const saved = eventToPromise(vscode.workspace.onDidSaveTextDocument, (d) => d.uri.toString() === uri.toString());
      const edit = new vscode.WorkspaceEdit();
      edit.insert(uri, doc.positionAt(doc.getText().length), '\n// auto saved');
      assert.ok(await vscode.workspace.applyEdit(edit));
      await saved;
      assert.equal(suite.api.files.held.get(uri.toString())?.text, doc.getText(), 'held');
      assert.equal(asked.length, 0, 'never asked');
      assert.deepEqual(await writes(since), [], 'never sent');
      assert.equal(suite.api.environments.guard.protectedLabel(), LABEL, 'the held saves’ status bar item names it');
    } finally {
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
      await suite.api.config.update('autoSave', 'hold');
      for (const held of suite.api.files.held.all()) suite.api.files.held.release(held.uri);
    }
  });

  it('a publish to production asks after its own question; Cancel publishes nothing', async () => {
    const operations = suite.api.testing.useOperationDialogs({ ask: async () => 'confirm' });
    try {
      const since = await lastSeq();
      const result = await vscode.commands.executeCommand<OperationResult>('workspaceAutomation.publish', {
        kind: 'database',
        id: suite.ids.databaseId,
        name: 'Orders',
      });
      assert.equal(result.status, 'cancelled');
      assert.deepEqual(
        asked.map((q) => [q.kind, q.send]),
        [['publish', `Publish to «${LABEL}»`]],
      );
      assert.deepEqual(await writes(since), []);
    } finally {
      operations.dispose();
    }
  });

  it('the connection’s status bar item is red only while a production file is the active editor', async () => {
    const item = suite.api.statusBar.item;
    const red = () => (item.backgroundColor as vscode.ThemeColor | undefined)?.id;
    await openFresh(suite.api, revenue());
    assert.equal(red(), 'statusBarItem.errorBackground');
    assert.equal(suite.api.environments.marks.highlightedLabel, LABEL);
    // Empty, so never dirty: closing it asks nothing.
    const plain = await vscode.workspace.openTextDocument({ language: 'plaintext' });
    await vscode.window.showTextDocument(plain, { preview: false });
    assert.equal(red(), undefined, 'another editor');
    await openFresh(suite.api, revenue());
    assert.equal(red(), 'statusBarItem.errorBackground');
    const changed = eventToPromise(suite.api.environments.production.onDidChange);
    await connections().update('connections', [], vscode.ConfigurationTarget.Global);
    await changed;
    assert.equal(red(), undefined, 'no longer protected');
  });

  it('Set Connection Stage… writes the user’s settings only, with a random id that lowering the stage keeps', async () => {
    await connections().update('connections', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workspaceAutomation.setConnectionStage', { stage: 'production', protected: true });
    const inspected = connections().inspect<unknown[]>('connections');
    assert.equal(inspected?.workspaceValue, undefined);
    const entry = inspected?.globalValue?.[0] as Record<string, unknown>;
    assert.deepEqual(
      [entry.baseUrl, entry.workspaceId, entry.stage, entry.protected],
      [suite.api.connection.current?.baseUrl, suite.emulator.workspaceId, 'production', true],
    );
    assert.match(String(entry.id), /^[0-9a-f-]{36}$/, 'a random id');
    assert.equal(suite.api.environments.production.protectedConnection()?.id, entry.id);
    await vscode.commands.executeCommand('workspaceAutomation.setConnectionStage', { stage: 'staging', protected: false });
    assert.equal(suite.api.environments.production.protectedConnection(), undefined, 'lowered by the user');
    const after = connections().inspect<unknown[]>('connections')?.globalValue?.[0] as Record<string, unknown>;
    assert.equal(after.id, entry.id, 'the id never changes');
  });
});
