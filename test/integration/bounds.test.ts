// A service whose fact list or revision list repeats its cursor, in the real extension host: the
// explorer's Facts group and the history panel show what was listed and say the list stopped,
// instead of offering "Load more…" forever or asking again without end.
// The service is a private emulator behind a loopback proxy (in this test) that rewrites the fact
// list's `nextCursor`; everything else passes through unchanged.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { isResourceNode } from '../../src/explorer/model/nodes';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import { activateExtension, eventToPromise, requireEmulator, type EmulatorInfo } from './helpers';
import { groupChildren, restoreHarnessConnection, treeItem, untilConnection } from './explorerSupport';

/** Forwards every request to `target`; a fact list or revision list page comes back with `nextCursor: "again"`. */
function repeatingCursorProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const facts = req.method === 'GET' && /^\/v1\/(facts|resources\/[^/]+\/revisions)(\?|$)/.test(req.url ?? '');
      // The emulator knows no cursor "again": every fact page is its first page.
      const url = facts ? (req.url ?? '').replace(/([?&])cursor=again(&|$)/, '$1') : (req.url ?? '/');
      void fetch(target + url, { method: req.method, headers, ...(body ? { body } : {}) })
        .then(async (answer) => {
          let text = await answer.text();
          if (facts && answer.ok) {
            const json = JSON.parse(text) as { data: unknown[] | { items: unknown[] } };
            text = Array.isArray(json.data)
              ? JSON.stringify({ data: { items: json.data, nextCursor: 'again' } })
              : JSON.stringify({ data: { ...json.data, nextCursor: 'again' } });
          }
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
        })
        .catch(() => res.destroy());
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

describe('Bounded lists in the explorer', function () {
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let own: RunningEmulator;
  let proxy: { url: string; server: Server };

  before(async function () {
    this.timeout(30_000);
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    own = await startEmulator({ quiet: true });
    proxy = await repeatingCursorProxy(own.url);
    await api.connection.signIn({ baseUrl: proxy.url, apiKey: own.demo.apiKey, workspaceId: own.demo.workspaceId });
    await untilConnection(api, (c) => c?.baseUrl === proxy.url);
  });

  after(async function () {
    this.timeout(20_000);
    if (api && emulator) await restoreHarnessConnection(api, emulator);
    proxy?.server.closeAllConnections();
    await new Promise((resolve) => (proxy ? proxy.server.close(resolve) : resolve(undefined)));
    await own?.close();
  });

  it('a fact list that repeats its cursor ends with a message in the Facts group, not an endless "Load more…"', async function () {
    this.timeout(30_000);
    await vscode.commands.executeCommand('workspaceAutomation.explorer.focus');
    const first = await groupChildren(api, 'facts');
    const listed = first.filter(isResourceNode).length;
    assert.ok(listed > 0, 'the first page lists facts');
    assert.ok(
      first.some((n) => n.kind === 'loadMore'),
      'the first page offers more',
    );
    await api.explorer.model.loadMore(api.explorer.model.group('facts'));
    const after = await groupChildren(api, 'facts');
    assert.equal(
      after.some((n) => n.kind === 'loadMore'),
      false,
      'no more "Load more…" once the cursor came back',
    );
    assert.equal(
      after.filter(isResourceNode).length,
      listed,
      `the same facts, once each: ${after.map((n) => `${n.kind} ${String(treeItem(api, n).label)} ${String(treeItem(api, n).description)}`).join('; ')}`,
    );
    const message = after.find((n) => n.kind === 'message');
    assert.ok(message, 'the group says why it stopped');
    assert.equal(treeItem(api, message).label, `The service listed a page of facts twice; showing the ${listed} listed before it.`);
  });

  it('a revision history that repeats its cursor shows what was read and says the service lists more', async function () {
    this.timeout(30_000);
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
      kind: 'database',
      id: own.demo.ids.databaseId,
      resourceId: own.demo.ids.databaseId,
      name: 'Orders',
    }))!;
    try {
      const notice = eventToPromise(panel.host.onDidPostMessage, (m) => m.type === 'notice');
      const state = panel.state ?? (await eventToPromise(panel.onDidChangeState));
      const told = await notice;
      assert.ok(state.items.length > 0, 'the revisions read are listed');
      assert.equal(told.type === 'notice' && told.level, 'info');
      assert.match(told.type === 'notice' ? told.message : '', new RegExp(`Showing the newest ${state.items.length} revisions`));
    } finally {
      panel.dispose();
    }
  });
});
