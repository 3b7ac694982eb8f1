// A key goes only to the origin it was entered for: a cloned folder's `.vscode/settings.json`
// (played with ConfigurationTarget.Workspace) that names another service gets no request with the
// user's key, stored or from the environment, and the user is told what the folder asks for. The
// folder's service is a second emulator, B, behind a loopback recorder that keeps the headers of
// every request it forwards (B's own request log keeps no header).
import * as assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ConnectionStatus } from '../../src/connection/connectionManager';
import type { ConnectionDialogs } from '../../src/connection/connectionDialogs';
import type { KeyedConnection } from '../../src/connection/connectionProvider';
import { originOf } from '../../src/connection/model/origins';
import type { AdminClient } from '../../src/emulator/adminClient';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { DemoInfo } from '../../src/emulator/types';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { connectSuite, type EmulatorInfo } from './helpers';
import { restoreHarnessConnection, untilConnection } from './explorerSupport';
import { revertAndCloseAll, wsaUri } from './fileHelpers';
import { NotificationCapture } from './support/notificationCapture';

const SECTION = 'workspaceAutomation';

/** A loopback forwarder in front of `target` that records each request's headers. */
async function recorder(target: string): Promise<{ url: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    const forward = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

function untilStatus(
  api: WorkspaceAutomationApi,
  predicate: (s: ConnectionStatus | undefined) => boolean,
): Promise<ConnectionStatus | undefined> {
  if (predicate(api.connection.status)) return Promise.resolve(api.connection.status);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (sub.dispose(), reject(new Error(`status stayed ${JSON.stringify(api.connection.status)}`))), 10_000);
    const sub = api.connection.onDidChangeStatus((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(s);
    });
  });
}

/** Waits for the connection the manager built (with its origin and where its key came from). */
function untilKeyed(
  api: WorkspaceAutomationApi,
  predicate: (c: KeyedConnection | undefined) => boolean,
): Promise<KeyedConnection | undefined> {
  return untilConnection(api, () => predicate(api.connection.current)).then(() => api.connection.current);
}

/** Answers the connection's modal questions with `answer(message, actions)`, recording each. */
function answering(api: WorkspaceAutomationApi, answer: (message: string, actions: readonly string[]) => string | undefined) {
  const asked: { message: string; detail: string }[] = [];
  const dialogs: ConnectionDialogs = {
    confirm: (message, detail, actions) => (asked.push({ message, detail }), Promise.resolve(answer(message, actions))),
  };
  return { asked, disposable: api.testing.useConnectionDialogs(dialogs) };
}

async function setFolder(key: string, value: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update(key, value, vscode.ConfigurationTarget.Workspace);
}

describe('Security: a key goes only to the origin it was entered for', function () {
  this.timeout(90_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let demo: DemoInfo;
  let b: RunningEmulator;
  let folderService: Awaited<ReturnType<typeof recorder>>;
  let A: string;

  before(async function () {
    ({ emulator, api, admin, demo } = await connectSuite(this));
    b = await startEmulator({ port: 0, adminPort: 0, quiet: true, variants: emulator.variants });
    folderService = await recorder(b.url);
    A = originOf(emulator.url)!;
  });

  afterEach(async function () {
    this.timeout(30_000);
    for (const key of ['baseUrl', 'authHeader', 'authScheme']) await setFolder(key, undefined);
    await api.connection.forgetApiKey(originOf(folderService.url));
    await api.secrets.delete('workspaceAutomation.apiKey');
    await revertAndCloseAll();
    await restoreHarnessConnection(api, emulator);
    // A test may have sent B the key with the user's yes (Use My Key); the next starts from an empty log.
    b.clearRequests();
  });

  after(async () => {
    await folderService?.close();
    await b?.close();
  });

  /** The folder names B; the explorer is refreshed and a resource opened: what reached B? */
  async function folderNamesB(keys: string[]): Promise<ConnectionStatus> {
    const sinceB = folderService.seen.length;
    await setFolder('baseUrl', folderService.url);
    // Once the extension took the folder's value in, whatever it decided.
    const status = await untilStatus(api, (s) => !!s && 'origin' in s && s.origin === originOf(folderService.url));
    await api.explorer.model.refresh();
    await api.explorer.model.getChildren(api.explorer.model.group('dashboards'));
    const opened = await Promise.resolve(
      vscode.workspace.openTextDocument(wsaUri(b.demo.workspaceId, 'dashboard', b.demo.ids.dashboardId, 'Revenue (folder)')),
    ).then(
      () => true,
      () => false,
    );
    const carrying = folderService.seen.slice(sinceB).filter((h) => keys.some((k) => JSON.stringify(h).includes(k)));
    assert.equal(carrying.length, 0, 'B received no request carrying the user’s key');
    assert.equal(b.requests().filter((r) => r.actorId !== null).length, 0, 'B’s request log has no authenticated request');
    assert.equal(opened, false, 'the resource does not open without a key for the folder’s origin');
    assert.equal(status?.kind, 'noKey', 'the folder’s origin has no key');
    return status!;
  }

  it('a folder naming another service gets no request with the stored key; the status bar names the origin it asks for', async () => {
    const signedIn = (await vscode.commands.executeCommand(`${SECTION}.signIn`, {
      baseUrl: emulator.url,
      apiKey: demo.editorApiKey,
      workspaceId: emulator.workspaceId,
    })) as { signedIn: boolean };
    assert.equal(signedIn.signedIn, true);
    const status = await folderNamesB([demo.editorApiKey, emulator.apiKey]);
    assert.equal(api.connection.current, undefined, 'no client is built without a key for the folder’s origin');
    const B = originOf(folderService.url)!;
    assert.match(api.statusBar.item.text, new RegExp(`folder asks for ${B.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const tooltip = (api.statusBar.item.tooltip as vscode.MarkdownString).value;
    assert.ok(tooltip.includes(B) && tooltip.includes(A), 'the tooltip names the folder’s origin and the user’s');
    assert.match(tooltip, /no API key is sent there/);
    assert.equal(status.kind === 'noKey' && status.userHasKey, true, 'Use My Key is offered');

    // Use My Key for B, after the modal yes: then B gets that key, for this origin only.
    const dialogs = answering(api, (_, actions) => actions[0]);
    try {
      assert.equal(await vscode.commands.executeCommand(`${SECTION}.useMyKeyForFolderService`), true);
    } finally {
      dialogs.disposable.dispose();
    }
    assert.match(dialogs.asked[0]!.message, new RegExp(`Send your API key for ${A.replace(/[.]/g, '\\.')} to`));
    const c = await untilConnection(api, (x) => x?.baseUrl === folderService.url);
    assert.equal(c?.baseUrl, folderService.url);
    assert.ok(await api.connection.hasKeyFor(B), 'the key is stored for B too');
    assert.ok(await api.connection.hasKeyFor(A), 'and still for A');
  });

  it('a folder naming another service gets no request with the environment key either', async () => {
    assert.ok(process.env.WORKSPACE_AUTOMATION_API_KEY, 'the harness sets the environment key');
    await untilKeyed(api, (c) => c?.keyFrom === 'env');
    const status = await folderNamesB([process.env.WORKSPACE_AUTOMATION_API_KEY!]);
    assert.equal(status.kind === 'noKey' && status.userHasKey, false, 'the environment key is never copied');
    assert.match(api.statusBar.item.text, /folder asks for/);
  });

  it('a folder’s header settings do not move the key into another header until the user accepts them', async () => {
    await untilConnection(api, (c) => c?.baseUrl === emulator.url);
    const leakHeader = 'X-Folder-Header';
    await setFolder('authHeader', leakHeader);
    const taken = (s: ConnectionStatus | undefined) =>
      !!s && 'carriers' in s && (s.ignoredFolder.authHeader === leakHeader || s.carriers.authHeader === leakHeader);
    await untilStatus(api, taken);
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    await api.explorer.model.refresh();
    await api.explorer.model.getChildren(api.explorer.model.group('operations'));
    const after = await admin.requests(since);
    assert.ok(after.length > 0 && after.every((r) => r.actorId !== null), 'A still receives the key where the user’s settings put it');
    assert.match((api.statusBar.item.tooltip as vscode.MarkdownString).value, new RegExp(`authHeader\` = \`${leakHeader}`));

    const dialogs = answering(api, (_, actions) => actions[0]);
    try {
      assert.equal(await vscode.commands.executeCommand(`${SECTION}.acceptFolderHeaders`), true);
    } finally {
      dialogs.disposable.dispose();
    }
    assert.match(dialogs.asked[0]!.detail, new RegExp(leakHeader));
    await untilKeyed(api, (c) => !!c && c.fromFolder.includes('authHeader'));
  });

  it('Sign In while the folder names another service: the key is checked and used for the origin requests go to', async () => {
    await setFolder('baseUrl', folderService.url);
    await untilStatus(api, (s) => s?.kind === 'noKey');
    // Declined: nothing is stored, the user is told why.
    let dialogs = answering(api, () => undefined);
    const declined = (await vscode.commands.executeCommand(`${SECTION}.signIn`, {
      baseUrl: emulator.url,
      apiKey: demo.editorApiKey,
      workspaceId: emulator.workspaceId,
    })) as { signedIn: boolean; step?: string; message?: string };
    dialogs.disposable.dispose();
    assert.equal(declined.signedIn, false);
    assert.match(declined.message!, /folder’s settings send requests to/);
    assert.match(dialogs.asked[0]!.message, /This folder’s settings send requests to/);
    // "Use A in This Folder": the folder's setting is changed, requests go to A with A's key.
    dialogs = answering(api, (_, actions) => actions.find((a) => a.startsWith('Use ')));
    const ok = (await vscode.commands.executeCommand(`${SECTION}.signIn`, {
      baseUrl: emulator.url,
      apiKey: demo.editorApiKey,
      workspaceId: emulator.workspaceId,
    })) as { signedIn: boolean };
    dialogs.disposable.dispose();
    assert.equal(ok.signedIn, true);
    const c = await untilKeyed(api, (x) => x?.baseUrl === emulator.url && x.keyFrom === 'stored');
    assert.equal(c?.origin, A, 'requests go where the key was checked');
    assert.equal(vscode.workspace.getConfiguration(SECTION).inspect('baseUrl')?.workspaceValue, emulator.url);
    assert.equal(b.requests().filter((r) => r.actorId !== null).length, 0, 'B never saw the key');
  });

  it('Sign In to the folder’s service stores the key for that origin and leaves the user’s URL alone', async () => {
    await setFolder('baseUrl', folderService.url);
    await untilStatus(api, (s) => s?.kind === 'noKey');
    const outcome = (await vscode.commands.executeCommand(`${SECTION}.signInToFolderService`, {
      apiKey: b.demo.apiKey,
      workspaceId: b.demo.workspaceId,
    })) as { signedIn: boolean };
    assert.equal(outcome.signedIn, true);
    await untilConnection(api, (x) => x?.baseUrl === folderService.url);
    assert.equal(
      vscode.workspace.getConfiguration(SECTION).inspect('baseUrl')?.globalValue,
      emulator.url,
      'the user’s own URL is unchanged',
    );
    assert.match((api.statusBar.item.tooltip as vscode.MarkdownString).value, /from this folder’s settings/);
  });

  it('plain http to another machine is refused unless the user confirms; a configured one sends nothing', async () => {
    const plain = 'http://wsa-plain-http.invalid:8080';
    const dialogs = answering(api, () => undefined);
    const outcome = (await vscode.commands.executeCommand(`${SECTION}.signIn`, {
      baseUrl: plain,
      apiKey: demo.editorApiKey,
      workspaceId: emulator.workspaceId,
    })) as { signedIn: boolean; step?: string; message?: string };
    dialogs.disposable.dispose();
    assert.equal(outcome.signedIn, false);
    assert.equal(outcome.step, 'baseUrl');
    assert.match(dialogs.asked[0]!.message, /sends your API key unencrypted/);
    assert.equal(await api.connection.hasKeyFor(originOf(plain)!), false, 'nothing stored');

    await vscode.workspace.getConfiguration(SECTION).update('baseUrl', plain, vscode.ConfigurationTarget.Global);
    await api.connection.storeApiKey(demo.editorApiKey, originOf(plain));
    await untilStatus(api, (s) => !!s && 'origin' in s && s.origin === originOf(plain) && s.kind !== 'noKey');
    assert.equal(api.connection.current, undefined, 'no client for a plain-http URL not allowed');
    assert.equal(api.connection.status?.kind, 'plainHttp');
    assert.match(api.statusBar.item.text, /is plain http/);
    await api.connection.forgetApiKey(originOf(plain));
  });

  it('Connect to Local Emulator keeps the real key of another origin, used again when the user switches back', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand(`${SECTION}.signIn`, {
      baseUrl: emulator.url,
      apiKey: demo.editorApiKey,
      workspaceId: emulator.workspaceId,
    });
    const result = (await vscode.commands.executeCommand(`${SECTION}.connectEmulator`)) as { url: string };
    await untilConnection(api, (c) => c?.baseUrl === result.url);
    assert.ok(await api.connection.hasKeyFor(A), 'the key for the real service is still there');
    await vscode.workspace.getConfiguration(SECTION).update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await untilConnection(api, (c) => c?.baseUrl === emulator.url);
    assert.equal(await api.connection.apiKey(), demo.editorApiKey, 'the real key is used again');
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    await api.explorer.model.refresh();
    await api.explorer.model.getChildren(api.explorer.model.group('operations'));
    assert.ok((await admin.requests(since)).some((r) => r.actorId === demo.ids.editorKeyActorId));
    await vscode.workspace.getConfiguration(SECTION).update('baseUrl', result.url, vscode.ConfigurationTarget.Global);
    await untilConnection(api, (c) => c?.baseUrl === result.url);
    await vscode.commands.executeCommand(`${SECTION}.signOut`);
    assert.equal(api.localEmulator.running, undefined);
    assert.ok(await api.connection.hasKeyFor(A), 'signing out of the emulator forgets its key only');
  });

  it('the security prompts, run when they do not apply, ask nothing and say why', async () => {
    await untilConnection(api, (c) => c?.baseUrl === emulator.url);
    const notifications = new NotificationCapture();
    const dialogs = answering(api, (_, actions) => actions[0]);
    try {
      for (const [command, why] of [
        ['allowPlainHttp', /Nothing to allow: .* is not plain http to another machine/],
        ['useMyKeyForFolderService', /name no service that needs your key/],
        ['acceptFolderHeaders', /ask for no other header settings/],
        ['signInToFolderService', /name no service of their own/],
      ] as const) {
        const mark = notifications.mark();
        const result: unknown = await vscode.commands.executeCommand(`${SECTION}.${command}`);
        assert.ok(result === false || (result as { signedIn?: boolean }).signedIn === false, `${command} did nothing`);
        const told = notifications.since(mark).map((m) => m.text);
        assert.equal(told.length, 1, `${command} says why: ${JSON.stringify(told)}`);
        assert.match(told[0]!, why);
      }
      assert.deepEqual(dialogs.asked, [], 'no question was asked');
      assert.equal(api.connection.current?.baseUrl, emulator.url, 'the connection is as it was');
    } finally {
      dialogs.disposable.dispose();
      notifications.dispose();
    }
  });

  it('Sign Out forgets the current origin’s key only and says which', async () => {
    const notifications = new NotificationCapture();
    try {
      await api.connection.storeApiKey('apik_otherOriginKey00000000', originOf(folderService.url));
      await vscode.commands.executeCommand(`${SECTION}.signIn`, {
        baseUrl: emulator.url,
        apiKey: demo.editorApiKey,
        workspaceId: emulator.workspaceId,
      });
      await vscode.commands.executeCommand(`${SECTION}.signOut`);
      await untilConnection(api, (c) => c === undefined);
      assert.equal(await api.connection.hasKeyFor(A), false);
      assert.equal(await api.connection.hasKeyFor(originOf(folderService.url)!), true, 'another origin keeps its key');
      // Said in the notification the user reads (the log's line is not what they see).
      const said = notifications.shown.filter((m) => m.level === 'info' && m.text.includes(`Signed out of ${A}`));
      assert.equal(said.length, 1, `the origin is named: ${JSON.stringify(notifications.shown)}`);
    } finally {
      notifications.dispose();
    }
  });

  it('the single key of an earlier version moves to the user-level baseUrl’s origin, never the folder’s', async () => {
    await api.connection.forgetApiKey(A);
    await setFolder('baseUrl', folderService.url);
    await untilStatus(api, (s) => s?.kind === 'noKey');
    await api.secrets.store('workspaceAutomation.apiKey', demo.editorApiKey);
    await untilStatus(api, (s) => s?.kind === 'noKey' && s.userHasKey);
    assert.equal(await api.secrets.get(`workspaceAutomation.apiKey/${A}`), demo.editorApiKey);
    assert.equal(await api.connection.hasKeyFor(originOf(folderService.url)!), false);
    assert.equal(await api.secrets.get('workspaceAutomation.apiKey'), undefined, 'moved, not copied');
  });
});
