// A 5,000-revision history: the panel paints after the one list request and draws only the rows
// that show. Runs against a second, in-process emulator in `large` mode: the extension is pointed
// at it for this suite and back at the session's emulator afterwards (same demo key and workspace).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import { REST_AT_THE_LATEST_MS } from '../../src/history/host/panelParts';
import { FIRST_SCREEN_ITEMS, unpackItems, type HostMessage } from '../../src/history/protocol/protocol';
import { activateExtension, eventToPromise, requireEmulator, type EmulatorInfo, pointExtensionAt } from './helpers';

describe('Revision history of 5,000 revisions', function () {
  this.timeout(60_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let large: RunningEmulator | undefined;

  const pointAt = (url: string) => pointExtensionAt(api, url);

  before(async function () {
    emulator = requireEmulator(this);
    api = await activateExtension();
    await api.ready;
    large = await startEmulator({ port: 0, adminPort: 0, large: 1, quiet: true });
    assert.equal(large.demo.workspaceId, emulator.workspaceId, 'the large emulator seeds the same demo workspace');
    for (const panel of api.history.all()) panel.dispose();
    await pointAt(large.url);
  });

  after(async () => {
    for (const panel of api.history.all()) panel.dispose();
    if (emulator) await pointAt(emulator.url);
    await large?.close();
  });

  /** Opens the history of the large emulator's dashboard with 5,000 revisions. */
  const showLarge = async (): Promise<HistoryPanel> =>
    (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
      kind: 'dashboard',
      id: large!.demo.ids.largeDashboardId,
      resourceId: large!.demo.ids.largeDashboardResourceId,
      name: 'Large history dashboard',
    }))!;

  it('paints the first rows after one list request, drawing only what is visible', async () => {
    const resourceId = large!.demo.ids.largeDashboardResourceId!;
    const before = large!.requests().length;
    const panel = await showLarge();
    const painted = eventToPromise(panel.onDidRender);
    const state = panel.state ?? (await eventToPromise(panel.onDidChangeState));
    assert.ok(state.items.length >= 5000, `${state.items.length} revisions`);
    const timings = await painted;
    api.log.info(
      `[History test] 5,000 revisions: list ${timings.listMs?.toFixed(0)} ms, first paint ${timings.firstPaintMs?.toFixed(0)} ms after the request, render ${timings.renderMs?.toFixed(0)} ms.`,
    );
    console.log(
      `      5,000 revisions: list request ${timings.listMs?.toFixed(0)} ms, handed to the webview at ${timings.postedMs?.toFixed(0)} ms, first paint ${timings.firstPaintMs?.toFixed(0)} ms after it (webview render ${timings.renderMs?.toFixed(0)} ms)`,
    );
    // Before the paint, the only request for the history is the one list request.
    const history = large!
      .requests()
      .slice(before)
      .filter((r) => r.path.startsWith(`/v1/resources/${resourceId}`));
    assert.equal(history.filter((r) => r.path === `/v1/resources/${resourceId}/revisions`).length, 1, 'one list request');
    // Generous bounds: a loaded 2-core CI machine must not make this flaky; the benchmark holds the tight one.
    assert.ok(timings.rows !== undefined && timings.rows > 0 && timings.rows < 200, `${timings.rows} rows drawn of ${state.items.length}`);
    assert.ok((timings.renderMs ?? Infinity) < 1000, `the webview rendered in ${timings.renderMs} ms`);
    assert.ok((timings.firstPaintMs ?? Infinity) < 8000, `first paint ${timings.firstPaintMs} ms after the list request started`);
  });

  it('writes the page at once, hands over the first screen once and the rest only after its paint', async () => {
    for (const panel of api.history.all()) panel.dispose();
    const panel = await showLarge();
    // VS Code builds the page's frame while the list request runs: the page does not wait for it.
    assert.equal(panel.state, undefined, 'the history has not arrived yet');
    assert.match(panel.panel.webview.html, /<div id="app">/, 'the page is written before the history arrives');
    // The icon font applies after the page's load event (a font loading holds that event back).
    const html = panel.panel.webview.html;
    assert.equal(html.match(/@font-face/g)?.length, 1, 'one @font-face rule');
    assert.match(html, /<style nonce="[^"]+" id="late-fonts" media="not all">\s*@font-face/);
    const events: string[] = [];
    const posted: HostMessage[] = [];
    const postedAt = new Map<string, number>();
    const listening = [
      panel.host.onDidPostMessage((m) => {
        posted.push(m);
        events.push(m.type);
        if (!postedAt.has(m.type)) postedAt.set(m.type, Date.now());
      }),
      panel.onDidRender(() => events.push('rendered')),
    ];
    try {
      await eventToPromise(panel.onDidRender);
      await panel.whenIdle();
      const ofTheHistory = events.filter((e) => e === 'state' || e === 'items' || e === 'rendered');
      if (ofTheHistory.join() === 'state,items,rendered') {
        // A page that has not said it painted by the deadline (a loaded machine) gets the rest then, never sooner.
        const waited = postedAt.get('items')! - postedAt.get('state')!;
        assert.ok(waited >= REST_AT_THE_LATEST_MS - 20, `the rest went ${waited} ms after the first screen, before the page painted`);
      } else assert.deepEqual(ofTheHistory, ['state', 'rendered', 'items'], 'one state, painted, then the rest');
      const [state, rest] = [posted.find((m) => m.type === 'state'), posted.find((m) => m.type === 'items')];
      assert.ok(state?.type === 'state' && rest?.type === 'items');
      assert.equal(unpackItems(state.items)?.length, FIRST_SCREEN_ITEMS);
      assert.equal(state.total, panel.state!.items.length);
      assert.equal(rest.from, FIRST_SCREEN_ITEMS);
      assert.equal(unpackItems(rest.items)?.length, panel.state!.items.length - FIRST_SCREEN_ITEMS);
    } finally {
      for (const l of listening) l.dispose();
    }
  });

  it('repaints an open panel after one list request on Refresh', async () => {
    const resourceId = large!.demo.ids.largeDashboardResourceId!;
    const panel = api.history.get(resourceId)!;
    await panel.whenIdle();
    const before = large!.requests().length;
    const painted = eventToPromise(panel.onDidRender);
    assert.ok(await panel.deliver({ type: 'refresh' }));
    const timings = await painted;
    const requests = large!
      .requests()
      .slice(before)
      .filter((r) => r.path === `/v1/resources/${resourceId}/revisions`)
      .map((r) => `${r.method} ${r.path}`);
    // (The visible rows' line counts read single revisions after the paint: they are not the list.)
    assert.deepEqual(requests, [`GET /v1/resources/${resourceId}/revisions`], 'Refresh made one list request');
    console.log(
      `      refresh of 5,000 revisions: list request ${timings.listMs?.toFixed(0)} ms, first paint ${timings.firstPaintMs?.toFixed(0)} ms after it (webview render ${timings.renderMs?.toFixed(0)} ms)`,
    );
    assert.ok((timings.firstPaintMs ?? Infinity) < 3000, `repainted ${timings.firstPaintMs} ms after the list request started`);
  });
});
