// The actions of the fault matrix (the write sync and app saves: matrixRecordActions.ts), each done
// the way a user does it (the save command, the explorer's model, opening a document, the history
// panel and its Compare message), each with the one endpoint a fault is injected on, what it told
// the user, and a normal run afterwards that shows the extension still works and that nothing typed
// was lost.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { definitionBody, factBody } from '../../../src/api/requestBodies';
import type { AdminClient } from '../../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../../src/extension';
import { isResourceNode } from '../../../src/explorer/model/nodes';
import type { FileView } from '../../../src/kinds/resourcePath';
import type { SaveResult } from '../../../src/documents/model/saveTypes';
import type { HistoryPanel } from '../../../src/history/host/historyPanel';
import type { HistoryState, HostMessage } from '../../../src/history/protocol/protocol';
import { editText, wsaUri } from '../fileHelpers';
import { eventToPromise, hasVariant, serviceFetch, type EmulatorInfo } from '../helpers';
import type { LogCapture } from './logCapture';
import type { NotificationCapture } from './notificationCapture';

export const SAVE = 'workspaceAutomation.save';

export interface MatrixContext {
  api: WorkspaceAutomationApi;
  emulator: EmulatorInfo;
  admin: AdminClient;
  ids: Record<string, string>;
  log: LogCapture;
  /** What the user is shown: a failed cell's message is the notification's text. */
  notifications: NotificationCapture;
}

/** One cell's run: a short tag for tab names and edit markers. */
export interface CellRun {
  tag: string;
}

export interface Observation {
  ok: boolean;
  /** What the user was told, when it failed. */
  message?: string;
  /** A save whose answer was lost, read back from the service and adopted. */
  readBack?: boolean;
  /** Saves: the text the user had typed for this cell. */
  textKept?: boolean;
}

export interface MatrixAction {
  name: string;
  /** What a failure message must name: the action and its subject. */
  says: RegExp;
  saves: boolean;
  /** A 2xx answer's body is not read: the outcome is verified by reading the resource again. */
  ignoresBody?: boolean;
  /** The one endpoint the cell's fault applies to. */
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  setup?(): Promise<void>;
  run(cell: CellRun): Promise<Observation>;
  /** With no fault: the same action succeeds (a save also stores what was typed in the failed cell). */
  usable(cell: CellRun): Promise<boolean>;
  teardown?(): Promise<void>;
}

export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function serviceJson<T>(emulator: EmulatorInfo, path: string): Promise<T> {
  const response = await serviceFetch(emulator, path);
  assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
  return ((await response.json()) as { data: T }).data;
}

// ---- reads

/**
 * Loading the Dashboards group. A service with list endpoints answers it with one list request; one
 * without (the no-lists profile) shows what the user added by id, so the dashboard is added first,
 * as a user of such a service does, and the group's request is that dashboard's source read. A
 * failed read of an added id shows in the group as that id with its cause.
 */
export function treeGroupAction(c: MatrixContext): MatrixAction {
  const listed = !hasVariant(c.emulator, 'no-lists');
  const added = c.ids.dashboardId!;
  const load = async (): Promise<Observation> => {
    const model = c.api.explorer.model;
    await model.refresh();
    const children = await model.getChildren(model.group('dashboards'));
    const problem =
      model.problem ?? children.find((n) => n.kind === 'message' && (n.severity === 'error' || (!listed && n.addedId === added)));
    if (problem?.kind === 'message') return { ok: false, message: `${problem.label}${problem.detail ? ` — ${problem.detail}` : ''}` };
    return { ok: children.some(isResourceNode), message: 'the group is empty' };
  };
  return {
    name: 'load a tree group',
    says: listed ? /Could not load dashboards|Cannot reach/ : new RegExp(`^${esc(added)} — |Cannot reach`),
    saves: false,
    method: 'GET',
    path: listed ? '^/v1/dashboards$' : `^/v1/dashboards/${esc(added)}/source$`,
    async setup() {
      if (listed) return;
      const outcome = await vscode.commands.executeCommand<{ added: boolean }>('workspaceAutomation.addResource', added);
      assert.ok(outcome?.added, `${added} added by id`);
    },
    async teardown() {
      if (!listed)
        await vscode.workspace.getConfiguration('workspaceAutomation').update('resources', undefined, vscode.ConfigurationTarget.Workspace);
    },
    run: load,
    usable: async () => (await load()).ok,
  };
}

export function openDashboardAction(c: MatrixContext): MatrixAction {
  const id = c.ids.dashboardId!;
  // Each open is of a document nobody has open (a new tab name), so it reads the service.
  const open = async (tag: string): Promise<Observation> => {
    try {
      const doc = await vscode.workspace.openTextDocument(wsaUri(c.emulator.workspaceId, 'dashboard', id, `Revenue by region (${tag})`));
      return { ok: doc.getText().length > 0 };
    } catch (e) {
      // VS Code wraps the provider's sentence: "cannot open wsa:/… Detail: Unable to read file '…' (Unavailable (FileSystemError): <sentence>)".
      const text = e instanceof Error ? e.message : String(e);
      return { ok: false, message: /\(FileSystemError\): (.*)\)$/s.exec(text)?.[1] ?? text };
    }
  };
  return {
    name: 'open a dashboard',
    says: /Could not open «Revenue by region/,
    saves: false,
    method: 'GET',
    path: `^/v1/dashboards/${esc(id)}/source$`,
    run: (cell) => open(cell.tag),
    usable: async (cell) => (await open(`${cell.tag} after`)).ok,
  };
}

/** The history panel's outcome: its state, or the error notice it showed instead. */
function panelOutcome(panel: HistoryPanel, since: Set<HostMessage>): Promise<Observation> {
  const failed = () => [...since].find((m): m is Extract<HostMessage, { type: 'notice' }> => m.type === 'notice' && m.level === 'error');
  return new Promise((resolve) => {
    const finish = (o: Observation) => {
      subs.forEach((s) => s.dispose());
      resolve(o);
    };
    const check = (state?: HistoryState) => {
      const notice = failed();
      if (notice) finish({ ok: false, message: notice.message });
      else if (state ?? panel.state) finish({ ok: true });
    };
    const subs = [panel.onDidChangeState((s) => check(s)), panel.host.onDidPostMessage(() => check())];
    check();
  });
}

function recordPosts(panel: HistoryPanel): { posts: Set<HostMessage>; dispose(): void } {
  const posts = new Set<HostMessage>();
  const sub = panel.host.onDidPostMessage((m) => posts.add(m));
  return { posts, dispose: () => sub.dispose() };
}

export function openHistoryAction(c: MatrixContext): MatrixAction {
  const target = { kind: 'dashboard', id: c.ids.dashboardId, resourceId: c.ids.dashboardResourceId, name: 'Revenue by region' };
  /** The panel that showed the last failure: its Refresh button is part of "usable afterwards". */
  let failedPanel: HistoryPanel | undefined;
  const show = async (): Promise<{ panel: HistoryPanel; outcome: Observation }> => {
    const opened = eventToPromise(c.api.history.onDidOpenPanel);
    const shown = vscode.commands.executeCommand<HistoryPanel | undefined>('workspaceAutomation.showHistory', target);
    // Listen from the panel's first message on: a failed load's notice is posted once the webview is ready.
    const panel = await opened;
    const recorder = recordPosts(panel);
    try {
      await shown;
      return { panel, outcome: await panelOutcome(panel, recorder.posts) };
    } finally {
      recorder.dispose();
    }
  };
  return {
    name: 'open the history',
    says: /Could not load the revision history/,
    saves: false,
    method: 'GET',
    path: `^/v1/resources/${esc(c.ids.dashboardResourceId!)}/revisions$`,
    async run() {
      const { panel, outcome } = await show();
      if (outcome.ok) panel.dispose();
      else failedPanel = panel;
      return outcome;
    },
    async usable() {
      if (failedPanel) {
        const panel = failedPanel;
        failedPanel = undefined;
        const refreshed = eventToPromise(panel.onDidChangeState);
        assert.ok(await panel.deliver({ type: 'refresh' }));
        await refreshed;
        panel.dispose();
      }
      const { panel, outcome } = await show();
      panel.dispose();
      return outcome.ok;
    },
  };
}

export function compareAction(c: MatrixContext): MatrixAction {
  let panel: HistoryPanel;
  let left = '';
  let right = '';
  const compare = async (): Promise<Observation> => {
    // Revisions are cached once read; the compare must ask the service.
    c.api.revisions.clear();
    const recorder = recordPosts(panel);
    try {
      assert.ok(await panel.deliver({ type: 'compare', left, right }), 'the compare message is accepted');
    } finally {
      recorder.dispose();
    }
    const notice = [...recorder.posts].find((m) => m.type === 'notice' && m.level === 'error');
    if (notice?.type === 'notice') return { ok: false, message: notice.message };
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const input = tab?.input;
    const ok = input instanceof vscode.TabInputTextDiff && input.original.path.includes(right) && input.modified.path.includes(left);
    // Only the diff is closed: the active tab may be the history panel itself.
    if (input instanceof vscode.TabInputTextDiff) await vscode.window.tabGroups.close(tab!);
    return { ok, message: 'no diff editor opened' };
  };
  return {
    name: 'compare two revisions',
    says: /Could not compare/,
    saves: false,
    method: 'GET',
    get path() {
      return `^/v1/resources/${esc(c.ids.longHistoryDashboardResourceId!)}/revisions/(${esc(left)}|${esc(right)})$`;
    },
    async setup() {
      panel = (await vscode.commands.executeCommand<HistoryPanel>('workspaceAutomation.showHistory', {
        kind: 'dashboard',
        id: c.ids.longHistoryDashboardId,
        resourceId: c.ids.longHistoryDashboardResourceId,
        name: 'Inventory alerts',
      }))!;
      // The page shows the history (an error notice needs a page to go to).
      const painted = eventToPromise(panel.onDidRender);
      const state = panel.state ?? (await eventToPromise(panel.onDidChangeState));
      await painted;
      // Far down the list: the webview never asks for their line counts, so nothing else reads them.
      left = state.items[100]!.id;
      right = state.items[120]!.id;
      await panel.whenIdle();
    },
    run: compare,
    usable: async () => (await compare()).ok,
    async teardown() {
      panel.dispose();
    },
  };
}

// ---- saves

export interface SaveTarget {
  name: string;
  view: FileView;
  id: string;
  docName: string;
  method: 'PUT';
  path: string;
  /** The text with this cell's edit in it (replacing the previous cell's). */
  edit(text: string, marker: string): string;
  /** Whether the service holds `text` now. */
  holds(text: string): Promise<boolean>;
}

export function saveAction(c: MatrixContext, t: SaveTarget): MatrixAction {
  let doc: vscode.TextDocument;
  let uri: vscode.Uri;
  const saveNow = () => vscode.commands.executeCommand<SaveResult>(SAVE, uri);
  return {
    name: t.name,
    says: new RegExp(`Could not save «${esc(t.docName)}`),
    saves: true,
    method: t.method,
    path: t.path,
    async setup() {
      // A tab name of its own: a session read now, whatever other suites left open.
      uri = wsaUri(c.emulator.workspaceId, t.view, t.id, t.docName);
      doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: false });
    },
    async run(cell) {
      const text = await editText(doc, (s) => t.edit(s, cell.tag));
      const mark = c.log.mark();
      const shown = c.notifications.mark();
      const result = await saveNow();
      const readBack = c.log.since(mark).some((l) => /may or may not have reached the service/.test(l.text));
      if (result.status === 'saved') return { ok: true, readBack, textKept: !doc.isDirty && (await t.holds(text)) };
      const told = c.notifications.since(shown).filter((m) => m.level === 'error' && /^Could not save/.test(m.text));
      const message = told.at(-1)?.text ?? `(nothing shown; status ${result.status})`;
      return { ok: false, message, readBack, textKept: doc.isDirty && doc.getText() === text };
    },
    async usable(cell) {
      // After a timeout the server may still store the PUT the client gave up on (this emulator drops
      // it): then this save meets a conflict with the user's own text, and Overwrite settles it.
      const text = await editText(doc, (s) => t.edit(s, `${cell.tag} after`));
      let result = await saveNow();
      if (result.status === 'conflict') {
        // The lost PUT was stored after all: the service holds the cell's text under a newer revision.
        const outcome = await c.api.conflicts.choose(uri.toString(), 'Overwrite');
        if (outcome !== 'overwritten') return false;
        result = { status: 'saved', snapshot: c.api.files.baseOf(uri)!, confirmedBy: 'answer', warnings: [] };
      }
      return result.status === 'saved' && !doc.isDirty && (await t.holds(text));
    },
  };
}

const MARKER = /\n\/\/ fault matrix: .*\n$/;

export function saveDashboardAction(c: MatrixContext): MatrixAction {
  const id = c.ids.churnDashboardId!;
  return saveAction(c, {
    name: 'save a dashboard',
    view: 'dashboard',
    id,
    docName: 'Customer churn (fault matrix)',
    method: 'PUT',
    path: `^/v1/dashboards/${esc(id)}/source$`,
    edit: (text, marker) => `${text.replace(MARKER, '\n').replace(/\n?$/, '\n')}// fault matrix: ${marker}\n`,
    holds: async (text) => (await serviceJson<{ source: string }>(c.emulator, `/v1/dashboards/${id}/source`)).source === text,
  });
}

export function saveDatabaseAction(c: MatrixContext): MatrixAction {
  const id = c.ids.inventoryDatabaseId!;
  type Definition = { tables: { name: string; columns: { name: string; type: string; nullable: boolean }[] }[] };
  return saveAction(c, {
    name: 'save a database definition',
    view: 'database',
    id,
    docName: 'Inventory (fault matrix)',
    method: 'PUT',
    path: `^/v1/databases/${esc(id)}/definition$`,
    edit(text, marker) {
      const definition = JSON.parse(text) as Definition;
      const table = definition.tables.at(-1)!;
      table.columns = [
        ...table.columns.filter((col) => !col.name.startsWith('matrix_')),
        { name: `matrix_${marker.replace(/\W+/g, '_')}`, type: 'text', nullable: true },
      ];
      return `${JSON.stringify(definition, null, 2)}\n`;
    },
    async holds(text) {
      const history = await serviceJson<{ draft: { revisionId: string } }>(c.emulator, `/v1/resources/${id}/revisions`);
      const draft = await serviceJson<{ value: Definition }>(c.emulator, `/v1/resources/${id}/revisions/${history.draft.revisionId}`);
      // The request shape of both: a service may add its own keys to what it returns (extra-fields).
      return JSON.stringify(definitionBody(draft.value).tables) === JSON.stringify(definitionBody(JSON.parse(text)).tables);
    },
  });
}

export function replaceFactAction(c: MatrixContext): MatrixAction {
  const id = c.ids.factId!;
  return saveAction(c, {
    name: 'replace a fact',
    view: 'fact',
    id,
    docName: 'Gross margin (fault matrix)',
    method: 'PUT',
    path: `^/v1/facts/${esc(id)}$`,
    edit(text, marker) {
      const fact = JSON.parse(text) as Record<string, unknown>;
      fact.definition = `${String(fact.definition).replace(/ \[fault matrix: .*\]$/, '')} [fault matrix: ${marker}]`;
      return `${JSON.stringify(fact, null, 2)}\n`;
    },
    async holds(text) {
      // What a save sends: the documented editable fields (fields the service adds are shown read-only, never sent).
      const fact = await serviceJson<Record<string, unknown>>(c.emulator, `/v1/facts/${id}`);
      return Object.entries(factBody(JSON.parse(text) as Record<string, unknown>)).every(
        ([k, v]) => JSON.stringify(fact[k]) === JSON.stringify(v),
      );
    },
  });
}
