// One revision history panel: one per resource. Writes its page at once and loads the history
// with the one list request meanwhile (VS Code sets up the webview's frame while the request
// runs), posts the first screen as soon as it has it and the rest once that screen is painted, and
// carries out what the webview asks after checking that it names a revision of this history.
import * as vscode from 'vscode';
import { isApiError, type ServiceClient } from '../../api';
import type { RevisionHistory, RevisionListItem } from '../../api/schemas';
import { reportError } from '../../ui/reportError';
import { dependencyRefs } from '../model/changes';
import { toHistoryItems } from '../model/items';
import type { ResourceNames } from '../model/resourceNames';
import type { HistoryItem } from '../protocol/historyItem';
import type { RevisionCache } from '../../documents/model/revisionCache';
import { describeError } from '../../ui/describeError';
import { Disposable } from '../../util/lifecycle';
import { HistoryActions } from './historyActions';
import { openView, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import type { HistoryTarget } from './historyTarget';
import {
  FIRST_SCREEN_ITEMS,
  firstScreenMessage,
  packItems,
  type HistoryHeader,
  type HistoryState,
  type HostMessage,
  type StatsEntry,
  type WebviewMessage,
} from '../protocol/protocol';
import { parseWebviewMessage } from './messageSchema';
import { publishAvailability, restoreAvailability, type ServiceOperations } from './serviceOperations';
import { FAILURE_SUBJECTS, HISTORY_PAGE, PANEL_TEXT, REST_AT_THE_LATEST_MS, type PanelTimings } from './panelParts';
import { WebviewHost } from './webviewHost';
export { HISTORY_PAGE, type PanelTimings } from './panelParts';
const ms = (value: number | undefined) => `${value?.toFixed(0)} ms`;
export const HISTORY_VIEW_TYPE = 'workspaceAutomation.history';

export interface HistoryPanelDeps {
  extensionUri: vscode.Uri;
  workspaceId: string;
  /** The other connection the history is of (its entry id); '' or unset for the window's. */
  authority?: string;
  client: () => ServiceClient;
  revisions: RevisionCache;
  names: ResourceNames;
  log: vscode.LogOutputChannel;
  /** Publish and restore (src/publish), once that feature is registered. */
  operations?: () => ServiceOperations | undefined;
}

export class HistoryPanel extends Disposable {
  readonly host: WebviewHost<WebviewMessage, HostMessage>;
  readonly timings: PanelTimings = {};
  private history: RevisionHistory | undefined;
  private items: HistoryItem[] = [];
  private readonly positions = new Map<string, number>();
  private readonly listItems = new Map<string, RevisionListItem>();
  private readonly stats = new Map<string, StatsEntry>();
  private name: string;
  private loadStarted = 0;
  private loadedAt = 0; // when the last read of the history started (epoch ms)
  private loading = false;
  private pendingSelect: string[] | undefined;
  private readonly busyWith = new Set<Promise<unknown>>();
  private readonly actions: HistoryActions;
  private _state: HistoryState | undefined;
  /** A restore is saving: its own refresh follows, with the new draft selected. */
  private restoring = false;
  private lastHandling: Promise<void> = Promise.resolve();
  private rest: HistoryItem[] | undefined; // the last state's items not yet sent (past its first screen)
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  private postedEarly: HistoryState | undefined; // handed over before the page said ready (postEarly)

  private readonly _onDidChangeState = this._register(new vscode.EventEmitter<HistoryState>());
  /** The state the webview was handed (after each load and refresh). */
  readonly onDidChangeState = this._onDidChangeState.event;
  private readonly _onDidHandleMessage = this._register(new vscode.EventEmitter<WebviewMessage>());
  /** A checked message from the webview was fully handled (its action finished or failed). */
  readonly onDidHandleMessage = this._onDidHandleMessage.event;
  private readonly _onDidRender = this._register(new vscode.EventEmitter<PanelTimings>());
  readonly onDidRender = this._onDidRender.event;

  constructor(
    readonly target: HistoryTarget,
    private readonly deps: HistoryPanelDeps,
    column: vscode.ViewColumn,
  ) {
    super();
    this.name = target.name ?? target.resourceId;
    this.host = this._register(
      new WebviewHost<WebviewMessage, HostMessage>({
        viewType: HISTORY_VIEW_TYPE,
        title: this.title(),
        extensionUri: deps.extensionUri,
        ...HISTORY_PAGE,
        column,
        iconPath: new vscode.ThemeIcon('history'),
        parse: parseWebviewMessage,
        log: deps.log,
        component: '[History]',
      }),
    );
    this._register({ dispose: () => clearTimeout(this.restTimer) });
    this.actions = new HistoryActions(
      {
        workspaceId: deps.workspaceId,
        authority: deps.authority ?? '',
        resourceId: target.resourceId,
        view: openView(target.kind),
        name: () => this.name,
        listItem: (id) => this.listItems.get(id),
        item: (id) => this.items[this.positions.get(id) ?? -1],
        position: (id) => this.positions.get(id) ?? -1,
        draft: () => this.requireHistory().draft,
        published: () => this.requireHistory().published,
      },
      deps.revisions,
      deps.names,
    );
    this._register(this.host.onDidDispose(() => this.dispose()));
    this._register(
      this.host.onDidBecomeReady(() => {
        // A state posted early is on its way to this page; a page loaded again needs it anew.
        if (this.postedEarly !== this._state || !this.host.onFirstLoad) this.postState();
        this.postedEarly = undefined;
      }),
    );
    this._register(
      this.host.onDidReceiveMessage((m) => {
        this.lastHandling = this.track(this.handle(m).finally(() => this._onDidHandleMessage.fire(m)));
      }),
    );
    if (target.name) deps.names.remember(target.resourceId, target.name);
    else void deps.names.name(target.resourceId).then((name) => name && this.rename(name));
    void this.track(this.load());
  }

  get resourceId(): string {
    return this.target.resourceId;
  }

  get panel(): vscode.WebviewPanel {
    return this.host.panel;
  }

  /** The last state handed to the webview (items unpacked). */
  get state(): HistoryState | undefined {
    return this._state;
  }

  /**
   * Delivers a message exactly as if the webview had posted it (same checks, same handling) and
   * resolves when it has been handled; false when it was refused.
   */
  async deliver(raw: unknown): Promise<boolean> {
    if (!this.host.receive(raw)) return false;
    await this.lastHandling;
    return true;
  }

  reveal(): void {
    this.host.panel.reveal();
  }

  /** Resolves when nothing the panel started (loads, actions, line counts) is still running. */
  async whenIdle(): Promise<void> {
    while (this.busyWith.size) await Promise.allSettled([...this.busyWith]);
  }

  /** Loads the history again and hands it to the webview; `select` names revisions to select then. */
  refresh(select?: string[]): Promise<void> {
    this.pendingSelect = select;
    return this.track(this.load());
  }

  /** Reads the history again if it shows and was last read `minAgeMs` ago: other tools' saves appear. */
  refreshIfStale(minAgeMs: number): void {
    if (this.host.panel.visible && !this.restoring && !this.loading && Date.now() - this.loadedAt >= minAgeMs) void this.refresh();
  }

  /** A save of the resource reached the service elsewhere (an editor, the conflict resolver): show it. */
  noteSaved(): void {
    if (!this.restoring) void this.refresh();
  }

  private title(): string {
    return PANEL_TEXT.title(this.name);
  }

  private rename(name: string): void {
    this.name = name;
    this.host.panel.title = this.title();
    const header = this.header();
    if (header) this.host.post({ type: 'header', header });
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.busyWith.add(p);
    void p.finally(() => this.busyWith.delete(p)).catch(() => undefined);
    return p;
  }

  private requireHistory(): RevisionHistory {
    if (!this.history) throw new Error(PANEL_TEXT.notLoaded);
    return this.history;
  }

  private async load(): Promise<void> {
    this.loadStarted = performance.now();
    this.loadedAt = Date.now();
    this.loading = true;
    this.host.post({ type: 'busy', busy: true, label: PANEL_TEXT.loading });
    try {
      const history = await this.deps.client().listRevisions(this.target.resourceId);
      this.timings.listMs = performance.now() - this.loadStarted;
      this.history = history;
      this.items = toHistoryItems(history);
      this.positions.clear();
      this.listItems.clear();
      history.items.forEach((item, i) => {
        this.positions.set(item.id, i);
        this.listItems.set(item.id, item);
      });
      this.postState();
      const more = PANEL_TEXT.more(this.items.length);
      if (history.nextCursor) this.host.post({ type: 'notice', level: 'info', message: more });
    } catch (error) {
      this.deps.log.error(`[History] ${describeError(error, `Could not load the revision history of ${this.target.resourceId}`).message}`);
      this.host.post({ type: 'notice', level: 'error', message: describeError(error, PANEL_TEXT.loadFailed).message });
    } finally {
      this.loading = false;
      this.host.post({ type: 'busy', busy: false });
    }
  }

  private header(): HistoryHeader | undefined {
    const h = this.history;
    if (!h) return undefined;
    return {
      resourceId: h.resourceId,
      name: this.name,
      kindLabel: RESOURCE_KINDS[this.target.kind].history.label,
      view: openView(this.target.kind),
      version: h.version,
      draft: { revisionId: h.draft.revisionId, sequence: h.draft.sequence },
      published: h.published ? { revisionId: h.published.revisionId, sequence: h.published.sequence } : null,
      capabilities: { history: h.capabilities.history, restore: h.capabilities.restore, publish: h.capabilities.publish },
      restore: restoreAvailability(this.target.kind, h.capabilities, this.deps.operations?.()),
      publish: publishAvailability(h.capabilities, !!this.deps.operations?.()),
      dependencyLocations: h.items.every((item) => item.dependencyRevisionIds.length === 0 || dependencyRefs(item) !== undefined),
    };
  }

  /**
   * Hands the state over: before the page says ready on its first load (VS Code holds it for the
   * page), else once it listens. Only the first screen goes now: packing and carrying thousands of
   * revisions would hold up its paint, so the rest follows it.
   */
  private postState(): void {
    const early = !this.host.isReady;
    if (early && !this.host.onFirstLoad) return;
    const header = this.header();
    if (!header) return;
    const state: HistoryState = { header, items: this.items, stats: [...this.stats.values()] };
    if (this.pendingSelect?.length) state.select = this.pendingSelect;
    this.pendingSelect = undefined;
    this._state = state;
    if (this.loadStarted) this.timings.postedMs = performance.now() - this.loadStarted;
    if (early) {
      this.host.postEarly(firstScreenMessage(state));
      this.postedEarly = state;
    } else this.host.post(firstScreenMessage(state));
    this.rest = state.items.length > FIRST_SCREEN_ITEMS ? state.items.slice(FIRST_SCREEN_ITEMS) : undefined;
    clearTimeout(this.restTimer);
    if (this.rest) this.restTimer = setTimeout(() => this.postRest(), REST_AT_THE_LATEST_MS);
    this._onDidChangeState.fire(state);
  }

  /** The rest of the last state (messages keep their order: it lands on that state). */
  private postRest(): void {
    clearTimeout(this.restTimer);
    const rest = this.rest;
    this.rest = undefined;
    if (rest) this.host.post({ type: 'items', from: FIRST_SCREEN_ITEMS, items: packItems(rest) });
  }

  private known(id: string): boolean {
    if (this.positions.has(id)) return true;
    this.deps.log.warn(`[History] Ignored a request for ${id}, which is not in the history of ${this.target.resourceId}.`);
    return false;
  }

  private async handle(m: WebviewMessage): Promise<void> {
    try {
      switch (m.type) {
        case 'ready':
          return;
        case 'rendered':
          if (m.total === this.items.length && this.loadStarted) {
            this.timings.firstPaintMs = performance.now() - this.loadStarted;
            this.timings.renderMs = m.ms;
            this.timings.rows = m.rows;
            this.deps.log.debug(
              `[History] ${this.target.resourceId}: ${m.total} revisions listed in ${ms(this.timings.listMs)}, ` +
                `handed over after ${ms(this.timings.postedMs)}, painted ${ms(this.timings.firstPaintMs)} after the request ` +
                `(render ${ms(m.ms)}).`,
            );
            this.loadStarted = 0;
            this._onDidRender.fire({ ...this.timings });
          }
          // The first screen is on show (timed above without it): now the rest of the history.
          this.postRest();
          return;
        case 'refresh':
          return await this.load();
        case 'loadStats': {
          const ids = m.revisionIds.filter((id) => this.positions.has(id) && !this.stats.has(id));
          if (!ids.length) return;
          const entries = await this.actions.stats(ids);
          for (const e of entries) this.stats.set(e.id, e);
          if (entries.length) this.host.post({ type: 'stats', entries });
          return;
        }
        case 'compare':
          if (this.known(m.left) && this.known(m.right)) await this.actions.compare(m.left, m.right);
          return;
        case 'restore':
          if (this.known(m.revisionId)) await this.restore(m.revisionId);
          return;
        case 'publish':
          if (this.known(m.revisionId)) await this.serviceOperation('publish', m.revisionId);
          return;
        default:
          if (!this.known(m.revisionId)) return;
          if (m.type === 'open') await this.actions.open(m.revisionId);
          else if (m.type === 'compareWithDraft') await this.actions.compareWithDraft(m.revisionId);
          else if (m.type === 'compareWithPublished') await this.actions.compareWithPublished(m.revisionId);
          else if (m.type === 'copyId') await this.actions.copyId(m.revisionId);
          else if (m.type === 'showChanges') {
            const outcome = await this.actions.showChanges(m.revisionId);
            if (outcome.notice) this.host.post({ type: 'notice', level: 'info', message: outcome.notice });
          }
      }
    } catch (error) {
      if (isApiError(error, 'cancelled')) return;
      const what = FAILURE_SUBJECTS[m.type];
      this.host.post({ type: 'notice', level: 'error', message: describeError(error, what).message });
      reportError(this.deps.log, error, what);
    }
  }

  /**
   * Publish or restore (src/publish): it asks, tells, and after a success through the service every
   * view of the resource reads it again; after a restore by saving, the panel selects the new draft.
   */
  private async serviceOperation(op: 'publish' | 'restore', revisionId: string): Promise<void> {
    const operations = this.deps.operations?.();
    if (!operations) return;
    const { kind, resourceId } = this.target;
    this.restoring = true;
    try {
      const target = { workspaceId: this.deps.workspaceId, kind, resourceId, name: this.name };
      if (op === 'publish') {
        await operations.publish({ ...target, ...this.fileIdKnown() }, revisionId);
        return;
      }
      // A restore by saving needs the file the revisions are of; the service's restore does not.
      const fileId = this.history?.capabilities.restore ? this.target.fileId : await this.fileId();
      const result = await operations.restore({ ...target, ...(fileId ? { fileId } : {}) }, revisionId);
      if (result.status === 'saved') await this.refresh(result.draftRevisionId ? [result.draftRevisionId] : undefined);
    } finally {
      this.restoring = false;
    }
  }

  private fileIdKnown(): { fileId?: string } {
    return this.target.fileId ? { fileId: this.target.fileId } : {};
  }

  /** The id in the resource's `wsa:` path: its own, or for a dashboard the operation's (looked up once). */
  private async fileId(): Promise<string | undefined> {
    const { fileId, kind, resourceId } = this.target;
    if (fileId) return fileId;
    return RESOURCE_KINDS[kind].history.from === 'sourceRead' ? this.deps.names.dashboardId(resourceId) : resourceId;
  }

  private async restore(revisionId: string): Promise<void> {
    const availability = this.header()?.restore;
    if (!availability?.enabled) {
      this.host.post({ type: 'notice', level: 'info', message: availability?.reason ?? PANEL_TEXT.cannotRestore });
      return;
    }
    await this.serviceOperation('restore', revisionId);
  }
}
