// The draft and published state in a few words, for the status bar (loaded at activation, while the
// operations that change it load on first use). vscode-free.
import * as l10n from '@vscode/l10n';
import type { RevisionHistory } from '../../api/schemas';
import { isSingular } from '../../util/plural';

/** "draft #12 · published #9 · 3 unpublished revisions" (sequences; the draft counts when unpublished). */
export function draftPublishedSummary(h: Pick<RevisionHistory, 'draft' | 'published'>): string {
  const published = h.published ? l10n.t('published #{0}', h.published.sequence) : l10n.t('nothing published');
  const ahead = h.draft.sequence - (h.published?.sequence ?? 0);
  const unpublished =
    h.published?.revisionId === h.draft.revisionId || ahead <= 0
      ? l10n.t('no unpublished revisions')
      : isSingular(ahead)
        ? l10n.t('{0} unpublished revision', ahead)
        : l10n.t('{0} unpublished revisions', ahead);
  return l10n.t('draft #{0} · {1} · {2}', h.draft.sequence, published, unpublished);
}
