// Write syncs and apps edited in the real VS Code: the mapping and switches of a write
// sync and an app's name saved with Ctrl+S (one PUT with the version or draft read, the explorer
// following), a stale token ending in Compare / Merge / Overwrite, a locked identity field refused
// with an Error at its line and nothing sent, an auto save held, and a lost answer read back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import { findItem, nodeChange, treeItem } from './explorerSupport';
import { editText, openFresh, wsaUri, useSavingSuite } from './fileHelpers';
import { eventToPromise, hasVariant, serviceFetch, type EmulatorInfo, type RequestLogEntry } from './helpers';

const SAVE = 'workspaceAutomation.save';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit any field of a document
type Doc = any;

describe('Write syncs and apps: edits with their concurrency tokens', function () {
  const suite = useSavingSuite({ cleanEachTest: true });
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;

  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;
  const putsSince = async (since: number): Promise<RequestLogEntry[]> => (await admin.requests(since)).filter((r) => r.method === 'PUT');
  const read = async (path: string): Promise<Doc> => ((await (await serviceFetch(emulator, path)).json()) as { data: Doc }).data;
  const change = (f: (d: Doc) => void) => (text: string) => {
    const d = JSON.parse(text) as Doc;
    f(d);
    return `${JSON.stringify(d, null, 2)}\n`;
  };
  const lineOf = (doc: vscode.TextDocument, needle: string) =>
    doc
      .getText()
      .split('\n')
      .findIndex((l) => l.includes(needle));
  const save = async (uri: vscode.Uri) => (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;

  before(() => ({ emulator, api, admin, ids } = suite));

  it('a write sync’s mapping and switches save with the version read; the explorer shows the new version', async function () {
    const id = ids.writeSyncId!;
    const uri = wsaUri(emulator.workspaceId, 'writeSync', id, 'Churn scores');
    const doc = await openFresh(api, uri);
    const before = await read(`/v1/write-syncs/${id}`);
    await editText(
      doc,
      change((d) => {
        d.definition.fields[`churn_rate_${before.version}`] = 'Churn_Rate__c';
        d.automaticEnabled = !before.automaticEnabled;
      }),
    );
    const listed = !hasVariant(emulator, 'no-lists');
    const node = listed ? await findItem(api, 'writeSyncs', id) : undefined;
    const refreshed =
      node && nodeChange(api, (n) => n === node && String(treeItem(api, node).description).endsWith(`v${before.version + 1}`));
    const since = await lastSeq();
    assert.equal((await save(uri)).status, 'saved');
    assert.equal(doc.isDirty, false);
    // The new version is kept beside the document for the next save; the text holds nothing a save
    // changes, so it is not reloaded under the user's next keystrokes.
    assert.deepEqual(api.files.baseOf(uri)?.tokens, {
      kind: 'writeSync',
      expectedVersion: before.version + 1,
      identityLocked: before.identityLocked,
    });
    assert.equal((JSON.parse(doc.getText()) as Doc).$readOnly.version, undefined);
    const puts = await putsSince(since);
    assert.equal(puts.length, 1);
    const body = puts[0]!.body as Doc;
    assert.deepEqual(Object.keys(body), ['expectedVersion', 'name', 'definition', 'isEnabled', 'automaticEnabled']);
    assert.equal(body.expectedVersion, before.version);
    const after = await read(`/v1/write-syncs/${id}`);
    assert.equal(after.version, before.version + 1);
    assert.equal(after.automaticEnabled, !before.automaticEnabled);
    assert.equal(after.definition.fields[`churn_rate_${before.version}`], 'Churn_Rate__c');
    if (refreshed) assert.ok(await refreshed, 'the explorer item shows the new version');
  });

  it('an app renamed with Ctrl+S records a new draft revision and is polled while it deploys', async function () {
    const id = ids.liveAppId!;
    const uri = wsaUri(emulator.workspaceId, 'app', id, 'Customer portal');
    const doc = await openFresh(api, uri);
    const before = await read(`/v1/apps/${id}`);
    const name = `Customer portal ${before.draft.sequence + 1}`;
    await editText(
      doc,
      change((d) => (d.name = name)),
    );
    const since = await lastSeq();
    assert.equal((await save(uri)).status, 'saved');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1);
    assert.deepEqual(puts[0]!.body, {
      expectedDraft: { revisionId: before.draft.revisionId, sequence: before.draft.sequence },
      name,
      description: before.description,
    });
    const after = await read(`/v1/apps/${id}`);
    assert.equal(after.name, name);
    assert.equal(after.draft.sequence, before.draft.sequence + 1);
    const history = await read(`/v1/resources/${id}/revisions`);
    assert.ok(
      history.items.some((i: Doc) => i.id === after.draft.revisionId),
      'the history holds the new draft',
    );
    const base = api.files.baseOf(uri);
    assert.equal(base?.tokens.kind === 'app' && base.tokens.expectedDraft.revisionId, after.draft.revisionId, 'the new draft is the base');
    if (!hasVariant(emulator, 'no-lists')) {
      const node = await findItem(api, 'apps', id);
      assert.match(String(treeItem(api, node).description), new RegExp(`draft #${after.draft.sequence}`));
      await api.explorer.reveal(node);
      assert.ok(api.explorer.poller.polling.includes(id) || after.deployment.status !== 'deploying', 'a deploying app is polled');
    }
  });

  it('a stale write sync version offers Compare / Merge / Overwrite and keeps the text @variants', async function () {
    const id = ids.writeSyncId!;
    const uri = wsaUri(emulator.workspaceId, 'writeSync', id, 'Churn scores');
    const doc = await openFresh(api, uri);
    const text = await editText(
      doc,
      change((d) => (d.name = 'Churn scores (mine)')),
    );
    // Someone else saves first, with the spec's fields only.
    const current = await read(`/v1/write-syncs/${id}`);
    const { source, destination, input, keyColumn, fields } = current.definition;
    const pick = (e: Doc) => ({ resourceId: e.resourceId, object: e.object, scope: e.scope });
    const theirs = await serviceFetch(emulator, `/v1/write-syncs/${id}`, {
      method: 'PUT',
      body: JSON.stringify({
        expectedVersion: current.version,
        name: 'Churn scores (theirs)',
        definition: {
          source: pick(source),
          destination: pick(destination),
          input: { type: input.type, operationId: input.operationId, revisionId: input.revisionId, table: input.table },
          keyColumn,
          fields,
        },
        isEnabled: current.isEnabled,
        automaticEnabled: current.automaticEnabled,
      }),
    });
    assert.equal(theirs.status, 200, await theirs.clone().text());
    const prompted = eventToPromise(api.conflicts.onDidPrompt);
    assert.equal((await save(uri)).status, 'conflict');
    assert.equal((await prompted).conflict.uri, uri.toString());
    assert.equal(doc.getText(), text, 'the text is kept');
    assert.equal(await api.conflicts.choose(uri.toString(), 'Overwrite'), 'overwritten');
    assert.equal((await read(`/v1/write-syncs/${id}`)).name, 'Churn scores (mine)');
  });

  it('a changed identity field of a locked write sync is an Error at its line and nothing is sent @variants', async function () {
    const id = ids.identityLockedWriteSyncId!;
    const uri = wsaUri(emulator.workspaceId, 'writeSync', id, 'CRM contacts');
    const doc = await openFresh(api, uri);
    const text = await editText(
      doc,
      change((d) => (d.definition.keyColumn = 'email')),
    );
    const since = await lastSeq();
    assert.equal((await save(uri)).status, 'invalid');
    assert.equal((await putsSince(since)).length, 0, 'no PUT reached the service');
    const errors = api.diagnostics.get(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /key column cannot change: this write sync is identity-locked/);
    assert.equal(errors[0]!.range.start.line, lineOf(doc, '"keyColumn"'));
    assert.equal(doc.getText(), text, 'the text stays');
    assert.equal(doc.isDirty, true);
  });

  it('an app edit auto saved is held on this machine; Ctrl+S sends it with the draft it was based on', async function () {
    const files = vscode.workspace.getConfiguration('files');
    const id = ids.liveAppId!;
    const uri = wsaUri(emulator.workspaceId, 'app', id, 'Customer portal');
    try {
      const doc = await openFresh(api, uri);
      const before = await read(`/v1/apps/${id}`);
      await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
      await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
      const since = await lastSeq();
      const autoSaved = eventToPromise(vscode.workspace.onDidSaveTextDocument, (d) => d.uri.toString() === uri.toString());
      const text = await editText(
        doc,
        change((d) => (d.description = `${String(d.description)} (held)`)),
      );
      await autoSaved;
      assert.equal(api.files.held.get(uri.toString())?.text, text, 'the text is held');
      assert.equal((await putsSince(since)).length, 0, 'nothing reached the service');
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      assert.equal((await save(uri)).status, 'saved');
      const puts = await putsSince(since);
      assert.equal(puts.length, 1);
      assert.deepEqual((puts[0]!.body as Doc).expectedDraft, { revisionId: before.draft.revisionId, sequence: before.draft.sequence });
      assert.equal(api.files.held.get(uri.toString()), undefined);
    } finally {
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('an app save whose answer is lost is read back, not sent twice', async function () {
    const id = ids.liveAppId!;
    const uri = wsaUri(emulator.workspaceId, 'app', id, 'Customer portal');
    const doc = await openFresh(api, uri);
    await admin.injectFault({ match: { method: 'PUT', path: `^/v1/apps/${id}$` }, kind: 'dropMidBody' });
    await editText(
      doc,
      change((d) => (d.description = `${String(d.description)} (answer lost)`)),
    );
    const since = await lastSeq();
    const result = await save(uri);
    assert.equal(result.status, 'saved');
    assert.equal(result.status === 'saved' && result.confirmedBy, 'readBack');
    assert.equal((await putsSince(since)).length, 1, 'not re-sent');
    assert.equal(doc.isDirty, false);
  });
});
