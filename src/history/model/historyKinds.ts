// Which kind's history a caller means, from the registry alone (src/kinds/resourceKinds.ts): the
// words it names a kind with, and where a kind's history lives. vscode-free.
import { hasHistory, ID_SHARING_KINDS, KINDS, RESOURCE_KINDS, type HistoryKind } from '../../kinds/resourceKinds';

/** The kinds with history, those sharing another's id first (`dashboard` before `operation` in "operation.dashboard"). */
const HINTED: readonly HistoryKind[] = [
  ...KINDS.filter((k) => ID_SHARING_KINDS.includes(k)),
  ...KINDS.filter((k) => !ID_SHARING_KINDS.includes(k)),
].filter(hasHistory);

/**
 * The kind a caller's `kind`, `view` or `contextValue` names: a word that starts with the kind's
 * name or its history's id kind (`application`, `dashboardResource`). Not the id kind of its files:
 * a dashboard's is `operation`.
 */
export function kindHint(value: unknown): HistoryKind | undefined {
  if (typeof value !== 'string') return undefined;
  return HINTED.find((k) => new RegExp(`\\b(${k}|${RESOURCE_KINDS[k].history.idKind})`, 'i').test(value));
}

/** Whether the history of `kind` lives on a resource its source read names (a dashboard's `rept_`). */
export function foundBySourceRead(kind: HistoryKind): boolean {
  return RESOURCE_KINDS[kind].history.from === 'sourceRead';
}
