// Plain lists that go with the schemas, kept apart from them so that code which needs only a list
// does not load zod and build every schema (see lazySchemas.ts).

/** The four body fields spec §4.4 names for a fact replace: always sent. */
export const FACT_BODY_FIELDS = ['name', 'definition', 'formula', 'formulaType'] as const;

/**
 * The other fields of the spec's fact table that are not plainly managed by the service. The spec
 * does not show which are editable, and a replace clears an omitted editable field: each is sent,
 * as read or as the user changed it, whenever the service returned it. A service that refuses one
 * as a field it does not take does not clear it either, so the client then leaves it out
 * (ServiceClient.replaceFact).
 */
export const FACT_OPTIONAL_FIELDS = [
  'type',
  'aliases',
  'usualValue',
  'usualValueMin',
  'usualValueMax',
  'unit',
  'startDate',
  'endDate',
  'scope',
  'metadata',
] as const;

/** What a fact replace may send (README, "fact replacement"): the body fields, then the others. */
export const FACT_EDITABLE_FIELDS = [...FACT_BODY_FIELDS, ...FACT_OPTIONAL_FIELDS] as const;
export type FactEditableField = (typeof FACT_EDITABLE_FIELDS)[number];

/** Fields of a fact the service plainly manages (spec §2): shown in responses, never sent. */
export const FACT_SERVER_FIELDS = ['id', 'organizationId', 'ownerId', 'key', 'createdAt', 'updatedAt'] as const;

/** `formulaType` values the extension knows (the spec shows `math`); the service decides the others. */
export const KNOWN_FORMULA_TYPES = ['math'] as const;

/**
 * Column types the extension knows (the spec shows only `text`; the others are the emulator's
 * choice). A type outside this list is sent as it is: the service decides.
 */
export const DATABASE_COLUMN_TYPES = ['text', 'integer', 'number', 'boolean', 'timestamp', 'date', 'json'] as const;

/** The request shape of a database definition (spec §2), level by level. */
export const DATABASE_DEFINITION_FIELDS = ['tables'] as const;
export const DATABASE_TABLE_FIELDS = ['name', 'columns', 'primaryKey'] as const;
export const DATABASE_COLUMN_FIELDS = ['name', 'type', 'nullable'] as const;

// ---- Write syncs and apps (README "write sync update", "app update").

/** What a write sync update sends besides `expectedVersion` (README). */
export const WRITE_SYNC_EDITABLE_FIELDS = ['name', 'definition', 'isEnabled', 'automaticEnabled'] as const;
/** A write sync definition's request shape (spec §2), level by level. */
export const WRITE_SYNC_DEFINITION_FIELDS = ['source', 'destination', 'input', 'keyColumn', 'fields'] as const;
export const WRITE_SYNC_ENDPOINT_FIELDS = ['resourceId', 'object', 'scope'] as const;
export const WRITE_SYNC_INPUT_FIELDS = ['type', 'operationId', 'revisionId', 'table'] as const;
/** Fields of a write sync the service sets (spec §2): shown read-only, never sent. */
export const WRITE_SYNC_SERVER_FIELDS = ['id', 'createdAt', 'updatedAt', 'version', 'identityLocked'] as const;

/** What an app update sends besides `expectedDraft` (README). */
export const APP_EDITABLE_FIELDS = ['name', 'description'] as const;
/** Fields of an app the service sets (spec §2): shown read-only, never sent. */
export const APP_SERVER_FIELDS = ['id', 'workspaceId', 'deployment', 'draft', 'createdAt', 'updatedAt'] as const;
