// The panel header: resource name, kind and id, draft/published, version token and capabilities.
import { t, tCount } from './wordLookup';
import type { HistoryHeader } from '../protocol/protocol';
import { h, icon } from './dom';

function capability(name: string, on: boolean): HTMLElement {
  return h(
    'span',
    { class: `chip ${on ? 'on' : 'off'}`, title: t('capability', name, on ? t('yes') : t('no')) },
    icon(on ? 'check' : 'circle-slash'),
    name,
    // The icon says yes or no to the eye; this says it to a screen reader.
    h('span', { class: 'sr-only' }, `: ${on ? t('yes') : t('no')}`),
  );
}

/** "3 unpublished revisions": how far the draft is ahead of the published revision. */
function unpublished(header: HistoryHeader): HTMLElement | string {
  const ahead = header.draft.sequence - (header.published?.sequence ?? 0);
  if (header.published?.revisionId === header.draft.revisionId || ahead <= 0)
    return header.published ? h('span', { class: 'meta-item muted unpublished' }, t('draftIsPublished')) : '';
  return h(
    'span',
    { class: 'meta-item unpublished', title: t('afterPublished') },
    tCount('unpublishedOne', 'unpublishedOther', ahead, ahead),
  );
}

export function renderHeader(el: HTMLElement, header: HistoryHeader | undefined, count: number): void {
  if (!header) {
    el.replaceChildren(h('div', { class: 'title-row' }, icon('history'), h('h1', {}, t('loading'))));
    return;
  }
  const published = header.published
    ? h('span', { class: 'meta-item' }, h('span', { class: 'badge published' }, t('published')), ` #${header.published.sequence}`)
    : h('span', { class: 'meta-item muted' }, t('nothingPublished'));
  el.replaceChildren(
    h(
      'div',
      { class: 'title-row' },
      icon('history'),
      h('h1', { title: header.name }, header.name),
      h('span', { class: 'kind' }, header.kindLabel),
      h('code', { class: 'resource-id', title: t('resourceId') }, header.resourceId),
    ),
    h(
      'div',
      { class: 'meta-row' },
      h('span', { class: 'meta-item' }, h('span', { class: 'badge draft' }, t('draft')), ` #${header.draft.sequence}`),
      published,
      unpublished(header),
      h('span', { class: 'meta-item', title: t('versionHint') }, `${t('version')} `, h('code', {}, header.version)),
      h(
        'span',
        { class: 'meta-item chips' },
        capability('history', header.capabilities.history),
        capability('restore', header.capabilities.restore),
        capability('publish', header.capabilities.publish),
      ),
      h('span', { class: 'meta-item muted' }, tCount('revisionsOne', 'revisionsOther', count, count)),
    ),
    header.dependencyLocations ? '' : h('div', { class: 'meta-row muted' }, icon('info'), t('noDependencyLocations')),
  );
}
