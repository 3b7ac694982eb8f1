// Signing in and out, switching workspace, the status bar, and Connect to Local Emulator, in the
// real extension host. Each test puts the harness's connection back when it is done.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { activateExtension, emulatorAdmin, requireEmulator, type EmulatorInfo } from './helpers';
import { groupChildren, restoreHarnessConnection, untilConnection } from './explorerSupport';

type SignInOutcome = { signedIn: boolean; step?: string; message?: string; workspaceId?: string };

describe('Connection', function () {
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
  });

  afterEach(async function () {
    this.timeout(20_000);
    if (api && emulator) await restoreHarnessConnection(api, emulator);
  });

  it('is signed in from the settings and the environment key, shown in the status bar', async () => {
    const c = await untilConnection(api, (x) => x?.baseUrl === emulator.url);
    assert.equal(c?.workspaceId, emulator.workspaceId);
    assert.match(api.statusBar.item.text, new RegExp(`^\\$\\(cloud\\) .+ · ${emulator.workspaceId}$`));
    assert.equal(api.statusBar.item.command, 'workspaceAutomation.showConnectionMenu');
    const tooltip = (api.statusBar.item.tooltip as vscode.MarkdownString).value;
    assert.ok(tooltip.includes(`Service: \`${new URL(emulator.url).origin}\``), 'the tooltip names the origin requests go to');
    assert.match(tooltip, /API key: from WORKSPACE_AUTOMATION_API_KEY/);
    const secretsHoldNoKey = (await api.connection.apiKey()) === process.env.WORKSPACE_AUTOMATION_API_KEY;
    assert.ok(secretsHoldNoKey, 'the environment key is used');
  });

  it('Sign In checks the key first and names the step to correct; a good key signs in', async () => {
    const wrong = (await vscode.commands.executeCommand('workspaceAutomation.signIn', {
      baseUrl: emulator.url,
      apiKey: 'apik_wrongKey',
      workspaceId: emulator.workspaceId,
    })) as SignInOutcome;
    assert.equal(wrong.signedIn, false);
    assert.equal(wrong.step, 'apiKey');
    assert.match(wrong.message!, /401/);
    const demo = await emulatorAdmin(emulator).demo();
    const other = (await vscode.commands.executeCommand('workspaceAutomation.signIn', {
      baseUrl: emulator.url,
      apiKey: demo.otherWorkspaceOnlyApiKey,
      workspaceId: emulator.workspaceId,
    })) as SignInOutcome;
    assert.equal(other.step, 'workspaceId');
    assert.equal(api.connection.current?.baseUrl, emulator.url, 'nothing changed after failed checks');

    const ok = (await vscode.commands.executeCommand('workspaceAutomation.signIn', {
      baseUrl: emulator.url,
      apiKey: emulator.apiKey,
      workspaceId: emulator.workspaceId,
    })) as SignInOutcome;
    assert.deepEqual(ok, { signedIn: true, workspaceId: emulator.workspaceId });
    const config = vscode.workspace.getConfiguration('workspaceAutomation');
    assert.equal(config.inspect('baseUrl')?.globalValue, emulator.url);
    for (const key of ['baseUrl', 'workspaceId', 'authHeader', 'authScheme', 'workspaceHeader', 'resources']) {
      assert.ok(!JSON.stringify(config.inspect(key) ?? {}).includes(emulator.apiKey), `the key is not in the ${key} setting`);
    }
  });

  it('Switch Workspace checks access before switching', async () => {
    const demo = await emulatorAdmin(emulator).demo();
    const switched = (await vscode.commands.executeCommand('workspaceAutomation.switchWorkspace', demo.otherWorkspaceId)) as SignInOutcome;
    assert.deepEqual(switched, { signedIn: true, workspaceId: demo.otherWorkspaceId });
    await untilConnection(api, (c) => c?.workspaceId === demo.otherWorkspaceId);
    assert.match(api.statusBar.item.text, new RegExp(demo.otherWorkspaceId));
    const ops = await groupChildren(api, 'operations');
    assert.ok(
      ops.some((n) => 'id' in n && n.id === demo.ids.otherWorkspaceOperationId),
      'the tree shows the other workspace',
    );
    const refused = (await vscode.commands.executeCommand('workspaceAutomation.switchWorkspace', 'wksp_noSuchWorkspace1')) as SignInOutcome;
    assert.equal(refused.signedIn, false);
    assert.equal(api.connection.current?.workspaceId, demo.otherWorkspaceId, 'a refused switch changes nothing');
  });

  it('Sign Out forgets the key, ignores the environment key, and shows the welcome', async () => {
    await vscode.commands.executeCommand('workspaceAutomation.signOut');
    await untilConnection(api, (c) => c === undefined);
    assert.equal(api.connection.signedOut, true);
    assert.equal(await api.connection.apiKey(), undefined, 'the environment key is ignored after Sign Out');
    assert.deepEqual(await api.explorer.provider.getChildren(), [], 'an empty tree shows the welcome view');
    assert.match(api.statusBar.item.text, /Signed out/);
  });

  it('Connect to Local Emulator starts the bundled emulator and signs in; Sign Out stops it', async function () {
    this.timeout(60_000);
    const result = (await vscode.commands.executeCommand('workspaceAutomation.connectEmulator')) as { url: string; workspaceId: string };
    assert.match(result.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(result.url, emulator.url, 'a second emulator, not the harness’s');
    const running = api.localEmulator.running!;
    assert.ok(running, 'running');
    await untilConnection(api, (c) => c?.baseUrl === result.url);
    assert.match(api.statusBar.item.text, /Local \(127\.0\.0\.1:\d+\)/);
    const dashboards = await groupChildren(api, 'dashboards');
    assert.ok(dashboards.length > 0, 'the demo workspace is listed');
    const again = (await vscode.commands.executeCommand('workspaceAutomation.connectEmulator')) as { url: string };
    assert.equal(again.url, result.url, 'a second connect reuses it');

    await vscode.commands.executeCommand('workspaceAutomation.signOut');
    assert.equal(api.localEmulator.running, undefined);
    assert.throws(() => process.kill(running.pid, 0), /ESRCH/, 'the emulator process is gone');
  });
});
