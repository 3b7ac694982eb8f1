// A history of 5,000 revisions: from the start of the list request to the webview's report of its
// first paint (the panel's own timings, see HistoryPanel.timings), for a new panel each round.
// The integration suite history-large.test.ts checks the behaviour (one request, only visible rows
// drawn) with generous bounds; the tight target is held here.
import * as vscode from 'vscode';
import { HISTORY_PAGE, type HistoryPanel } from '../../../src/history/host/historyPanel';
import type { HostMessage, WebviewMessage } from '../../../src/history/protocol/protocol';
import { parseWebviewMessage } from '../../../src/history/host/messageSchema';
import { WebviewHost } from '../../../src/history/host/webviewHost';
import { closeEverything, EXTENSION_ID, eventToPromise, lastRequest, requestsSince, requireApi, type BenchContext } from './context';
import { profiled } from './profile';

const ROUNDS = 5;

/**
 * The floor under any webview's first paint in this VS Code: an empty panel whose only content is an
 * inline script posting one message, timed from its creation to that message. Measured beside
 * each history panel, in the same run.
 */
async function bareWebviewMs(): Promise<number> {
  const started = performance.now();
  const panel = vscode.window.createWebviewPanel('workspaceAutomation.benchBaseline', 'Baseline', vscode.ViewColumn.Active, {
    enableScripts: true,
  });
  try {
    const posted = new Promise<void>((resolve) => {
      const listener = panel.webview.onDidReceiveMessage(() => {
        listener.dispose();
        resolve();
      });
    });
    const nonce = Math.random().toString(36).slice(2);
    panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'"></head><body><script nonce="${nonce}">acquireVsCodeApi().postMessage({ type: 'ready' });</script></body></html>`;
    await posted;
    return performance.now() - started;
  } finally {
    panel.dispose();
  }
}

/**
 * The history page alone: the same HTML, script and styles as a history panel, timed from the
 * panel's creation to its `ready`, with no list request running beside it. Against the bare
 * baseline it is the page's own cost; against a real panel's `ready`, the cost of the list request
 * and the state running at the same time (2 cores: the emulator, the host and Chromium share them).
 */
async function historyPageMs(extensionUri: vscode.Uri, log: vscode.LogOutputChannel): Promise<number> {
  const started = performance.now();
  const host = new WebviewHost<WebviewMessage, HostMessage>({
    viewType: 'workspaceAutomation.benchHistoryPage',
    title: 'History page',
    extensionUri,
    ...HISTORY_PAGE,
    column: vscode.ViewColumn.Active,
    parse: parseWebviewMessage,
    log,
    component: '[Bench]',
  });
  try {
    await eventToPromise(host.onDidBecomeReady);
    return performance.now() - started;
  } finally {
    host.dispose();
  }
}

export async function measureLargeHistory(ctx: BenchContext): Promise<void> {
  const api = requireApi(ctx);
  const { ids, figures } = ctx;
  const resourceId = ids.largeDashboardResourceId;
  if (!resourceId) throw new Error('the emulator has no large dashboard (start it with --large)');
  // One unmeasured round: the first webview of the window also loads the webview machinery.
  for (let round = -1; round < ROUNDS; round++) {
    await closeEverything(api);
    const since = await lastRequest(ctx);
    const opened = performance.now();
    const { panel, timings, readyMs } = await profiled(round === 0 ? 'history' : 'history-unprofiled', async () => {
      const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
        kind: 'dashboard',
        id: ids.largeDashboardId,
        resourceId,
        name: 'Large history dashboard',
      }))!;
      // When the webview's script ran and said so: the state can only be handed over from then on.
      const ready = eventToPromise(panel.host.onDidBecomeReady).then(() => performance.now() - opened);
      const timings = await eventToPromise(panel.onDidRender);
      return { panel, timings, readyMs: await ready };
    });
    const lists = (await requestsSince(ctx, since)).filter((r) => r === `GET /v1/resources/${resourceId}/revisions`);
    if (round < 0) continue;
    figures.add('history.revisions', panel.state?.items.length ?? 0);
    figures.add('history.listRequests', lists.length);
    if (timings.listMs !== undefined) figures.add('history.listMs', timings.listMs);
    if (timings.postedMs !== undefined) figures.add('history.postedMs', timings.postedMs);
    if (timings.firstPaintMs !== undefined) figures.add('history.firstPaintMs', timings.firstPaintMs);
    if (timings.renderMs !== undefined) figures.add('history.renderMs', timings.renderMs);
    if (timings.rows !== undefined) figures.add('history.rows', timings.rows);
    figures.add('history.webviewReadyMs', readyMs);
    await panel.whenIdle();
    await closeEverything(api);
    figures.add('history.bareWebviewMs', await bareWebviewMs());
    await closeEverything(api);
    figures.add('history.pageOnlyMs', await historyPageMs(vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri, api.log));
  }
  await closeEverything(api);
}
