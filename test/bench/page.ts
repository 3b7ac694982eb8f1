// docs/performance.md holds the latest table of each part of `npm run bench` (the Node side, the
// dashboard language, the extension host, the cost at 10,000 resources) between markers of its own; a run rewrites the block of
// each part it ran whole, so that the page always shows the figures of the last such run and the
// history of the figures stays in git.
import { formatTable, type Row } from './support';

export const PARTS = ['node', 'typing', 'host', 'scale'] as const;
export type Part = (typeof PARTS)[number];

export function markers(part: Part): [string, string] {
  return [`<!-- bench:${part}:start -->`, `<!-- bench:${part}:end -->`];
}

/** The block of one part: when and how it ran, its table, and the notes the run made. */
export function partBlock(title: string, rows: readonly Row[], details: readonly string[]): string {
  const notes = details.length ? `\n\n${details.map((d) => `- ${d}`).join('\n')}` : '';
  return `${title}\n\n${formatTable(rows)}${notes}\n`;
}

/** `page` with the block of `part` replaced by `block`; everything outside its markers stays as it is. */
export function replacePart(page: string, part: Part, block: string): string {
  const [start, end] = markers(part);
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from === -1 || to < from) throw new Error(`docs/performance.md has no ${start} … ${end} markers`);
  return `${page.slice(0, from + start.length)}\n${block}${page.slice(to)}`;
}
