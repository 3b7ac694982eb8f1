// How a resource reads in the explorer, in the words each kind's look is built from: a value the
// spec leaves open shown as it is, revisions, tooltip headings and field tables. vscode-free and
// pure. Every text from the service goes into a tooltip escaped (util/markdown.ts) or as a code
// span: a name or description is shown, never followed as a link, image or icon.
import * as l10n from '@vscode/l10n';
import type { RevisionRef } from '../../api/schemas';
import { codeSpan, escapeMarkdown, escapeMarkdownLine } from '../../util/markdown';

/** A resource item's description, Markdown tooltip and codicon. */
export interface Look {
  description?: string;
  /** Markdown without theme icons, HTML or trusted links; service text in it is escaped. */
  tooltip?: string;
  icon?: { id: string; color?: 'warning' | 'error' | 'success' };
}

export { codeSpan, escapeMarkdown };

export const md = escapeMarkdownLine;

/**
 * A value the spec leaves open (a status, kind or type outside the ones it shows), as it is: a
 * string itself, an empty one as "(none)", anything else as JSON. Never "undefined", never blank.
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value.trim() ? value : l10n.t('(none)');
  if (value === undefined || value === null) return '(none)';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 199)}…` : json;
}

/** An error of a shape the spec does not show: its own words when it has them, else as JSON. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
    const e = error as Record<string, unknown>;
    const words = [e.message, e.detail, e.title, e.reason].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (words) return typeof e.code === 'string' && e.code ? `${words} (${e.code})` : words;
  }
  return shown(error);
}

export function seq(ref: RevisionRef | null | undefined): string {
  return ref ? `#${ref.sequence}` : '—';
}

/** "revision 14" for a revision reference with a whole sequence; null for anything else. */
export function revisionLabel(ref: unknown): string | null {
  const s = (ref as { sequence?: unknown } | null | undefined)?.sequence;
  return typeof s === 'number' && Number.isInteger(s) ? l10n.t('revision {0}', s) : null;
}

/** Revisions after the published one (the draft counts); 0 when the draft is published. */
function unpublishedCount(draft: RevisionRef, published: RevisionRef | null): number {
  return published?.revisionId === draft.revisionId ? 0 : Math.max(0, draft.sequence - (published?.sequence ?? 0));
}

export function revisions(draft: RevisionRef, published: RevisionRef | null): string {
  if (!published) return l10n.t('draft {0}', seq(draft));
  const ahead = unpublishedCount(draft, published);
  return l10n.t('draft {0} · published {1}', seq(draft), seq(published)) + (ahead ? ` · ${l10n.t('{0} unpublished', ahead)}` : '');
}

/** The tooltip's row: how many revisions publishing the draft would bring live. */
export function unpublishedRow(draft: RevisionRef, published: RevisionRef | null): [string, string] {
  const ahead = unpublishedCount(draft, published);
  return [l10n.t('Unpublished revisions'), ahead ? String(ahead) : l10n.t('none (the draft is published)')];
}

/** Field lines; two trailing spaces make Markdown line breaks. */
export function table(rows: [string, string][]): string {
  return rows.map(([k, v]) => `${k}: ${v}`).join('  \n');
}

/** Service text as a paragraph of its own, escaped; nothing when there is none. */
export function paragraph(text: string | null | undefined): string {
  return text ? `\n\n${escapeMarkdown(text)}` : '';
}

export function heading(name: string, what: string, id: string): string {
  return `**${md(name)}** — ${what}\n\n${codeSpan(id)}`;
}
