// Smoke: the real extension loads in a real VS Code, with the harness's settings and emulator.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, activateExtension, emulatorAdmin, requireEmulator, serviceFetch, waitForRequest } from './helpers';

describe('The extension in VS Code', () => {
  it('activates and returns its API', async () => {
    const api = await activateExtension();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, 'extension is active');
    assert.equal(typeof api.log.info, 'function', 'API exposes the log channel');
  });

  it('registers the Show Log command, and it runs', async () => {
    await activateExtension();
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('workspaceAutomation.showLog'), 'workspaceAutomation.showLog is registered');
    await vscode.commands.executeCommand('workspaceAutomation.showLog');
  });

  it('sees the emulator URL and workspace the harness put in its settings', function () {
    const emulator = requireEmulator(this);
    const config = vscode.workspace.getConfiguration('workspaceAutomation');
    assert.equal(config.get('baseUrl'), emulator.url);
    assert.equal(config.get('workspaceId'), emulator.workspaceId);
    assert.equal(process.env.WORKSPACE_AUTOMATION_API_KEY, emulator.apiKey);
  });

  it('reaches the emulator from the extension host with the key from the environment', async function () {
    const emulator = requireEmulator(this);
    const baseUrl = vscode.workspace.getConfiguration('workspaceAutomation').get<string>('baseUrl');
    // Only this test's request: suites before it also list operations (some with a wrong key).
    const since = (await emulatorAdmin(emulator).requests()).at(-1)?.seq ?? 0;
    const response = await serviceFetch(
      { ...emulator, url: baseUrl!, apiKey: process.env.WORKSPACE_AUTOMATION_API_KEY! },
      '/v1/operations',
    );
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as { data?: unknown };
    assert.ok(body.data, 'a { data } envelope');
    const logged = await waitForRequest(emulator, (r) => r.path === '/v1/operations', { since });
    assert.equal(logged.status, 200);
    assert.equal(logged.workspace, emulator.workspaceId);
  });
});
