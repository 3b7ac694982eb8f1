// How one explorer group gets its items: the first page of its list endpoint plus the added ids it
// did not hold, or — where the service has no list endpoint — what the added ids reach. The model
// owns the state and the change events; this fills one load's state. vscode-free.
import type { ServiceClient } from '../../api';
import { unresolvedMessage } from './problems';
import type { Reach } from './related';
import { dataFromListItem, kindsForId } from './resolve';
import { idOf, resourceNode, type GroupNode, type LoadMoreNode, type MessageNode, type ResourceData, type ResourceNode } from './nodes';

/** One load of a group; a refresh replaces it, and results for a replaced state are dropped. */
export interface GroupState {
  readonly generation: number;
  loading: Promise<void> | undefined;
  /** Whether the list endpoint answered (false: the added ids and what they reach). */
  listed: boolean;
  resources: ResourceNode[];
  /** Messages after the resources: ids that failed to resolve, an empty group, a load error. */
  messages: MessageNode[];
  cursor: string | null;
  loadMore?: LoadMoreNode;
  loadingMore?: Promise<void>;
}

/** What a load reads from the model. */
export interface GroupLoadContext {
  client(): ServiceClient;
  readonly pageSize: number;
  /** The ids the user added, as they are now. */
  added(): readonly string[];
  /** Whether the state is still the group's: false once a refresh replaced it. */
  current(): boolean;
  resolve(id: string): Promise<ResourceData[]>;
  /** What the added ids reach, computed once for all unlisted groups. */
  reach(): Promise<Reach>;
  /** Registers a node under its id, so that refreshes of the id find it. */
  track(node: ResourceNode): ResourceNode;
  /** Throws the error when it is a connection problem: it aborts the whole load. */
  rethrowProblem(error: unknown): void;
}

/** The ids a listed group holds, kept with its array across pages, so that a page costs its own items and not the group's. */
const idsByList = new WeakMap<GroupState['resources'], Set<string>>();

/** The ids of `resources`; built again when anything but a page changed the array (its size says so). */
export function listedIds(resources: GroupState['resources']): Set<string> {
  let ids = idsByList.get(resources);
  if (ids?.size !== resources.length) {
    ids = new Set(resources.map((r) => r.id));
    idsByList.set(resources, ids);
  }
  return ids;
}

export function loadMoreNode(group: GroupNode): LoadMoreNode {
  return { kind: 'loadMore', key: `${group.key}/more`, parent: group };
}

/** Fills `state` with the group's items; throws what the list read threw. */
export async function fillGroup(group: GroupNode, state: GroupState, ctx: GroupLoadContext): Promise<void> {
  const page = await ctx.client().list(group.group.collection, { limit: ctx.pageSize });
  if (!ctx.current()) return;
  if (page.supported) {
    const addedIds = new Set(ctx.added());
    state.resources = page.items.map((item) => {
      const data = dataFromListItem(group.group.collection, item);
      return ctx.track(resourceNode(group, data, addedIds.has(idOf(data))));
    });
    state.cursor = page.nextCursor;
    if (state.cursor) state.loadMore = loadMoreNode(group);
    await mergeAdded(group, state, ctx);
  } else {
    state.listed = false;
    await fillReachable(group, state, ctx);
  }
}

/** Added ids of this group that the first page did not hold (they may be further down). */
async function mergeAdded(group: GroupNode, state: GroupState, ctx: GroupLoadContext): Promise<void> {
  const shown = new Set(state.resources.map((r) => r.id));
  const missing = ctx.added().filter((id) => !shown.has(id) && kindsForId(id).includes(group.group.kind));
  const results = await Promise.allSettled(missing.map((id) => ctx.resolve(id)));
  if (!ctx.current()) return;
  results.forEach((result, i) => {
    const id = missing[i]!;
    if (result.status === 'rejected') {
      ctx.rethrowProblem(result.reason);
      state.messages.push(unresolvedMessage(group, id, result.reason));
      return;
    }
    const data = result.value.find((d) => d.kind === group.group.kind);
    if (data) state.resources.push(ctx.track(resourceNode(group, data, true)));
    // Nothing under the id is said once, in its first group: an oper_ id that is only an operation is
    // not missing from Dashboards, it is not one.
    else if (result.value.length === 0 && kindsForId(id)[0] === group.group.kind) state.messages.push(unresolvedMessage(group, id));
  });
}

async function fillReachable(group: GroupNode, state: GroupState, ctx: GroupLoadContext): Promise<void> {
  const reach = await ctx.reach();
  if (!ctx.current()) return;
  const addedIds = new Set(ctx.added());
  const nodes: ResourceNode[] = [];
  for (const [id, found] of reach.data) {
    const data = found.find((d) => d.kind === group.group.kind);
    if (data) nodes.push(ctx.track(resourceNode(group, data, addedIds.has(id))));
  }
  nodes.sort((a, b) => a.name.localeCompare(b.name));
  state.resources = nodes;
  for (const [id, error] of reach.failures) {
    // A read that failed says so in every group the id may belong to (an oper_ id may be a
    // dashboard too); an id under which nothing exists is said once, in its first group.
    const kinds = kindsForId(id);
    if (error === undefined ? kinds[0] === group.group.kind : kinds.includes(group.group.kind))
      state.messages.push(unresolvedMessage(group, id, error));
  }
}
