// Reading single resources by id, for ids the user added, resources reachable from them, and
// refreshes of one item. Each kind's module says how (kindModules.ts). vscode-free.
import { ApiError, kindOfId, type CallOptions, type Collection, type CollectionItem, type ServiceClient } from '../../api';
import { explorerOf } from '../../kinds/kindModules';
import { KINDS, kindsForIdKind, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { explorerFor, identify, type ResourceData, type ResourceKind } from './nodes';

function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'notFound';
}

/**
 * Everything an id names: an `oper_` id may be an operation and a dashboard at once (the dashboard
 * is the operation's frontend), so it is read with each kind's read at once; a 404 from one only
 * means "not that". Empty when nothing exists under the id. `skip` leaves kinds unread (a reachable
 * id is read as an operation only).
 */
export async function resolveId(
  client: ServiceClient,
  id: string,
  o: CallOptions & { skip?: readonly ResourceKind[] } = {},
): Promise<ResourceData[]> {
  const kinds = kindsForId(id).filter((kind) => !o.skip?.includes(kind));
  const reads = await Promise.all(
    kinds.map(async (kind): Promise<ResourceData | undefined> => {
      try {
        return { kind, value: await explorerOf(kind).find(client, id, o) } as ResourceData;
      } catch (e) {
        if (isNotFound(e)) return undefined;
        throw e;
      }
    }),
  );
  const found = reads.filter((d) => d !== undefined);
  // A read that carries no name (the dashboard source read) is named after the other (its operation).
  const named = found.find((d) => !explorerFor(d).renamed);
  return found.map((d) => {
    const renamed = explorerFor(d).renamed;
    return renamed ? ({ kind: d.kind, value: renamed(d.value, named ? identify(named).name : id) } as ResourceData) : d;
  });
}

/** Reads one resource again (a refresh); keeps what only the list knew, such as a name. Throws notFound. */
export async function reread(client: ServiceClient, current: ResourceData, o?: CallOptions): Promise<ResourceData> {
  const explorer = explorerFor(current);
  const value = explorer.reread
    ? await explorer.reread(client, current.value, o)
    : await explorer.find(client, explorer.identify(current.value).id, o);
  return { kind: current.kind, value } as ResourceData;
}

/** A list item as resource data. */
export function dataFromListItem<C extends Collection>(collection: C, item: CollectionItem<C>): ResourceData {
  const kind = KINDS.find((k) => RESOURCE_KINDS[k].collection === collection);
  if (!kind) throw new Error(`Unknown collection ${String(collection)}`);
  return { kind, value: explorerOf(kind).fromListItem(item) } as ResourceData;
}

/** The group kinds an id's prefix may appear in. */
export function kindsForId(id: string): ResourceKind[] {
  return kindsForIdKind(kindOfId(id));
}

/** Ids a resource leads to, for listing without list endpoints. */
export function reachableIds(data: ResourceData): string[] {
  return explorerFor(data).reaches?.(data.value) ?? [];
}
