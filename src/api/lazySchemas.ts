// The schemas, built when the first response is checked rather than when the extension loads:
// zod makes a parser object for every field of every schema as schemas.ts is evaluated, which was
// the largest part of evaluating the extension's bundle at activation (npm run bench). Value
// imports of schemas.ts inside the extension go through here; type imports are free.
import type * as Schemas from './schemas';

let loaded: typeof Schemas | undefined;

export function schemas(): typeof Schemas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('./schemas') as typeof Schemas);
}
