// list_revisions and diff_revisions. A history is read once for all the pages of a listing (its
// cursor names the kept read; once that is gone, a read again goes on after the last revision
// handed out), and a diff once for all its ranges (one read of each revision). A revision whose id
// is not a revision id is left out: it could not be diffed, and its id would be the service's words
// outside a fence. A revision text that holds the key is not diffed. vscode-free.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { isIdOf, type CallOptions, type ServiceClient } from '../../api';
import type { Revision, RevisionListItem } from '../../api/schemas';
import { openView } from '../../kinds/resourceKinds';
import { revisionText } from '../../kinds/serialize';
import { assertNoKey } from './agentSave';
import { decodeRevisionCursor, encodeRevisionCursor, type Binding } from './opaqueTokens';
import { RangeSnapshots } from './rangeSnapshots';
import { historyIdOf, targetOf } from './resourceTarget';
import type { SecretScrub } from './secretScrub';
import { isoTime } from './serviceFields';
import { rangeOf, type TextRange } from './textRanges';
import { ToolInputError } from './toolArgs';
import { unifiedDiff } from './unifiedDiff';

/** One history as read, with only the revisions whose ids are revision ids. */
interface KeptHistory {
  readonly kind: string;
  readonly items: readonly RevisionListItem[];
  readonly draft: string;
  readonly published: string | undefined;
}

export interface RevisionPage {
  readonly items: {
    id: string;
    createdAt: string | null;
    message: string;
    parentRevisionId: string | null;
    sequence?: number;
    draft: boolean;
    published: boolean;
  }[];
  readonly nextCursor?: string;
}

export interface RevisionReads {
  client(): ServiceClient;
  binding(): Binding;
  revision(resourceId: string, revisionId: string, o?: CallOptions): Promise<Revision>;
}

/** A list item's sequence, which the spec does not name: kept when a service gives one. */
function sequenceOf(item: RevisionListItem): { sequence?: number } {
  const sequence = (item as { sequence?: unknown }).sequence;
  return typeof sequence === 'number' && Number.isInteger(sequence) ? { sequence } : {};
}

export class RevisionTools {
  private readonly histories: RangeSnapshots<KeptHistory>;
  private readonly diffs: RangeSnapshots<string>;

  constructor(
    private readonly reads: RevisionReads,
    now?: () => number,
  ) {
    this.histories = new RangeSnapshots((h) => h.items.length * 256, now);
    this.diffs = new RangeSnapshots((d) => d.length, now);
  }

  async list(
    request: { id: string; kind?: string | undefined; cursor?: string | undefined },
    items: number,
    o: CallOptions,
  ): Promise<RevisionPage> {
    const binding = this.reads.binding();
    const at = request.cursor ? decodeRevisionCursor(request.cursor, binding) : undefined;
    if (at && at.id !== request.id)
      throw new ToolInputError(l10n.t('This cursor belongs to the revisions of {0}, not of {1}.', at.id, request.id));
    let key = at?.snapshot;
    let history = key ? this.histories.get(key) : undefined;
    let skip = at?.skip ?? 0;
    if (!history) {
      key = randomBytes(16).toString('hex');
      history = await this.read(request.id, at?.kind ?? request.kind, o);
      this.histories.put(key, history);
      if (at) {
        // The kept read is gone: go on after the last revision handed out, in a new read.
        const last = history.items.findIndex((i) => i.id === at.last);
        if (last === -1)
          throw new ToolInputError(
            l10n.t('The history changed since this cursor was given: list the revisions again from the first page.'),
          );
        skip = last + 1;
      }
    }
    const page = history.items.slice(skip, skip + items);
    const next = skip + page.length;
    const { draft, published } = history;
    return {
      items: page.map((item) => ({
        id: item.id,
        createdAt: isoTime(item.createdAt),
        message: item.message,
        parentRevisionId: isIdOf('revision', item.parentRevisionId) ? item.parentRevisionId : null,
        ...sequenceOf(item),
        draft: item.id === draft,
        published: item.id === published,
      })),
      ...(next < history.items.length
        ? {
            nextCursor: encodeRevisionCursor(
              { id: request.id, kind: history.kind, snapshot: key!, skip: next, last: page.at(-1)!.id },
              binding,
            ),
          }
        : {}),
    };
  }

  private async read(id: string, kind: string | undefined, o: CallOptions): Promise<KeptHistory> {
    const client = this.reads.client();
    const target = await targetOf(client, id, kind, o);
    const history = await client.listRevisions(await historyIdOf(client, target, o), o);
    return {
      kind: target.kind,
      items: history.items.filter((i) => isIdOf('revision', i.id)),
      draft: history.draft.revisionId,
      published: history.published?.revisionId,
    };
  }

  /** The range of the diff from revision `from` to `to` of a resource; the ranges after the first come from the same reads. */
  async diff(
    request: { id: string; kind?: string | undefined; from: string; to: string; offset?: number | undefined; length?: number | undefined },
    bytes: number,
    scrub: SecretScrub | undefined,
    o: CallOptions,
  ): Promise<TextRange> {
    const { id, kind, from, to } = request;
    for (const r of [from, to])
      if (!isIdOf('revision', r)) throw new ToolInputError(l10n.t('{0} is not a revision id (rvsn_…).', JSON.stringify(r)));
    const binding = this.reads.binding();
    const key = JSON.stringify([binding.origin, binding.workspaceId, kind ?? '', id, from, to]);
    const offset = request.offset ?? 0;
    let diff = offset > 0 ? this.diffs.get(key) : undefined;
    if (diff === undefined) {
      this.diffs.delete(key);
      const client = this.reads.client();
      const target = await targetOf(client, id, kind, o);
      const historyId = await historyIdOf(client, target, o);
      const view = openView(target.kind);
      const [a, b] = await Promise.all([this.reads.revision(historyId, from, o), this.reads.revision(historyId, to, o)]);
      const before = revisionText(view, a.value);
      const after = revisionText(view, b.value);
      assertNoKey(scrub, before, l10n.t('Revision {0} of {1}', from, id));
      assertNoKey(scrub, after, l10n.t('Revision {0} of {1}', to, id));
      diff = unifiedDiff(before, after, `${target.file.id}@${from}`, `${target.file.id}@${to}`);
      this.diffs.put(key, diff);
    }
    return rangeOf(diff, offset, request.length, bytes);
  }
}
