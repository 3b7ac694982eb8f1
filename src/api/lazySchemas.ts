// The schemas (and zod), loaded when the first response is checked rather than when the extension
// loads. In the production build `./schemaChunk` is the chunk dist/schemas.js beside
// dist/extension.js (esbuild.mjs); elsewhere (tests) it is bundled in. Value imports of the
// schemas inside the extension go through here; type imports of './schemas' are free.
import type * as SchemaChunk from './schemaChunk';

let loaded: typeof SchemaChunk | undefined;

export function schemas(): typeof SchemaChunk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('./schemaChunk') as typeof SchemaChunk);
}
