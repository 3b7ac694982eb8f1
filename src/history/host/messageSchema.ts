// The zod schema of the messages the history page sends (src/history/protocol/protocol.ts), on the
// host side only: the page never parses its own messages. The schema is built on first use, with zod
// from the lazily loaded schema chunk (src/api/lazySchemas.ts), so activation does not load zod.
import type * as Z from 'zod/mini';
import { schemas } from '../../api/lazySchemas';
import { MAX_STATS_REQUEST, type WebviewMessage } from '../protocol/protocol';

const REVISION_ID = /^rvsn_[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function buildSchema() {
  const { z } = schemas();
  const revisionId = z.string().check(z.regex(REVISION_ID));
  const one = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), revisionId });
  const count = z.number().check(z.int(), z.nonnegative());
  return z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ready') }),
    one('open'),
    z.strictObject({ type: z.literal('compare'), left: revisionId, right: revisionId }),
    one('compareWithDraft'),
    one('compareWithPublished'),
    one('showChanges'),
    one('restore'),
    one('publish'),
    one('copyId'),
    z.strictObject({ type: z.literal('refresh') }),
    z.strictObject({ type: z.literal('loadStats'), revisionIds: z.array(revisionId).check(z.maxLength(MAX_STATS_REQUEST)) }),
    z.strictObject({ type: z.literal('rendered'), rows: count, total: count, ms: z.number().check(z.nonnegative()) }),
  ]);
}

// The schema and the message union agree in both directions: a message added to, changed in or
// removed from one of them and not the other is a type error here (exported only so that it is used).
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SchemaAgreesWithProtocol = Assert<Agree<Z.infer<ReturnType<typeof buildSchema>>, WebviewMessage>>;

let schema: Z.ZodMiniType<WebviewMessage> | undefined;

export type ParsedMessage = { ok: true; message: WebviewMessage } | { ok: false; reason: string };

/** Checks a message from the webview. Anything but an exact protocol message is refused, with why. */
export function parseWebviewMessage(raw: unknown): ParsedMessage {
  schema ??= buildSchema();
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at “${issue.path.map(String).join('.')}”` : '';
  return { ok: false, reason: `${issue?.message ?? 'unexpected shape'}${where}` };
}
