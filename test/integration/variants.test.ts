// The extension in the real VS Code against a service that takes the other legitimate choice at
// every point the spec leaves open: the emulator's `strict` profile (no list endpoints, the key in
// X-Api-Key and the workspace in X-WSA-Workspace, problem+json errors, 412 for a stale token, 400
// for a refusal, fields the spec does not name on every answer, revision items without sequence,
// histories in pages of 25 oldest first, request bodies checked field by field, values outside the
// extension's lists). The harness's strict pass runs it (`@variants-only`); the extension got the
// carriers through its settings, as a user of such a service sets them. For every editable kind:
// open from the explorer (ids added by id), edit, save, a conflict settled with Compare, Merge and
// Overwrite, a lost answer read back and told, the history and a compare of two revisions. Plus the
// issue's three failures end to end, and unknown values in the explorer. Waits on events only.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceClient } from '../../src/api';
import { FACT_BODY_FIELDS } from '../../src/api/schemaConstants';
import type { RequestLogEntry } from '../../src/emulator/requestLog';
import { isResourceNode, type ExplorerNode, type GroupId, type ResourceNode } from '../../src/explorer/model/nodes';
import type { SaveConflict, SaveResult } from '../../src/documents/model/saveTypes';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import type { HistoryState } from '../../src/history/protocol/protocol';
import { clearAddedResources, groupChildren, treeItem } from './explorerSupport';
import { editText, revertAndCloseAll, setAutoSave } from './fileHelpers';
import { colleagueClient, connectSuite, eventToPromise, hasVariant, serviceFetch, type SuiteContext } from './helpers';
import { editableKinds, onePut, type EditableKind } from './support/variantKinds';

const SAVE = 'workspaceAutomation.save';
const READ_BACK = ', confirmed by reading it back after the answer was lost.';

describe('A service that decides every open point differently (strict profile) @variants-only', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let other: ServiceClient;
  let kinds: EditableKind[];
  /** The `wsa:` URI each kind was opened at from the explorer. */
  const opened = new Map<string, vscode.Uri>();
  let edits = 0;

  const lastSeq = async () => (await s.admin.requests()).at(-1)?.seq ?? 0;
  const requestsSince = (since: number): Promise<RequestLogEntry[]> => s.admin.requests(since);
  const save = (uri: vscode.Uri) => vscode.commands.executeCommand<SaveResult>(SAVE, uri);

  async function addById(id: string): Promise<void> {
    const outcome = await vscode.commands.executeCommand<{ added: boolean }>('workspaceAutomation.addResource', id);
    assert.ok(outcome?.added, `${id} added`);
  }

  /** The explorer's item of `id` in `group`, as VS Code renders it. */
  async function node(group: GroupId, id: string): Promise<ResourceNode> {
    const found = (await groupChildren(s.api, group)).filter(isResourceNode).find((n) => n.id === id);
    assert.ok(found, `${id} is shown under ${group}`);
    return found;
  }

  /** Opens the kind's document the way a click on its explorer item does. */
  async function openKind(kind: EditableKind): Promise<vscode.TextDocument> {
    let uri = opened.get(kind.id);
    if (!uri) {
      const command = treeItem(s.api, await node(kind.group, kind.id)).command!;
      uri = (await vscode.commands.executeCommand<vscode.Uri>(command.command, ...(command.arguments ?? [])))!;
      opened.set(kind.id, uri);
    }
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    return doc;
  }

  async function saveIntoConflict(kind: EditableKind, doc: vscode.TextDocument): Promise<SaveConflict> {
    const n = ++edits;
    await editText(doc, (t) => kind.mine(t, n));
    await kind.theirs(n);
    const since = await lastSeq();
    const prompted = eventToPromise(s.api.conflicts.onDidPrompt, (e) => e.conflict.uri === doc.uri.toString());
    assert.equal((await save(doc.uri)).status, 'conflict');
    const { conflict } = await prompted;
    const puts = (await requestsSince(since)).filter((r) => r.method === 'PUT');
    // A fact has no token (spec §4.4): its changed updatedAt is found before anything is sent.
    assert.deepEqual(
      puts.map((r) => r.status),
      kind.view === 'fact' ? [] : [412],
      'a stale token is 412 with no current state in a problem+json body',
    );
    assert.ok(kind.hasTheirs(conflict.latest.text, n), 'the latest state was read from the service');
    assert.ok(doc.isDirty && kind.hasMine(doc.getText(), n), 'the text stays');
    return conflict;
  }

  before(async function () {
    s = await connectSuite(this);
    assert.ok(
      hasVariant(s.emulator, 'no-lists') && hasVariant(s.emulator, 'strict-bodies'),
      'this suite runs in the strict pass only, against an emulator without lists and with strict bodies',
    );
    await s.admin.reset();
    other = colleagueClient(s.emulator);
    // A service that takes only the four body fields of a fact holds only those in an accepted body.
    kinds = editableKinds(other, s.ids, hasVariant(s.emulator, 'fact-four-fields') ? FACT_BODY_FIELDS : undefined);
    await setAutoSave('off');
    await revertAndCloseAll();
    await clearAddedResources();
    await s.api.explorer.model.refresh();
  });
  after(async () => {
    if (!s) return;
    await other?.close();
    await s.admin.clearFaults();
    await revertAndCloseAll();
    await clearAddedResources();
    await setAutoSave(undefined);
    await s.admin.reset();
    // Documents stay loaded after their editors close: in step with the service again for later suites.
    for (const uri of opened.values()) await s.api.files.refresh(uri);
  });
  afterEach(async () => {
    await s.admin.clearFaults();
    for (const panel of s.api.history.all()) panel.dispose();
    await revertAndCloseAll();
  });

  it('opens each editable kind from the explorer, which shows the ids added by id: the service has no lists', async () => {
    for (const kind of kinds) await addById(kind.id);
    for (const kind of kinds) {
      const doc = await openKind(kind);
      assert.equal(s.api.explorer.model.isListed(kind.group), false, `${kind.group}: not listed, from the added ids`);
      assert.ok(doc.getText().trim().length > 0 && !/\bundefined\b/.test(doc.getText()));
      assert.equal(doc.isDirty, false);
    }
    const fact = JSON.parse((await openKind(kinds[2]!)).getText()) as Record<string, unknown>;
    assert.ok(fact.$readOnly && 'tags' in (fact.$readOnly as object), 'fields the spec does not list are shown read-only');
  });

  const TITLES = ['a dashboard', 'a database definition', 'a fact'];
  for (const index of [0, 1, 2]) {
    const title = index === 2 ? 'a fact whose answers carry fields the spec does not list' : TITLES[index];
    it(`saves ${title} with one PUT of only the fields the spec names, which strict bodies take`, async () => {
      const kind = kinds[index]!;
      const doc = await openKind(kind);
      const n = ++edits;
      const text = await editText(doc, (t) => kind.mine(t, n));
      const since = await lastSeq();
      const result = await save(doc.uri);
      assert.equal(result.status, 'saved', JSON.stringify(result));
      const requests = await requestsSince(since);
      // A connection remembers the fields a fact PUT was refused for: when an earlier test of this
      // pass taught it, the first PUT already leaves them out (the refusal itself is proved by the
      // Files suite and the strict UI scenario).
      const learning = requests.find((r) => r.method === 'PUT')?.status === 400;
      onePut(kind, requests, index === 2 && hasVariant(s.emulator, 'fact-four-fields') && learning);
      assert.equal(doc.isDirty, false);
      assert.ok(await kind.holds(text), 'the service holds the text');
    });

    it(`settles a stale save of ${TITLES[index]} with Compare, Merge and Overwrite`, async () => {
      const kind = kinds[index]!;
      const doc = await openKind(kind);

      // Compare: the service's state beside your text, then the choices again.
      let conflict = await saveIntoConflict(kind, doc);
      const reoffered = eventToPromise(s.api.conflicts.onDidPrompt, (e) => e.conflict.uri === doc.uri.toString());
      assert.equal(await s.api.conflicts.choose(doc.uri.toString(), 'Compare'), 'compared');
      const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      assert.ok(
        diff instanceof vscode.TabInputTextDiff && diff.modified.toString() === doc.uri.toString(),
        'a diff with your text on the right',
      );
      assert.equal(
        (await vscode.workspace.openTextDocument(diff.original)).getText(),
        conflict.latest.text,
        'the service’s state on the left',
      );
      await reoffered;

      // Merge: the edits are on different lines, both go into the editor for review; then one save.
      const mine = doc.getText();
      assert.equal(await s.api.conflicts.choose(doc.uri.toString(), 'Merge'), 'merged');
      assert.ok(kind.hasMine(doc.getText(), edits) && kind.hasTheirs(doc.getText(), edits), 'both edits');
      assert.notEqual(doc.getText(), mine);
      let since = await lastSeq();
      assert.equal((await save(doc.uri)).status, 'saved');
      onePut(kind, await requestsSince(since));
      assert.ok(await kind.holds(doc.getText()));

      // Overwrite: your text replaces theirs, in one PUT against the latest state.
      conflict = await saveIntoConflict(kind, doc);
      const text = doc.getText();
      since = await lastSeq();
      assert.equal(await s.api.conflicts.choose(doc.uri.toString(), 'Overwrite'), 'overwritten');
      onePut(kind, await requestsSince(since));
      assert.equal(doc.isDirty, false);
      assert.ok(await kind.holds(text), 'your text is on the service');
      assert.ok(!kind.hasTheirs(text, edits) && kind.hasMine(text, edits));
      assert.equal(s.api.conflicts.pending(doc.uri.toString()), undefined);
    });

    it(`reads back a save of ${TITLES[index]} whose answer was lost, adopts it and tells how it was confirmed`, async () => {
      const kind = kinds[index]!;
      const doc = await openKind(kind);
      const n = ++edits;
      const text = await editText(doc, (t) => kind.mine(t, n));
      await s.admin.injectFault({ kind: 'dropMidBody', match: { method: 'PUT', path: kind.putPath } });
      const since = await lastSeq();
      const told = eventToPromise(s.api.files.notices.onDidTell, (e) => e.uri === doc.uri.toString());
      const result = await save(doc.uri);
      assert.equal(result.status === 'saved' && result.confirmedBy, 'readBack', JSON.stringify(result));
      const notice = await told;
      assert.equal(notice.outcome, 'saved');
      assert.ok(notice.message.endsWith(READ_BACK), notice.message);
      assert.equal((await requestsSince(since)).filter((r) => r.method === 'PUT').length, 1, 'never sent twice');
      assert.equal(doc.isDirty, false);
      assert.ok(await kind.holds(text));
    });
  }

  it('opens the history of a dashboard and a database whole and newest first from pages of 25, oldest first, items without sequence; compares two revisions', async () => {
    const since = await lastSeq();
    await addById(s.ids.longHistoryDashboardId!);
    const dashboard = await showHistory(await node('dashboards', s.ids.longHistoryDashboardId!));
    const resourceId = s.ids.longHistoryDashboardResourceId!;
    const pages = (await requestsSince(since)).filter((r) => r.method === 'GET' && r.path === `/v1/resources/${resourceId}/revisions`);
    const stored = await wholeHistory(resourceId);
    assert.deepEqual(
      dashboard.items.map((i) => i.id),
      [...stored].reverse(),
      'every revision once, newest first',
    );
    assert.ok(pages.length >= Math.ceil(stored.length / 25), `read in pages (${pages.length} requests for ${stored.length})`);
    // The service gives no sequence in its items: only the draft's is known (from the draft reference).
    assert.deepEqual(
      dashboard.items.filter((i) => i.sequence !== null).map((i) => [i.id, i.sequence]),
      [[dashboard.header.draft.revisionId, dashboard.header.draft.sequence]],
      'none is made up',
    );

    const panel = s.api.history.get(resourceId)!;
    const [newer, older] = [dashboard.items[2]!, dashboard.items[9]!];
    assert.ok(await panel.deliver({ type: 'compare', left: newer.id, right: older.id }));
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab!;
    assert.ok(diff.input instanceof vscode.TabInputTextDiff);
    assert.ok(
      diff.input.original.path.includes(`/${older.id}/`) && diff.input.modified.path.includes(`/${newer.id}/`),
      'older on the left',
    );
    const olderValue = (await serviceData<{ value: { source: string } }>(`/v1/resources/${resourceId}/revisions/${older.id}`)).value;
    assert.equal((await vscode.workspace.openTextDocument(diff.input.original)).getText(), olderValue.source);
    assert.ok(!/undefined|null|NaN/.test(diff.label), diff.label);

    const database = await showHistory(await node('databases', kinds[1]!.id));
    assert.deepEqual(
      database.items.map((i) => i.id),
      [...(await wholeHistory(kinds[1]!.id))].reverse(),
    );
    assert.ok(database.items.length > 1, 'the saves above are in it');
    const dbPanel = s.api.history.get(kinds[1]!.id)!;
    assert.ok(await dbPanel.deliver({ type: 'compare', left: database.items[0]!.id, right: database.items[1]!.id }));
    const dbDiff = vscode.window.tabGroups.activeTabGroup.activeTab!.input;
    assert.ok(dbDiff instanceof vscode.TabInputTextDiff && dbDiff.original.scheme === 'wsa-revision');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows revisions by actors of type user and serviceAccount as the service names them', async () => {
    await addById(s.ids.foreignDashboardId!);
    const state = await showHistory(await node('dashboards', s.ids.foreignDashboardId!));
    assert.deepEqual([...new Set(state.items.map((i) => i.actorType))].sort(), ['apiKey', 'serviceAccount', 'user']);
    assert.ok(state.items.every((i) => i.actorId.length > 0));
  });

  it('saves a database whose columns are uuid, decimal(12,2) and timestamptz, adding a uuid column: the service judges the types', async () => {
    await addById(s.ids.foreignDatabaseId!);
    const kind = { ...kinds[1]!, id: s.ids.foreignDatabaseId! };
    const doc = await openKind(kind);
    assert.match(doc.getText(), /"uuid"[\s\S]*"decimal\(12,2\)"[\s\S]*"timestamptz"/);
    await editText(doc, (t) => {
      const definition = JSON.parse(t) as { tables: { columns: object[] }[] };
      definition.tables[0]!.columns.push({ name: 'account_id', type: 'uuid', nullable: true });
      return `${JSON.stringify(definition, null, 2)}\n`;
    });
    const since = await lastSeq();
    const result = await save(doc.uri);
    assert.equal(result.status, 'saved', JSON.stringify(result));
    onePut(kind, await requestsSince(since));
    assert.ok(
      !s.api.diagnostics.get(doc.uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error),
      'no local error for a type the extension does not know',
    );
    const { draft } = await other.revisionState(kind.id);
    const stored = (await other.getRevision(kind.id, draft.revisionId)).value as {
      tables: { columns: { name: string; type: string }[] }[];
    };
    assert.ok(stored.tables[0]!.columns.some((c) => c.name === 'account_id' && c.type === 'uuid'));
  });

  it('shows values the extension does not know as they are in the explorer: an archived operation, a failed or rolled back deployment', async () => {
    for (const id of [s.ids.archivedOperationId!, s.ids.failedAppId!, s.ids.rolledBackAppId!, s.ids.queuedAppId!]) await addById(id);
    const look = async (group: GroupId, id: string) => {
      const item = treeItem(s.api, await node(group, id));
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip);
      for (const text of [String(item.label), String(item.description), tooltip]) assert.ok(!/undefined/.test(text), `${id}: ${text}`);
      return { description: String(item.description), tooltip };
    };
    assert.match((await look('operations', s.ids.archivedOperationId!)).description, /^pipeline · archived · /);
    assert.match((await look('apps', s.ids.failedAppId!)).description, /^failed · /);
    assert.match((await look('apps', s.ids.queuedAppId!)).description, /^queued · /);
    const rolledBack = await look('apps', s.ids.rolledBackAppId!);
    assert.match(rolledBack.description, /^rolledBack · /);
    assert.match(rolledBack.tooltip, /Health check failed 3 times/);
  });

  /** Opens the history panel as the explorer item's context menu does, and waits for its state. */
  async function showHistory(item: ExplorerNode): Promise<HistoryState> {
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', item))!;
    return panel.state ?? (await eventToPromise(panel.onDidChangeState));
  }

  async function serviceData<T>(path: string): Promise<T> {
    const response = await serviceFetch(s.emulator, path);
    assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  /** The revision ids as the service lists them, every page followed (oldest first here). */
  async function wholeHistory(resourceId: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor?: string | null } = await serviceData(
        `/v1/resources/${resourceId}/revisions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? null;
    } while (cursor);
    return ids;
  }
});
