// Draws one revision row: the lane graph cell, the sequence and message with Draft/Published
// badges, the line counts, the actor and the time. Colours and sizes come from history.css.
import { pageLanguage, t, tCount } from './wordLookup';
import type { LaneRow } from '../protocol/laneLayout';
import { shortActor } from '../protocol/actorLabel';
import { absoluteUtc, relativeTime } from '../protocol/relativeTime';
import type { HistoryItem, StatsEntry } from '../protocol/protocol';
import { h, svg } from './dom';

export const ROW_HEIGHT = 26;
const LANE_WIDTH = 12;
const LANE_COLORS = 6;

export interface RowModel {
  item: HistoryItem;
  /** Where the row is in the (filtered) list, from 0, and how long that list is: only visible rows are drawn. */
  position: number;
  setSize: number;
  lane: LaneRow | undefined;
  isDraft: boolean;
  isPublished: boolean;
  stats: StatsEntry | undefined;
  selected: boolean;
  focused: boolean;
  now: number;
}

export function graphWidth(lanes: number): number {
  return lanes * LANE_WIDTH + 4;
}

function laneX(column: number): number {
  return column * LANE_WIDTH + LANE_WIDTH / 2 + 2;
}

function graph(row: LaneRow, width: number, draft: boolean): SVGElement {
  const mid = ROW_HEIGHT / 2;
  const el = svg('svg', { class: 'graph', width, height: ROW_HEIGHT, viewBox: `0 0 ${width} ${ROW_HEIGHT}`, 'aria-hidden': 'true' });
  for (const s of row.top)
    el.append(
      svg('path', {
        class: `lane lane-${s.from % LANE_COLORS}`,
        d: `M${laneX(s.from)} 0 C${laneX(s.from)} ${mid / 2} ${laneX(s.to)} ${mid / 2} ${laneX(s.to)} ${mid}`,
      }),
    );
  for (const s of row.bottom)
    el.append(
      svg('path', {
        class: `lane lane-${s.to % LANE_COLORS}`,
        d: `M${laneX(s.from)} ${mid} C${laneX(s.from)} ${mid * 1.5} ${laneX(s.to)} ${mid * 1.5} ${laneX(s.to)} ${ROW_HEIGHT}`,
      }),
    );
  el.append(svg('circle', { class: `node lane-${row.lane % LANE_COLORS}${draft ? ' draft' : ''}`, cx: laneX(row.lane), cy: mid, r: 3.5 }));
  return el;
}

/**
 * What a screen reader hears after the row's visible text (the row is named by its content, so a
 * voice-control user can say what they see): what the columns shorten or leave out.
 */
export function rowDetails(m: Pick<RowModel, 'item' | 'isDraft' | 'isPublished' | 'stats'>): string {
  const { item } = m;
  const parts = [t('rowRevision', item.sequence ?? item.id)];
  if (m.isDraft) parts.push(t('theCurrentDraft'));
  if (m.isPublished) parts.push(t('thePublishedRevision'));
  if (!item.message) parts.push(t('noMessage'));
  parts.push(t('by', item.actorId.trim() || t('unknownActor')) + (item.actorType.trim() ? ` (${item.actorType})` : ''));
  parts.push(absoluteUtc(item.createdAt, pageLanguage()));
  if (m.stats) parts.push(tCount('linesOne', 'linesOther', m.stats.added, m.stats.added, m.stats.removed));
  return parts.join(', ');
}

export function renderRow(el: HTMLElement, m: RowModel, graphColumns: number): void {
  const { item } = m;
  el.id = `rev-${item.id}`;
  el.dataset.id = item.id;
  el.className = `row${m.selected ? ' selected' : ''}${m.focused ? ' focused' : ''}`;
  el.setAttribute('aria-selected', String(m.selected));
  el.setAttribute('aria-posinset', String(m.position + 1));
  el.setAttribute('aria-setsize', String(m.setSize));
  const cells: Node[] = [];
  // Always a graph cell, empty for a straight history: the row's grid has a column for it.
  cells.push(h('span', { class: 'cell graph-cell' }, graphColumns > 0 && m.lane ? graph(m.lane, graphWidth(graphColumns), m.isDraft) : ''));
  cells.push(
    h(
      'span',
      { class: 'cell message', title: `${item.message}\n${t('by', item.actorId)}, ${absoluteUtc(item.createdAt, pageLanguage())}` },
      h('span', { class: 'seq' }, item.sequence !== null ? `#${item.sequence}` : ''),
      m.isDraft ? h('span', { class: 'badge draft', title: t('currentDraftTitle') }, t('draft')) : null,
      m.isPublished ? h('span', { class: 'badge published', title: t('publishedTitle') }, t('published')) : null,
      h('span', { class: 'text' }, item.message || t('noMessageShown')),
    ),
    h(
      'span',
      {
        class: 'cell stats',
        title: m.stats ? t('statsTitle', m.stats.added, m.stats.removed) : '',
      },
      m.stats ? h('span', { class: 'added' }, `+${m.stats.added}`) : '',
      m.stats ? h('span', { class: 'removed' }, `−${m.stats.removed}`) : '',
    ),
    // Any actor type the service names (the spec shows `apiKey`), as it is.
    h(
      'span',
      { class: 'cell actor', title: item.actorType.trim() ? `${item.actorId} (${item.actorType})` : item.actorId },
      shortActor(item.actorId) || t('unknown'),
    ),
    h(
      'span',
      { class: 'cell time', title: absoluteUtc(item.createdAt, pageLanguage()) },
      relativeTime(item.createdAt, m.now, pageLanguage(), t('justNow')),
    ),
    h('span', { class: 'sr-only' }, `; ${rowDetails(m)}`),
  );
  el.replaceChildren(...cells);
}
