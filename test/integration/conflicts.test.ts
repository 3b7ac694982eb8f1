// Save conflicts in the real VS Code against the emulator: someone else (a second client with the
// same key) saves first; the user's save is offered Compare / Merge / Overwrite, and each choice
// does what it says without losing the user's text. Also: invalid TSX and JSON never leave the
// machine and show as diagnostics. The choices are run through `api.conflicts.choose`, which is
// exactly what the notification's buttons call (notifications cannot be clicked from here; the
// UI scenario clicks them).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitUntil } from '../harness/lib/processes';
import type { ServiceClient } from '../../src/api';
import type { ConflictOutcome } from '../../src/documents/conflicts/conflictResolver';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { RequestLogEntry } from '../../src/emulator/requestLog';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { CONFLICT_START, mergeTexts } from '../../src/documents/model/merge';
import { filePath, type FileView } from '../../src/kinds/resourcePath';
import type { SaveConflict, SaveResult } from '../../src/documents/model/saveTypes';
import {
  colleagueClient,
  colleagueSaves,
  activateExtension,
  emulatorAdmin,
  eventToPromise,
  requireEmulator,
  type EmulatorInfo,
} from './helpers';
import { setAutoSave } from './fileHelpers';

const SAVE = 'workspaceAutomation.save';

describe('Save conflicts: Compare, Merge and Overwrite keep every edit', function () {
  this.timeout(60_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let ids: Record<string, string>;
  /** The colleague who saves first: another client with the same key. */
  let other: ServiceClient;

  const uriOf = (view: FileView, id: string, name: string) =>
    vscode.Uri.from({ scheme: 'wsa', path: filePath({ workspaceId: emulator.workspaceId, view, id, name }) });
  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;
  const putsSince = async (since: number): Promise<RequestLogEntry[]> => (await admin.requests(since)).filter((r) => r.method === 'PUT');

  /** Every document a test opened: VS Code keeps them loaded for minutes after their editors close. */
  const opened = new Set<string>();

  async function open(uri: vscode.Uri): Promise<vscode.TextDocument> {
    opened.add(uri.toString());
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    return doc;
  }

  async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (await vscode.workspace.applyEdit(edit)) return;
      // A clean editor just opened may take the service's text meanwhile (the document store offers
      // it); VS Code then refuses an edit made for the older version, and it is made again on the newer.
      assert.ok(attempt < 3, 'the edit applies');
    }
  }

  /** The colleague saves `change(current source)` to the dashboard; returns the new sequence. */
  function theyEditDashboard(id: string, change: (source: string) => string): Promise<number> {
    return colleagueSaves(emulator, id, change);
  }

  /** The user saves with Ctrl+S and meets the colleague's save: the notification is offered. */
  async function saveIntoConflict(uri: vscode.Uri): Promise<SaveConflict> {
    const prompted = eventToPromise(api.conflicts.onDidPrompt, (e) => e.conflict.uri === uri.toString());
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(result.status, 'conflict', 'the save met the newer revision');
    const { conflict } = await prompted;
    assert.ok(api.conflicts.isPrompting(uri.toString()), 'the notification is showing');
    return conflict;
  }

  async function choose(uri: vscode.Uri, choice: 'Compare' | 'Merge' | 'Overwrite'): Promise<ConflictOutcome | undefined> {
    return api.conflicts.choose(uri.toString(), choice);
  }

  async function untilTab<T>(find: (tab: vscode.Tab) => T | undefined): Promise<T> {
    const now = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .map(find)
      .find((x) => x !== undefined);
    if (now !== undefined) return now;
    return new Promise((resolve) => {
      const listener = vscode.window.tabGroups.onDidChangeTabs((e) => {
        const hit = [...e.opened, ...e.changed].map(find).find((x) => x !== undefined);
        if (hit === undefined) return;
        listener.dispose();
        resolve(hit);
      });
    });
  }

  async function untilDocument(match: (d: vscode.TextDocument) => boolean): Promise<vscode.TextDocument> {
    const now = vscode.workspace.textDocuments.find(match);
    if (now) return now;
    return eventToPromise(vscode.workspace.onDidOpenTextDocument, match);
  }

  /** Waits for a condition the extension reaches on its own, up to `timeoutMs`. */
  const until = (condition: () => boolean, timeoutMs: number): Promise<boolean> => waitUntil(condition, timeoutMs);

  const textOf = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri)).getText();

  async function closeAll(): Promise<void> {
    for (const doc of vscode.workspace.textDocuments.filter(
      (d) => d.isDirty && (d.uri.scheme === 'wsa' || d.uri.scheme === 'wsa-snapshot'),
    )) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    admin = emulatorAdmin(emulator);
    await admin.reset();
    ids = (await admin.demo()).ids;
    other = colleagueClient(emulator);
    // VS Code for the Web auto-saves after a delay by default; these tests are about explicit saves
    // (the file system's tests cover auto save), so the editors stay dirty until a test saves.
    await setAutoSave('off');
  });
  after(async () => {
    await setAutoSave(undefined);
    // Leave the demo workspace as the seed has it, and the still-loaded documents based on it, so
    // later suites that reset the emulator find the extension in step with the service.
    await admin.reset();
    for (const uri of opened) await api.files.refresh(vscode.Uri.parse(uri));
  });
  afterEach(async () => {
    api.testing.conflicts.useMergeEditor = true;
    await closeAll();
    // Closing a document's editors ends its conflict; the next test starts without one.
    assert.ok(
      await until(() => api.conflicts.pendingUris.length === 0, 10_000),
      `conflicts left pending: ${api.conflicts.pendingUris.join(', ')}`,
    );
  });

  it('a stale save shows one notification, and Compare opens the service’s revision beside your text, then offers the choices again', async () => {
    const uri = uriOf('dashboard', ids.churnDashboardId!, 'Customer churn');
    const doc = await open(uri);
    const mine = `// mine: compare me\n${doc.getText()}`;
    await replaceAll(doc, mine);
    const sequence = await theyEditDashboard(ids.churnDashboardId!, (s) => `${s}// theirs\n`);
    const conflict = await saveIntoConflict(uri);
    assert.equal(conflict.latest.label, `revision ${sequence}`);
    assert.equal(doc.getText(), mine, 'your text stays in the editor');
    assert.ok(doc.isDirty);

    // Saving again while the notification shows does not prompt twice; the buttons act on the newest state.
    let prompts = 0;
    const counting = api.conflicts.onDidPrompt(() => prompts++);
    try {
      assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'conflict');
    } finally {
      counting.dispose();
    }
    assert.equal(prompts, 0, 'one conflict, one prompt');

    const reoffered = eventToPromise(api.conflicts.onDidPrompt, (e) => e.conflict.uri === uri.toString());
    assert.equal(await choose(uri, 'Compare'), 'compared');
    const diff = await untilTab((t) =>
      t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === uri.toString()
        ? { input: t.input, label: t.label }
        : undefined,
    );
    assert.equal(diff.input.original.scheme, 'wsa-revision');
    assert.ok(
      diff.input.original.path.includes(`/${ids.churnDashboardResourceId}/${conflict.latest.revision?.revisionId}/`),
      'left: the service’s revision',
    );
    assert.equal(await textOf(diff.input.original), conflict.latest.text);
    assert.ok((await textOf(diff.input.original)).endsWith('// theirs\n'));
    assert.equal(doc.getText(), mine, 'right: your text, untouched');
    assert.equal(diff.label, `«Customer churn»: Service (revision ${sequence}) ↔ Yours`);
    await reoffered;
    assert.ok(api.conflicts.pending(uri.toString()), 'still waiting for Merge or Overwrite');

    // Giving the text up and closing the editors ends the conflict, whichever editor closes last:
    // here Compare's diff, after the document's own editor. The document stays loaded meanwhile.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    await vscode.window.tabGroups.close(
      tabs().filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString()),
    );
    assert.ok(api.conflicts.pending(uri.toString()), 'still pending while the diff shows the document');
    await vscode.window.tabGroups.close(tabs().filter((t) => t.input instanceof vscode.TabInputTextDiff));
    assert.ok(await until(() => api.conflicts.pending(uri.toString()) === undefined, 5_000), 'the conflict ends with its last editor');
    assert.ok(
      vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()),
      'ended by the editor closing, not by the document unloading',
    );
  });

  it('Merge without overlapping edits puts both into the editor for review; the next save sends the latest tokens', async () => {
    const uri = uriOf('dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await open(uri);
    const mine = `// mine: top note\n${doc.getText()}`;
    await replaceAll(doc, mine);
    const sequence = await theyEditDashboard(ids.dashboardId!, (s) => `${s}// theirs: bottom note\n`);
    const conflict = await saveIntoConflict(uri);

    assert.equal(await choose(uri, 'Merge'), 'merged');
    const expected = mergeTexts(conflict.base.text, mine, conflict.latest.text);
    assert.ok(expected.clean);
    assert.equal(doc.getText(), expected.text);
    assert.ok(doc.getText().startsWith('// mine: top note\n') && doc.getText().endsWith('// theirs: bottom note\n'), 'both edits');
    assert.ok(doc.isDirty, 'left for review, not saved');
    assert.equal(api.conflicts.pending(uri.toString()), undefined);
    assert.deepEqual(api.files.baseOf(uri)?.tokens, conflict.latest.tokens, 'now based on the latest revision');

    const since = await lastSeq();
    const saved = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(saved.status, 'saved');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1, 'one PUT');
    assert.equal((puts[0]!.body as { expectedRevision: { sequence: number } }).expectedRevision.sequence, sequence);
    assert.equal(saved.status === 'saved' && saved.snapshot.label, `revision ${sequence + 1}`);
    assert.equal((await other.getDashboardSource(ids.dashboardId!)).source, expected.text);
    assert.equal(doc.isDirty, false);
  });

  it('Merge with overlapping edits opens the merge editor and loses nothing; Complete Merge puts the result into the editor', async () => {
    const uri = uriOf('dashboard', ids.longHistoryDashboardId!, 'Inventory alerts');
    const doc = await open(uri);
    const lines = doc.getText().split('\n');
    const target = lines.findIndex((l) => l.trim().length > 0);
    const mine = lines.map((l, i) => (i === target ? '// mine: same line' : l)).join('\n');
    await replaceAll(doc, mine);
    await theyEditDashboard(ids.longHistoryDashboardId!, (s) =>
      s
        .split('\n')
        .map((l, i) => (i === target ? '// theirs: same line' : l))
        .join('\n'),
    );
    const conflict = await saveIntoConflict(uri);

    assert.equal(await choose(uri, 'Merge'), 'mergeEditor');
    // The merge editor's tab input is not public API; its documents are.
    const resultDoc = await untilDocument((d) => d.uri.scheme === 'wsa-snapshot' && d.uri.path.includes('/Merged/'));
    const yoursDoc = await untilDocument((d) => d.uri.scheme === 'wsa-snapshot' && d.uri.path.includes('/Yours/'));
    await untilTab((t) =>
      t.label.includes('Inventory alerts') && !(t.input instanceof vscode.TabInputText) && !(t.input instanceof vscode.TabInputTextDiff)
        ? t
        : undefined,
    );
    assert.equal(yoursDoc.getText(), mine, 'Yours: your text, kept readable');
    const initial = api.conflicts.snapshots.text(resultDoc.uri) ?? '';
    assert.ok(initial.includes('// mine: same line') && initial.includes('// theirs: same line'), 'the result file starts with both sides');
    const serviceDoc = await untilDocument(
      (d) => d.uri.scheme === 'wsa-revision' && d.uri.path.includes(`/${conflict.latest.revision?.revisionId}/`),
    );
    assert.equal(serviceDoc.getText(), conflict.latest.text, 'Service: the latest revision');
    assert.equal(doc.getText(), mine, 'the editor keeps your text while you merge');
    assert.ok(doc.isDirty);
    assert.notDeepEqual(api.files.baseOf(uri)?.tokens, conflict.latest.tokens, 'not based on the latest until the merge completes');

    // The merge editor sets up its result (the non-conflicting changes applied) once it is open.
    if (!resultDoc.isDirty)
      await eventToPromise(vscode.workspace.onDidChangeTextDocument, (e) => e.document === resultDoc && resultDoc.isDirty);
    // Resolve in the result and save it, as Complete Merge does.
    const resolved = mine.replace('// mine: same line', '// mine and theirs, resolved');
    const settled = eventToPromise(api.conflicts.onDidSettle, (e) => e.conflict.uri === uri.toString() && e.outcome === 'merged');
    await replaceAll(resultDoc, resolved);
    assert.ok(await resultDoc.save());
    await settled;
    assert.equal(doc.getText(), resolved);
    assert.ok(doc.isDirty, 'for review');
    assert.deepEqual(api.files.baseOf(uri)?.tokens, conflict.latest.tokens);

    const since = await lastSeq();
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'saved');
    assert.equal((await putsSince(since)).length, 1);
    assert.equal((await other.getDashboardSource(ids.longHistoryDashboardId!)).source, resolved);
  });

  it('Merge with overlapping edits and no merge editor writes conflict markers, and a save is refused until they are resolved', async () => {
    api.testing.conflicts.useMergeEditor = false;
    const uri = uriOf('dashboard', ids.churnDashboardId!, 'Customer churn');
    const doc = await open(uri);
    const lines = doc.getText().split('\n');
    const target = lines.findIndex((l) => l.trim().length > 0);
    const mine = lines.map((l, i) => (i === target ? '// mine: marker line' : l)).join('\n');
    await replaceAll(doc, mine);
    const sequence = await theyEditDashboard(ids.churnDashboardId!, (s) =>
      s
        .split('\n')
        .map((l, i) => (i === target ? '// theirs: marker line' : l))
        .join('\n'),
    );
    await saveIntoConflict(uri);

    assert.equal(await choose(uri, 'Merge'), 'markers');
    const text = doc.getText();
    assert.ok(
      text.includes(
        `${CONFLICT_START} Yours\n// mine: marker line\n=======\n// theirs: marker line\n>>>>>>> Service (revision ${sequence})\n`,
      ),
      text.slice(0, 400),
    );
    assert.ok(doc.isDirty);

    const since = await lastSeq();
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'invalid');
    const diagnostics = api.diagnostics.get(uri);
    assert.equal(diagnostics.length, 1);
    assert.equal(
      diagnostics[0]!.range.start.line,
      text.split('\n').findIndex((l) => l.startsWith(CONFLICT_START)),
    );
    assert.equal((await putsSince(since)).length, 0, 'nothing reached the service');

    await replaceAll(doc, mine.replace('// mine: marker line', '// resolved by hand'));
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'saved');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1, 'only the resolved text was sent');
    assert.equal(
      (puts[0]!.body as { expectedRevision: { sequence: number } }).expectedRevision.sequence,
      sequence,
      'against the latest revision',
    );
    assert.equal(api.diagnostics.get(uri).length, 0, 'a successful save clears the problems');
  });

  it('Overwrite saves your text against the latest revision in one PUT and the editor turns clean', async () => {
    const uri = uriOf('dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await open(uri);
    const mine = `${doc.getText()}// mine wins\n`;
    await replaceAll(doc, mine);
    const sequence = await theyEditDashboard(ids.dashboardId!, (s) => `// theirs is replaced\n${s}`);
    const conflict = await saveIntoConflict(uri);

    const since = await lastSeq();
    assert.equal(await choose(uri, 'Overwrite'), 'overwritten');
    const puts = await putsSince(since);
    assert.equal(puts.length, 1, 'one PUT');
    const body = puts[0]!.body as { expectedRevision: unknown };
    assert.deepEqual(
      body.expectedRevision,
      conflict.latest.tokens.kind === 'dashboard' ? conflict.latest.tokens.expectedRevision : undefined,
    );
    const stored = await other.getDashboardSource(ids.dashboardId!);
    assert.equal(stored.source, mine, 'your text is on the service');
    assert.equal(stored.revision.sequence, sequence + 1);
    assert.equal(doc.isDirty, false, 'saved clean, without a second PUT');
    assert.equal((await putsSince(since)).length, 1);
    assert.equal(api.conflicts.pending(uri.toString()), undefined);
  });

  it('Overwrite that meets yet another save is offered again with the newer revision', async () => {
    const uri = uriOf('dashboard', ids.churnDashboardId!, 'Customer churn');
    const doc = await open(uri);
    const mine = `// mine, twice contested\n${doc.getText()}`;
    await replaceAll(doc, mine);
    await theyEditDashboard(ids.churnDashboardId!, (s) => `${s}// first\n`);
    await saveIntoConflict(uri);
    const newer = await theyEditDashboard(ids.churnDashboardId!, (s) => `${s}// second\n`);

    const reoffered = eventToPromise(api.conflicts.onDidPrompt, (e) => e.conflict.uri === uri.toString());
    assert.equal(await choose(uri, 'Overwrite'), 'conflictAgain');
    const { conflict } = await reoffered;
    assert.equal(conflict.latest.label, `revision ${newer}`);
    assert.equal(doc.getText(), mine);
    assert.equal(await choose(uri, 'Overwrite'), 'overwritten');
    assert.equal((await other.getDashboardSource(ids.churnDashboardId!)).source, mine);
  });

  it('TSX that does not parse is refused with a diagnostic at its line, and nothing reaches the service', async () => {
    const uri = uriOf('dashboard', ids.dashboardId!, 'Revenue by region');
    const doc = await open(uri);
    const broken = `${doc.getText()}\nexport function Broken(a: number {\n  return <b>{a}</b>;\n}\n`;
    await replaceAll(doc, broken);
    const since = await lastSeq();
    const result = (await vscode.commands.executeCommand(SAVE, uri)) as SaveResult;
    assert.equal(result.status, 'invalid');
    const line = broken.split('\n').findIndex((l) => l.startsWith('export function Broken'));
    const diagnostics = api.diagnostics.get(uri);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]!.range.start.line, line);
    assert.equal(diagnostics[0]!.source, 'Workspace Automation');
    assert.deepEqual(
      vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Workspace Automation').length,
      1,
      'shown in Problems',
    );
    assert.equal((await putsSince(since)).length, 0, 'no PUT');
    assert.ok(doc.isDirty, 'the text stays');
  });

  it('a database definition that is not JSON, or breaks the request shape, is refused at the offending place; nothing is sent', async () => {
    const uri = uriOf('database', ids.databaseId!, 'Orders');
    const doc = await open(uri);
    const original = doc.getText();
    const since = await lastSeq();

    await replaceAll(doc, original.replace(/"tables": \[/, '"tables": [,'));
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'invalid');
    const parse = api.diagnostics.get(uri);
    assert.equal(parse.length, 1);
    assert.match(parse[0]!.message, /not valid JSON/);
    assert.equal(
      parse[0]!.range.start.line,
      original.split('\n').findIndex((l) => l.includes('"tables": [')),
    );

    // The spec states a column's type is a string: a number is refused here. (A string outside the
    // extension's list is sent, and the service decides: see the save outcomes suite.)
    const withBadType = original.replace(/"type": "text"/, '"type": 12');
    await replaceAll(doc, withBadType);
    assert.equal(((await vscode.commands.executeCommand(SAVE, uri)) as SaveResult).status, 'invalid');
    const rule = api.diagnostics.get(uri);
    assert.equal(rule.length, 1, 'the previous attempt’s problem is replaced');
    assert.match(rule[0]!.message, /"type" must be a string/);
    assert.equal(rule[0]!.severity, vscode.DiagnosticSeverity.Error);
    const typeLine = withBadType.split('\n').findIndex((l) => l.includes('"type": 12'));
    assert.equal(rule[0]!.range.start.line, typeLine);
    assert.equal(rule[0]!.range.start.character, withBadType.split('\n')[typeLine]!.indexOf('12'));
    assert.equal((await putsSince(since)).length, 0, 'no PUT');
  });

  it('the editor checks a database definition against the contributed JSON schema while typing', async () => {
    const uri = uriOf('database', ids.inventoryDatabaseId!, 'Inventory');
    const doc = await open(uri);
    const schemaProblem = (): vscode.Diagnostic | undefined =>
      vscode.languages.getDiagnostics(uri).find((d) => d.source !== 'Workspace Automation' && /"maybe"/.test(doc.getText(d.range)));
    const shown = new Promise<vscode.Diagnostic>((resolve) => {
      const listener = vscode.languages.onDidChangeDiagnostics((e) => {
        const found = e.uris.some((u) => u.toString() === uri.toString()) && schemaProblem();
        if (!found) return;
        listener.dispose();
        resolve(found);
      });
    });
    // A column type outside the suggested ones is any string to the schema; nullable is a boolean.
    await replaceAll(
      doc,
      doc
        .getText()
        .replace(/"type": "text"/, '"type": "varchar"')
        .replace(/"nullable": (true|false)/, '"nullable": "maybe"'),
    );
    const diagnostic = await shown;
    assert.match(diagnostic.message, /boolean/);
    assert.ok(
      !vscode.languages.getDiagnostics(uri).some((d) => /varchar/.test(doc.getText(d.range))),
      'an unknown column type is not flagged',
    );
  });
});
