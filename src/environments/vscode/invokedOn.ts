// What a command across environments was invoked on: an explorer item (a resource or a group), the
// items selected with it, a `wsa:` URI, or the active editor's; or, from a script, ids and kinds.
// Only what can be saved can be compared or promoted: another kind is refused with why.
import * as vscode from 'vscode';
import { FILE_VIEWS, isResourceKind, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { FILE_SCHEME, parseFilePath } from '../../kinds/resourcePath';
import { rootConnectionOf } from '../../explorer/model/nodes';
import { isRecord } from '../../util/isRecord';
import { EDITABLE_KINDS } from '../engine/promoteReads';
import type { EditableKind } from '../model/promotionRules';

interface Found {
  kind: string;
  id: string;
  name?: string;
  workspaceId?: string;
  /** The connection it is of, when another than the window's: the entry id of its URI or of its explorer root. */
  connection?: string;
}

function foundIn(arg: unknown): Found | undefined {
  if (arg instanceof vscode.Uri) {
    if (arg.scheme !== FILE_SCHEME) return undefined;
    const file = parseFilePath(arg.path);
    // The path's name is made safe for a tab; the resource's own name comes from its list.
    const found = { kind: FILE_VIEWS[file.view].kind, id: file.id, workspaceId: file.workspaceId };
    return arg.authority ? { ...found, connection: arg.authority } : found;
  }
  if (isRecord(arg) && isResourceKind(arg.kind) && typeof arg.id === 'string') {
    const root = rootConnectionOf(arg);
    return {
      kind: arg.kind,
      id: arg.id,
      ...(typeof arg.name === 'string' ? { name: arg.name } : {}),
      ...(root ? { connection: root.id, workspaceId: root.workspaceId } : {}),
    };
  }
  return undefined;
}

function editable(kind: string, refused: (plural: string) => string): EditableKind {
  const found = EDITABLE_KINDS.find((k) => k === kind);
  if (!found) throw new Error(refused(RESOURCE_KINDS[kind as EditableKind]?.plural ?? kind));
  return found;
}

/** The one resource a comparison was invoked on. */
export function resourceOf(arg: unknown): { kind: EditableKind; id: string; name?: string; workspaceId?: string; connection?: string } {
  const found = foundIn(arg === undefined ? vscode.window.activeTextEditor?.document.uri : arg);
  if (!found) throw new Error(vscode.l10n.t('Choose a resource in the explorer, or open one, to compare it with another environment.'));
  const kind = editable(found.kind, (plural) =>
    vscode.l10n.t('{0} cannot be compared across environments: only what can be saved is.', plural),
  );
  return { ...found, kind };
}

/** What a promotion covers: resources by id, kinds whole; neither is everything. */
export interface PromoteSelection {
  readonly ids?: string[];
  readonly kinds?: EditableKind[];
  /** The workspace a `wsa:` file of the selection is of. */
  readonly workspaceIds: string[];
  /** The connection the selection is of, when another than the window's (its entry id). */
  readonly connection?: string;
}

/**
 * What Promote was invoked on: the items selected (or the one clicked), a `wsa:` file, a script's
 * `{ ids, kinds }`; nothing is every resource of the source. A group is its whole kind.
 */
export function promoteSelectionOf(arg: unknown, selected: unknown): PromoteSelection {
  const refuse = (plural: string) => vscode.l10n.t('{0} cannot be promoted: only what can be saved is.', plural);
  if (isRecord(arg) && ('ids' in arg || 'kinds' in arg)) {
    const ids = Array.isArray(arg.ids) ? arg.ids.filter((x): x is string => typeof x === 'string') : undefined;
    const kinds = Array.isArray(arg.kinds) ? arg.kinds.map((k) => editable(String(k), refuse)) : undefined;
    return { ...(ids ? { ids } : {}), ...(kinds ? { kinds } : {}), workspaceIds: [] };
  }
  const items = Array.isArray(selected) && selected.length ? selected : arg === undefined ? [] : [arg];
  if (items.length === 0) return { workspaceIds: [] };
  const ids: string[] = [];
  const kinds = new Set<EditableKind>();
  const workspaceIds = new Set<string>();
  // The connection of each item: '' for the window's. A promotion reads from one source.
  const connections = new Set<string>();
  for (const item of items) {
    if (isRecord(item) && item.kind === 'group' && isRecord(item.group)) {
      kinds.add(editable(String(item.group.kind), refuse));
      const root = rootConnectionOf(item);
      connections.add(root?.id.toLowerCase() ?? '');
      if (root) workspaceIds.add(root.workspaceId);
      continue;
    }
    const found = foundIn(item);
    if (!found) throw new Error(vscode.l10n.t('Choose resources or a group in the explorer, or open a resource, to promote it.'));
    editable(found.kind, refuse);
    ids.push(found.id);
    connections.add(found.connection?.toLowerCase() ?? '');
    if (found.workspaceId !== undefined) workspaceIds.add(found.workspaceId);
  }
  if (connections.size > 1)
    throw new Error(
      vscode.l10n.t('The selection holds items of two connections: promote from one connection at a time. Nothing was sent.'),
    );
  const [connection] = connections;
  return {
    ...(ids.length ? { ids } : {}),
    ...(kinds.size ? { kinds: [...kinds] } : {}),
    workspaceIds: [...workspaceIds],
    ...(connection ? { connection } : {}),
  };
}
