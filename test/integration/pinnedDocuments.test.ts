// Documents pinned to their connection, in the real VS Code: with the window's connection named in
// the user's workspaceAutomation.connections, a resource opened from the explorer carries that
// entry's id in its URI. Renaming the entry changes nothing; re-pointing it to another workspace or
// service, or removing it, makes the document's save fail with why and sends nothing, its text kept
// dirty; putting it back makes it save again. A URI without a connection is the window's, as before.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { editText, revertAndCloseAll, wsaUri } from './fileHelpers';
import { connectSuite, type SuiteContext } from './helpers';
import { inside, invoke } from './support/agentCalls';
import { setConnections } from './support/twoEnvironments';

describe('Environments: documents pinned to their connection', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let doc: vscode.TextDocument;
  const entry = () => ({
    id: 'Dev-1',
    label: 'Dev',
    baseUrl: s.emulator.url,
    workspaceId: s.emulator.workspaceId,
    stage: 'development',
  });
  const writes = async () => (await s.admin.requests()).filter((r) => r.method !== 'GET');

  async function refusedSave(pattern: RegExp): Promise<void> {
    await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, `"definition": "edited ${Date.now()}"`));
    await s.admin.clearRequests();
    assert.equal(await doc.save(), false, 'the save failed');
    assert.ok(doc.isDirty, 'the text stays unsaved');
    assert.deepEqual(await writes(), [], 'nothing was sent');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(doc.uri)), (e: Error) => pattern.test(e.message));
  }

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    await setConnections([entry()]);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('workspaceAutomation.open', {
      kind: 'fact',
      id: s.ids.churnFactId,
      name: 'Monthly churn rate',
    });
    doc = await vscode.workspace.openTextDocument(uri);
  });
  after(async () => {
    // Reverted while their connection is there: a pinned document reads through it.
    await setConnections([entry()]);
    await revertAndCloseAll();
    await setConnections(undefined);
  });

  it('opened from the explorer, the document carries its connection’s id, and saves through it', async () => {
    assert.equal(doc.uri.authority.toLowerCase(), 'dev-1');
    assert.match(doc.uri.toString(), /^wsa:\/\/dev-1\/wksp_/);
    await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, '"definition": "pinned to Dev"'));
    await s.admin.clearRequests();
    assert.equal(await doc.save(), true);
    assert.deepEqual(
      (await writes()).map((r) => `${r.method} ${r.path}`),
      [`PUT /v1/facts/${s.ids.churnFactId}`],
    );
  });

  it('a renamed connection keeps its documents working', async () => {
    await setConnections([{ ...entry(), label: 'Development', stage: 'staging' }]);
    await editText(doc, (t) => t.replace(/"definition": "[^"]*"/, '"definition": "after the rename"'));
    assert.equal(await doc.save(), true);
  });

  it('a connection re-pointed to another workspace refuses the document’s save, and sends nothing', async () => {
    await setConnections([{ ...entry(), workspaceId: s.demo.otherWorkspaceId }]);
    await refusedSave(/«Dev» now points at workspace wksp_\w+, and this file is of workspace/);
  });

  it('a connection re-pointed to another service refuses it too: its text is not sent to another service', async () => {
    await setConnections([{ ...entry(), baseUrl: 'https://elsewhere.example.com' }]);
    await refusedSave(
      /«Dev» now points at elsewhere\.example\.com, and this file was opened from [\w.:]+: its text is not sent to another service/,
    );
  });

  it('a removed connection: "no longer connected to «Dev»", nothing sent; back, the held text saves', async () => {
    await setConnections([]);
    await refusedSave(/No longer connected to «Dev»/);
    await setConnections([entry()]);
    assert.equal(await doc.save(), true, 'the kept text is saved once the connection is back');
    assert.ok(!doc.isDirty);
  });

  it('a document an agent opens to propose a change is pinned to the window’s connection too', async () => {
    await setConnections([entry()]);
    await revertAndCloseAll();
    // A fact no suite before this one opens: VS Code keeps the documents of closed editors a while.
    const id = s.ids.logicFactId!;
    const read = await invoke('read_resource', { id });
    const text = (inside(read.answer.text) as string).replace(/"definition": "[^"]*"/, '"definition": "proposed by an agent"');
    const { answer } = await invoke('save_resource', { id, baseRevision: read.answer.baseRevision, text });
    assert.equal(answer.status, 'proposed', JSON.stringify(answer));
    const opened = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'wsa' && d.uri.path.includes(`/${id}/`));
    assert.equal(opened?.uri.authority.toLowerCase(), 'dev-1', opened?.uri.toString());
    assert.ok(opened.isDirty, 'the user saves it, not the tool');
    await revertAndCloseAll();
  });

  it('a URI without a connection is the window’s, whatever the connections say', async () => {
    await setConnections([]);
    const legacy = await vscode.workspace.openTextDocument(wsaUri(s.emulator.workspaceId, 'fact', s.ids.factId!, 'Gross margin'));
    assert.equal(legacy.uri.authority, '');
    assert.match(legacy.getText(), /"definition"/);
  });
});
