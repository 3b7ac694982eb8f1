// The history webview: header, toolbar, filter and the virtualized revision list. It keeps no
// secrets and makes no requests: everything comes from the extension's `state` message, and every
// action is a message back.
import { t } from './wordLookup';
import { filterIndices } from '../protocol/filter';
import { isLinear, layoutLanes, type LaneLayout } from '../protocol/laneLayout';
import type { HistoryHeader, HistoryItem, HostMessage, StatsEntry, WebviewMessage } from '../protocol/protocol';
import { MAX_STATS_REQUEST, unpackItems } from '../protocol/protocol';
import { actionMessage, actionStates, type ActionId } from './actions';
import { actionAnnouncement, filterAnnouncement, headerAnnouncement } from './announce';
import { layOutPage, restoredViewState, showNotice, statusText, toolbar, type ViewState } from './chrome';
import { h } from './dom';
import { renderHeader } from './header';
import { listKeyIntent, wireFocusKeys } from './keys';
import { LiveRegion } from './liveRegion';
import { ROW_HEIGHT, graphWidth, renderRow } from './rows';
import { EMPTY_SELECTION, extendTo, focus, retain, selectedIds, toggleMark, toggleMarkFocused, type SelectionState } from './selection';
import { VirtualList } from './virtualList';

export interface Host {
  post(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

const STATS_DELAY_MS = 150;
const PERSIST_DELAY_MS = 100;

export class HistoryApp {
  private header: HistoryHeader | undefined;
  private items: HistoryItem[] = [];
  /** Revisions in the history; `items` holds fewer until the rest has arrived (`items` message). */
  private total = 0;
  private pendingSelect: string[] | undefined;
  private index = new Map<string, number>();
  /** Indices into `items` that pass the filter, in list order. */
  private shown: number[] = [];
  private layout: LaneLayout | undefined;
  /** Graph columns to reserve until the layout is computed (after the first paint). */
  private provisionalColumns = 0;
  private readonly stats = new Map<string, StatsEntry>();
  private readonly statsAsked = new Set<string>();
  private selection: SelectionState = EMPTY_SELECTION;
  private filter = '';
  private pendingScrollTop: number | undefined;
  private statsTimer: ReturnType<typeof setTimeout> | undefined;
  private persistTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly headerEl = h('header', { class: 'header' });
  private readonly progress = h('div', { class: 'progress', role: 'progressbar', 'aria-label': t('working'), hidden: true });
  private readonly noticeEl = h('div', { class: 'notice', role: 'status', hidden: true });
  private readonly filterInput = h('input', {
    class: 'filter',
    type: 'search',
    placeholder: t('filterPlaceholder'),
    'aria-label': t('filterLabel'),
    spellcheck: 'false',
  });
  private readonly toolbar = toolbar(
    (id) => this.run(id),
    () => this.host.post({ type: 'refresh' }),
    () => this.listEl.focus(),
  );
  private readonly listEl = h('div', {
    class: 'list',
    role: 'listbox',
    tabindex: '0',
    'aria-multiselectable': 'true',
    'aria-label': t('listLabel'),
    'aria-keyshortcuts': 'Space Shift+ArrowDown Shift+ArrowUp Enter Control+C Escape /',
  });
  private readonly emptyEl = h('div', { class: 'empty', hidden: true });
  // The footer repeats the count and a hint; what an action did is said once, by the live region.
  private readonly statusEl = h('footer', { class: 'status' });
  private readonly live = new LiveRegion();
  private readonly list: VirtualList;

  constructor(
    root: HTMLElement,
    private readonly host: Host,
  ) {
    const saved = restoredViewState(host.getState());
    this.filter = saved.filter;
    this.selection = { focused: saved.focused, marked: saved.marked };
    this.pendingScrollTop = saved.scrollTop;
    this.filterInput.value = this.filter;

    layOutPage(root, {
      top: [this.progress, this.headerEl],
      main: [this.filterInput, this.toolbar.element, this.noticeEl, this.listEl, this.emptyEl, this.live.element],
      footer: this.statusEl,
    });
    this.list = new VirtualList({
      viewport: this.listEl,
      rowHeight: ROW_HEIGHT,
      createRow: () => {
        const row = h('div', { class: 'row', role: 'option' });
        row.addEventListener('click', (e) => this.onRowClick(row, e));
        row.addEventListener('dblclick', () => this.run('open'));
        return row;
      },
      renderRow: (row, i) => this.drawRow(row, i),
      onDidRender: () => this.afterRender(),
    });
    this.filterInput.addEventListener('input', () => this.setFilter(this.filterInput.value));
    this.listEl.addEventListener('keydown', (e) => this.onKey(e));
    wireFocusKeys(this.filterInput, this.listEl);
    this.renderChrome();
  }

  receive(message: HostMessage): void {
    switch (message.type) {
      case 'state': {
        const items = unpackItems(message.items);
        if (items) this.setState(message.header, items, message.total, message.stats, message.select);
        else console.warn('[History] Ignored a state whose revision list could not be read.');
        break;
      }
      case 'items': {
        // The rest of the last state; anything else (an old state's rest) is dropped.
        if (message.from !== this.items.length || this.complete) break;
        const items = unpackItems(message.items);
        if (items) this.addItems(items);
        else console.warn('[History] Ignored revisions that could not be read.');
        break;
      }
      case 'header':
        this.live.say(headerAnnouncement(this.header, message.header));
        this.header = message.header;
        this.renderChrome();
        this.list.refresh();
        break;
      case 'stats':
        for (const entry of message.entries) this.stats.set(entry.id, entry);
        this.list.refresh();
        break;
      case 'busy':
        this.progress.hidden = !message.busy;
        this.progress.title = message.label ?? '';
        break;
      case 'notice':
        showNotice(this.noticeEl, message.level, message.message);
        break;
      case 'select':
        this.select(message.revisionIds);
        break;
    }
  }

  private get complete(): boolean {
    return this.items.length >= this.total;
  }

  private setState(header: HistoryHeader, items: HistoryItem[], total: number, stats: StatsEntry[], select?: string[]): void {
    const started = performance.now();
    this.live.say(headerAnnouncement(this.header, header));
    this.header = header;
    this.items = items;
    this.total = Math.max(total, items.length);
    this.index = new Map(items.map((item, i) => [item.id, i]));
    // The lane graph is decoration: it is laid out right after the first paint, which only
    // reserves its column when the history is not a straight line.
    this.layout = undefined;
    this.provisionalColumns = isLinear(items) ? 0 : 2;
    for (const entry of stats) this.stats.set(entry.id, entry);
    this.noticeEl.hidden = true;
    this.pendingSelect = select?.length ? select : undefined;
    this.showArrived();
    // A task after the next frame runs once that frame is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const [first, last] = this.list.visibleRange();
        this.host.post({ type: 'rendered', rows: Math.max(0, last - first + 1), total, ms: performance.now() - started });
        this.layOutLanes();
      }, 0),
    );
  }

  private addItems(more: HistoryItem[]): void {
    const from = this.items.length;
    this.items = this.items.concat(more);
    more.forEach((item, i) => this.index.set(item.id, from + i));
    this.total = Math.max(this.total, this.items.length);
    this.showArrived();
    this.layOutLanes();
  }

  /**
   * Shows what arrived. A selection to make, and the scroll position of a page shown again, wait
   * for the whole list: what they name may not have arrived yet.
   */
  private showArrived(): void {
    const select = this.complete ? this.pendingSelect : undefined;
    if (select) this.selection = { focused: select[0], marked: select[1] };
    this.applyFilter();
    if (!this.complete) return;
    if (this.pendingScrollTop !== undefined) {
      this.listEl.scrollTop = this.pendingScrollTop;
      this.pendingScrollTop = undefined;
    }
    if (select) this.revealFocused();
    this.pendingSelect = undefined;
  }

  /** The lane graph, once the whole list is there: it is decoration, laid out after the first paint. */
  private layOutLanes(): void {
    if (!this.complete || this.layout) return;
    this.layout = layoutLanes(this.items);
    this.applyGraphColumn();
    this.list.refresh();
  }

  private setFilter(text: string): void {
    this.filter = text;
    this.applyFilter();
    this.persist();
    this.live.filterSoon(() => filterAnnouncement(this.filter, this.shown.length, this.total));
  }

  private applyFilter(): void {
    this.shown = this.filter.trim() ? filterIndices(this.items, this.filter) : this.items.map((_, i) => i);
    // Until the rest of the list arrives, a selected revision may simply not be there yet.
    if (this.complete) {
      const visible = new Set(this.shown.map((i) => this.items[i]!.id));
      this.selection = retain(this.selection, (id) => visible.has(id));
    }
    this.applyGraphColumn();
    // The header and status first: the list then measures its viewport once, at its final height
    // (the other order lays the page out twice and draws the rows again on the next frame).
    this.renderChrome();
    this.list.setCount(this.shown.length);
  }

  /** Lane graph columns to draw: none on a filtered list, whose gaps would make the graph lie. */
  private graphColumns(): number {
    if (this.filter.trim()) return 0;
    if (!this.layout) return this.provisionalColumns;
    return this.layout.branched ? this.layout.width : 0;
  }

  private applyGraphColumn(): void {
    const columns = this.graphColumns();
    this.listEl.style.setProperty('--graph-width', `${columns ? graphWidth(columns) : 0}px`);
  }

  private drawRow(row: HTMLElement, position: number): void {
    const index = this.shown[position]!;
    const item = this.items[index]!;
    const ids = selectedIds(this.selection);
    renderRow(
      row,
      {
        item,
        position,
        setSize: this.shown.length,
        lane: this.layout?.rows[index],
        isDraft: item.id === this.header?.draft.revisionId,
        isPublished: item.id === this.header?.published?.revisionId,
        stats: this.stats.get(item.id),
        selected: ids.includes(item.id),
        focused: item.id === this.selection.focused,
        now: Date.now(),
      },
      this.graphColumns(),
    );
  }

  private afterRender(): void {
    const focused = this.selection.focused;
    const row = focused ? document.getElementById(`rev-${focused}`) : null;
    if (row) this.listEl.setAttribute('aria-activedescendant', row.id);
    else this.listEl.removeAttribute('aria-activedescendant');
    clearTimeout(this.statsTimer);
    this.statsTimer = setTimeout(() => this.askStats(), STATS_DELAY_MS);
    this.persistSoon();
  }

  /** Asks for the line counts of the visible revisions that have none yet. */
  private askStats(): void {
    const [first, last] = this.list.visibleRange();
    const wanted: string[] = [];
    for (let p = Math.max(0, first); p <= last && wanted.length < MAX_STATS_REQUEST; p++) {
      const id = this.items[this.shown[p]!]?.id;
      if (id && !this.stats.has(id) && !this.statsAsked.has(id)) wanted.push(id);
    }
    if (!wanted.length) return;
    for (const id of wanted) this.statsAsked.add(id);
    this.host.post({ type: 'loadStats', revisionIds: wanted });
  }

  private selectedItems(): HistoryItem[] {
    return selectedIds(this.selection)
      .map((id) => this.items[this.index.get(id)!])
      .filter((i): i is HistoryItem => !!i);
  }

  private run(id: ActionId): void {
    const selected = this.selectedItems();
    if (!actionStates(this.header, selected)[id].enabled) return;
    const message = actionMessage(id, selected);
    if (!message) return;
    this.host.post(message);
    this.live.say(actionAnnouncement(id, selected));
  }

  private onRowClick(row: HTMLElement, e: MouseEvent): void {
    const id = row.dataset.id;
    if (!id) return;
    this.selection = e.ctrlKey || e.metaKey ? toggleMark(this.selection, id) : focus(this.selection, id, false);
    this.listEl.focus();
    this.selectionChanged();
  }

  /** Redraws, and says a new pair of selected revisions. */
  private selectionChanged(): void {
    this.changed();
    this.live.selection(this.selectedItems());
  }

  private onKey(e: KeyboardEvent): void {
    const s = this.selection;
    const current = s.focused ? this.shown.indexOf(this.index.get(s.focused) ?? -1) : -1;
    const intent = listKeyIntent(e, s, current, this.shown.length, this.list.pageSize);
    if (!intent) return;
    // Ctrl+C keeps its default too (a text selection in the page still copies).
    if (intent.type !== 'copyId') e.preventDefault();
    switch (intent.type) {
      case 'move': {
        const id = this.items[this.shown[intent.to]!]!.id;
        this.selection = intent.extend ? extendTo(s, id) : focus(s, id, true);
        this.list.reveal(intent.to);
        break;
      }
      case 'mark':
        this.selection = !s.focused && this.shown.length ? focus(s, this.items[this.shown[0]!]!.id, false) : toggleMarkFocused(s);
        break;
      case 'unmark':
        this.selection = { ...s, marked: undefined };
        break;
      case 'enter':
        return this.run(selectedIds(s).length === 2 ? 'compare' : 'open');
      case 'copyId':
        return this.run('copyId');
    }
    this.selectionChanged();
  }

  private select(ids: string[]): void {
    this.selection = retain({ focused: ids[0], marked: ids[1] }, (id) => this.index.has(id));
    this.revealFocused();
    this.changed();
  }

  private revealFocused(): void {
    const focused = this.selection.focused;
    const position = focused ? this.shown.indexOf(this.index.get(focused) ?? -1) : -1;
    if (position >= 0) this.list.reveal(position);
  }

  private changed(): void {
    this.list.refresh();
    this.renderChrome();
  }

  private renderChrome(): void {
    renderHeader(this.headerEl, this.header, this.total);
    const selected = this.selectedItems();
    this.toolbar.update(this.header, selected);
    const total = this.total;
    this.statusEl.textContent = statusText({
      total,
      loaded: this.items.length,
      complete: this.complete,
      filtering: this.filter.trim() !== '',
      shown: this.shown.length,
      selected: selected.length,
    });
    this.emptyEl.hidden = !this.header || this.shown.length > 0;
    this.emptyEl.textContent = total ? t('noMatch') : t('noRevisions');
  }

  /**
   * Saves the view state a moment later: reading the scroll position right after drawing rows would
   * make the browser lay the page out again at once.
   */
  private persistSoon(): void {
    clearTimeout(this.persistTimer);
    this.persistTimer = setTimeout(() => this.persist(), PERSIST_DELAY_MS);
  }

  private persist(): void {
    const state: ViewState = { filter: this.filter, scrollTop: this.listEl.scrollTop };
    if (this.selection.focused) state.focused = this.selection.focused;
    if (this.selection.marked) state.marked = this.selection.marked;
    this.host.setState(state);
  }
}
