// What each kind of RESOURCE_KINDS does: one module per kind, attached here, one line each. The
// reader, the save flow and the explorer ask the kind (`editOf`, `readOnlyTextOf`, `explorerOf`);
// `SaveTokens` and the explorer's `ResourceData` are derived from these modules. Kept apart from resourceKinds.ts, which stays
// plain data (names, paths, groups) that light modules import without the kinds' behaviour.
import { appKind } from './app/appKind';
import { dashboardKind } from './dashboard/dashboardKind';
import { databaseKind } from './database/databaseKind';
import { factKind } from './fact/factKind';
import type { RevisionRef } from '../api/schemas';
import type { EditBehaviour, ExplorerBehaviour, KindSnapshot, ReadText, TokensOf, ValueOf } from './contract/kindContract';
import { operationKind } from './operation/operationKind';
import { FILE_VIEWS, type FileView, type ResourceKind } from './resourceKinds';
import { writeSyncKind } from './writeSync/writeSyncKind';

export const KIND_MODULES = {
  operation: operationKind,
  dashboard: dashboardKind,
  app: appKind,
  database: databaseKind,
  writeSync: writeSyncKind,
  fact: factKind,
} as const satisfies Record<ResourceKind, unknown>;

type KindModules = typeof KIND_MODULES;

/** The tokens a save of a kind sends, kept beside the document, never inside its text. */
export type KindTokens<K extends ResourceKind> = TokensOf<KindModules[K]>;
/** What the explorer keeps of one resource of a kind. */
export type KindValue<K extends ResourceKind> = ValueOf<KindModules[K]>;

/** Any editable kind's tokens; `kind` names the kind. */
export type AnyTokens = { [K in ResourceKind]: KindTokens<K> }[ResourceKind];

/** How the kind of these tokens saves. */
export function editOf<T extends AnyTokens>(tokens: T): EditBehaviour<T> {
  return KIND_MODULES[tokens.kind].edit as unknown as EditBehaviour<T>;
}

/** The history resource and draft a snapshot's own read named (a dashboard's source read), if its kind's read names them. */
export function draftOfSnapshot(snapshot: KindSnapshot<AnyTokens> | undefined): { resourceId: string; draft: RevisionRef } | undefined {
  if (!snapshot?.revision) return undefined;
  const draft = editOf(snapshot.tokens).draftOf?.(snapshot.tokens);
  return draft ? { resourceId: snapshot.revision.resourceId, draft } : undefined;
}

/** How each token field of `kind` is checked when read back from a pulled folder's state file; undefined for no editable kind. */
export function stateTokensOf(kind: unknown): Readonly<Record<string, (value: unknown) => boolean>> | undefined {
  if (typeof kind !== 'string' || !Object.hasOwn(KIND_MODULES, kind)) return undefined;
  return (KIND_MODULES[kind as ResourceKind] as { edit?: EditBehaviour<AnyTokens> }).edit?.stateTokens;
}

/** How a file view is saved, when it can be. */
export function editOfView(view: FileView): EditBehaviour<AnyTokens> | undefined {
  if (!FILE_VIEWS[view].editable) return undefined;
  return (KIND_MODULES[FILE_VIEWS[view].kind] as { edit?: EditBehaviour<AnyTokens> }).edit;
}

/** How a read-only file view is read. */
export function readOnlyTextOf(view: FileView): ReadText | undefined {
  return (KIND_MODULES[FILE_VIEWS[view].kind] as { readOnlyTexts?: Partial<Record<FileView, ReadText>> }).readOnlyTexts?.[view];
}

/** How the explorer reads and names a kind's resources. */
export function explorerOf<K extends ResourceKind>(kind: K): ExplorerBehaviour<KindValue<K>> {
  return KIND_MODULES[kind].explorer as unknown as ExplorerBehaviour<KindValue<K>>;
}
