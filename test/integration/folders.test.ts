// Local folders in the real VS Code against the emulator: Pull into Folder… with a folder argument
// writes the files the `wsa:` documents show, VS Code's own search finds their text, the Source
// Control view follows edits on disk, and Push sends one save with the base tokens; another
// actor's save turns a push into a clean merge (shown as a diff) or a conflict (the merge editor),
// and a pull over an edited file whose remote moved into a conflict, never an overwrite.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ServiceClient } from '../../src/api';
import type { FolderFilesArgs, FolderResult } from '../../src/localFolders/vscode/folderCommandArgs';
import { LocalFolder, textHash, type PullReport, type PushReport } from '../../src/localFolders/engine/engineApi';
import type { FolderRepository } from '../../src/localFolders/vscode/folderRepository';
import type { LocalFolders } from '../../src/localFolders/vscode/localFolders';
import { filePath } from '../../src/kinds/resourcePath';
import { waitUntil } from '../harness/lib/processes';
import { openFresh, setAutoSave } from './fileHelpers';
import { LogCapture } from './support/logCapture';
import { colleagueClient, colleagueSaves, connectSuite, eventToPromise, type SuiteContext } from './helpers';

const PULL_INTO = 'workspaceAutomation.pullIntoFolder';
const PUSH = 'workspaceAutomation.pushFolder';
const PULL = 'workspaceAutomation.pullFolder';

describe('Local folders: pull, the Source Control view, push and merges @variants', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let folders: LocalFolders;
  let folder: vscode.Uri;
  let repo: FolderRepository;
  let other: ServiceClient;
  let dashboardPath: string;
  let factPath: string;

  const decoder = new TextDecoder();
  const read = async (uri: vscode.Uri) => decoder.decode(await vscode.workspace.fs.readFile(uri));
  const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const lastSeq = async () => (await s.admin.requests()).at(-1)?.seq ?? 0;
  const dashboardUri = () => repo.uriOf(dashboardPath);
  const until = async (what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) =>
    assert.ok(await waitUntil(condition, timeoutMs), `${what} within ${timeoutMs} ms`);
  /**
   * Waits for the edit on disk to show. The folder's file watcher reports it; code-server's watcher
   * once missed such an edit for a folder made an instant before, so after 3 s the test asks as a
   * person then does, with Refresh Folder Status, and says so.
   */
  const seen = async (what: string, condition: () => boolean) => {
    if (await waitUntil(condition, 3_000)) return;
    console.log(`    (the file watcher did not report the edit within 3 s: Refresh Folder Status)`);
    await vscode.commands.executeCommand('workspaceAutomation.refreshFolderStatus');
    await until(what, condition);
  };
  /** Whether `event` settled within `ms` (a bound on a wait for an event, not a sleep). */
  const within = (event: Promise<unknown>, ms: number) =>
    Promise.race([event.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))]);
  const push = async (args: FolderFilesArgs) => (await vscode.commands.executeCommand<FolderResult<PushReport>[]>(PUSH, args))[0]!.report;

  /** The colleague changes the dashboard's source with their own client (the same key). */
  async function theyEdit(change: (source: string) => string): Promise<string> {
    let source = '';
    await colleagueSaves(s.emulator, s.ids.churnDashboardId!, (current) => (source = change(current)));
    return source;
  }

  /** Reverts what is dirty (the merge editor's result) and closes every editor, without a "Save?" dialog. */
  async function closeAll(): Promise<void> {
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    // An earlier suite's held auto save would stand for the user's text over the reset service.
    for (const held of s.api.files.held.all()) s.api.files.held.release(held.uri);
    await closeAll();
    await setAutoSave('off');
    other = colleagueClient(s.emulator);
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace, 'the session opens a folder');
    folder = vscode.Uri.joinPath(workspace, `pulled-${randomUUID().slice(0, 8)}`);
  });
  after(async () => {
    await closeAll();
    await setAutoSave(undefined);
    await s.admin.reset();
  });

  it('pulls the chosen resources into the folder given as an argument: the texts of the wsa: documents, no key, found by search', async () => {
    const ids = ['churnDashboardId', 'factId', 'databaseId', 'writeSyncId', 'liveAppId'].map((k) => s.ids[k]!);
    const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, { folder, ids });
    assert.ok(report, 'the command returns the pull report');
    folders = await s.api.folders.load();
    repo = folders.repositoryOf(folder)!;
    assert.ok(repo, 'the folder has its Source Control');
    assert.equal(repo.sourceControl.rootUri?.toString(), folder.toString());

    const added = report.files.filter((f) => f.outcome === 'added');
    for (const view of ['dashboard', 'fact', 'database', 'writeSync', 'app'])
      assert.ok(
        added.some((f) => f.view === view),
        `a ${view} file is written (${report.files.map((f) => `${f.path}: ${f.outcome}`).join(', ')})`,
      );
    for (const f of added) {
      const file = repo.fileAt(repo.uriOf(f.path));
      assert.ok(file, `${f.path} is in the folder's status`);
      const wsa = vscode.Uri.from({
        scheme: 'wsa',
        path: filePath({ workspaceId: s.emulator.workspaceId, view: f.view, id: f.id, name: file.name }),
      });
      // An earlier suite may have left it open on the state before the reset.
      const shown = (await openFresh(s.api, wsa)).getText();
      assert.equal(await read(repo.uriOf(f.path)), shown, `${f.path} holds what ${wsa.toString()} shows`);
    }
    dashboardPath = added.find((f) => f.view === 'dashboard' && f.id === s.ids.churnDashboardId)!.path;
    factPath = added.find((f) => f.view === 'fact')!.path;

    // Nothing in the folder (state file, base copies, files) holds the key.
    const state = await read(vscode.Uri.joinPath(folder, '.wsa', 'state.json'));
    assert.ok(state.includes(s.emulator.workspaceId), 'the state file names the workspace');
    for (const uri of await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*')))
      assert.ok(!(await read(uri)).includes(s.emulator.apiKey), `${uri.fsPath} holds no key`);

    // VS Code's own search across files (a search editor: its results are a text document here).
    const needle = (await read(dashboardUri()))
      .split('\n')
      .find((l) => /\w{6,}/.test(l) && l.trim().length > 12)!
      .trim();
    await vscode.commands.executeCommand('search.action.openNewEditor', {
      query: needle,
      filesToInclude: `${vscode.workspace.asRelativePath(folder)}/**`,
      triggerSearch: true,
      isRegexp: false,
    });
    const name = dashboardPath.split('/').pop()!;
    await until('the search editor lists the pulled dashboard', () =>
      vscode.workspace.textDocuments.some((d) => d.languageId === 'search-result' && d.getText().includes(name)),
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('opens a pulled dashboard as Dashboard TSX: none of TypeScript React’s false errors; the dashboard’s own hovers, type errors and formatting', async () => {
    const uri = dashboardUri();
    const openNow = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await until('the pulled dashboard is Dashboard TSX', () => openNow()?.languageId === 'wsa-dashboard');
    await s.api.dashboards.documents.whenChecked(uri);
    // As TypeScript React it had `react`, `@workspace/dashboard` and each JSX element as errors (the folder holds no types).
    await until('no diagnostic of VS Code’s TypeScript', () => vscode.languages.getDiagnostics(uri).every((d) => d.source !== 'ts'));
    const errors = () => vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.deepEqual(
      errors().map((d) => `${d.source}: ${d.message}`),
      [],
      'no error in the text as pulled',
    );
    const doc = openNow()!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      doc.positionAt(doc.getText().indexOf('React') + 1),
    );
    assert.equal(hovers.length, 1, 'one hover, the dashboard language’s');
    assert.match(hovers[0]!.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n'), /React/);

    // A real type error shows, from the dashboard's checker.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, doc.positionAt(doc.getText().length), `\nconst wrong: number = 'text';\nconst   spaced=1;\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await until('the type error shows', () => errors().some((d) => d.code === 2322 && d.source === 'dashboard types'));
    // Format Document, which VS Code's TypeScript gave the file before it was Dashboard TSX.
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', uri, {
      tabSize: 2,
      insertSpaces: true,
    });
    const formatting = new vscode.WorkspaceEdit();
    formatting.set(uri, edits);
    assert.ok(await vscode.workspace.applyEdit(formatting));
    assert.match(openNow()!.getText(), /\nconst spaced = 1;\n/, 'formatted');
    await closeAll();

    // A local .tsx no folder names keeps VS Code's language, and given ours by hand gets no answer from it.
    const loose = vscode.Uri.joinPath(folder, '..', `loose-${randomUUID().slice(0, 8)}.tsx`);
    await write(loose, `import React from 'react';\nexport const n: number = 'x';\n`);
    try {
      const plain = await vscode.workspace.openTextDocument(loose);
      assert.equal(plain.languageId, 'typescriptreact');
      const given = await vscode.languages.setTextDocumentLanguage(plain, 'wsa-dashboard');
      const none = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', loose, given.positionAt(9));
      assert.deepEqual(none, [], 'no hover');
      assert.ok(!s.api.dashboards.documents.isTracked(given), 'not given to the language service');
    } finally {
      await closeAll();
      rmSync(loose.fsPath, { force: true });
    }
  });

  it('checks a pulled JSON file with the rules its push applies when it is saved, and when it opens edited: the problem at its line, the disk save never held back', async () => {
    const uri = repo.uriOf(factPath);
    const original = await read(uri);
    const broken = original.replace(/"name":\s*"[^"]*"/, '"name": 5');
    assert.notEqual(broken, original, 'the fact file has a name to break');
    const line = broken.split('\n').findIndex((l) => l.includes('"name": 5'));
    const ours = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Workspace Automation');
    const nameError = () =>
      ours().some((d) => d.severity === vscode.DiagnosticSeverity.Error && d.message.includes('"name"') && d.range.start.line === line);
    const replaceAll = async (doc: vscode.TextDocument, text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await doc.save(), 'the editor saves the file');
    };
    const log = new LogCapture(s.api.log);
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      assert.deepEqual(ours(), [], 'nothing is shown for the file as pulled');
      await replaceAll(doc, broken);
      assert.equal(await read(uri), broken, 'the file is saved to disk all the same');
      await until('the push rule shows at its line', nameError);
      await replaceAll(doc, original);
      await until('the next save clears it', () => !nameError());
      await closeAll();

      // Edited outside the editor: the file opens with the problem shown.
      writeFileSync(uri.fsPath, broken);
      await seen('the edit shows under Local changes', () => repo.fileAt(uri)?.state === 'localChange');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      await until('the problem shows as the edited file opens', nameError);
      // Mended on disk, still edited: the problem that the disk showed goes.
      writeFileSync(uri.fsPath, original.replace(/"name":\s*"([^"]*)"/, '"name": "$1 (reviewed)"'));
      await until('the mended file shows no problem', () => !nameError());
      await closeAll();

      // A push the service refused: its words stay when the file opens, over the local rule's warning.
      writeFileSync(uri.fsPath, original.replace(/"name":\s*"[^"]*"/, '"name": ""'));
      const refused = (await push({ folder, files: [factPath] })).files.find((f) => f.path === factPath);
      assert.equal(refused?.outcome, 'refused', `the service refuses an empty name (${JSON.stringify(refused)})`);
      const serviceWords = () =>
        vscode.languages
          .getDiagnostics(uri)
          .filter((d) => d.source === 'Workspace Automation (service)')
          .map((d) => d.message);
      const theirs = serviceWords();
      assert.ok(theirs.length > 0, 'the refusal shows in the service’s words');
      const mark = log.mark();
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      await until('the opened file is checked', () => log.since(mark).some((l) => l.text.includes(`Checked ${factPath}:`)));
      assert.deepEqual(serviceWords(), theirs, 'the service’s words are kept');
    } finally {
      log.dispose();
      await closeAll();
      writeFileSync(uri.fsPath, original);
      await seen('the fact is unchanged again', () => repo.fileAt(uri)?.state === 'unchanged');
    }
  });

  it('ignores a file the state names outside the layout a pull writes, and says so: not in the status, no language moved, no check', async () => {
    // The state file comes with the folder, from whoever committed it: entries naming other files.
    const stateUri = vscode.Uri.joinPath(folder, '.wsa', 'state.json');
    const stateText = await read(stateUri);
    const app = vscode.Uri.joinPath(folder, 'src', 'App.tsx');
    const notes = vscode.Uri.joinPath(folder, 'src', 'notes.json');
    const appText = `import React from 'react';\nexport const n: number = 1;\n`;
    const notesText = `{ "name": 5 }\n`;
    const state = JSON.parse(stateText) as { files: Record<string, object> };
    // Copies of real entries (their tokens included), naming files outside the layout.
    state.files['src/App.tsx'] = { ...state.files[dashboardPath], name: 'App', hash: textHash(appText) };
    state.files['src/notes.json'] = { ...state.files[factPath], name: 'notes', hash: textHash(notesText) };
    try {
      await write(app, appText);
      await write(notes, notesText);
      await write(stateUri, JSON.stringify(state, null, 2));
      await seen('the folder says it ignores both entries', () => repo.ignoredEntries.length === 2);
      assert.equal(repo.notice, '2 state entries ignored (see the log)');
      assert.match(repo.ignoredEntries.join('\n'), /"src\/App\.tsx", which is not where a pull writes a file: it is ignored/);
      assert.match(repo.ignoredEntries.join('\n'), /"src\/notes\.json"/);
      assert.equal(repo.fileAt(app), undefined, 'the status does not name the .tsx');
      assert.equal(repo.fileAt(notes), undefined, 'nor the .json');
      const doc = await vscode.workspace.openTextDocument(app);
      await vscode.window.showTextDocument(doc);
      assert.equal(doc.languageId, 'typescriptreact', 'the .tsx keeps its language');
      const json = await vscode.workspace.openTextDocument(notes);
      await vscode.window.showTextDocument(json);
      const log = new LogCapture(s.api.log);
      try {
        const edit = new vscode.WorkspaceEdit();
        edit.insert(notes, new vscode.Position(1, 0), '\n');
        assert.ok(await vscode.workspace.applyEdit(edit));
        assert.ok(await json.save(), 'the edited file saves');
        // The save's check would have logged "Checked src/notes.json" and marked "name".
        await until('the save is on disk', async () => (await read(notes)) === `${notesText}\n`);
        assert.equal(
          log.lines.some((l) => l.text.includes('Checked src/notes.json')),
          false,
          'the file is not checked as a fact',
        );
        assert.deepEqual(
          vscode.languages.getDiagnostics(notes).filter((d) => d.source?.startsWith('Workspace Automation')),
          [],
        );
        assert.equal(vscode.workspace.textDocuments.find((d) => d.uri.toString() === app.toString())?.languageId, 'typescriptreact');
      } finally {
        log.dispose();
      }
    } finally {
      await closeAll();
      await write(stateUri, stateText);
      rmSync(vscode.Uri.joinPath(folder, 'src').fsPath, { recursive: true, force: true });
      await seen('the state is as pulled again', () => repo.notice === undefined);
    }
  });

  it('shows a pulled file replaced by a link under Not used, and pushes nothing of it: the link’s target never reaches the service', async () => {
    // A committer replaced the fact with a link to a file of the machine (a CI job's secret).
    const secretDir = mkdtempSync(join(tmpdir(), 'wsa-secret-'));
    const secret = join(secretDir, 'deploy-key.json');
    writeFileSync(secret, '{ "name": "SECRET-7f3a", "definition": "", "formula": "", "formulaType": "math" }\n');
    const fact = repo.uriOf(factPath);
    const pulled = await read(fact);
    rmSync(fact.fsPath);
    symlinkSync(secret, fact.fsPath);
    try {
      await seen('the link shows under Not used', () => repo.shown('unusable').includes(factPath));
      assert.equal(repo.fileAt(fact)?.state, 'notRegular');
      const since = await lastSeq();
      const report = await push({ folder: folder.toString(), files: [factPath] });
      assert.deepEqual(
        report.files.map((f) => [f.path, f.outcome]),
        [[factPath, 'notRegular']],
      );
      assert.match(report.files[0]!.message ?? '', /not a regular file/);
      const sent = (await s.admin.requests(since)).filter((r) => r.method !== 'GET');
      assert.deepEqual(sent, [], 'nothing is sent');
      assert.ok(!JSON.stringify(await s.admin.requests(since)).includes('SECRET-7f3a'), 'the target’s text is in no request');
    } finally {
      rmSync(fact.fsPath, { force: true });
      await write(fact, pulled);
      rmSync(secretDir, { recursive: true, force: true });
    }
    await seen('the file is back', () => repo.fileAt(fact)?.state === 'unchanged');
    assert.deepEqual(repo.shown('unusable'), []);
  });

  it('shows an edit on disk under Local changes and pushes it with one PUT carrying the base revision and data run', async () => {
    const stateBefore = JSON.parse(await read(vscode.Uri.joinPath(folder, '.wsa', 'state.json'))) as {
      files: Record<string, { tokens: { expectedRevision?: unknown; expectedDataRunId?: string } }>;
    };
    const tokens = stateBefore.files[dashboardPath]!.tokens;
    const text = await read(dashboardUri());
    await write(dashboardUri(), `${text}\n// Checked against the CRM export\n`);
    await seen('the file shows under Local changes', () => repo.shown('local').includes(dashboardPath));
    assert.equal(folders.decorationOf(dashboardUri())?.badge, 'M');
    assert.match(folders.statusBarText, /\$\(cloud-upload\) 1 /);
    // The gutter's quick diff compares with the base: the text as pulled, read-only.
    const original = await repo.sourceControl.quickDiffProvider!.provideOriginalResource!(
      dashboardUri(),
      new vscode.CancellationTokenSource().token,
    );
    assert.ok(original, 'a base for the quick diff');
    assert.equal((await vscode.workspace.openTextDocument(original)).getText(), text, 'the base is the pulled text');

    const since = await lastSeq();
    const report = await push({ folder, files: [dashboardPath] });
    assert.deepEqual(
      report.files.map((f) => f.outcome),
      ['pushed'],
    );
    const puts = (await s.admin.requests(since)).filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 1, 'exactly one PUT');
    assert.equal(puts[0]!.path, `/v1/dashboards/${s.ids.churnDashboardId}/source`);
    const body = puts[0]!.body as { expectedRevision?: unknown; expectedDataRunId?: string };
    assert.ok(tokens.expectedRevision && tokens.expectedDataRunId, 'the state holds the base tokens');
    assert.deepEqual(body.expectedRevision, tokens.expectedRevision, 'sent with the base revision');
    assert.equal(body.expectedDataRunId, tokens.expectedDataRunId, 'sent with the base data run');
    await until('Local changes is empty again', () => repo.shown('local').length === 0);
    assert.equal((await other.getDashboardSource(s.ids.churnDashboardId!)).source, await read(dashboardUri()));
  });

  it('merges a push over another actor’s save: a clean merge is written and shown, nothing overwritten; overlapping edits open the merge editor', async () => {
    // Theirs at the top, mine at the end: a clean merge.
    const theirs = await theyEdit((t) => `// Colleague: threshold reviewed\n${t}`);
    await write(dashboardUri(), `${await read(dashboardUri())}// Mine: a second note\n`);
    // Local changes, or Conflicts once a status asked the service (the window got focus).
    await seen('the edit is seen', () => repo.shown('local').includes(dashboardPath) || repo.shown('conflicts').includes(dashboardPath));
    const clean = await push({ folder, files: [dashboardPath] });
    assert.deepEqual(
      clean.files.map((f) => f.outcome),
      ['merged'],
    );
    const merged = await read(dashboardUri());
    assert.ok(
      merged.includes('// Colleague: threshold reviewed') && merged.includes('// Mine: a second note'),
      'both edits are in the file',
    );
    assert.equal((await other.getDashboardSource(s.ids.churnDashboardId!)).source, theirs, 'nothing was overwritten on the service');
    await until('the merge is shown as a diff', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .some((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === dashboardUri().toString()),
    );
    const again = await push({ folder, files: [dashboardPath] });
    assert.deepEqual(
      again.files.map((f) => f.outcome),
      ['pushed'],
      'the merged text is sent by the next push',
    );

    // Both change the same line: a conflict; the local file is kept exactly, the merge editor opens on it.
    await theyEdit((t) => t.replace('// Colleague: threshold reviewed', '// Colleague: threshold raised'));
    const mine = (await read(dashboardUri())).replace('// Colleague: threshold reviewed', '// Mine: threshold lowered');
    await write(dashboardUri(), mine);
    // Local changes, or Conflicts once a status asked the service (the window got focus).
    await seen('the edit is seen', () => repo.shown('local').includes(dashboardPath) || repo.shown('conflicts').includes(dashboardPath));
    const conflict = await push({ folder, files: [dashboardPath] });
    assert.deepEqual(
      conflict.files.map((f) => f.outcome),
      ['conflict'],
    );
    assert.equal(await read(dashboardUri()), mine, 'the local text is untouched');
    // The merge editor's tab input is not public API; its documents are: the result is a snapshot
    // that Complete Merge writes into the file, the local text is kept as "Yours".
    const name = dashboardPath.split('/').pop()!;
    await until('the merge editor opens on the three texts', () => {
      const docs = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'wsa-snapshot' && d.uri.path.endsWith(`/${name}`));
      const result = docs.find((d) => d.uri.path.includes('/Merged/'));
      return !!result && docs.some((d) => d.uri.path.includes('/Yours/') && d.getText() === mine);
    });
    await until('its tab is open', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .some((t) => t.label.includes(name) && !(t.input instanceof vscode.TabInputText) && !(t.input instanceof vscode.TabInputTextDiff)),
    );
    assert.equal(await read(dashboardUri()), mine, 'the local file is untouched while the merge editor is open');

    // Complete Merge saves the result: it becomes the local file's text.
    const result = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'wsa-snapshot' && d.uri.path.includes('/Merged/'))!;
    await until('the merge editor set up its result', () => result.isDirty);
    const resolved = mine.replace('// Mine: threshold lowered', '// Mine and theirs: threshold settled');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(result.uri, new vscode.Range(result.positionAt(0), result.positionAt(result.getText().length)), resolved);
    assert.ok(await vscode.workspace.applyEdit(edit));
    // Complete Merge's own signal, not a poll of the file: it fires once the result is in the file.
    const completed = eventToPromise(folders.merge.onDidMerge, (c) => c.uri.toString() === dashboardUri().toString());
    assert.ok(await result.save());
    assert.ok(await within(completed, 30_000), 'Complete Merge wrote the result into the local file within 30 s');
    assert.equal(await read(dashboardUri()), resolved, 'the result is written into the local file');
    // The service's text it was merged with is now the base: a local change, and one push sends it.
    await until('the file shows under Local changes', () => repo.shown('local').includes(dashboardPath), 20_000);
    const since = await lastSeq();
    const sent = await push({ folder, files: [dashboardPath] });
    assert.deepEqual(
      sent.files.map((f) => f.outcome),
      ['pushed'],
      'one push after Complete Merge',
    );
    assert.equal((await s.admin.requests(since)).filter((r) => r.method === 'PUT').length, 1);
    assert.equal((await other.getDashboardSource(s.ids.churnDashboardId!)).source, resolved);
    await closeAll();
  });

  it('keeps an edited file whose remote also moved as a conflict when pulling, and fast-forwards an unedited one', async () => {
    const factPath = [...(await folderFiles()).keys()].find((p) => p.startsWith('facts/'))!;
    // Changed on both sides since the last push.
    await theyEdit((t) => `// Colleague: after the merge\n${t}`);
    const mine = `${await read(dashboardUri())}// Mine: after the merge\n`;
    await write(dashboardUri(), mine);
    const since = await lastSeq();
    const [result] = await vscode.commands.executeCommand<FolderResult<PullReport>[]>(PULL, { folder });
    const outcomes = new Map(result!.report.files.map((f) => [f.path, f.outcome]));
    assert.equal(outcomes.get(dashboardPath), 'conflict');
    assert.equal(await read(dashboardUri()), mine, 'the local text is not overwritten');
    assert.equal(outcomes.get(factPath), 'unchanged');
    assert.deepEqual(
      (await s.admin.requests(since)).filter((r) => r.method !== 'GET'),
      [],
      'a pull only reads',
    );
    await until('the file shows under Conflicts', () => repo.shown('conflicts').includes(dashboardPath));
    assert.match(folders.statusBarText, /\$\(warning\) 1/);
    assert.equal(folders.decorationOf(dashboardUri())?.badge, 'C');
    // One file pulled: its own resource only, not the operation of the same id beside it.
    const [one] = await vscode.commands.executeCommand<FolderResult<PullReport>[]>(PULL, { folder, files: [dashboardUri()] });
    assert.deepEqual(
      one!.report.files.map((f) => [f.path, f.outcome]),
      [[dashboardPath, 'conflict']],
    );
  });

  it('asks the service on an interval only when the setting says so, and never more often than every 30 seconds', async () => {
    const setting = vscode.workspace.getConfiguration('workspaceAutomation.folders');
    assert.equal(s.api.config.read().folderStatusIntervalSeconds, 0, 'off by default');
    try {
      for (const [value, read] of [
        [5, 30],
        [90, 90],
        [-1, 0],
      ] as const) {
        await setting.update('statusIntervalSeconds', value, vscode.ConfigurationTarget.Global);
        assert.equal(s.api.config.read().folderStatusIntervalSeconds, read, `${value} reads as ${read}`);
      }
    } finally {
      await setting.update('statusIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('finds a folder pulled outside VS Code while the window is open (as from a terminal) and gives it its Source Control, until the folder is deleted', async () => {
    const workspace = vscode.workspace.workspaceFolders![0]!.uri;
    // A file saved at the top of the workspace is no reason to search it for pulled folders (its
    // watcher event is awaited beside the folder's).
    const log = new LogCapture(s.api.log);
    const note = vscode.Uri.joinPath(workspace, `notes-${randomUUID().slice(0, 8)}.txt`);
    const outside = vscode.Uri.joinPath(workspace, `terminal-${randomUUID().slice(0, 8)}`, 'nested');
    const loaded = await s.api.folders.load();
    try {
      writeFileSync(note.fsPath, 'not a pulled folder\n');
      // The engine the CLI runs, writing with Node's fs as a terminal would: no command, no API call.
      const report = await new LocalFolder({ folder: outside.fsPath, client: () => other }).pull({
        connection: { ...s.emulator.carriers, baseUrl: s.emulator.url, workspaceId: s.emulator.workspaceId },
        ids: [s.ids.factId!],
      });
      assert.ok(report.files.some((f) => f.outcome === 'added'));
      await until(
        'the folder pulled outside shows in Source Control',
        () => loaded.repositoryOf(outside)?.root.path === outside.path,
        15_000,
      );
      await until('the top-level file was passed over', () =>
        log.lines.some(
          (l) => l.level === 'trace' && l.text.includes(`${note.fsPath} was created at the top of the workspace: not a directory`),
        ),
      );
    } finally {
      log.dispose();
      rmSync(note.fsPath, { force: true });
    }
    // Deleted whole from the terminal too: the watcher reports the folder above it, not its state file.
    rmSync(vscode.Uri.joinPath(outside, '..').fsPath, { recursive: true, force: true });
    await until('the deleted folder leaves Source Control', () => !loaded.repositoryOf(outside), 15_000);
  });

  it('finds a folder pulled from a terminal even when the watcher’s event is lost: at the explorer’s Refresh, and at a folder command', async () => {
    const workspace = vscode.workspace.workspaceFolders![0]!.uri;
    const loaded = await s.api.folders.load();
    // A loaded host drops file events (inotify's limits): here no event comes at all.
    const paused = s.api.folders.pauseWatching();
    const pulled: vscode.Uri[] = [];
    const pullFromTerminal = async () => {
      const uri = vscode.Uri.joinPath(workspace, `lost-event-${randomUUID().slice(0, 8)}`);
      pulled.push(uri);
      const report = await new LocalFolder({ folder: uri.fsPath, client: () => other }).pull({
        connection: { ...s.emulator.carriers, baseUrl: s.emulator.url, workspaceId: s.emulator.workspaceId },
        ids: [s.ids.factId!],
      });
      assert.ok(report.files.some((f) => f.outcome === 'added'));
      return uri;
    };
    try {
      const first = await pullFromTerminal();
      await vscode.commands.executeCommand('workspaceAutomation.refresh');
      await until('the explorer’s Refresh found the folder', () => loaded.repositoryOf(first)?.root.path === first.path, 15_000);
      const second = await pullFromTerminal();
      assert.equal(loaded.repositoryOf(second), undefined, 'no event, no search: not found yet');
      await vscode.commands.executeCommand('workspaceAutomation.refreshFolderStatus');
      assert.equal(loaded.repositoryOf(second)?.root.path, second.path, 'a folder command looks first, then acts');
    } finally {
      paused.dispose();
      for (const uri of pulled) rmSync(uri.fsPath, { recursive: true, force: true });
    }
  });

  it('lets a pulled folder that no watcher saw deleted (outside the workspace) leave Source Control at the next refresh', async () => {
    // Outside the workspace folders: the window's watcher of every deletion does not cover it.
    const outside = vscode.Uri.file(mkdtempSync(join(tmpdir(), 'wsa-outside-')));
    const loaded = await s.api.folders.load();
    try {
      await vscode.commands.executeCommand<PullReport>(PULL_INTO, { folder: outside, ids: [s.ids.factId!] });
      assert.ok(loaded.repositoryOf(outside), 'the folder has its Source Control');
    } finally {
      rmSync(outside.fsPath, { recursive: true, force: true });
    }
    // What focus coming back runs, or the view's Refresh.
    await vscode.commands.executeCommand('workspaceAutomation.refreshFolderStatus');
    await until('the deleted folder leaves Source Control', () => !loaded.repositoryOf(outside));
  });

  it('opens a pulled operation’s handler code as Operation Handler (TypeScript): coloured, not checked against types the folder does not have', async () => {
    // The service generates it untyped: as TypeScript, `OperationContext` was "Cannot find name".
    const pulled = vscode.Uri.joinPath(folder, '..', `handler-${randomUUID().slice(0, 8)}`);
    try {
      const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, { folder: pulled, ids: [s.ids.inventoryOperationId!] });
      const handler = report.files.find((f) => f.view === 'operationHandler');
      assert.ok(handler, `the handler code is pulled (${report.files.map((f) => f.path).join(', ')})`);
      const uri = vscode.Uri.joinPath(pulled, ...handler.path.split('/'));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      await until(
        'the handler is Operation Handler (TypeScript)',
        () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.languageId === 'wsa-handler',
      );
      await until('no diagnostic of VS Code’s TypeScript', () => vscode.languages.getDiagnostics(uri).every((d) => d.source !== 'ts'));
    } finally {
      await closeAll();
      rmSync(pulled.fsPath, { recursive: true, force: true });
    }
  });

  async function folderFiles(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const uri of await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), '**/.wsa/**')) {
      const rel = repo.relative(uri);
      if (rel) out.set(rel, await read(uri));
    }
    return out;
  }
});
