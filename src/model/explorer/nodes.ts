// The nodes of the workspace explorer, vscode-free. The tree provider turns them into TreeItems;
// commands receive them as their argument (e.g. `workspaceAutomation.showHistory`).
//
// A resource node has the documented shape `{ kind, id, resourceId?, name }`:
//   kind        a ResourceKind of src/model/resourceKinds.ts
//   id          the resource's id (a dashboard's is its `oper_` id)
//   resourceId  the id whose revision history exists: the operation/database/app id itself, the
//               `rept_` id for a dashboard; undefined for write syncs and facts (no history)
//   name        the display name
import type { Collection } from '../../api';
import type {
  Application,
  DashboardSource,
  DashboardSummary,
  DatabaseSummary,
  Fact,
  Operation,
  RevisionRef,
  WriteSync,
} from '../../api/schemas';
import type { FileView } from '../resourcePath';
import { isResourceKind, KINDS, RESOURCE_KINDS, type ResourceKind } from '../resourceKinds';

export type { ResourceKind } from '../resourceKinds';

/** A group's id is the collection it lists. */
export type GroupId = Collection;

export interface GroupSpec {
  readonly id: GroupId;
  readonly label: string;
  readonly icon: string;
  readonly collection: Collection;
  /** The kind of the resources it lists. */
  readonly kind: ResourceKind;
  /** For "No … yet" and "Load more …": plural lower case. */
  readonly noun: string;
}

/** One group per resource kind, in the registry's order (resourceKinds.ts). */
export const GROUPS: readonly GroupSpec[] = KINDS.map((kind) => {
  const { collection, group, plural } = RESOURCE_KINDS[kind];
  return { id: collection, label: group.label, icon: group.icon, collection, kind, noun: plural };
});

export function groupForKind(kind: ResourceKind): GroupSpec {
  return GROUPS.find((g) => g.kind === kind)!;
}

/** A dashboard as the explorer knows it: from the list endpoint or from the source read. */
export interface DashboardInfo {
  dashboardId: string;
  resourceId: string;
  name: string;
  revision: RevisionRef;
  dataRunId?: string;
}

/** A database as the explorer knows it: from the list endpoint, or its revision history (no name). */
export interface DatabaseInfo {
  id: string;
  name: string;
  draft: RevisionRef;
  published: RevisionRef | null;
}

export type ResourceData =
  | { kind: 'operation'; value: Operation }
  | { kind: 'dashboard'; value: DashboardInfo }
  | { kind: 'app'; value: Application }
  | { kind: 'database'; value: DatabaseInfo }
  | { kind: 'writeSync'; value: WriteSync }
  | { kind: 'fact'; value: Fact };

interface NodeBase {
  /** Unique and stable across refreshes: the TreeItem id. */
  readonly key: string;
  readonly parent: ExplorerNode | undefined;
}

export interface GroupNode extends NodeBase {
  readonly kind: 'group';
  readonly group: GroupSpec;
  readonly parent: undefined;
}

export interface ResourceNode extends NodeBase {
  readonly kind: ResourceKind;
  readonly id: string;
  /** The history resource (see the header comment); undefined when it has none. */
  resourceId: string | undefined;
  name: string;
  /** The last read of the resource; replaced in place by refreshes and the deployment poller. */
  data: ResourceData;
  /** The user added this id (Add Resource by ID): it can be removed. */
  readonly added: boolean;
  /** Shown under another resource (its parent data flow, input operation…): a leaf. */
  readonly relation?: Relation;
}

export type Relation = 'parentDataFlow' | 'inputOperation' | 'dashboardOperation' | 'childOperation';

/** A data source of an operation: it has no read endpoint, so it is only an id. */
export interface DataSourceNode extends NodeBase {
  readonly kind: 'dataSource';
  readonly id: string;
}

/** Another document of a resource, e.g. an operation's JSON view. */
export interface FileNode extends NodeBase {
  readonly kind: 'file';
  readonly view: FileView;
  readonly id: string;
  readonly name: string;
  readonly label: string;
}

/** What clicking a message does. */
export type MessageAction = 'retry' | 'signIn' | 'switchWorkspace' | 'refreshParent' | 'addResource';

export interface MessageNode extends NodeBase {
  readonly kind: 'message';
  readonly label: string;
  readonly detail?: string;
  readonly severity: 'error' | 'warning' | 'info';
  readonly action?: MessageAction;
  /** An added id that failed to resolve: Remove applies to it. */
  readonly addedId?: string;
}

export interface LoadMoreNode extends NodeBase {
  readonly kind: 'loadMore';
  readonly parent: GroupNode;
}

export type ExplorerNode = GroupNode | ResourceNode | DataSourceNode | FileNode | MessageNode | LoadMoreNode;

export function isResourceNode(node: unknown): node is ResourceNode {
  return (
    typeof node === 'object' &&
    node !== null &&
    isResourceKind((node as { kind?: unknown }).kind) &&
    typeof (node as { id?: unknown }).id === 'string'
  );
}

// ---- Building nodes from what the service returns.

export function dashboardFromSource(source: DashboardSource, name: string): DashboardInfo {
  return { dashboardId: source.dashboardId, resourceId: source.resourceId, name, revision: source.revision, dataRunId: source.dataRunId };
}

export function dashboardFromSummary(summary: DashboardSummary): DashboardInfo {
  return { dashboardId: summary.dashboardId, resourceId: summary.resourceId, name: summary.name, revision: summary.revision };
}

export function databaseFromSummary(summary: DatabaseSummary): DatabaseInfo {
  return { id: summary.id, name: summary.name, draft: summary.draft, published: summary.published };
}

/** Id, history resource and name of a resource's data. */
export function identify(data: ResourceData): { id: string; resourceId: string | undefined; name: string } {
  switch (data.kind) {
    case 'operation':
      return { id: data.value.id, resourceId: data.value.id, name: data.value.name };
    case 'dashboard':
      return { id: data.value.dashboardId, resourceId: data.value.resourceId, name: data.value.name };
    case 'app':
      return { id: data.value.id, resourceId: data.value.id, name: data.value.name };
    case 'database':
      return { id: data.value.id, resourceId: data.value.id, name: data.value.name };
    case 'writeSync':
      return { id: data.value.id, resourceId: undefined, name: data.value.name };
    case 'fact':
      return { id: data.value.id, resourceId: undefined, name: data.value.name };
  }
}

export function idOf(data: ResourceData): string {
  return data.kind === 'dashboard' ? data.value.dashboardId : data.value.id;
}

/** The group a node is under. */
export function groupOf(node: ExplorerNode): GroupNode | undefined {
  let n: ExplorerNode | undefined = node;
  while (n && n.kind !== 'group') n = n.parent;
  return n;
}

export function resourceNode(parent: ExplorerNode, data: ResourceData, added: boolean, relation?: Relation): ResourceNode {
  const { id, resourceId, name } = identify(data);
  const node: ResourceNode = { kind: data.kind, key: `${parent.key}/${data.kind}:${id}`, parent, id, resourceId, name, data, added };
  return relation ? { ...node, relation } : node;
}

export function groupNode(group: GroupSpec): GroupNode {
  return { kind: 'group', key: `group:${group.id}`, parent: undefined, group };
}

export function messageNode(
  parent: ExplorerNode | undefined,
  slug: string,
  fields: Omit<MessageNode, 'kind' | 'key' | 'parent'>,
): MessageNode {
  return { kind: 'message', key: `${parent?.key ?? 'root'}/message:${slug}`, parent, ...fields };
}
