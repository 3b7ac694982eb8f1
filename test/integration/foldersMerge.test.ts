// Complete Merge writes the result into the local file even while an editor of that file, open and
// unedited, still shows an older text (VS Code reloads it only when the file watcher reports the
// change on disk, seconds late on a loaded machine). The watcher is kept off this folder
// (`files.watcherExclude`), so the open document stays behind the disk for as long as the test needs.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { FolderResult } from '../../src/localFolders/vscode/folderCommandArgs';
import type { PullReport, PushReport } from '../../src/localFolders/engine/engineApi';
import type { FolderConflict } from '../../src/localFolders/vscode/folderMerge';
import type { LocalFolders } from '../../src/localFolders/vscode/localFolders';
import { waitUntil } from '../harness/lib/processes';
import { setAutoSave } from './fileHelpers';
import { colleagueSaves, connectSuite, eventToPromise, type SuiteContext } from './helpers';

const FOLDER_PREFIX = 'stale-merge-';

describe('Local folders: Complete Merge beside an open editor that has not caught up with the disk', function () {
  this.timeout(90_000);
  let s: SuiteContext;
  let folder: vscode.Uri;
  let folders: LocalFolders;
  const files = () => vscode.workspace.getConfiguration('files');
  const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    await files().update('watcherExclude', { [`**/${FOLDER_PREFIX}*/**`]: true }, vscode.ConfigurationTarget.Global);
    // Only Complete Merge saves the result: an auto save of it is not one (folderMerge.ts).
    await setAutoSave('off');
    folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, `${FOLDER_PREFIX}${randomUUID().slice(0, 8)}`);
    folders = await s.api.folders.load();
  });
  after(async () => {
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setAutoSave(undefined);
    await files().update('watcherExclude', undefined, vscode.ConfigurationTarget.Global);
    // Watched again: the folder's Source Control goes with it, and no later suite counts its files.
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    await waitUntil(() => !folders.repositoryOf(folder), 10_000);
    await s.admin.reset();
  });

  it('writes the merge result into the file, without asking about a change nobody made', async () => {
    const id = s.ids.churnDashboardId!;
    const pulled = await vscode.commands.executeCommand<PullReport>('workspaceAutomation.pullIntoFolder', { folder, ids: [id] });
    const path = pulled.files.find((f) => f.kind === 'dashboard' && f.outcome === 'added')!.path;
    const file = vscode.Uri.joinPath(folder, path);
    const pulledText = await read(file);
    // Open and unedited, as after looking at the file.
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    const first = pulledText.split('\n')[0]!;

    // The colleague and I change the same first line; mine is written as a terminal or git would.
    await colleagueSaves(s.emulator, id, (source) => source.replace(first, `${first} // Colleague: theirs`));
    const mine = pulledText.replace(first, `${first} // Mine`);
    writeFileSync(file.fsPath, mine);
    assert.equal(doc.getText(), pulledText, 'the open editor still shows the pulled text (no watcher here)');
    assert.ok(!doc.isDirty);

    const [pushed] = await vscode.commands.executeCommand<FolderResult<PushReport>[]>('workspaceAutomation.pushFolder', {
      folder,
      files: [path],
    });
    assert.deepEqual(
      pushed!.report.files.map((f) => f.outcome),
      ['conflict'],
    );
    const result = folders.merge.resultOf(file);
    assert.ok(result, 'the merge editor is open on a result snapshot');
    const output = await vscode.workspace.openTextDocument(result);
    assert.ok(await waitUntil(() => output.isDirty, 15_000), 'the merge editor set up its result');
    const resolved = mine.replace('// Mine', '// Mine and theirs');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(output.uri, new vscode.Range(output.positionAt(0), output.positionAt(output.getText().length)), resolved);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const merged = eventToPromise(folders.merge.onDidMerge, (c: FolderConflict) => c.uri.toString() === file.toString());
    // Complete Merge: an explicit save of the result.
    assert.ok(await output.save());
    const done = await Promise.race([merged.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 20_000))]);
    assert.ok(done, 'Complete Merge wrote the result within 20 s (no question about a change left unanswered)');
    assert.equal(await read(file), resolved, 'the file holds the merge result');
  });
});
