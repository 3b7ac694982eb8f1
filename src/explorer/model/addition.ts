// What the user typed into "Add Resource by ID" / "Open Resource by ID": a bare id or a pasted URL
// that contains one. Pure, so the input box can validate as the user types.
import * as l10n from '@vscode/l10n';
import { findIds, ID_KIND_LABELS, ID_PREFIXES, kindOfId, type IdKind } from '../../api/ids';
import { idKindsSentence } from '../../kinds/idSentences';
import { BROWSABLE_ID_KINDS, kindWithHistoryId, RESOURCE_KINDS } from '../../kinds/resourceKinds';

export type AdditionInput = { ok: true; id: string; kind: IdKind } | { ok: false; message: string };

const BROWSABLE: ReadonlySet<IdKind> = new Set(BROWSABLE_ID_KINDS);

/** The kinds the explorer shows, with their id prefixes (from the registry). */
const ACCEPTED = idKindsSentence();

function article(label: string): string {
  return /^[aeiou]/i.test(label) ? 'an' : 'a';
}

/** Where an id names a kind's history but not the resource (a dashboard's `rept_`): by which id to add it. */
function historyIdHint(kind: IdKind): string {
  const owner = kindWithHistoryId(kind);
  const { idKind, singular } = owner ? RESOURCE_KINDS[owner] : { idKind: kind, singular: '' };
  return idKind === kind ? '' : l10n.t(' Add the {0} by its {1} id ({2}…).', singular, ID_KIND_LABELS[idKind], ID_PREFIXES[idKind]);
}

/**
 * The id to add, or why the text is refused. `workspaceId`: the signed-in workspace; a pasted URL
 * that names another workspace is refused rather than silently added to the wrong one.
 */
export function parseAdditionInput(text: string, workspaceId?: string): AdditionInput {
  const trimmed = text.trim();
  if (!trimmed)
    return {
      ok: false,
      message: l10n.t('Enter the id of a resource the explorer shows, or paste a URL that contains one: {0}.', ACCEPTED),
    };
  const ids = findIds(trimmed);
  const workspaces = ids.filter((id) => kindOfId(id) === 'workspace');
  if (workspaceId && workspaces.length > 0 && !workspaces.includes(workspaceId)) {
    return {
      ok: false,
      message: l10n.t(
        'That URL belongs to workspace {0}, but you are signed in to {1}. Switch Workspace first.',
        workspaces[0],
        workspaceId,
      ),
    };
  }
  const browsable = ids.filter((id) => BROWSABLE.has(kindOfId(id)!));
  // A URL may hold several ids (workspace, dashboard, revision): the last browsable one is the most specific.
  const id = browsable[browsable.length - 1];
  if (id) return { ok: true, id, kind: kindOfId(id)! };

  const other = ids.find((i) => kindOfId(i) !== 'workspace') ?? ids[0];
  if (other) {
    const kind = kindOfId(other)!;
    const label = ID_KIND_LABELS[kind];
    const hint = historyIdHint(kind);
    return {
      ok: false,
      message: l10n.t(
        '{0} is {1} {2} id ({3}…), which the explorer cannot show.{4} Enter the id of a resource it shows: {5}.',
        other,
        article(label),
        label,
        ID_PREFIXES[kind],
        hint,
        ACCEPTED,
      ),
    };
  }
  const prefix = Object.values(ID_PREFIXES).find((p) => trimmed.startsWith(p));
  if (prefix)
    return {
      ok: false,
      message: l10n.t('“{0}” is not a complete id: {1} must be followed by letters, digits, _ or -.', trimmed.slice(0, 40), prefix),
    };
  const word = /^[A-Za-z]+_[A-Za-z0-9_-]*$/.test(trimmed)
    ? l10n.t('“{0}” does not start with a known prefix.', trimmed.slice(0, 40))
    : l10n.t('No resource id found in the text.');
  return { ok: false, message: l10n.t('{0} Enter the id of a resource the explorer shows: {1}.', word, ACCEPTED) };
}
