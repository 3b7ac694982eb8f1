// What each editable kind keeps per environment when it is promoted, and where it names another
// resource of its environment. One entry per editable kind, which the compiler asks for: a new
// editable kind is one more entry here. Fields are JSON pointers into the kind's document (the
// text its module's snapshot gives). Pure.
//
// - A write sync's switches (`isEnabled`, `automaticEnabled`) are the environment's own: production
//   may run a sync that development keeps off. Its input's revision is a revision of the target's
//   operation, which only the target knows. When the target is identity-locked (spec §2: "the
//   source, destination, key, matching field and managed field names are fixed after an execution
//   request"), those stay the target's too. Its source, destination and input operation name
//   resources of its environment: references, rewritten through the bindings.
// - An app's deployment is the environment's own; it is not in the app's document either, and its
//   update sends name and description only (spec §4.7).
// - A dashboard's TSX may name resources by id: an id in it that is bound is rewritten, and an
//   unbound id of a kind that is surely an id (not a column name such as `user_id`) blocks it.
// - A database definition and a fact name nothing of their environment the spec shows.
import * as l10n from '@vscode/l10n';
import type { IdKind } from '../../api/ids';
import type { AnyTokens, KindTokens } from '../../kinds/kindModules';

/** The kinds that can be saved, hence promoted. */
export type EditableKind = AnyTokens['kind'];

export interface PromotionRule<T> {
  /** Fields whose value stays the target's, given the target's tokens as read. */
  kept(tokens: T): readonly string[];
  /** What else the target keeps that is not in the document (an app's deployment), for the plan's words. */
  readonly alsoKept?: readonly string[];
  /**
   * A kept field that is right only with the target's value of another field: the key kept, the
   * value the field it goes with (a revision of the input operation).
   */
  readonly keptWith?: Readonly<Record<string, string>>;
  /** Fields that hold the id of another resource of the same environment. */
  readonly references?: readonly string[];
  /** The text is no JSON: ids in it are references; an unbound one of these kinds blocks it. */
  readonly textReferences?: readonly IdKind[];
}

const WRITE_SYNC_IDENTITY = ['/definition/source', '/definition/destination', '/definition/keyColumn', '/definition/fields'];

export const PROMOTION_RULES: { readonly [K in EditableKind]: PromotionRule<KindTokens<K>> } = {
  dashboard: {
    kept: () => [],
    textReferences: ['operation', 'writeSync', 'database', 'application', 'dashboardResource'],
  },
  app: { kept: () => [], alsoKept: [l10n.t('deployment')] },
  database: { kept: () => [] },
  writeSync: {
    kept: (tokens) => [
      '/isEnabled',
      '/automaticEnabled',
      '/definition/input/revisionId',
      ...(tokens.identityLocked ? WRITE_SYNC_IDENTITY : []),
    ],
    keptWith: { '/definition/input/revisionId': '/definition/input/operationId' },
    references: ['/definition/source/resourceId', '/definition/destination/resourceId', '/definition/input/operationId'],
  },
  fact: { kept: () => [] },
};

/** The rule of the kind of `tokens`. */
export function ruleOf(tokens: AnyTokens): PromotionRule<AnyTokens> {
  return PROMOTION_RULES[tokens.kind] as PromotionRule<AnyTokens>;
}

/** `/definition/input/revisionId` as the plan shows it: `definition.input.revisionId`. */
export function fieldLabel(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}
