// Reading single resources by id, for ids the user added, resources reachable from them, and
// refreshes of one item. vscode-free.
import { ApiError, kindOfId, type CallOptions, type Collection, type CollectionItem, type ServiceClient } from '../../api';
import type { DashboardSummary, DatabaseSummary } from '../../api/schemas';
import { dashboardFromSource, dashboardFromSummary, databaseFromSummary, type ResourceData, type ResourceKind } from './nodes';
import { kindsForIdKind } from '../resourceKinds';

function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'notFound';
}

/**
 * Everything an id names: an `oper_` id may be an operation and a dashboard at once (the dashboard
 * is the operation's frontend), so it is read with both the operation read and the dashboard source
 * read; a 404 from either only means "not that". Empty when nothing exists under the id.
 * `dashboards: false` skips the dashboard read (for reachable operations).
 */
export async function resolveId(
  client: ServiceClient,
  id: string,
  o: CallOptions & { dashboards?: boolean } = {},
): Promise<ResourceData[]> {
  const orNothing = async <T>(read: Promise<T>): Promise<T | undefined> => {
    try {
      return await read;
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  };
  switch (kindOfId(id)) {
    case 'operation': {
      const [operation, source] = await Promise.all([
        orNothing(client.getOperation(id, o)),
        o.dashboards === false ? undefined : orNothing(client.getDashboardSource(id, o)),
      ]);
      const found: ResourceData[] = [];
      if (operation) found.push({ kind: 'operation', value: operation });
      // The source read carries no name; the dashboard is named after its operation.
      if (source) found.push({ kind: 'dashboard', value: dashboardFromSource(source, operation?.name ?? id) });
      return found;
    }
    case 'application': {
      const app = await orNothing(client.getApp(id, o));
      return app ? [{ kind: 'app', value: app }] : [];
    }
    case 'database': {
      // The spec has no database read: its revision history proves it exists and gives its state.
      const history = await orNothing(client.revisionState(id, o));
      return history ? [{ kind: 'database', value: { id, name: id, draft: history.draft, published: history.published } }] : [];
    }
    case 'writeSync': {
      const sync = await orNothing(client.getWriteSync(id, o));
      return sync ? [{ kind: 'writeSync', value: sync }] : [];
    }
    case 'fact': {
      const fact = await orNothing(client.getFact(id, o));
      return fact ? [{ kind: 'fact', value: fact }] : [];
    }
    default:
      return [];
  }
}

/** Reads one resource again (a refresh); keeps what only the list knew, such as a name. Throws notFound. */
export async function reread(client: ServiceClient, current: ResourceData, o?: CallOptions): Promise<ResourceData> {
  switch (current.kind) {
    case 'operation':
      return { kind: 'operation', value: await client.getOperation(current.value.id, o) };
    case 'dashboard': {
      const source = await client.getDashboardSource(current.value.dashboardId, o);
      return { kind: 'dashboard', value: dashboardFromSource(source, current.value.name) };
    }
    case 'app':
      return { kind: 'app', value: await client.getApp(current.value.id, o) };
    case 'database': {
      const history = await client.revisionState(current.value.id, o);
      return { kind: 'database', value: { ...current.value, draft: history.draft, published: history.published } };
    }
    case 'writeSync':
      return { kind: 'writeSync', value: await client.getWriteSync(current.value.id, o) };
    case 'fact':
      return { kind: 'fact', value: await client.getFact(current.value.id, o) };
  }
}

/** A list item as resource data. */
export function dataFromListItem<C extends Collection>(collection: C, item: CollectionItem<C>): ResourceData {
  switch (collection) {
    case 'operations':
      return { kind: 'operation', value: item as CollectionItem<'operations'> };
    case 'dashboards':
      return { kind: 'dashboard', value: dashboardFromSummary(item as DashboardSummary) };
    case 'apps':
      return { kind: 'app', value: item as CollectionItem<'apps'> };
    case 'databases':
      return { kind: 'database', value: databaseFromSummary(item as DatabaseSummary) };
    case 'writeSyncs':
      return { kind: 'writeSync', value: item as CollectionItem<'writeSyncs'> };
    case 'facts':
      return { kind: 'fact', value: item as CollectionItem<'facts'> };
    default:
      throw new Error(`Unknown collection ${String(collection)}`);
  }
}

/** The group kinds an id's prefix may appear in. */
export function kindsForId(id: string): ResourceKind[] {
  return kindsForIdKind(kindOfId(id));
}

/** Ids a resource leads to, for listing without list endpoints. */
export function reachableIds(data: ResourceData): string[] {
  switch (data.kind) {
    case 'operation':
      return data.value.parentDataFlowId ? [data.value.parentDataFlowId] : [];
    case 'writeSync': {
      const input = data.value.definition.input;
      return input.type === 'operation' && kindOfId(input.operationId) === 'operation' ? [input.operationId] : [];
    }
    case 'dashboard':
      return [data.value.dashboardId];
    default:
      return [];
  }
}
