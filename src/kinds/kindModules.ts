// What each kind of RESOURCE_KINDS does: one module per kind (src/kinds/<kind>/<kind>Kind.ts),
// attached here, one line each, with the contract's defaults for what a module leaves out. The
// reader, the save flow, the validation and the explorer ask the kind (`editOf`, `readOnlyTextOf`,
// `explorerOf`); `SaveTokens` and the explorer's `ResourceData` are derived from these modules.
// Kept apart from resourceKinds.ts, which stays plain data (names, paths, groups) that light
// modules import without the kinds' behaviour.
import { appKind } from './app/appKind';
import { dashboardKind } from './dashboard/dashboardKind';
import { databaseKind } from './database/databaseKind';
import { factKind } from './fact/factKind';
import type { RevisionRef } from '../api/schemas';
import {
  completeEdit,
  completeExplorer,
  type CompleteEdit,
  type CompleteExplorer,
  type EditBehaviour,
  type KindSnapshot,
  type ReadText,
  type TokensOf,
  type ValueOf,
} from './contract/kindContract';
import { operationKind } from './operation/operationKind';
import { FILE_VIEWS, KINDS, type FileView, type ResourceKind } from './resourceKinds';
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

type AnyEdit = EditBehaviour<AnyTokens>;

/** Each editable kind's edit behaviour, and each kind's explorer behaviour, with the defaults in place. */
const EDITS = Object.fromEntries(
  KINDS.flatMap((k) => {
    const edit = (KIND_MODULES[k] as { edit?: AnyEdit }).edit;
    return edit ? [[k, completeEdit(edit)]] : [];
  }),
) as Partial<Record<ResourceKind, CompleteEdit<AnyTokens>>>;
const EXPLORERS = Object.fromEntries(KINDS.map((k) => [k, completeExplorer<unknown>(KIND_MODULES[k].explorer as never)])) as Record<
  ResourceKind,
  CompleteExplorer<unknown>
>;

/** How the kind of these tokens saves. */
export function editOf<T extends AnyTokens>(tokens: T): CompleteEdit<T> {
  return EDITS[tokens.kind] as unknown as CompleteEdit<T>;
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
  return EDITS[kind as ResourceKind]?.stateTokens;
}

/** How a file view is saved, when it can be. */
export function editOfView(view: FileView): CompleteEdit<AnyTokens> | undefined {
  if (!FILE_VIEWS[view].editable) return undefined;
  return EDITS[FILE_VIEWS[view].kind];
}

/** How a read-only file view is read. */
export function readOnlyTextOf(view: FileView): ReadText | undefined {
  return (KIND_MODULES[FILE_VIEWS[view].kind] as { readOnlyTexts?: Readonly<Record<string, ReadText>> }).readOnlyTexts?.[view];
}

/** How the explorer reads and names a kind's resources. */
export function explorerOf<K extends ResourceKind>(kind: K): CompleteExplorer<KindValue<K>> {
  return EXPLORERS[kind] as CompleteExplorer<KindValue<K>>;
}
