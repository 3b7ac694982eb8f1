// The pseudo-locale check without a workbench: with a bundle that replaces every letter of every
// localized string by an accented look-alike (`@vscode/l10n-dev`'s pseudo-localization), the
// messages the extension builds and the history page's words hold no plain-ASCII English word
// besides the data they quote. A string that does not go through l10n.t (or the page's table) shows
// up as English here. The modules load after the bundle is set (dynamic imports), as in VS Code.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as l10n from '@vscode/l10n';
import { getL10nPseudoLocalized } from '@vscode/l10n-dev';
// The same check the pseudo-locale UI scenario makes of the workbench's texts.
import { unlocalizedWords } from '../harness/lib/pseudoLocale';
import { repoRoot } from '../harness/lib/paths';

const root = repoRoot;
const source = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
l10n.config({ contents: getL10nPseudoLocalized(source) as Record<string, string> });

describe('pseudo-locale', () => {
  it('the check finds English left in a text, and passes pseudo text and data', () => {
    assert.deepEqual(unlocalizedWords('Ƈǿǿŭŭŀḓ ƞǿǿŧ şīɠƞ īƞ: Sales', ['Sales']), []);
    assert.deepEqual(unlocalizedWords('Ƈǿǿŭŭŀḓ ƞǿǿŧ sign in: oper_12'), ['sign']);
  });

  it('the history page says nothing in English', async () => {
    const { PAGE_TEXT } = await import('../../src/history/protocol/pageLocale');
    const text = await import('../../src/history/page/wordLookup');
    text.setPageLocale({ language: 'en', text: getL10nPseudoLocalized({ ...PAGE_TEXT }) as typeof PAGE_TEXT });
    const { actionStates, actionMessage } = await import('../../src/history/page/actions');
    const announce = await import('../../src/history/page/announce');
    const { rowDetails } = await import('../../src/history/page/rows');
    const { statusText } = await import('../../src/history/page/chrome');
    const { historyHeader, historyItem } = await import('./history/historySupport');
    const a = { ...historyItem('rvsn_a'), sequence: 4, message: 'Fix totals', actorId: 'apik_1' };
    const b = historyItem('rvsn_b');
    const header = historyHeader();
    const texts: string[] = [];
    for (const selected of [[], [a], [a, b]]) for (const state of Object.values(actionStates(header, selected))) texts.push(state.title);
    for (const state of Object.values(actionStates(historyHeader({ published: null, restore: { enabled: false } }), [a])))
      texts.push(state.title);
    for (const id of ['open', 'compare', 'compareWithDraft', 'compareWithPublished', 'showChanges', 'copyId'] as const)
      texts.push(announce.actionAnnouncement(id, [a, b]) ?? '');
    texts.push(announce.selectionAnnouncement([a, b]) ?? '');
    texts.push(announce.headerAnnouncement(header, historyHeader({ draft: { revisionId: 'x', sequence: 4 }, published: null })) ?? '');
    texts.push(announce.filterAnnouncement('x', 0, 3) ?? '', announce.filterAnnouncement('x', 2, 3) ?? '');
    texts.push(
      rowDetails({ item: { ...a, message: '' }, isDraft: true, isPublished: true, stats: { id: 'rvsn_a', added: 2, removed: 1 } }),
    );
    for (const selected of [1, 2]) texts.push(statusText({ total: 9, loaded: 3, complete: false, filtering: true, shown: 2, selected }));
    texts.push(statusText({ total: 9, loaded: 9, complete: true, filtering: false, shown: 9, selected: 0 }));
    assert.ok(actionMessage, 'the actions module loaded');
    const english = texts.flatMap((t) => unlocalizedWords(t, ['Fix totals', 'apiKey']).map((w) => `${w} in ${JSON.stringify(t)}`));
    assert.deepEqual(english, []);
  });

  it('the extension’s messages say nothing in English', async () => {
    const { ApiError } = await import('../../src/api/errors');
    const { describeError } = await import('../../src/ui/describeError');
    const { draftPublishedSummary } = await import('../../src/publish/model/revisionOperations');
    const { databaseProblems } = await import('../../src/kinds/database/databaseRules');
    const { refusalMessage } = await import('../../src/documents/validation/validate');
    const { savedMessage } = await import('../../src/documents/files/saveMessages');
    const texts: string[] = [];
    const error = (kind: string, status?: number) =>
      new ApiError({ kind, status, message: 'boom', action: l10n.t('read app'), method: 'GET', path: '/' } as never);
    for (const [kind, status] of [
      ['unauthorized', 401],
      ['forbidden', 403],
      ['notFound', 404],
      ['conflict', 409],
      ['server', 500],
      ['network', undefined],
    ] as const)
      texts.push(describeError(error(kind, status)).message);
    texts.push(draftPublishedSummary({ draft: { revisionId: 'd', sequence: 5 }, published: { revisionId: 'p', sequence: 2 } } as never));
    texts.push(draftPublishedSummary({ draft: { revisionId: 'd', sequence: 1 }, published: null } as never));
    const problems = databaseProblems('{"tables": [{"name": "", "columns": [], "primaryKey": ["id"]}]}');
    assert.ok(problems.length > 0, 'the definition has problems');
    for (const p of problems) texts.push(p.message);
    texts.push(refusalMessage('Sales', problems));
    for (const confirmedBy of ['answer', 'readBack'] as const)
      texts.push(savedMessage('Sales', { snapshot: { label: l10n.t('revision {0}', 14) }, confirmedBy } as never));
    const english = texts.flatMap((t) => unlocalizedWords(t, ['boom', 'Sales', 'GET']).map((w) => `${w} in ${JSON.stringify(t)}`));
    assert.deepEqual(english, []);
  });
});
