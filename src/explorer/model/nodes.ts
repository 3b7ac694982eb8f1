// The nodes of the workspace explorer, vscode-free. The tree provider turns them into TreeItems;
// commands receive them as their argument (e.g. `workspaceAutomation.showHistory`).
//
// A resource node has the documented shape `{ kind, id, resourceId?, name }`:
//   kind        a ResourceKind of src/kinds/resourceKinds.ts
//   id          the resource's id (a dashboard's is its `oper_` id)
//   resourceId  the id whose revision history exists: the operation/database/app id itself, the
//               `rept_` id for a dashboard; undefined for write syncs and facts (no history)
//   name        the display name
import type { Collection } from '../../api';
import type { ExplorerBehaviour, Identity, Relation } from '../../kinds/contract/kindContract';
import { explorerOf, type KindValue } from '../../kinds/kindModules';
import type { FileView } from '../../kinds/resourcePath';
import { isResourceKind, RESOURCE_KINDS, type KindSpec, type ResourceKind } from '../../kinds/resourceKinds';

export type { ResourceKind } from '../../kinds/resourceKinds';
export type { Relation } from '../../kinds/contract/kindContract';

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

/** One group per kind of a registry, in its order. */
export function groupsOf(kinds: Readonly<Record<string, KindSpec>>): GroupSpec[] {
  return Object.entries(kinds).map(([kind, { collection, group, plural }]) => {
    return { id: collection, label: group.label, icon: group.icon, collection, kind: kind as ResourceKind, noun: plural };
  });
}

/** One group per resource kind, in the registry's order (resourceKinds.ts). */
export const GROUPS: readonly GroupSpec[] = groupsOf(RESOURCE_KINDS);

export function groupForKind(kind: ResourceKind): GroupSpec {
  return GROUPS.find((g) => g.kind === kind)!;
}

/** A resource's last read, with its kind: what each kind's module keeps of one (kindModules.ts). */
export type ResourceData = { [K in ResourceKind]: { kind: K; value: KindValue<K> } }[ResourceKind];

/** How the explorer reads and names the kind of this data. */
export function explorerFor(data: ResourceData): ExplorerBehaviour<ResourceData['value']> {
  return explorerOf(data.kind) as ExplorerBehaviour<ResourceData['value']>;
}

/** Whether the resource is changing on the service by itself (an app deploying): the tree polls it. */
export function isSettling(data: ResourceData): boolean {
  return explorerFor(data).settling?.(data.value) ?? false;
}

/** The value of resource data when it is of `kind`: the type guard for the few kind-specific reads. */
export function valueIf<K extends ResourceKind>(data: ResourceData | undefined, kind: K): KindValue<K> | undefined {
  return data?.kind === kind ? (data.value as KindValue<K>) : undefined;
}

interface NodeBase {
  /** Unique and stable across refreshes: the TreeItem id. */
  readonly key: string;
  readonly parent: ExplorerNode | undefined;
}

/** Another of the user's connections than the window's, as its root shows it. */
export interface RootConnection {
  /** The entry's id: the authority of the documents opened under it. */
  readonly id: string;
  readonly label: string;
  readonly host: string;
  readonly workspaceId: string;
  readonly stage: string;
  readonly protected: boolean;
}

/** A root of its own for another connection than the window's, over that connection's groups. */
export interface ConnectionNode extends NodeBase {
  readonly kind: 'connection';
  readonly parent: undefined;
  readonly connection: RootConnection;
}

export interface GroupNode extends NodeBase {
  readonly kind: 'group';
  readonly group: GroupSpec;
  /** The root of another connection; undefined for the window's groups, at the top of the tree. */
  readonly parent: ConnectionNode | undefined;
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
/** `signInConnection`: a key for the connection of the root the message is under. */
export type MessageAction = 'retry' | 'signIn' | 'switchWorkspace' | 'refreshParent' | 'addResource' | 'signInConnection';

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

export type ExplorerNode = ConnectionNode | GroupNode | ResourceNode | DataSourceNode | FileNode | MessageNode | LoadMoreNode;

export function isResourceNode(node: unknown): node is ResourceNode {
  return (
    typeof node === 'object' &&
    node !== null &&
    isResourceKind((node as { kind?: unknown }).kind) &&
    typeof (node as { id?: unknown }).id === 'string'
  );
}

/** Id, history resource and name of a resource's data. */
export function identify(data: ResourceData): Identity {
  return explorerFor(data).identify(data.value);
}

export function idOf(data: ResourceData): string {
  return identify(data).id;
}

/** The group a node is under. */
export function groupOf(node: ExplorerNode): GroupNode | undefined {
  let n: ExplorerNode | undefined = node;
  while (n && n.kind !== 'group') n = n.parent;
  return n?.kind === 'group' ? n : undefined;
}

export function resourceNode(parent: ExplorerNode, data: ResourceData, added: boolean, relation?: Relation): ResourceNode {
  const { id, resourceId, name } = identify(data);
  const node: ResourceNode = { kind: data.kind, key: `${parent.key}/${data.kind}:${id}`, parent, id, resourceId, name, data, added };
  return relation ? { ...node, relation } : node;
}

/** The group of `group` at the top of the tree, or under another connection's root. */
export function groupNode(group: GroupSpec, root?: ConnectionNode): GroupNode {
  return { kind: 'group', key: root ? `${root.key}/group:${group.id}` : `group:${group.id}`, parent: root, group };
}

export function connectionNode(connection: RootConnection): ConnectionNode {
  return { kind: 'connection', key: `connection:${connection.id.toLowerCase()}`, parent: undefined, connection };
}

/** The connection of the root `item` (a command's argument) is under, when it is a node of another connection than the window's. */
export function rootConnectionOf(item: unknown): RootConnection | undefined {
  let n = item as { kind?: unknown; parent?: unknown; connection?: RootConnection } | undefined;
  for (let depth = 0; typeof n === 'object' && n !== null && depth < 16; depth++) {
    if (n.kind === 'connection') return n.connection;
    n = n.parent as typeof n;
  }
  return undefined;
}

/** Whether `item` (a command's argument) is a node under another connection's root than the window's. */
export function isElsewhere(item: unknown): boolean {
  return rootConnectionOf(item) !== undefined;
}

/** The root of another connection a node is under; undefined for the window's. */
export function rootOf(node: ExplorerNode): ConnectionNode | undefined {
  let n: ExplorerNode | undefined = node;
  while (n && n.kind !== 'connection') n = n.parent;
  return n;
}

export function messageNode(
  parent: ExplorerNode | undefined,
  slug: string,
  fields: Omit<MessageNode, 'kind' | 'key' | 'parent'>,
): MessageNode {
  return { kind: 'message', key: `${parent?.key ?? 'root'}/message:${slug}`, parent, ...fields };
}
