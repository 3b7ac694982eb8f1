// The workspace explorer's model, vscode-free: loads each group lazily through the list endpoints,
// or — where the server has none — from the ids the user added plus the resources reachable from
// them; caches what it loaded; drops results that a refresh or a new connection made outdated; and
// fires one change event that drives the tree. How a group fills is in groupLoad.ts.
import { ApiError, type ServiceClient } from '../../api';
import { CursorTrail, listStopMessage, type ListStop } from '../../api/listPaging';
import type { Operation } from '../../api/schemas';
import type { ConnectionProvider } from '../../connection/api';
import { ID_SHARING_KINDS } from '../../kinds/resourceKinds';
import { PromiseCache } from '../../util/async';
import { Emitter } from '../../util/events';
import { Disposable } from '../../util/lifecycle';
import { fillGroup, listedIds, loadMoreNode, type GroupState } from './groupLoad';
import { connectionProblem, describeLoadError, emptyMessage, groupErrorMessage } from './problems';
import { computeReach, hasRelated, relatedChildren, type Reach } from './related';
import { dataFromListItem, kindsForId, reread, resolveId } from './resolve';
import {
  GROUPS,
  groupNode,
  groupOf,
  idOf,
  isResourceNode,
  messageNode,
  resourceNode,
  type ConnectionNode,
  type ExplorerNode,
  type GroupId,
  type GroupNode,
  type MessageNode,
  type ResourceData,
  type ResourceKind,
  type ResourceNode,
  valueIf,
} from './nodes';

export interface ExplorerLog {
  debug(message: string): void;
  info(message: string): void;
  error(message: string): void;
}

export interface ExplorerModelOptions {
  /** Items per list request; a "Load more…" item follows when the server has more. */
  pageSize?: number;
  /** Bounds of one group's listing (tests make them small). */
  maxPages?: number;
  maxItems?: number;
  log?: ExplorerLog;
  /** The root of another connection than the window's: the model's groups go under it. */
  root?: ConnectionNode;
}

const silentLog: ExplorerLog = { debug() {}, info() {}, error() {} };

export class ExplorerModel extends Disposable {
  private readonly _onDidChange = this._register(new Emitter<ExplorerNode | undefined>());
  /** A node whose children or look changed; undefined for the whole tree. */
  readonly onDidChange = this._onDidChange.event;

  private readonly _onDidChangeListing = this._register(new Emitter<void>());
  /** A group turned out to be listed, or not (the service has no list endpoint for it). */
  readonly onDidChangeListing = this._onDidChangeListing.event;
  private readonly listing = new Map<GroupId, boolean>();

  private readonly pageSize: number;
  private readonly newTrail: () => CursorTrail;
  /** The cursors each group's "Load more…" followed, for as long as its state lives. */
  private readonly trails = new WeakMap<GroupState, CursorTrail>();
  private readonly log: ExplorerLog;
  private readonly groupNodes: readonly GroupNode[];
  /** Bumped by every full refresh and connection change: results of older loads are dropped. */
  private generation = 0;
  private readonly groups = new Map<GroupId, GroupState>();
  /** Per node key: what a resource leads to, kept until the node is refreshed or leaves the tree. */
  private readonly children = new PromiseCache<string, ExplorerNode[]>();
  private readonly nodesById = new Map<string, Set<ResourceNode>>();
  /** Per id: what it resolved to, kept until a refresh of what shows it. */
  private readonly resolutions = new PromiseCache<string, ResourceData[]>();
  private reach: Promise<Reach> | undefined;
  private added: readonly string[] = [];
  private _problem: MessageNode | undefined;

  constructor(
    private readonly connection: ConnectionProvider,
    options: ExplorerModelOptions = {},
  ) {
    super();
    this.pageSize = options.pageSize ?? 200;
    this.newTrail = () => new CursorTrail(options.maxPages, options.maxItems);
    this.log = options.log ?? silentLog;
    this.groupNodes = GROUPS.map((g) => groupNode(g, options.root));
    this._register(
      connection.onDidChangeConnection(() => {
        this.listing.clear();
        this._onDidChangeListing.fire();
        void this.refresh();
      }),
    );
  }

  /** The connection-level problem (unreachable, key rejected), shown instead of the groups. */
  get problem(): MessageNode | undefined {
    return this._problem;
  }

  get addedIds(): readonly string[] {
    return this.added;
  }

  /** Whether a group came from its list endpoint when it last loaded (undefined: not loaded yet). */
  isListed(group: GroupId): boolean | undefined {
    return this.listing.get(group);
  }

  roots(): ExplorerNode[] {
    if (!this.connection.current) return [];
    if (this._problem) return [this._problem];
    return [...this.groupNodes];
  }

  group(id: GroupId): GroupNode {
    return this.groupNodes.find((g) => g.group.id === id)!;
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (!node) return this.roots();
    switch (node.kind) {
      case 'group':
        return this.groupChildren(node);
      default:
        return isResourceNode(node) && hasRelated(node.kind) && !node.relation ? this.resourceChildren(node) : [];
    }
  }

  /** The resource nodes of `id` currently in the tree (a dashboard's id is in two groups). */
  nodesFor(id: string, kind?: ResourceKind): ResourceNode[] {
    return [...(this.nodesById.get(id) ?? [])].filter((n) => !kind || n.kind === kind);
  }

  /** The ids the user added; refreshes the groups they can appear in when they changed. */
  setAddedIds(ids: readonly string[]): void {
    const next = [...new Set(ids)];
    const before = new Set(this.added);
    const changed = [...next.filter((id) => !before.has(id)), ...this.added.filter((id) => !next.includes(id))];
    this.added = next;
    if (changed.length === 0) return;
    const kinds = new Set(changed.flatMap(kindsForId));
    this.reach = undefined;
    for (const id of changed) this.resolutions.delete(id);
    for (const g of this.groupNodes) {
      const state = this.groups.get(g.group.id);
      // What an id reaches crosses groups when listing is off: those groups all reload.
      if (state && (kinds.has(g.group.kind) || !state.listed)) this.refreshGroup(g);
    }
  }

  /** Reloads the node (a group, one resource: see refreshResource), or everything. */
  async refresh(node?: ExplorerNode): Promise<void> {
    if (!node) {
      this.generation++;
      this.groups.clear();
      this.children.clear();
      this.nodesById.clear();
      this.resolutions.clear();
      this.reach = undefined;
      this._problem = undefined;
      this._onDidChange.fire(undefined);
      return;
    }
    switch (node.kind) {
      case 'group':
        this.refreshGroup(node);
        return;
      default:
        if (!isResourceNode(node)) return this.refresh(node.parent);
        await this.refreshResource(node);
        return;
    }
  }

  /** Reads one resource again and updates every node that shows it. Throws what the read threw. */
  async refreshResource(node: ResourceNode): Promise<ResourceData> {
    const generation = this.generation;
    const client = this.client();
    let data: ResourceData;
    try {
      data = await reread(client, node.data);
    } catch (e) {
      if (generation === this.generation && e instanceof ApiError && e.kind === 'notFound') {
        const group = groupOf(node);
        if (group) this.refreshGroup(group);
      }
      throw e;
    }
    if (generation !== this.generation) return data;
    for (const n of this.nodesFor(node.id, node.kind)) {
      n.data = data;
      n.name = data.value.name;
      this.children.delete(n.key);
      this._onDidChange.fire(n);
    }
    return data;
  }

  /**
   * Appends the next page of a listed group. A cursor that comes back, or a group past the page or
   * item bound, ends the group with a message instead of another "Load more…".
   */
  async loadMore(group: GroupNode): Promise<void> {
    const state = this.groups.get(group.group.id);
    if (!state?.cursor) return;
    state.loadingMore ??= (async () => {
      try {
        const trail = this.trails.get(state) ?? this.newTrail();
        this.trails.set(state, trail);
        const stop = trail.stopBefore(state.cursor!, state.resources.length);
        if (stop) return this.stopListing(group, state, trail, stop);
        trail.follow(state.cursor!);
        const page = await this.client().list(group.group.collection, { cursor: state.cursor, limit: this.pageSize });
        if (this.groups.get(group.group.id) !== state || !page.supported) return;
        const known = listedIds(state.resources);
        for (const item of page.items) {
          const data = dataFromListItem(group.group.collection, item);
          if (known.has(idOf(data))) continue;
          known.add(idOf(data));
          state.resources.push(this.track(resourceNode(group, data, this.added.includes(idOf(data)))));
        }
        state.cursor = page.nextCursor;
        state.loadMore = state.cursor ? loadMoreNode(group) : undefined;
        this.log.debug(`[Explorer] Loaded ${page.items.length} more ${group.group.noun}.`);
        const next = state.cursor ? trail.stopBefore(state.cursor, state.resources.length) : undefined;
        if (next) this.stopListing(group, state, trail, next);
        else if (state.resources.length > trail.maxItems) this.stopListing(group, state, trail, 'items');
      } catch (e) {
        if (this.groups.get(group.group.id) === state) this.fail(group, state, e);
      } finally {
        state.loadingMore = undefined;
      }
      this._onDidChange.fire(group);
    })();
    await state.loadingMore;
  }

  /** Ends a group's listing at a bound: no more "Load more…", and a message that says why. */
  private stopListing(group: GroupNode, state: GroupState, trail: CursorTrail, stop: ListStop): void {
    for (const node of state.resources.splice(trail.maxItems)) this.untrack(node);
    state.cursor = null;
    state.loadMore = undefined;
    const label = listStopMessage(stop, group.group.noun, state.resources.length, trail);
    state.messages.push(messageNode(group, 'listStopped', { label, severity: 'warning' }));
    this.log.info(`[Explorer] ${label}`);
  }

  /** Resolves an id with one read (two for `oper_`), shared with the explorer's own reads. */
  resolve(id: string): Promise<ResourceData[]> {
    return this.resolutions.get(id, () => resolveId(this.client(), id));
  }

  // ---- Groups

  private async groupChildren(group: GroupNode): Promise<ExplorerNode[]> {
    if (!this.connection.current) return [];
    // A refresh during the load replaces the state; the newer load answers instead.
    for (let attempt = 0; attempt < 5; attempt++) {
      const state = this.groups.get(group.group.id) ?? this.startLoad(group);
      await state.loading;
      if (this.groups.get(group.group.id) !== state) continue;
      if (this._problem) return [];
      return [...state.resources, ...(state.loadMore ? [state.loadMore] : []), ...state.messages];
    }
    return [];
  }

  private startLoad(group: GroupNode): GroupState {
    const state: GroupState = { generation: this.generation, loading: undefined, listed: true, resources: [], messages: [], cursor: null };
    this.groups.set(group.group.id, state);
    state.loading = this.load(group, state).finally(() => (state.loading = undefined));
    return state;
  }

  private refreshGroup(group: GroupNode): void {
    const state = this.groups.get(group.group.id);
    this.groups.delete(group.group.id);
    for (const node of state?.resources ?? []) this.untrack(node);
    for (const id of this.added) if (kindsForId(id).includes(group.group.kind)) this.resolutions.delete(id);
    if (state && !state.listed) this.reach = undefined;
    this._onDidChange.fire(group);
  }

  private async load(group: GroupNode, state: GroupState): Promise<void> {
    const started = Date.now();
    const current = () => this.groups.get(group.group.id) === state;
    try {
      await fillGroup(group, state, {
        client: () => this.client(),
        pageSize: this.pageSize,
        added: () => this.added,
        current,
        resolve: (id) => this.resolve(id),
        reach: () =>
          (this.reach ??= computeReach(this.added, {
            added: (id) => this.resolve(id),
            reachable: (id) => resolveId(this.client(), id, { skip: ID_SHARING_KINDS }),
            rethrowProblem: (e) => this.rethrowProblem(e),
          })),
        track: (node) => this.track(node),
        rethrowProblem: (e) => this.rethrowProblem(e),
      });
      if (!current()) return;
      // One first page may hold more than the bound too (a service that ignores `limit`).
      const trail = this.newTrail();
      if (state.listed && state.resources.length > trail.maxItems) this.stopListing(group, state, trail, 'items');
      if (this.listing.get(group.group.id) !== state.listed) {
        this.listing.set(group.group.id, state.listed);
        this._onDidChangeListing.fire();
      }
      if (state.resources.length === 0 && state.messages.length === 0) state.messages.push(emptyMessage(group, state.listed));
      const from = state.listed ? 'listed' : 'from added ids';
      this.log.debug(`[Explorer] ${group.group.label}: ${state.resources.length} item(s) ${from} in ${Date.now() - started} ms.`);
    } catch (e) {
      if (current()) this.fail(group, state, e);
    }
  }

  // ---- Children of resources: what they lead to, read lazily.

  private resourceChildren(node: ResourceNode): Promise<ExplorerNode[]> {
    return this.children.get(node.key, () => this.computeChildren(node));
  }

  private computeChildren(node: ResourceNode): Promise<ExplorerNode[]> {
    return relatedChildren(node, {
      operation: (id) => this.operation(id),
      childOperations: (flowId) => this.childOperations(flowId),
      track: (n) => this.track(n),
      rethrowProblem: (e) => this.rethrowProblem(e),
    });
  }

  /** An operation from what is loaded, or one read. */
  private async operation(id: string): Promise<Operation | undefined> {
    const known = valueIf(this.nodesFor(id, 'operation')[0]?.data, 'operation');
    if (known) return known;
    const pending = this.resolutions.peek(id) ?? resolveId(this.client(), id, { skip: ID_SHARING_KINDS });
    return (await pending).map((d) => valueIf(d, 'operation')).find((op) => op !== undefined);
  }

  /** Operations of a data flow, from the listed Operations group (no request). */
  private childOperations(flowId: string): Operation[] {
    const ops = this.groups.get('operations')?.resources ?? [];
    return ops.flatMap((n) => {
      const op = valueIf(n.data, 'operation');
      return op?.parentDataFlowId === flowId ? [op] : [];
    });
  }

  private client(): ServiceClient {
    return this.connection.require().client;
  }

  private track(node: ResourceNode): ResourceNode {
    let set = this.nodesById.get(node.id);
    if (!set) this.nodesById.set(node.id, (set = new Set()));
    for (const old of set) if (old.key === node.key) set.delete(old);
    set.add(node);
    return node;
  }

  private untrack(node: ResourceNode): void {
    this.nodesById.get(node.id)?.delete(node);
    this.children.delete(node.key);
  }

  /** A connection-level failure replaces the whole tree with one message; anything else stays in the group. */
  private fail(group: GroupNode, state: GroupState, error: unknown): void {
    const problem = connectionProblem(error, this.connection.current);
    if (problem) {
      state.resources = [];
      state.messages = [];
      if (!this._problem) {
        this._problem = problem;
        this.log.error(`[Explorer] ${problem.label}${problem.detail ? ` — ${problem.detail}` : ''}`);
        this._onDidChange.fire(undefined);
      }
      return;
    }
    this.log.error(`[Explorer] Could not load ${group.group.noun}: ${describeLoadError(error)}`);
    state.resources = [];
    state.loadMore = undefined;
    state.messages = [groupErrorMessage(group, error)];
  }

  /** Connection problems abort the whole load, so they surface once, at the top. */
  private rethrowProblem(error: unknown): void {
    if (connectionProblem(error, this.connection.current)) throw error;
  }
}
