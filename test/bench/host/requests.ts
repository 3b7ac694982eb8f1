// Requests per action, counted in the emulator's request log, each action done as a user does it:
// open a dashboard in an editor, save it (File > Save), open a second dashboard, open its revision
// history from the tree, compare two revisions already read. The reads of the runtime declarations
// and of a data run are counted apart as well (first-time contract reads). (Expanding a tree group is counted in tree.ts.)
import * as vscode from 'vscode';
import type { HistoryPanel } from '../../../src/history/host/historyPanel';
import {
  closeEverything,
  eventToPromise,
  lastRequest,
  requestLinesSince,
  requestsSince,
  requireApi,
  wsaUri,
  type BenchContext,
} from './context';

/**
 * The requests made after `since`, once none has arrived for `quietMs`. Some follow-ups of an action
 * run in the background (a re-check when an editor appears, line counts after a paint): counting
 * right when the action resolves would miss them, so this waits for the log to stay still.
 */
export async function settledRequests(ctx: BenchContext, since: number, quietMs = 600, maxMs = 8_000): Promise<string[]> {
  const started = Date.now();
  let seen = -1;
  let changedAt = started;
  for (;;) {
    const list = await requestsSince(ctx, since);
    if (list.length !== seen) {
      seen = list.length;
      changedAt = Date.now();
    }
    if (Date.now() - changedAt >= quietMs || Date.now() - started >= maxMs) return list;
    // eslint-disable-next-line no-restricted-syntax -- a poll for "nothing changed for a while", whose quiet time is the condition
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The reads of what a dashboard is checked against: once per connection (declarations) or per data run. */
const isContractRead = (line: string) => line.endsWith(' /v1/dashboard-runtime/types') || line.includes(' /v1/operation-runs/');

async function record(ctx: BenchContext, key: string, requests: string[], since: number, startedAt: Date): Promise<void> {
  ctx.figures.add(key, requests.length);
  ctx.figures.add(`${key}.contract`, requests.filter(isContractRead).length);
  const lines = await requestLinesSince(ctx, since);
  ctx.figures.note(key, `action at ${startedAt.toISOString().slice(11, 23)}: ${lines.length ? lines.join(', ') : 'no request'}`);
}

export async function measureRequests(ctx: BenchContext): Promise<void> {
  const api = requireApi(ctx);
  const { ids } = ctx;
  await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  await closeEverything(api);

  // Open: the editor shows the dashboard read once.
  const uri = wsaUri(ctx.emulator.workspaceId, 'dashboards', ids.dashboardId!, 'Revenue by region');
  let since = await lastRequest(ctx);
  let started = new Date();
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  await record(ctx, 'requests.openDashboard', await settledRequests(ctx, since), since, started);

  // Save: one guarded PUT.
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, doc.positionAt(doc.getText().length), '\n// benchmark save\n');
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('the edit did not apply');
  since = await lastRequest(ctx);
  started = new Date();
  if (!(await doc.save())) throw new Error('the save failed');
  await record(ctx, 'requests.save', await settledRequests(ctx, since), since, started);
  await closeEverything(api);

  // A second dashboard: its source, and its data run unless another dashboard read the same run.
  const second = wsaUri(ctx.emulator.workspaceId, 'dashboards', ids.churnDashboardId!, 'Customer churn');
  since = await lastRequest(ctx);
  started = new Date();
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(second), { preview: false });
  await record(ctx, 'requests.openSecondDashboard', await settledRequests(ctx, since), since, started);
  await closeEverything(api);

  // History from the tree item: the one list request before the first paint. Line counts of the
  // visible rows are read after the paint; they are counted separately.
  since = await lastRequest(ctx);
  started = new Date();
  const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
    kind: 'dashboard',
    id: ids.dashboardId,
    resourceId: ids.dashboardResourceId,
    name: 'Revenue by region',
  }))!;
  const statsAsked = eventToPromise(panel.onDidHandleMessage, (m) => m.type === 'loadStats');
  await eventToPromise(panel.onDidRender);
  const untilPaint = await requestsSince(ctx, since);
  await record(ctx, 'requests.openHistory', untilPaint, since, started);
  await statsAsked;
  await panel.whenIdle();
  const after = (await settledRequests(ctx, since)).slice(untilPaint.length);
  ctx.figures.add('requests.historyLineCounts', after.length);
  ctx.figures.note(
    'requests.historyLineCounts',
    `${after.length} revision reads for the line counts of the rows on screen, after the paint`,
  );

  // Compare two revisions whose line counts were shown: read already, so no request.
  const seen = (panel.state?.items ?? []).filter((item) => api.revisions.has(ids.dashboardResourceId!, item.id)).map((item) => item.id);
  if (seen.length < 2) throw new Error(`only ${seen.length} revision(s) were read for line counts`);
  since = await lastRequest(ctx);
  started = new Date();
  if (!(await panel.deliver({ type: 'compare', left: seen[1], right: seen[0] }))) throw new Error('the compare message was refused');
  await record(ctx, 'requests.compareSeen', await settledRequests(ctx, since), since, started);
  await closeEverything(api);
}
