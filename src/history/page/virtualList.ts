// A list of fixed-height rows that keeps only the visible rows (plus a few) in the DOM, so that a
// history of thousands of revisions scrolls and paints like a short one. Row positions are set
// through the CSSOM (element.style), which the webview's CSP allows, unlike style attributes.

export interface VirtualListOptions {
  /** The scrolling element; its height decides how many rows show. */
  viewport: HTMLElement;
  rowHeight: number;
  /** Rows drawn above and below the visible ones. */
  overscan?: number;
  createRow(): HTMLElement;
  renderRow(row: HTMLElement, index: number): void;
  /** Called after the drawn range changed (scroll, resize, new count). */
  onDidRender?(first: number, last: number): void;
}

export class VirtualList {
  private readonly spacer: HTMLElement;
  private readonly pool: HTMLElement[] = [];
  private count = 0;
  private drawn: [number, number] = [0, -1];
  private frame = 0;
  private readonly resizeObserver: ResizeObserver;

  constructor(private readonly options: VirtualListOptions) {
    this.spacer = document.createElement('div');
    this.spacer.className = 'virtual-spacer';
    // Only a sizer: the rows inside belong to the viewport's role (a listbox's options).
    this.spacer.setAttribute('role', 'none');
    options.viewport.append(this.spacer);
    options.viewport.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.resizeObserver = new ResizeObserver(() => this.schedule());
    this.resizeObserver.observe(options.viewport);
  }

  get length(): number {
    return this.count;
  }

  /** Rows that fit in the viewport. */
  get pageSize(): number {
    return Math.max(1, Math.floor(this.options.viewport.clientHeight / this.options.rowHeight));
  }

  /** The first and last index currently visible (not counting overscan). */
  visibleRange(): [number, number] {
    const { viewport, rowHeight } = this.options;
    const first = Math.floor(viewport.scrollTop / rowHeight);
    const last = Math.min(this.count - 1, Math.ceil((viewport.scrollTop + viewport.clientHeight) / rowHeight) - 1);
    return [first, last];
  }

  setCount(count: number): void {
    this.count = count;
    this.spacer.style.height = `${count * this.options.rowHeight}px`;
    this.render(true);
  }

  /** Draws the visible rows again, e.g. after their data or the selection changed. */
  refresh(): void {
    this.render(true);
  }

  /** Scrolls just enough for row `index` to be fully visible. */
  reveal(index: number): void {
    const { viewport, rowHeight } = this.options;
    const top = index * rowHeight;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + rowHeight > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + rowHeight - viewport.clientHeight;
    this.render(false);
  }

  /** The drawn row element of `index`, if it is drawn. */
  rowAt(index: number): HTMLElement | undefined {
    const [first, last] = this.drawn;
    return index >= first && index <= last ? this.pool[index - first] : undefined;
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render(false);
    });
  }

  private render(force: boolean): void {
    const { rowHeight, overscan = 8 } = this.options;
    const [visibleFirst, visibleLast] = this.visibleRange();
    const first = Math.max(0, visibleFirst - overscan);
    const last = Math.min(this.count - 1, visibleLast + overscan);
    if (!force && first === this.drawn[0] && last === this.drawn[1]) return;
    const needed = Math.max(0, last - first + 1);
    while (this.pool.length < needed) {
      const row = this.options.createRow();
      this.pool.push(row);
      this.spacer.append(row);
    }
    this.pool.forEach((row, i) => {
      const index = first + i;
      if (i >= needed) {
        row.hidden = true;
        return;
      }
      row.hidden = false;
      row.style.transform = `translateY(${index * rowHeight}px)`;
      this.options.renderRow(row, index);
    });
    this.drawn = [first, last];
    this.options.onDidRender?.(first, last);
  }
}
