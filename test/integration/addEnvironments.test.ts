// Add Environments from wsa.targets.json… in the real VS Code: the open folder's targets file names
// dev (the session's emulator, one of the user's connections already) and prod; only prod is
// proposed, and added to the user's settings named by its target, protected as production, with
// no request made; a second run has nothing to add; without a targets file it says so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectSuite, type SuiteContext } from './helpers';
import { NotificationCapture } from './support/notificationCapture';

const SECTION = 'workspaceAutomation';

describe('Environments: adding a folder’s environments', function () {
  this.timeout(60_000);
  let s: SuiteContext;
  let file: vscode.Uri;
  const user = () => vscode.workspace.getConfiguration(SECTION).inspect<unknown[]>('connections')?.globalValue ?? [];
  const add = (names: string[]) =>
    vscode.commands.executeCommand<string[] | undefined>('workspaceAutomation.addFolderEnvironments', { names });

  before(async function () {
    s = await connectSuite(this);
    file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'wsa.targets.json');
    await vscode.workspace
      .getConfiguration(SECTION)
      .update(
        'connections',
        [{ id: 'mine', label: 'My dev', baseUrl: s.emulator.url, workspaceId: s.emulator.workspaceId, stage: 'development' }],
        vscode.ConfigurationTarget.Global,
      );
    const targets = {
      targets: {
        dev: { baseUrl: s.emulator.url, workspace: s.emulator.workspaceId, stage: 'development' },
        prod: { baseUrl: 'https://prod.example.com', workspace: 'wksp_prodFromTheFile', stage: 'production', protected: false },
      },
    };
    await vscode.workspace.fs.writeFile(file, Buffer.from(JSON.stringify(targets)));
    await s.admin.clearRequests();
  });
  after(async () => {
    await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    await vscode.workspace.getConfiguration(SECTION).update('connections', undefined, vscode.ConfigurationTarget.Global);
  });

  it('proposes only what the user’s connections do not name, and adds it to the user’s settings, production protected', async () => {
    assert.deepEqual(await add(['dev', 'prod']), ['prod']);
    assert.deepEqual(user(), [
      { id: 'mine', label: 'My dev', baseUrl: s.emulator.url, workspaceId: s.emulator.workspaceId, stage: 'development' },
      {
        id: 'prod',
        label: 'prod',
        baseUrl: 'https://prod.example.com',
        workspaceId: 'wksp_prodFromTheFile',
        stage: 'production',
        protected: true,
      },
    ]);
    assert.deepEqual(await s.admin.requests(), [], 'adding reads no service');
  });

  it('run again, it has nothing to add', async () => {
    assert.deepEqual(await add(['dev', 'prod']), []);
    assert.equal(user().length, 2);
  });

  it('without a targets file it says there is nothing to add', async () => {
    await vscode.workspace.fs.delete(file);
    const shown = new NotificationCapture();
    try {
      assert.equal(await add(['prod']), undefined);
      assert.ok(
        shown.shown.some((m) => m.level === 'error' && /No open folder has a wsa\.targets\.json/.test(m.text)),
        JSON.stringify(shown.shown),
      );
    } finally {
      shown.dispose();
    }
  });
});
