// The `wsa:` files in the real VS Code against the emulator: open, edit and save each editable kind
// (one PUT, the right tokens), read-only files, conflicts without a second prompt, auto save held
// back, a dropped connection, and a key without the permission.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { RequestLogEntry } from '../../src/emulator/requestLog';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { FileView } from '../../src/kinds/resourcePath';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import { factBody } from '../../src/api/requestBodies';
import { editText, openFresh, wsaUri, useSavingSuite } from './fileHelpers';
import { colleagueSaves, eventToPromise, serviceFetch, type EmulatorInfo } from './helpers';

const SAVE = 'workspaceAutomation.save';

describe('Files: editing resources as wsa: documents', function () {
  const suite = useSavingSuite({ cleanEachTest: true });
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;

  const uriOf = (view: FileView, id: string, name: string) => wsaUri(emulator.workspaceId, view, id, name);
  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;
  const putsSince = async (since: number): Promise<RequestLogEntry[]> => (await admin.requests(since)).filter((r) => r.method === 'PUT');

  const open = (uri: vscode.Uri) => openFresh(api, uri);
  const edit = editText;

  // No reset: other suites' open documents stay true to the service; each test reads what it needs.
  before(() => ({ emulator, api, admin, ids } = suite));

  it('saving a dashboard with Ctrl+S sends one PUT with the tokens it was opened at; the tab turns clean', async () => {
    const uri = uriOf('dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await open(uri);
    const opened = (await (await serviceFetch(emulator, `/v1/dashboards/${ids.dashboardId}/source`)).json()) as {
      data: { revision: { revisionId: string; sequence: number }; dataRunId: string };
    };
    const text = await edit(doc, (t) => `${t}\n// tuned in VS Code\n`);
    const since = await lastSeq();
    const result = (await vscode.commands.executeCommand(SAVE)) as SaveResult;
    assert.equal(result.status, 'saved');
    assert.equal(doc.isDirty, false, 'the editor is clean');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1, 'exactly one PUT');
    const body = puts[0]!.body as { expectedRevision: unknown; expectedDataRunId: string; source: string };
    assert.deepEqual(body.expectedRevision, opened.data.revision);
    assert.equal(body.expectedDataRunId, opened.data.dataRunId);
    // The request log shortens long strings; the service's copy is whole.
    const stored = (
      (await (await serviceFetch(emulator, `/v1/dashboards/${ids.dashboardId}/source`)).json()) as { data: { source: string } }
    ).data;
    assert.equal(stored.source, text);
    const base = api.files.baseOf(uri);
    assert.equal(
      base?.tokens.kind === 'dashboard' && base.tokens.expectedRevision.sequence,
      opened.data.revision.sequence + 1,
      'sequence + 1 is the new base',
    );
  });

  it('File > Save (document.save) takes the same guarded path, based on the previous save', async () => {
    const uri = uriOf('dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await open(uri);
    const base = api.files.baseOf(uri);
    await edit(doc, (t) => t.replace('// tuned in VS Code', '// tuned twice'));
    const since = await lastSeq();
    assert.equal(await doc.save(), true);
    assert.equal(doc.isDirty, false);
    const puts = await putsSince(since);
    assert.equal(puts.length, 1);
    assert.deepEqual(
      (puts[0]!.body as { expectedRevision: unknown }).expectedRevision,
      base?.tokens.kind === 'dashboard' ? base.tokens.expectedRevision : undefined,
    );
  });

  it('saving a database definition sends its expected draft', async () => {
    const uri = uriOf('database', ids.inventoryDatabaseId!, 'Inventory');
    const doc = await open(uri);
    const base = api.files.baseOf(uri);
    assert.equal(base?.tokens.kind, 'database');
    await edit(doc, (t) => t.replace('"name": "products"', '"name": "catalog_products"'));
    const since = await lastSeq();
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'saved');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1);
    assert.deepEqual(
      (puts[0]!.body as { expectedDraft: unknown }).expectedDraft,
      base?.tokens.kind === 'database' ? base.tokens.expectedDraft : undefined,
    );
    assert.equal(doc.isDirty, false);
  });

  it('saving a fact sends every field of the document and clears none the user kept', async () => {
    const uri = uriOf('fact', ids.factId!, 'Gross margin');
    const doc = await open(uri);
    const text = await edit(doc, (t) => t.replace('Share of revenue left', 'Part of revenue left'));
    const since = await lastSeq();
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'saved');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1);
    assert.deepEqual(puts[0]!.body, JSON.parse(text));
    const fact = ((await (await serviceFetch(emulator, `/v1/facts/${ids.factId}`)).json()) as { data: Record<string, unknown> }).data;
    for (const [field, value] of Object.entries(JSON.parse(text) as Record<string, unknown>))
      assert.deepEqual(fact[field], value, `${field} kept`);
  });

  it('@variants renaming a fact and saving leaves it clean and every other field unchanged on the service', async () => {
    const uri = uriOf('fact', ids.factId!, 'Gross margin');
    const raw = async () =>
      ((await (await serviceFetch(emulator, `/v1/facts/${ids.factId}`)).json()) as { data: Record<string, unknown> }).data;
    // What every save changes; `etag` (an extra field of some services) follows the content.
    const rest = ({ name: _n, updatedAt: _u, etag: _e, ...others }: Record<string, unknown>) => others;
    const before = await raw();
    assert.ok(before.type !== undefined && before.unit !== null && before.aliases !== null && before.metadata !== null);
    const doc = await open(uri);
    const name = `${String(before.name).replace(/ \(renamed \d+\)$/, '')} (renamed ${Date.now()})`;
    await edit(doc, (t) => {
      const d = JSON.parse(t) as Record<string, unknown>;
      d.name = name;
      return `${JSON.stringify(d, null, 2)}\n`;
    });
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(result.status, 'saved', JSON.stringify(result));
    assert.equal((result as { confirmedBy?: string }).confirmedBy, 'answer');
    assert.equal(doc.isDirty, false);
    const after = await raw();
    assert.equal(after.name, name);
    assert.deepEqual(rest(after), rest(before));
  });

  it('a fact save refused without a field named names the fields it could not keep; saving without them is the user’s choice', async () => {
    const uri = uriOf('fact', ids.churnFactId!, 'Monthly churn rate');
    const path = `/v1/facts/${ids.churnFactId}`;
    const before = ((await (await serviceFetch(emulator, path)).json()) as { data: Record<string, unknown> }).data;
    const doc = await open(uri);
    const text = await edit(doc, (t) => t.replace('Customers lost', 'Customers churned'));
    await admin.injectFault({ match: { method: 'PUT', path: `/v1/facts/${ids.churnFactId}` }, kind: 'status', status: 400 });
    const refused = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(refused.status, 'failed');
    const unkept = (refused as { unkept?: readonly string[] }).unkept ?? [];
    assert.ok(unkept.includes('type') && unkept.includes('unit'), `named: ${unkept.join(', ')}`);
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text, 'the text stays');
    // What "Save Without …" does.
    const since = await lastSeq();
    assert.equal((await api.files.saveText(uri, doc.getText(), undefined, unkept)).status, 'saved');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1);
    for (const f of unkept) assert.ok(!Object.hasOwn(puts[0]!.body as object, f), `${f} left out`);
    assert.equal(doc.isDirty, false);
    // This service takes them, so they were cleared, as the choice said: put them back for the suites after.
    const restored = await serviceFetch(emulator, path, { method: 'PUT', body: JSON.stringify(factBody(before)) });
    assert.equal(restored.status, 200);
  });

  it('read-only files refuse edits and say why', async () => {
    const uri = uriOf('operationHandler', ids.inventoryOperationId!, 'Inventory levels');
    const stat = await vscode.workspace.fs.stat(uri);
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    const doc = await open(uri);
    const before = doc.getText();
    // What a person's typing does in the editor: nothing, VS Code says the editor is read-only.
    await vscode.commands.executeCommand('type', { text: '// mine\n' });
    assert.equal(doc.getText(), before);
    assert.equal(doc.isDirty, false);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('x'))), (e: Error) =>
      /read-only: the service generates operation handler code/.test(e.message),
    );
  });

  it('a path that names no resource, or one of another workspace, is refused without a request for anything else', async () => {
    const since = await lastSeq();
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.parse(`wsa:/${emulator.workspaceId}/dashboards/not-an-id/X.tsx`))),
      (e: vscode.FileSystemError) => e.code === 'FileNotFound' && /not a Workspace Automation file/.test(e.message),
    );
    const other = vscode.Uri.parse(`wsa:/wksp_someoneElse01/dashboards/${ids.dashboardId}/X.tsx`);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.readFile(other)),
      (e: vscode.FileSystemError) => e.code === 'NoPermissions' && /signed in to workspace/.test(e.message),
    );
    assert.equal((await admin.requests(since)).length, 0, 'nothing was asked of the service');
  });

  it('text that does not parse is refused with diagnostics and nothing reaches the service', async () => {
    const uri = uriOf('dashboard', ids.longHistoryDashboardId!, 'Inventory alerts');
    const doc = await open(uri);
    await edit(doc, (t) => `${t}\nconst broken = <div>;\n`);
    const since = await lastSeq();
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(result.status, 'invalid');
    const line = doc.getText().split('\n').indexOf('const broken = <div>;');
    const lines = api.diagnostics.get(uri).map((d) => d.range.start.line);
    assert.ok(lines.length > 0 && lines.every((l) => l >= line), `the problem is shown at its line (${line}), not at ${lines.join(', ')}`);
    assert.equal((await putsSince(since)).length, 0);
    assert.equal(doc.isDirty, true);
  });

  it('a conflict offers Compare / Merge / Overwrite once and keeps the text; File > Save explains instead of prompting again', async () => {
    const uri = uriOf('dashboard', ids.churnDashboardId!, 'Customer churn');
    const doc = await open(uri);
    const text = await edit(doc, (t) => `${t}// mine\n`);
    // Someone else saves first.
    await colleagueSaves(emulator, ids.churnDashboardId!, (source) => `${source}// theirs\n`);

    const prompted = eventToPromise(api.conflicts.onDidPrompt);
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(result.status, 'conflict');
    assert.equal((await prompted).conflict.uri, uri.toString());
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text, 'the text is kept');

    let promptedAgain = false;
    const listener = api.conflicts.onDidPrompt(() => (promptedAgain = true));
    try {
      await saveFails(doc);
    } finally {
      listener.dispose();
    }
    assert.equal(promptedAgain, false, 'no second prompt from the writeFile path');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text);
  });

  it('auto save (hold) keeps the text on this machine and sends nothing; Ctrl+S sends it', async () => {
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    const uri = uriOf('dashboard', ids.longHistoryDashboardId!, 'Inventory alerts');
    try {
      const doc = await open(uri);
      const since = await lastSeq();
      const saved = eventToPromise(vscode.workspace.onDidSaveTextDocument, (d) => d.uri.toString() === uri.toString());
      const text = await edit(doc, (t) => `${t}// held\n`);
      await saved;
      assert.equal(doc.isDirty, false);
      assert.equal(api.files.held.get(uri.toString())?.text, text);
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), text, 'the file shows the held text');
      assert.equal((await putsSince(since)).length, 0, 'nothing reached the service');
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
      assert.equal(result.status, 'saved');
      assert.equal((await putsSince(since)).length, 1);
      assert.equal(api.files.held.get(uri.toString()), undefined);
    } finally {
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a connection dropped after the server stored the save is read back and adopted; one dropped before keeps the text dirty', async () => {
    const uri = uriOf('dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await open(uri);
    const path = `/v1/dashboards/${ids.dashboardId}/source`;
    await admin.injectFault({ match: { method: 'PUT', path }, kind: 'dropMidBody' });
    await edit(doc, (t) => `${t}// answer lost\n`);
    let since = await lastSeq();
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'saved');
    assert.equal((await putsSince(since)).length, 1, 'not re-sent');
    assert.equal(doc.isDirty, false);

    await admin.injectFault({ match: { method: 'PUT', path }, kind: 'drop' });
    const text = await edit(doc, (t) => `${t}// never arrived\n`);
    since = await lastSeq();
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(result.status, 'failed');
    assert.equal((await putsSince(since)).length, 1, 'not re-sent');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text);
  });

  it('a key without dashboard write access gets a failure naming the permission', async () => {
    const demo = await admin.demo();
    await api.connection.storeApiKey(demo.readOnlyApiKey);
    try {
      const uri = uriOf('dashboard', ids.churnDashboardId!, 'Customer churn');
      const doc = await open(uri);
      await edit(doc, (t) => `${t}// no permission\n`);
      const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
      assert.equal(result.status, 'failed');
      const error = (result as { error: { kind?: string; permission?: string } }).error;
      assert.equal(error.kind, 'forbidden');
      assert.equal(error.permission, 'dashboardWrite');
      await saveFails(doc);
      assert.equal(doc.isDirty, true);
    } finally {
      await api.connection.forgetApiKey();
    }
  });

  it('an untouched open document follows a change made on the service', async () => {
    const uri = uriOf('fact', ids.aovFactId!, 'Average order value');
    const doc = await open(uri);
    const fact = JSON.parse(doc.getText()) as Record<string, unknown>;
    fact.unit = 'EUR';
    assert.equal((await serviceFetch(emulator, `/v1/facts/${ids.aovFactId}`, { method: 'PUT', body: JSON.stringify(fact) })).status, 200);
    const changed = eventToPromise(vscode.workspace.onDidChangeTextDocument, (e) => e.document.uri.toString() === uri.toString());
    assert.equal(await api.files.refresh(uri), 'changed');
    await changed;
    assert.match(doc.getText(), /"unit": "EUR"/);
    assert.equal(doc.isDirty, false);
  });
});

/** VS Code's own save of `doc` fails (it resolves false or rejects, depending on the path). */
async function saveFails(doc: vscode.TextDocument): Promise<void> {
  let ok: boolean;
  try {
    ok = await doc.save();
  } catch {
    ok = false;
  }
  assert.equal(ok, false, 'the save failed');
}
