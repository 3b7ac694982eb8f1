// list_resources: the resources of the workspace, kind after kind in the registry's order, from each
// kind's list endpoint, at most MAX_PAGE_ITEMS a page. The cursor says where it goes on (kind, the
// service's page, how far into it), so the service's page size never matters. Bounded in every
// call (at most PAGES_PER_CALL service pages) and across calls: a service cursor that comes back
// ends that kind's list, and so do MAX_KIND_PAGES pages of it. A kind whose list endpoint the
// service lacks is named in `unlisted`. vscode-free.
import { kindOfId, MAX_LIST_ITEMS, type CallOptions, type ServiceClient } from '../../api';
import { explorerOf, type KindValue } from '../../kinds/kindModules';
import { dataFromListItem } from '../../explorer/model/resolve';
import { KINDS, RESOURCE_KINDS, type ResourceKind } from '../../kinds/resourceKinds';
import * as l10n from '@vscode/l10n';
import { decodeResourceCursor, encodeResourceCursor, type Binding, type ResourceCursor } from './opaqueTokens';
import { ToolInputError } from './toolArgs';
import { MAX_PAGE_ITEMS } from './toolSpecs';

/**
 * Service pages of one kind a listing reads at most, across calls: the explorer's bound of
 * MAX_LIST_ITEMS a group, at this tool's page size, so that an agent sees a kind of 10,000
 * resources whole, as the tree does.
 */
export const MAX_KIND_PAGES = Math.ceil(MAX_LIST_ITEMS / MAX_PAGE_ITEMS);

/** Service pages read in one call at most: a query that matches little cannot make one call read the whole workspace. */
export const PAGES_PER_CALL = 4;

export interface ResourceItem {
  readonly id: string;
  readonly kind: ResourceKind;
  /** The service's name for it (the caller fences it). */
  readonly name: string;
  readonly revision: string | null;
}

export interface ResourcePage {
  readonly items: ResourceItem[];
  /** Kinds whose list the service does not offer. */
  readonly unlisted: ResourceKind[];
  readonly nextCursor?: string;
}

function itemOf(kind: ResourceKind, value: KindValue<ResourceKind>): ResourceItem | undefined {
  const { id, name } = explorerOf(kind).identify(value as never);
  // An id the tools could not be called with is of no use to the model.
  if (typeof id !== 'string' || kindOfId(id) === undefined) return undefined;
  return { id, kind, name: typeof name === 'string' ? name : id, revision: explorerOf(kind).revisionLabel(value as never) };
}

function matches(item: ResourceItem, query: string | null): boolean {
  if (!query) return true;
  const q = query.toLowerCase();
  return item.name.toLowerCase().includes(q) || item.id.toLowerCase().includes(q);
}

/**
 * Where a listing goes on after a page read whole: the service's next page of the kind, or the next
 * kind. A cursor that comes back, or a kind past MAX_KIND_PAGES pages, ends the kind: followed, it
 * could go on forever.
 */
export function afterPage(at: ResourceCursor, next: string | null | undefined): ResourceCursor {
  if (next && next !== at.page && at.pages + 1 < MAX_KIND_PAGES) return { ...at, page: next, skip: 0, pages: at.pages + 1 };
  return { ...at, index: at.index + 1, page: null, skip: 0, pages: 0 };
}

export interface ListRequest {
  readonly kind?: string | undefined;
  readonly query?: string | undefined;
  readonly cursor?: string | undefined;
}

export async function listResources(
  client: ServiceClient,
  binding: Binding,
  request: ListRequest,
  o?: CallOptions,
  maxItems = MAX_PAGE_ITEMS,
): Promise<ResourcePage> {
  const limit = Math.max(1, Math.min(MAX_PAGE_ITEMS, maxItems));
  const query = request.query?.trim() || null;
  let at: ResourceCursor = request.cursor
    ? decodeResourceCursor(request.cursor, binding)
    : { kind: request.kind ?? null, query, index: 0, page: null, skip: 0, pages: 0 };
  // With a cursor, kind and query may be left out; given, they must be the listing's.
  if (request.cursor && ((request.kind !== undefined && request.kind !== at.kind) || (query !== null && query !== at.query)))
    throw new ToolInputError(l10n.t('This cursor belongs to a listing with another kind or query: list again without it.'));
  const kinds: readonly ResourceKind[] = at.kind ? [at.kind as ResourceKind] : KINDS;
  const items: ResourceItem[] = [];
  const unlisted: ResourceKind[] = [];
  let reads = 0;
  while (at.index < kinds.length && items.length < limit) {
    if (reads >= PAGES_PER_CALL) break;
    const kind = kinds[at.index]!;
    const page = await client.list(RESOURCE_KINDS[kind].collection, { ...(at.page ? { cursor: at.page } : {}), limit: MAX_PAGE_ITEMS }, o);
    if (!page.supported) {
      // One 404 per kind at most (the client remembers it): not counted as a page.
      unlisted.push(kind);
      at = afterPage(at, null);
      continue;
    }
    reads++;
    let used = at.skip;
    for (; used < page.items.length && items.length < limit; used++) {
      const item = itemOf(kind, dataFromListItem(RESOURCE_KINDS[kind].collection, page.items[used] as never).value);
      if (item && matches(item, at.query)) items.push(item);
    }
    if (used < page.items.length) {
      at = { ...at, skip: used };
      break;
    }
    at = afterPage(at, page.nextCursor);
  }
  const more = at.index < kinds.length;
  return { items, unlisted, ...(more ? { nextCursor: encodeResourceCursor(at, binding) } : {}) };
}
