// Plain lists that go with the schemas, kept apart from them so that code which needs only a list
// does not load zod and build every schema (see lazySchemas.ts).

/**
 * The editable fields of a fact, as this project decided (the spec does not list them): the four
 * body fields it shows plus the nullable descriptive fields. A replace sends every one of them.
 */
export const FACT_EDITABLE_FIELDS = [
  'name', 'definition', 'formula', 'formulaType',
  'aliases', 'usualValue', 'usualValueMin', 'usualValueMax', 'unit', 'startDate', 'endDate', 'scope', 'metadata',
] as const;
export type FactEditableField = (typeof FACT_EDITABLE_FIELDS)[number];

/** Column types the emulator accepts; the spec shows only `text`. */
export const DATABASE_COLUMN_TYPES = ['text', 'integer', 'number', 'boolean', 'timestamp', 'date', 'json'] as const;
