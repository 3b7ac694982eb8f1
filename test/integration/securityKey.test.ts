// The API key lives in SecretStorage (or, for CI, the environment) and nowhere else: after the
// extension worked with a key the user stored, failed with a wrong one and met server faults, no
// key appears in the settings files, the output channel (what it was handed and the log file VS
// Code wrote), the messages shown, the history webview's HTML and messages, the emulator's request
// log, or any other file of this VS Code's user data, logs and workspace.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { DemoInfo } from '../../src/emulator/types';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import { editText, revertAndCloseAll, setAutoSave, wsaUri } from './fileHelpers';
import { connectSuite, eventToPromise, type EmulatorInfo } from './helpers';
import { restoreHarnessConnection, untilConnection } from './explorerSupport';
import { waitUntil } from '../harness/lib/processes';
import { LogCapture } from './support/logCapture';

/** The banner's last line: what the emulator logs after it must hold no key. */
const BANNER_END = 'Stop with Ctrl+C.';

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

describe('Security: the API key never leaves SecretStorage', function () {
  this.timeout(120_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let demo: DemoInfo;
  let log: LogCapture;

  before(async function () {
    ({ emulator, api, admin, demo } = await connectSuite(this));
    await setAutoSave('off');
    await revertAndCloseAll();
    log = new LogCapture(api.log);
  });

  after(async () => {
    log?.dispose();
    await admin?.clearFaults();
    await setAutoSave(undefined);
    await revertAndCloseAll();
    if (api) await restoreHarnessConnection(api, emulator);
  });

  it('is in no settings file, log line, message, webview or request log after working, failing and meeting faults with it', async () => {
    const wrongKey = `apik_${randomBytes(24).toString('base64url')}`;
    const secrets: Record<string, string> = {
      'the environment key': emulator.apiKey,
      'the stored key': demo.editorApiKey,
      'a wrong stored key': wrongKey,
    };
    /** Everything the user could see, or the extension handed to VS Code, besides the log. */
    const shown: string[] = [];
    const uri = (name: string) => wsaUri(emulator.workspaceId, 'dashboard', demo.ids.dashboardId, name);
    const openFails = async (name: string) => {
      await assert.rejects(Promise.resolve(vscode.workspace.openTextDocument(uri(name))), (e: Error) => (shown.push(e.message), true));
    };
    const save = async (doc: vscode.TextDocument): Promise<SaveResult> => {
      await editText(doc, (t) => `${t}// security check ${Date.now()}\n`);
      const result = (await vscode.commands.executeCommand('workspaceAutomation.save', doc.uri)) as SaveResult;
      if (result.status === 'failed') shown.push(String(result.error), JSON.stringify(result.error));
      return result;
    };

    // A key the user signed in with: SecretStorage only.
    await api.connection.storeApiKey(demo.editorApiKey);
    await untilConnection(api, (c) => c !== undefined);
    await api.explorer.model.refresh();
    await api.explorer.model.getChildren(api.explorer.model.group('dashboards'));
    const doc = await vscode.workspace.openTextDocument(uri('Revenue by region (security)'));
    await vscode.window.showTextDocument(doc);
    assert.equal((await save(doc)).status, 'saved', 'the stored key works');
    const database = await vscode.workspace.openTextDocument(
      wsaUri(emulator.workspaceId, 'database', demo.ids.inventoryDatabaseId, 'Inventory (security)'),
    );
    await editText(database, (t) => {
      const definition = JSON.parse(t) as { tables: { columns: unknown[] }[] };
      definition.tables.at(-1)!.columns.push({ name: 'security_check', type: 'text', nullable: true });
      return `${JSON.stringify(definition, null, 2)}\n`;
    });
    const forbidden = (await vscode.commands.executeCommand('workspaceAutomation.save', database.uri)) as SaveResult;
    assert.equal(forbidden.status, 'failed', 'the editor key may not save a database definition');
    shown.push(String((forbidden as { error: unknown }).error));
    for (const kind of ['html', 'status', 'drop'] as const) {
      await admin.injectFault({ kind, match: { method: 'PUT', path: `/v1/dashboards/${demo.ids.dashboardId}/source` } });
      assert.equal((await save(doc)).status, 'failed');
      await admin.injectFault({ kind, count: 4, match: { method: 'GET', path: `/v1/dashboards/${demo.ids.dashboardId}/source` } });
      await openFails(`Revenue by region (security ${kind})`);
      await admin.clearFaults();
    }

    // The history webview: its HTML and every message handed to it.
    const opened = eventToPromise(api.history.onDidOpenPanel);
    void vscode.commands.executeCommand('workspaceAutomation.showHistory', {
      kind: 'dashboard',
      id: demo.ids.dashboardId,
      resourceId: demo.ids.dashboardResourceId,
      name: 'Revenue by region',
    });
    const panel: HistoryPanel = await opened;
    const posted: unknown[] = [];
    const postSub = panel.host.onDidPostMessage((m) => posted.push(m));
    const state = panel.state ?? (await eventToPromise(panel.onDidChangeState));
    shown.push(panel.panel.webview.html, JSON.stringify(state));
    postSub.dispose();
    shown.push(JSON.stringify(posted));
    panel.dispose();

    // A wrong key: everything is refused, and no message repeats the key.
    await api.connection.storeApiKey(wrongKey);
    await openFails('Revenue by region (wrong key)');
    await api.explorer.model.refresh();
    await api.explorer.model.getChildren(api.explorer.model.group('dashboards'));
    const problem = api.explorer.model.problem;
    assert.ok(problem, 'the explorer says the key was rejected');
    shown.push(`${problem.label} ${problem.detail ?? ''}`);
    assert.equal((await save(doc)).status, 'failed');
    await revertAndCloseAll();
    await api.connection.forgetApiKey();

    // Where the text ended up. The output channel's file is complete once a last line reached it.
    const marker = `[Security] end of the key check ${randomBytes(8).toString('hex')}`;
    api.log.info(marker);
    const runDir = dirname(process.env.WSA_TEST_RESULTS_FILE!);
    const channelFile = () => filesUnder(join(runDir, 'user-data', 'logs')).find((f) => f.endsWith('Workspace Automation.log'));
    assert.ok(
      await waitUntil(() => !!channelFile() && readFileSync(channelFile()!, 'utf8').includes(marker), 20_000),
      'the output channel reaches its log file',
    );

    const places: { where: string; text: string }[] = [
      { where: 'the output channel (every line it was handed, trace included)', text: log.lines.map((l) => l.text).join('\n') },
      { where: 'messages, webview HTML and messages', text: shown.join('\n') },
      { where: 'the emulator’s request log', text: JSON.stringify(await admin.requests()) },
      {
        where: 'the settings',
        text: JSON.stringify(
          Object.keys(vscode.workspace.getConfiguration('workspaceAutomation')).map((k) =>
            vscode.workspace.getConfiguration('workspaceAutomation').inspect(k),
          ),
        ),
      },
    ];
    // Every file of this VS Code: user and workspace settings, logs (the channel's file among them),
    // global and workspace storage (state the extension keeps), the server's and the browser's logs.
    const workspaceFolder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const files = [...filesUnder(runDir), ...(workspaceFolder && !workspaceFolder.startsWith(runDir) ? filesUnder(workspaceFolder) : [])];
    assert.ok(
      files.some((f) => f.endsWith(join('User', 'settings.json'))),
      'the user settings file is among them',
    );
    for (const file of files) {
      if (statSync(file).size > 50 * 1024 * 1024) continue;
      let text = readFileSync(file, 'latin1');
      // The emulators are the service, not the extension: their banner lists the demo keys by design
      // (how to call them), and the local emulator's state file is its key store. The demo seed is
      // deterministic, so it holds the same demo keys. What an emulator logs after its banner must
      // not hold any.
      if (/(^|\/)emulator\.log$/.test(file)) {
        // Without its marker the slice would keep one character and check nothing of the log.
        const bannerEnd = text.indexOf(BANNER_END);
        assert.ok(bannerEnd >= 0, `${relative(runDir, file)} has the emulator's banner (${BANNER_END})`);
        text = text.slice(bannerEnd);
      }
      if (file.endsWith('state.json') && text.includes('"format":"wsa-emulator-state"')) continue;
      places.push({ where: relative(runDir, file), text });
    }
    const leaks = places.flatMap(({ where, text }) =>
      Object.entries(secrets)
        .filter(([, key]) => text.includes(key))
        .map(([name]) => `${name} in ${where}`),
    );
    assert.deepEqual(leaks, [], 'no key anywhere');
    console.log(
      `Security: no API key in ${files.length} files under the user data, logs and workspace, ${log.lines.length} output channel lines, ${shown.length} messages and webview payloads, or the request log.`,
    );
    // The check looked at what it meant to: the stored key did the work, and the failures were shown.
    assert.ok(
      (await admin.requests()).some((r) => r.actorId === demo.ids.editorKeyActorId),
      'requests were made with the stored key',
    );
    assert.ok(shown.length >= 10 && shown.some((m) => /401|rejected|not valid/.test(m)), 'the failures were reported');
  });
});
