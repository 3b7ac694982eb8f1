// Entry of the lazily loaded chunk dist/schemas.js: the response schemas and zod itself. Neither
// is needed before the first response is checked, and together they are about a sixth of what
// activation would otherwise parse (npm run bench). The extension reaches them only through
// lazySchemas.ts; everything they hand back is plain data (parsed values, issues).
import { array, discriminatedUnion, int, literal, maxLength, nonnegative, number, regex, strictObject, string } from 'zod/mini';

export * from './schemas';

/** The zod builders that code outside schemas.ts uses (the schema of the history page's messages, src/history/host/messageSchema.ts). */
export const z = { array, discriminatedUnion, int, literal, maxLength, nonnegative, number, regex, strictObject, string };
