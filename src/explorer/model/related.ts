// What a resource leads to, for listing without list endpoints (the ids the user added and what
// they reach) and for the children of a resource item. vscode-free.
import * as l10n from '@vscode/l10n';
import type { Operation } from '../../api/schemas';
import { explorerOf } from '../../kinds/kindModules';
import { isFileView } from '../../kinds/resourceKinds';
import {
  explorerFor,
  identify,
  messageNode,
  resourceNode,
  type ExplorerNode,
  type ResourceData,
  type ResourceKind,
  type Relation,
  type ResourceNode,
} from './nodes';
import { describeLoadError } from './problems';
import { kindsForId, reachableIds } from './resolve';

/** What the added ids resolved to, and the resources they reach. */
export interface Reach {
  data: Map<string, ResourceData[]>;
  /** Added ids that failed to resolve: the error, or undefined when nothing exists under the id. */
  failures: Map<string, unknown>;
}

const MAX_REACH_DEPTH = 3;

export interface ReachReads {
  /** Reads an added id (shared with the model's resolution cache). */
  added(id: string): Promise<ResourceData[]>;
  /** Reads a reachable id (operations only: no dashboard read). */
  reachable(id: string): Promise<ResourceData[]>;
  /** Rethrows failures that concern the whole connection, so they surface once. */
  rethrowProblem(error: unknown): void;
}

/** The added ids and what they reach (parent data flows, input operations), a few levels deep. */
export async function computeReach(addedIds: readonly string[], reads: ReachReads): Promise<Reach> {
  const reach: Reach = { data: new Map(), failures: new Map() };
  const added = new Set(addedIds);
  let wave = addedIds.filter((id) => kindsForId(id).length > 0);
  const seen = new Set(wave);
  for (let depth = 0; wave.length > 0 && depth <= MAX_REACH_DEPTH; depth++) {
    const results = await Promise.allSettled(wave.map((id) => (added.has(id) ? reads.added(id) : reads.reachable(id))));
    const next: string[] = [];
    results.forEach((result, i) => {
      const id = wave[i]!;
      if (result.status === 'rejected') {
        reads.rethrowProblem(result.reason);
        if (added.has(id)) reach.failures.set(id, result.reason);
        return;
      }
      if (result.value.length === 0) {
        if (added.has(id)) reach.failures.set(id, undefined);
        return;
      }
      reach.data.set(id, result.value);
      for (const found of result.value) {
        for (const more of reachableIds(found)) {
          if (seen.has(more)) continue;
          seen.add(more);
          next.push(more);
        }
      }
    });
    wave = next;
  }
  return reach;
}

export interface ChildReads {
  /** An operation from what is loaded, or one read; undefined when it does not exist. */
  operation(id: string): Promise<Operation | undefined>;
  /** The steps of a data flow among the loaded operations (no request). */
  childOperations(flowId: string): Operation[];
  /** Registers a new resource node, so that refreshes of its id reach it. */
  track(node: ResourceNode): ResourceNode;
  rethrowProblem(error: unknown): void;
}

/**
 * The children of a resource item, as its kind's module names them (`related`): an operation's JSON
 * view, parent data flow, steps and data sources; a dashboard's operation; a write sync's input
 * operation. Related resources are leaves.
 */
export async function relatedChildren(node: ResourceNode, reads: ChildReads): Promise<ExplorerNode[]> {
  const link = async (id: string, relation: Exclude<Relation, 'childOperation'>): Promise<ExplorerNode> => {
    try {
      const operation = await reads.operation(id);
      if (operation) return reads.track(resourceNode(node, { kind: 'operation', value: operation }, false, relation));
      return messageNode(node, `${relation}:${id}`, { label: id, detail: l10n.t('not found'), severity: 'warning' });
    } catch (e) {
      reads.rethrowProblem(e);
      return messageNode(node, `${relation}:${id}`, {
        label: id,
        detail: describeLoadError(e),
        severity: 'error',
        action: 'refreshParent',
      });
    }
  };
  const { id, name } = identify(node.data);
  const out: ExplorerNode[] = [];
  for (const r of explorerFor(node.data).related?.(node.data.value) ?? []) {
    if ('file' in r) {
      // A view of the kind's own entry (src/kinds/resourceKinds.ts); one the registry does not know shows nothing.
      if (isFileView(r.file))
        out.push({ kind: 'file', key: `${node.key}/file:${r.file}`, parent: node, view: r.file, id, name, label: r.label });
    } else if ('link' in r) out.push(await link(r.link, r.relation));
    else if ('steps' in r)
      for (const step of reads.childOperations(r.steps))
        out.push(reads.track(resourceNode(node, { kind: 'operation', value: step }, false, 'childOperation')));
    else out.push({ kind: 'dataSource', key: `${node.key}/data:${r.dataSource}`, parent: node, id: r.dataSource });
  }
  return out;
}

/** Whether items of the kind have children (related resources, other files). */
export function hasRelated(kind: ResourceKind): boolean {
  return explorerOf(kind).related !== undefined;
}
