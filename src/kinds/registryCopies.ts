// What other files repeat of the kinds registry, made from it: ESLint's KIND_NAMES (the names a
// comparison outside src/kinds may not use) and package.json's jsonValidation (which schema the
// editor checks each kind's JSON documents with). `npm run kinds` (scripts/kind-copies.mjs) writes
// them; test/unit/kinds/registryCopies.test.ts fails where a copy is stale. Pure: text in, text out.
import { RESOURCE_KINDS, type KindSpec } from './resourceKinds';

/** Where the build copies the kinds' JSON schemas (esbuild.mjs), beside the bundles the package ships. */
export const JSON_SCHEMAS_DIR = 'dist/json-schemas';

export type Registry = Readonly<Record<string, KindSpec>>;

/** One entry of package.json's `contributes.jsonValidation`. */
export interface JsonValidation {
  fileMatch: string[];
  url: string;
}

/** The kinds' names, in the registry's order. */
export function kindNames(registry: Registry = RESOURCE_KINDS): string[] {
  return Object.keys(registry);
}

/** Each schema a kind's file names, with the source it is copied from (src/kinds/<kind>/<schema>). */
export function schemaFiles(registry: Registry = RESOURCE_KINDS): { kind: string; schema: string; source: string }[] {
  return Object.entries(registry).flatMap(([kind, spec]) =>
    spec.files.flatMap((f) => (f.schema ? [{ kind, schema: f.schema, source: `src/kinds/${kind}/${f.schema}` }] : [])),
  );
}

/**
 * The editor's schema for each file with one: its `wsa:` documents, and its revisions' too when a
 * revision's value is the document's text (`history.saveRestores`).
 */
export function jsonValidation(registry: Registry = RESOURCE_KINDS): JsonValidation[] {
  return Object.values(registry).flatMap((spec) =>
    spec.files.flatMap((file) => {
      if (!file.schema) return [];
      const fileMatch = [`wsa:/*/${file.folder}/*/*${file.suffix}`];
      if (spec.history?.saveRestores && file === spec.files[0]) fileMatch.push(`wsa-revision:/*/${file.folder}/*/*/*${file.suffix}`);
      return [{ fileMatch, url: `./${JSON_SCHEMAS_DIR}/${file.schema}` }];
    }),
  );
}

const KIND_NAMES_LINE = /^const KIND_NAMES = \[.*\];$/m;

/** eslint.config.mjs with its KIND_NAMES line made from the registry. */
export function withKindNames(eslintConfig: string, registry: Registry = RESOURCE_KINDS): string {
  if (!KIND_NAMES_LINE.test(eslintConfig)) throw new Error('eslint.config.mjs has no `const KIND_NAMES = [...];` line');
  return eslintConfig.replace(
    KIND_NAMES_LINE,
    `const KIND_NAMES = [${kindNames(registry)
      .map((k) => `'${k}'`)
      .join(', ')}];`,
  );
}

/** package.json with its `contributes.jsonValidation` made from the registry, in the file's own formatting (two spaces). */
export function withJsonValidation(manifest: string, registry: Registry = RESOURCE_KINDS): string {
  const parsed = JSON.parse(manifest) as { contributes?: Record<string, unknown> };
  if (!parsed.contributes) throw new Error('package.json has no contributes');
  parsed.contributes.jsonValidation = jsonValidation(registry);
  return `${JSON.stringify(parsed, null, 2)}\n`;
}
