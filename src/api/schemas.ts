// Schemas of every resource and result in the service interface (spec §2), built with zod/mini so
// the bundle stays small. Response objects are `looseObject`s: fields the spec does not list are
// kept, never rejected, so a newer server does not break an older extension.
import * as z from 'zod/mini';

export { DATABASE_COLUMN_TYPES } from './schemaConstants';

const int = () => z.number().check(z.int());
/** Timestamps are ISO 8601 UTC with milliseconds on the wire; the client only requires a string. */
const timestamp = () => z.string();

export const RevisionRef = z.looseObject({ revisionId: z.string(), sequence: int() });
export type RevisionRef = z.infer<typeof RevisionRef>;

export const Actor = z.looseObject({ type: z.string(), id: z.string() });
export type Actor = z.infer<typeof Actor>;

export const RevisionListItem = z.looseObject({
  id: z.string(),
  parentRevisionId: z.nullable(z.string()),
  dependencyRevisionIds: z.array(z.string()),
  actor: Actor,
  message: z.string(),
  createdAt: timestamp(),
});
export type RevisionListItem = z.infer<typeof RevisionListItem>;

export const Revision = z.looseObject({
  ...RevisionListItem.def.shape,
  resourceId: z.string(),
  value: z.record(z.string(), z.unknown()),
});
export type Revision = z.infer<typeof Revision>;

/** `value` of an operation handler revision (spec §2). */
export const OperationHandlerValue = z.looseObject({
  source: z.string(),
  instructions: z.string(),
  referencedDataSourceIds: z.array(z.string()),
  resolvedDataSourceIds: z.array(z.string()),
  dependencyOperationIds: z.array(z.string()),
});
export type OperationHandlerValue = z.infer<typeof OperationHandlerValue>;

export const Capabilities = z.looseObject({ history: z.boolean(), restore: z.boolean(), publish: z.boolean() });

export const RevisionHistory = z.looseObject({
  resourceId: z.string(),
  version: z.string(),
  draft: RevisionRef,
  published: z.nullable(RevisionRef),
  capabilities: Capabilities,
  items: z.array(RevisionListItem),
  /** Not in the spec: a service that pages the history names the next page (README). */
  nextCursor: z.nullish(z.string()),
});
export type RevisionHistory = z.infer<typeof RevisionHistory>;

const Endpoint = z.looseObject({ resourceId: z.string(), object: z.string(), scope: z.string() });
export const WriteSyncDefinition = z.looseObject({
  source: Endpoint,
  destination: Endpoint,
  input: z.looseObject({ type: z.string(), operationId: z.string(), revisionId: z.string(), table: z.string() }),
  keyColumn: z.string(),
  fields: z.record(z.string(), z.string()),
});

export const WriteSync = z.looseObject({
  id: z.string(),
  name: z.string(),
  definition: WriteSyncDefinition,
  version: int(),
  isEnabled: z.boolean(),
  automaticEnabled: z.boolean(),
  identityLocked: z.boolean(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type WriteSync = z.infer<typeof WriteSync>;

/** The nullable descriptive fields of a fact; their types when set are not shown in the spec. */
const factDescriptiveFields = {
  aliases: z.nullish(z.unknown()),
  usualValue: z.nullish(z.unknown()),
  usualValueMin: z.nullish(z.unknown()),
  usualValueMax: z.nullish(z.unknown()),
  unit: z.nullish(z.unknown()),
  startDate: z.nullish(z.unknown()),
  endDate: z.nullish(z.unknown()),
  scope: z.nullish(z.unknown()),
  metadata: z.nullish(z.unknown()),
};

/**
 * A fact as read or as a replace answers it. Only what the client needs is required: `id`, `name`,
 * and `updatedAt` (a string, when present) for the concurrency check. Every other field may hold
 * null or another type than the spec's table shows (a service that clears an omitted `type` answers
 * `type: null`): the document shows it as sent, and a stored save is never doubted because of it.
 */
export const Fact = z.looseObject({
  id: z.string(),
  organizationId: z.optional(z.unknown()),
  ownerId: z.optional(z.unknown()),
  // Shown by the explorer only, never in the document or a body: text whatever the service sent.
  key: z.catch(z.string(), (ctx) => (ctx.value === undefined || ctx.value === null ? '' : JSON.stringify(ctx.value))),
  name: z.string(),
  type: z.optional(z.unknown()),
  definition: z.optional(z.unknown()),
  formula: z.optional(z.unknown()),
  formulaType: z.optional(z.unknown()),
  ...factDescriptiveFields,
  createdAt: z.optional(z.unknown()),
  // The concurrency check's stand-in for a token (README, "fact concurrency"); "" when not sent.
  updatedAt: z.pipe(
    z.nullish(timestamp()),
    z.transform((v) => v ?? ''),
  ),
});
export type Fact = z.infer<typeof Fact>;

export const FactReplaceBody = z.looseObject({
  name: z.string(),
  definition: z.optional(z.string()),
  formula: z.optional(z.string()),
  formulaType: z.optional(z.string()),
  type: z.optional(z.unknown()),
  ...factDescriptiveFields,
});
export type FactReplaceBody = z.infer<typeof FactReplaceBody>;

export const DatabaseColumn = z.looseObject({ name: z.string(), type: z.string(), nullable: z.boolean() });
export const DatabaseTable = z.looseObject({ name: z.string(), columns: z.array(DatabaseColumn), primaryKey: z.array(z.string()) });
export const DatabaseDefinition = z.looseObject({ tables: z.array(DatabaseTable) });
export type DatabaseDefinition = z.infer<typeof DatabaseDefinition>;

export const DatabaseSaveResult = z.looseObject({ revisionId: z.string() });
export type DatabaseSaveResult = z.infer<typeof DatabaseSaveResult>;

export const DashboardSource = z.looseObject({
  dashboardId: z.string(),
  resourceId: z.string(),
  source: z.string(),
  revision: RevisionRef,
  dataRunId: z.string(),
});
export type DashboardSource = z.infer<typeof DashboardSource>;

export const Application = z.looseObject({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  description: z.string(),
  deployment: z.looseObject({
    status: z.string(),
    url: z.string(),
    revisionId: z.string(),
    error: z.nullish(z.unknown()),
  }),
  draft: RevisionRef,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type Application = z.infer<typeof Application>;

// ---- What a save reads of its answer. The answer is the resource after the save (spec §4.4, §4.6,
// README "write sync update", "app update"); a save needs only its new tokens from it. Any other
// field may hold null or another type than the spec's table: it must not make a stored save look
// like one that "may or may not have reached the service". The text saved is the user's.

/** A dashboard source replace: the new revision, its resource (for history) and the data run. */
export const DashboardSourceSaved = z.looseObject({ resourceId: z.string(), revision: RevisionRef, dataRunId: z.string() });
export type DashboardSourceSaved = z.infer<typeof DashboardSourceSaved>;

/** A write sync update: the new version, and whether the identity fields are locked now. */
export const WriteSyncSaved = z.looseObject({ version: int(), identityLocked: z.boolean() });
export type WriteSyncSaved = z.infer<typeof WriteSyncSaved>;

/** An app update: the app's id and its new draft. */
export const ApplicationSaved = z.looseObject({ id: z.string(), draft: RevisionRef });
export type ApplicationSaved = z.infer<typeof ApplicationSaved>;

export const Operation = z.looseObject({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  instructions: z.string(),
  dataSourceIds: z.array(z.string()),
  // The spec's prose calls the parent data flow optional; its table says string. Accept both.
  parentDataFlowId: z.nullish(z.string()),
  status: z.string(),
  codeStale: z.boolean(),
  draft: RevisionRef,
  published: z.nullable(RevisionRef),
});
export type Operation = z.infer<typeof Operation>;

// ---- Shapes the spec does not show; this project's choices (README, "What the spec does not show").

/** One managed database as the optional list endpoint returns it. */
export const DatabaseSummary = z.looseObject({
  id: z.string(),
  name: z.string(),
  draft: RevisionRef,
  published: z.nullable(RevisionRef),
});
export type DatabaseSummary = z.infer<typeof DatabaseSummary>;

/** One dashboard as the optional list endpoint returns it. */
export const DashboardSummary = z.looseObject({
  dashboardId: z.string(),
  resourceId: z.string(),
  name: z.string(),
  revision: RevisionRef,
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/**
 * The dashboard runtime's declarations (assumed endpoint, README): each module as imported and the
 * text of a .d.ts of its exports, without a `declare module` wrapper.
 */
export const RuntimeTypes = z.looseObject({
  modules: z.array(z.looseObject({ name: z.string(), declarations: z.string() })),
});
export type RuntimeTypes = z.infer<typeof RuntimeTypes>;

/** One column of a data run's result, typed in the database's vocabulary (unknown types allowed). */
export const DataRunColumn = z.looseObject({ name: z.string(), type: z.string(), nullable: z.optional(z.boolean()) });
export type DataRunColumn = z.infer<typeof DataRunColumn>;

/** A data run (assumed read, README): only `id` is required; without `columns` there is no contract. */
export const DataRun = z.looseObject({ id: z.string(), columns: z.optional(z.array(DataRunColumn)) });
export type DataRun = z.infer<typeof DataRun>;

/** The answer of a call whose body is not read (endpoints.ts `ignoresAnswer`): a revision operation. */
export const Ignored = z.unknown();

/** A list page: `{data: [...]}` or `{data: {items: [...], nextCursor}}` are both accepted. */
export function listPage<T extends z.ZodMiniType>(item: T) {
  return z.union([z.array(item), z.looseObject({ items: z.array(item), nextCursor: z.nullish(z.string()) })]);
}

/** Every successful body: `{ "data": … }`. */
export function envelope<T extends z.ZodMiniType>(data: T) {
  return z.looseObject({ data });
}

// Type-only: a value re-export would keep all of zod in the bundle (schemas.ts is required lazily,
// which disables tree shaking of its exports).
export type { z };
