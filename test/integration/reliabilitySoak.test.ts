// Soak: open/edit/save cycles (a dashboard, a database definition and a fact in turn, each
// opened, edited and saved with Ctrl+S's command) and, alongside, history panel opens (open,
// wait for the webview to show the revisions, close) in one extension host. Measured: the heap after
// a full GC at the start and the end (and on the way), the VS Code API listeners and registrations
// made and not disposed, open documents, tabs and panels, Node's live handles, and unhandled promise
// rejections. The counts are WSA_SOAK_CYCLES and WSA_SOAK_HISTORY_OPENS: 100 each in `npm test`, which
// shows that nothing accumulates per cycle (documents, tabs, panels, registrations, handles);
// 1,000 each in `npm run test:reliability`, whose length makes the heap bounds below meaningful.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WorkspaceAutomationApi } from '../../src/extension';
import type { FileView } from '../../src/kinds/resourcePath';
import type { SaveResult } from '../../src/documents/model/saveTypes';
import type { HistoryPanel } from '../../src/history/host/historyPanel';
import { revertAndCloseAll, setAutoSave, wsaUri } from './fileHelpers';
import { eventToPromise, type EmulatorInfo, connectSuite } from './helpers';
import { LiveDisposables } from './support/liveDisposables';
import { activeResources, heapAfterGc, mb } from './support/memory';
import { StallWatch } from './support/stallWatch';

const CYCLES = Number(process.env.WSA_SOAK_CYCLES) || 100;
const HISTORY_OPENS = Number(process.env.WSA_SOAK_HISTORY_OPENS) || 100;
const WARM_UP = 15;
/**
 * The heap after GC may grow by at most this much over the soak. A document text kept per cycle
 * (2-5 KB) would add 2-5 MB per 1,000 cycles, a history state per open (150 revisions, ~40 KB)
 * 40 MB; a steady state stays within the noise of the host's other extensions.
 */
const HEAP_GROWTH_LIMIT = 16 * 1024 * 1024;
/**
 * From half-way to the end (500 cycles and about as many opens, in a steady state: the start may
 * still hold what earlier suites left loaded) the heap may grow by at most this much: anything kept
 * per cycle from 8 KB up shows here.
 */
const SECOND_HALF_GROWTH_LIMIT = 4 * 1024 * 1024;
/** Node handles of one type (timers, sockets) more at the end than at the start. */
const HANDLE_GROWTH_LIMIT = 60;
/** VS Code API registrations made during the soak and still alive at its end. */
const LIVE_REGISTRATION_LIMIT = 5;

interface Target {
  uri: vscode.Uri;
  edit(text: string, n: number): string;
}

describe('Reliability: soak @long', function () {
  this.timeout(30 * 60_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let ids: Record<string, string>;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  before(async function () {
    ({ emulator, api, ids } = await connectSuite(this));
    await setAutoSave('off');
    await revertAndCloseAll();
    process.on('unhandledRejection', onRejection);
  });

  after(async () => {
    process.off('unhandledRejection', onRejection);
    await setAutoSave(undefined);
    await revertAndCloseAll();
  });

  const uriOf = (view: FileView, id: string, name: string) => wsaUri(emulator.workspaceId, view, id, name);

  function targets(): Target[] {
    const jsonEdit = (field: (o: Record<string, unknown>, n: number) => void) => (text: string, n: number) => {
      const value = JSON.parse(text) as Record<string, unknown>;
      field(value, n);
      return `${JSON.stringify(value, null, 2)}\n`;
    };
    return [
      {
        uri: uriOf('dashboard', ids.dashboardId!, 'Revenue by region (soak)'),
        edit: (t, n) => `${t.replace(/\n\/\/ soak \d+\n$/, '\n').replace(/\n?$/, '\n')}// soak ${n}\n`,
      },
      {
        uri: uriOf('database', ids.inventoryDatabaseId!, 'Inventory (soak)'),
        edit: jsonEdit((d, n) => {
          const table = (d.tables as { columns: { name: string }[] }[]).at(-1)!;
          table.columns = [
            ...table.columns.filter((c) => !c.name.startsWith('soak_')),
            { name: `soak_${n}`, type: 'text', nullable: true } as { name: string },
          ];
        }),
      },
      {
        uri: uriOf('fact', ids.aovFactId!, 'Average order value (soak)'),
        edit: jsonEdit((f, n) => (f.definition = `${String(f.definition).replace(/ \(soak \d+\)$/, '')} (soak ${n})`)),
      },
    ];
  }

  /**
   * Open the document (`openTextDocument`: its editor in the second group stays open throughout),
   * edit it, save it with the save command; the editor must end clean.
   */
  async function cycle(target: Target, n: number, step: (what: string) => void = () => undefined): Promise<void> {
    step(`cycle ${n}: opening ${target.uri.path}`);
    const doc = await vscode.workspace.openTextDocument(target.uri);
    step(`cycle ${n}: editing`);
    for (let tries = 0; ; tries++) {
      const text = doc.getText();
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(text.length)), target.edit(text, n));
      if (await vscode.workspace.applyEdit(edit)) break;
      // A reload of the clean editor (its own re-check after the last save) can win the race with the edit.
      assert.ok(tries < 5, `cycle ${n}: the edit never applied`);
    }
    step(`cycle ${n}: saving`);
    const result = (await vscode.commands.executeCommand('workspaceAutomation.save', target.uri)) as SaveResult;
    step(`cycle ${n}: saved`);
    assert.equal(result.status, 'saved', `cycle ${n}: ${result.status === 'failed' ? String(result.error) : result.status}`);
    assert.equal(doc.isDirty, false, `cycle ${n}: the editor is clean`);
  }

  /** Open a history panel, wait until the webview has painted its revisions, close it. */
  async function historyOpen(n: number, step: (what: string) => void = () => undefined): Promise<void> {
    const target =
      n % 2
        ? { kind: 'database', id: ids.databaseId, name: 'Orders' }
        : { kind: 'dashboard', id: ids.longHistoryDashboardId, resourceId: ids.longHistoryDashboardResourceId, name: 'Inventory alerts' };
    step(`open ${n}: showing`);
    const panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', target))!;
    // The state is handed over before the page has loaded; the page's own report of its first
    // paint says the revisions are on show (waiting less would open panels faster than the
    // workbench builds them, which no user does).
    step(`open ${n}: waiting for the webview's paint`);
    await eventToPromise(panel.onDidRender);
    step(`open ${n}: waiting until idle`);
    await panel.whenIdle();
    panel.dispose();
    step(`open ${n}: closed`);
  }

  /** What the editor area and the extension look like, for a stall. */
  function describeHost(): string {
    const groups = vscode.window.tabGroups.all.map(
      (g) => `group ${g.viewColumn}${g.isActive ? ' (active)' : ''}: ${g.tabs.map((t) => `${t.label}${t.isActive ? '*' : ''}`).join(', ')}`,
    );
    const panels = api.history
      .all()
      .map(
        (p) =>
          `${p.resourceId} visible=${p.panel.visible} active=${p.panel.active} column=${p.panel.viewColumn} ready=${p.host.isReady} state=${!!p.state}`,
      );
    const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.path);
    return `Editors: ${groups.join(' | ')}. History panels: ${panels.join('; ') || 'none'}. Dirty: ${dirty.join(', ') || 'none'}. Held saves: ${api.files.held.size}; pending conflicts: ${api.conflicts.pendingUris.length}.`;
  }

  function counts() {
    return {
      documents: vscode.workspace.textDocuments.length,
      tabs: vscode.window.tabGroups.all.reduce((n, g) => n + g.tabs.length, 0),
      panels: api.history.all().length,
      conflicts: api.conflicts.pendingUris.length,
      held: api.files.held.size,
      resources: activeResources(),
    };
  }

  it(`${CYCLES} open/edit/save cycles and ${HISTORY_OPENS} history opens: the heap stays within bounds, nothing accumulates, no unhandled rejection`, async () => {
    const list = targets();
    // The edited documents have their editors in the second group; the first holds a read-only file
    // and the focus, so history panels open there, beside the editors, never hidden behind one (a
    // hidden webview does not load).
    for (const target of list)
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(target.uri), {
        viewColumn: vscode.ViewColumn.Two,
        preview: false,
      });
    const placeholder = await vscode.workspace.openTextDocument(uriOf('operation', ids.kpiOperationId!, 'KPI (soak)'));
    await vscode.window.showTextDocument(placeholder, { viewColumn: vscode.ViewColumn.One, preview: false });
    // Warm up: the TSX parser bundle, the webview's first load, the caches.
    const watch = new StallWatch(60_000, describeHost);
    const tracker = new LiveDisposables();
    try {
      await Promise.race([
        (async () => {
          for (let n = 0; n < WARM_UP; n++) await cycle(list[n % list.length]!, n, (what) => watch.step('warm-up', what));
          for (let n = 0; n < Math.min(WARM_UP, HISTORY_OPENS); n++) await historyOpen(n, (what) => watch.step('warm-up', what));
        })(),
        watch.stalled,
      ]);
      const start = { heap: heapAfterGc(), ...counts() };
      const started = Date.now();
      const marks = new Map<number, number>();
      let saveMs = 0;
      let historyMs = 0;
      // The two loops run side by side, as a user keeps editing while history panels come and go.
      const work = Promise.all([
        (async () => {
          const t = Date.now();
          // One loop per document, sharing the count: three editors being edited and saved at once.
          let next = 1;
          await Promise.all(
            list.map(async (target, i) => {
              for (let n = next++; n <= CYCLES; n = next++) {
                await cycle(target, WARM_UP + n, (what) => watch.step(`saves ${i + 1}`, what));
                if (n % Math.ceil(CYCLES / 4) === 0 && n < CYCLES) marks.set(Math.round((n / CYCLES) * 100), heapAfterGc());
              }
            }),
          );
          saveMs = Date.now() - t;
        })(),
        (async () => {
          const t = Date.now();
          for (let n = 1; n <= HISTORY_OPENS; n++) await historyOpen(WARM_UP + n, (what) => watch.step('history', what));
          historyMs = Date.now() - t;
        })(),
      ]);
      await Promise.race([work, watch.stalled]);
      const elapsed = Date.now() - started;
      const end = { heap: heapAfterGc(), ...counts() };
      const growth = end.heap - start.heap;
      const half = marks.get(50);
      const trend = [...marks].sort(([a], [b]) => a - b).map(([pct, heap]) => `${pct}%: ${mb(heap)}`);
      console.log(
        `Soak: ${CYCLES} open/edit/save cycles (${(saveMs / 1000).toFixed(0)} s, ${(saveMs / CYCLES).toFixed(0)} ms each) and ${HISTORY_OPENS} history opens ` +
          `(${(historyMs / 1000).toFixed(0)} s, ${(historyMs / HISTORY_OPENS).toFixed(0)} ms each) side by side in ${(elapsed / 1000).toFixed(0)} s.`,
      );
      const signed = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;
      console.log(
        `Soak heap after GC: start ${mb(start.heap)}, ${trend.join(', ')}${trend.length ? ', ' : ''}end ${mb(end.heap)}: growth ${signed(growth)} (bound ${mb(HEAP_GROWTH_LIMIT)})` +
          `${half === undefined ? '' : `, second half ${signed(end.heap - half)} (bound ${mb(SECOND_HALF_GROWTH_LIMIT)})`}.`,
      );
      console.log(
        `Soak VS Code API registrations: ${tracker.total} made during the soak, ${tracker.count} still alive (bound ${LIVE_REGISTRATION_LIMIT})${tracker.count ? `: ${JSON.stringify(tracker.liveByName())}` : ''}; ` +
          `documents ${start.documents} → ${end.documents}, tabs ${start.tabs} → ${end.tabs}, history panels ${end.panels}, pending conflicts ${start.conflicts} → ${end.conflicts}, held saves ${start.held} → ${end.held}; ` +
          `Node handles ${JSON.stringify(start.resources)} → ${JSON.stringify(end.resources)}; unhandled rejections ${rejections.length}.`,
      );

      assert.ok(tracker.total >= HISTORY_OPENS, 'the tracker saw the extension’s registrations (a webview panel per history open)');
      assert.ok(growth < HEAP_GROWTH_LIMIT, `heap grew ${mb(growth)}`);
      if (half !== undefined) assert.ok(end.heap - half < SECOND_HALF_GROWTH_LIMIT, `heap grew ${mb(end.heap - half)} in the second half`);
      assert.ok(
        tracker.count <= LIVE_REGISTRATION_LIMIT,
        `${tracker.count} registrations were never disposed: ${JSON.stringify(tracker.liveByName())}`,
      );
      assert.ok(end.documents <= start.documents + 2, `documents ${start.documents} → ${end.documents}`);
      assert.ok(end.tabs <= start.tabs, `tabs ${start.tabs} → ${end.tabs}`);
      assert.equal(end.panels, 0, 'every history panel closed');
      // Earlier suites may have left some behind; the soak adds none.
      assert.ok(end.conflicts <= start.conflicts, `pending conflicts ${start.conflicts} → ${end.conflicts}`);
      assert.ok(end.held <= start.held, `held saves ${start.held} → ${end.held}`);
      // Timers come and go (each save's 5-second status bar message has one); a leak grows with the cycles.
      for (const [type, n] of Object.entries(end.resources))
        assert.ok(n <= (start.resources[type] ?? 0) + HANDLE_GROWTH_LIMIT, `${type}: ${start.resources[type] ?? 0} → ${n}`);
      assert.deepEqual(rejections.map(String), [], 'no unhandled promise rejection');
    } finally {
      watch.dispose();
      tracker.dispose();
    }
  });
});
