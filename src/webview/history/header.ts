// The panel header: resource name, kind and id, draft/published, version token and capabilities.
import type { HistoryHeader } from '../../shared/history/protocol';
import { h, icon } from './dom';

function capability(name: string, on: boolean): HTMLElement {
  return h(
    'span',
    { class: `chip ${on ? 'on' : 'off'}`, title: `${name}: ${on ? 'yes' : 'no'} (from the service’s capabilities)` },
    icon(on ? 'check' : 'circle-slash'),
    name,
    // The icon says yes or no to the eye; this says it to a screen reader.
    h('span', { class: 'sr-only' }, on ? ': yes' : ': no'),
  );
}

/** "3 unpublished revisions": how far the draft is ahead of the published revision. */
function unpublished(header: HistoryHeader): HTMLElement | string {
  const ahead = header.draft.sequence - (header.published?.sequence ?? 0);
  if (header.published?.revisionId === header.draft.revisionId || ahead <= 0)
    return header.published ? h('span', { class: 'meta-item muted unpublished' }, 'Draft is published') : '';
  return h(
    'span',
    { class: 'meta-item unpublished', title: 'Revisions after the published one' },
    `${ahead} unpublished revision${ahead === 1 ? '' : 's'}`,
  );
}

export function renderHeader(el: HTMLElement, header: HistoryHeader | undefined, count: number): void {
  if (!header) {
    el.replaceChildren(h('div', { class: 'title-row' }, icon('history'), h('h1', {}, 'Loading revision history…')));
    return;
  }
  const published = header.published
    ? h('span', { class: 'meta-item' }, h('span', { class: 'badge published' }, 'Published'), ` #${header.published.sequence}`)
    : h('span', { class: 'meta-item muted' }, 'Nothing published');
  el.replaceChildren(
    h(
      'div',
      { class: 'title-row' },
      icon('history'),
      h('h1', { title: header.name }, header.name),
      h('span', { class: 'kind' }, header.kindLabel),
      h('code', { class: 'resource-id', title: 'Resource id' }, header.resourceId),
    ),
    h(
      'div',
      { class: 'meta-row' },
      h('span', { class: 'meta-item' }, h('span', { class: 'badge draft' }, 'Draft'), ` #${header.draft.sequence}`),
      published,
      unpublished(header),
      h(
        'span',
        { class: 'meta-item', title: 'The history’s version token, sent back when restoring or publishing' },
        'Version ',
        h('code', {}, header.version),
      ),
      h(
        'span',
        { class: 'meta-item chips' },
        capability('history', header.capabilities.history),
        capability('restore', header.capabilities.restore),
        capability('publish', header.capabilities.publish),
      ),
      h('span', { class: 'meta-item muted' }, `${count} revision${count === 1 ? '' : 's'}`),
    ),
    header.dependencyLocations
      ? ''
      : h(
          'div',
          { class: 'meta-row muted' },
          icon('info'),
          'The service does not say which resources dependency revisions belong to: Show Changes lists this resource only.',
        ),
  );
}
