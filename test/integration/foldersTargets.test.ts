// Local folders with targets in the real VS Code against the emulator: a folder pulled with
// `--target dev` (its state in .wsa/targets/dev.json, no .wsa/state.json) shows in Source Control
// with its target, Choose Target… switches what the status shows, a push to a protected target asks
// first and Cancel sends nothing, a target of another workspace than the signed-in one is sent
// nothing, and a folder of one state works as before.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ServiceClient } from '../../src/api';
import type { FolderResult } from '../../src/localFolders/vscode/folderCommandArgs';
import {
  DEFAULT_LAYOUT,
  LocalFolder,
  moveState,
  targetLayout,
  type PullReport,
  type PushReport,
} from '../../src/localFolders/engine/engineApi';
import type { FolderRepository } from '../../src/localFolders/vscode/folderRepository';
import type { LocalFolders } from '../../src/localFolders/vscode/localFolders';
import type { TargetPushQuestion } from '../../src/localFolders/vscode/folderTargetPicker';
import { waitUntil } from '../harness/lib/processes';
import { colleagueClient, connectSuite, type SuiteContext } from './helpers';

const PULL_INTO = 'workspaceAutomation.pullIntoFolder';
const PUSH = 'workspaceAutomation.pushFolder';
const CHOOSE = 'workspaceAutomation.chooseFolderTarget';
const REFRESH = 'workspaceAutomation.refreshFolderStatus';

describe('Local folders: targets', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let folders: LocalFolders;
  let other: ServiceClient;
  let workspace: vscode.Uri;
  let folder: vscode.Uri;
  let dashboardPath: string;
  let factPath: string;
  let prodDashboardPath: string;
  const questions: TargetPushQuestion[] = [];
  let answer = false;

  const until = async (what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) =>
    assert.ok(await waitUntil(condition, timeoutMs), `${what} within ${timeoutMs} ms`);
  const lastSeq = async () => (await s.admin.requests()).at(-1)?.seq ?? 0;
  // What this folder's commands could send: a list, a read or write of its own resources, or anything
  // for the staging workspace. Editors other suites left open are read again when the window
  // regains focus; those reads are not the folder's.
  const sentSince = async (seq: number) => {
    const own = [s.ids.churnDashboardId!, s.ids.factId!];
    return (await s.admin.requests()).filter(
      (r) =>
        r.seq > seq &&
        (r.workspace === s.demo.otherWorkspaceId || !/^\/v1\/[^/]+\/[a-z]+_/.test(r.path) || own.some((id) => r.path.includes(id))),
    );
  };
  const repo = (): FolderRepository | undefined => folders.repositoryOf(folder);
  const shownTarget = () => repo()?.sourceControl.statusBarCommands?.[0]?.title;
  const connection = () => ({ ...s.emulator.carriers, baseUrl: s.emulator.url, workspaceId: s.emulator.workspaceId });
  const pullTarget = (name: string, ids?: string[]): Promise<PullReport> =>
    new LocalFolder({ folder: folder.fsPath, client: () => other, layout: targetLayout(name) }).pull({
      connection: connection(),
      ...(ids ? { ids } : {}),
    });
  const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const push = (folderUri: vscode.Uri) => vscode.commands.executeCommand<FolderResult<PushReport>[]>(PUSH, { folder: folderUri });

  before(async function () {
    s = await connectSuite(this);
    await s.admin.reset();
    other = colleagueClient(s.emulator);
    workspace = vscode.workspace.workspaceFolders![0]!.uri;
    folder = vscode.Uri.joinPath(workspace, `targets-${randomUUID().slice(0, 8)}`);
    mkdirSync(folder.fsPath, { recursive: true });
    // The emulator plays every target: dev and prod are its demo workspace, staging another one.
    writeFileSync(
      join(folder.fsPath, 'wsa.targets.json'),
      JSON.stringify({
        targets: {
          dev: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId, stage: 'development' },
          prod: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId, stage: 'production', protected: false },
          staging: { baseUrl: s.emulator.url, workspace: s.demo.otherWorkspaceId, stage: 'staging' },
        },
      }),
    );
    folders = await s.api.folders.load();
    s.api.testing.folders.targetDialogs = {
      confirmPush: async (q) => (questions.push(q), answer),
    };
  });
  after(async () => {
    s.api.testing.folders.targetDialogs = undefined;
    await s.admin.reset();
  });

  it('a folder pulled with --target dev (no .wsa/state.json) shows in Source Control with its target', async () => {
    const report = await pullTarget('dev', [s.ids.churnDashboardId!, s.ids.factId!]);
    dashboardPath = report.files.find((f) => f.view === 'dashboard')!.path;
    factPath = report.files.find((f) => f.view === 'fact')!.path;
    assert.ok(existsSync(join(folder.fsPath, '.wsa', 'targets', 'dev.json')), 'the target’s state');
    assert.ok(!existsSync(join(folder.fsPath, '.wsa', 'state.json')), 'no state of its own');
    await s.api.folders.look();
    await until('the folder shows in Source Control', () => repo() !== undefined);
    await until('its status bar item names the target', () => shownTarget() === '⇅ dev');
    await until('the status lists the files of dev’s state', () => !!repo()?.fileAt(repo()!.uriOf(factPath)));
    assert.ok(repo()!.fileAt(repo()!.uriOf(dashboardPath)), 'the dashboard too');
  });

  it('Choose Target… switches what the status shows: prod holds only the dashboard', async () => {
    const prod = await pullTarget('prod', [s.ids.churnDashboardId!]);
    const prodFiles = prod.files.map((f) => `${f.path}: ${f.outcome}`).join(', ');
    prodDashboardPath = prod.files.find((f) => f.view === 'dashboard')?.path ?? '';
    assert.ok(prodDashboardPath, `prod's pull brings the dashboard (${prodFiles})`);
    const chosen = await vscode.commands.executeCommand(CHOOSE, { folder, target: 'prod' });
    assert.equal(chosen, 'prod');
    assert.equal(shownTarget(), '⇅ prod');
    assert.ok(repo()!.fileAt(repo()!.uriOf(prodDashboardPath)), `the dashboard is prod’s (${prodFiles})`);
    assert.equal(repo()!.fileAt(repo()!.uriOf(factPath)), undefined, 'the fact is not in prod’s state');
    await vscode.commands.executeCommand(CHOOSE, { folder, target: 'dev' });
    assert.ok(repo()!.fileAt(repo()!.uriOf(factPath)), 'back on dev, the fact is listed again');
  });

  it('a push to a protected target asks, naming host and workspace; Cancel sends nothing, Push sends', async () => {
    await vscode.commands.executeCommand(CHOOSE, { folder, target: 'prod' });
    const uri = repo()!.uriOf(prodDashboardPath);
    await write(uri, `${await read(uri)}\n// edited for prod\n`);
    await vscode.commands.executeCommand(REFRESH);
    await until(`the edit is a local change (${repo()!.shown('local').join(', ')})`, () =>
      repo()!.shown('local').includes(prodDashboardPath),
    );

    answer = false;
    questions.length = 0;
    const before = await lastSeq();
    const declined = await push(folder);
    assert.deepEqual(declined, [], 'nothing pushed');
    assert.equal(questions.length, 1, 'asked once');
    assert.deepEqual(questions[0], {
      name: 'prod',
      host: new URL(s.emulator.url).host,
      workspace: s.emulator.workspaceId,
      stage: 'production',
    });
    assert.deepEqual(await sentSince(before), [], 'Cancel sends no request at all');
    assert.ok(repo()!.shown('local').includes(prodDashboardPath), 'the file stays changed here');

    answer = true;
    const sent = await push(folder);
    assert.equal(sent[0]?.report.files.find((f) => f.path === prodDashboardPath)?.outcome, 'pushed');
    assert.ok((await sentSince(before)).length > 0, 'confirmed, the push is sent');
  });

  it('a push to dev, not protected, asks nothing', async () => {
    await vscode.commands.executeCommand(CHOOSE, { folder, target: 'dev' });
    questions.length = 0;
    answer = false;
    await push(folder);
    assert.equal(questions.length, 0);
  });

  it('a target of another workspace than the signed-in one is sent nothing: its status says why', async () => {
    await vscode.commands.executeCommand(CHOOSE, { folder, target: 'staging' });
    const before = await lastSeq();
    // This folder's status only: Refresh Folder Status would ask for the other suites' folders too.
    await repo()!.refresh(true);
    assert.match(repo()!.remoteError ?? '', /staging/, 'the status names the target');
    await vscode.commands.executeCommand(PUSH, { folder }).then(
      () => undefined,
      () => undefined,
    );
    await vscode.commands.executeCommand('workspaceAutomation.pullFolder', { folder }).then(
      () => undefined,
      () => undefined,
    );
    assert.deepEqual(await sentSince(before), [], 'neither a status, a push nor a pull went to the service');
    assert.ok(!existsSync(join(folder.fsPath, '.wsa', 'targets', 'staging.json')), 'nothing written for it');
    await vscode.commands.executeCommand(CHOOSE, { folder, target: 'dev' });
  });

  it('a folder of one state works as before, and stays in Source Control when its state moves to a target’s', async () => {
    const single = vscode.Uri.joinPath(workspace, `single-${randomUUID().slice(0, 8)}`);
    const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, { folder: single, ids: [s.ids.factId!] });
    assert.ok(report.files.some((f) => f.outcome === 'added'));
    const one = folders.repositoryOf(single)!;
    assert.ok(one, 'in Source Control');
    assert.deepEqual(one.sourceControl.statusBarCommands ?? [], [], 'no target shown for a folder without targets');
    const file = one.uriOf(report.files[0]!.path);
    questions.length = 0;
    const pushed = await push(single);
    assert.equal(pushed.length, 1, 'pushed');
    assert.equal(questions.length, 0, 'without a target’s question');

    // What `wsa pull --target dev` does on its first use: the state moves to the target's.
    writeFileSync(
      join(single.fsPath, 'wsa.targets.json'),
      JSON.stringify({ targets: { dev: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId } } }),
    );
    // The window's search for new pulled folders is paused: the folder must stay, not be found again.
    const paused = s.api.folders.pauseWatching();
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(single, '.wsa/state.json'), true, true, false);
    try {
      let deleted = false;
      watcher.onDidDelete(() => (deleted = true));
      assert.ok(await moveState(single.fsPath, DEFAULT_LAYOUT, targetLayout('dev')));
      // The window hears the deletion of .wsa/state.json the move makes: it must not end the folder.
      // A watcher of a loaded machine may drop the event; the refresh below reads the folder again either way.
      await waitUntil(() => deleted, 10_000);
      await vscode.commands.executeCommand(REFRESH);
      await until('now on dev', () => one.sourceControl.statusBarCommands?.[0]?.title === '⇅ dev');
      // Compared by identity: a failing deepEqual would print the whole extension behind the repository.
      assert.ok(folders.repositoryOf(single) === one, 'the folder never left Source Control');
      assert.ok(one.fileAt(file), 'its files are listed');
    } finally {
      watcher.dispose();
      paused.dispose();
    }
  });
});
