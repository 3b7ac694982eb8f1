// jsonc-parser locates problems in JSON documents; nothing needs it before a document is checked or
// a refusal is placed at its line. It is a chunk of its own, dist/jsonc-parser.js (esbuild.mjs),
// required on first use, so activation neither parses nor runs it (test/unit/bundles.test.ts).
import type * as Jsonc from 'jsonc-parser';

let loaded: typeof Jsonc | undefined;

export function jsonc(): typeof Jsonc {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is the point
  return (loaded ??= require('jsonc-parser') as typeof Jsonc);
}
