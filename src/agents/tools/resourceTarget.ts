// Which resource a tool call means: the id's kind from its prefix (the registry's), and for an id
// two kinds share (an oper_ id is an operation and may be its dashboard too), the `kind` argument or
// else the kind that shares it when the service has one. And where its history lives. vscode-free.
import * as l10n from '@vscode/l10n';
import { ApiError, kindOfId, type CallOptions, type ServiceClient } from '../../api';
import { explorerOf } from '../../kinds/kindModules';
import { kindsForIdKind, openView, RESOURCE_KINDS, sharesIdWith, type ResourceKind } from '../../kinds/resourceKinds';
import type { ResourceFile } from '../../kinds/resourcePath';
import type { ResourceContent, ResourceReader } from '../../documents/model/resourceReader';
import { ToolInputError } from './toolArgs';

export interface Target {
  readonly kind: ResourceKind;
  /** The file the resource opens as (a dashboard's TSX, an operation's handler code). */
  readonly file: ResourceFile;
}

/** A failure the model is told as such: the resource is not there, or cannot do what was asked. */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}

export function isNotFound(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'notFound';
}

export function fileOf(client: ServiceClient, kind: ResourceKind, id: string): ResourceFile {
  return { workspaceId: client.workspaceId ?? '', view: openView(kind), id, name: id };
}

/** The kinds an id may be, or a ToolInputError for an id of no resource the tools know. */
export function kindsOf(id: string): ResourceKind[] {
  const kinds = kindsForIdKind(kindOfId(id));
  if (!kinds.length)
    throw new ToolInputError(
      l10n.t('{0} is not the id of a resource these tools read (oper_, appl_, dbas_, wsyn_, fact_).', JSON.stringify(id)),
    );
  return kinds;
}

/** Of the kinds under one id, the one that shares it (the text the tools edit) and the one that owns it. */
function sharedBy(kinds: readonly ResourceKind[]): { sharing: ResourceKind; owner: ResourceKind } {
  const sharing = kinds.find((k) => sharesIdWith(k) !== undefined);
  const owner = kinds.find((k) => sharesIdWith(k) === undefined);
  if (!sharing || !owner) throw new Error(`no kind shares the id of ${kinds.join(', ')}`);
  return { sharing, owner };
}

/** The resource `id` (and `kind`, when given) names. */
export async function targetOf(client: ServiceClient, id: string, kind: string | undefined, o?: CallOptions): Promise<Target> {
  const kinds = kindsOf(id);
  if (kind !== undefined) {
    if (!(kinds as string[]).includes(kind))
      throw new ToolInputError(l10n.t('{0} cannot be a {1}: its prefix names a {2}.', id, kind, kinds.join(l10n.t(' or '))));
    return { kind: kind as ResourceKind, file: fileOf(client, kind as ResourceKind, id) };
  }
  if (kinds.length === 1) return { kind: kinds[0]!, file: fileOf(client, kinds[0]!, id) };
  // A shared id (an oper_ id): the sharing kind when the service has it (its dashboard), else the owner.
  const { sharing, owner } = sharedBy(kinds);
  try {
    await explorerOf(sharing).find(client, id, o);
    return { kind: sharing, file: fileOf(client, sharing, id) };
  } catch (e) {
    if (!isNotFound(e)) throw e;
    return { kind: owner, file: fileOf(client, owner, id) };
  }
}

/**
 * The resource `id` names, read as its editor shows it. For a shared id without a kind, the sharing
 * kind's read is the probe (a dashboard's): no second read of a text that may be megabytes.
 */
export async function readTarget(
  client: ServiceClient,
  reader: ResourceReader,
  id: string,
  kind: string | undefined,
  o?: CallOptions,
): Promise<{ target: Target; content: ResourceContent }> {
  const kinds = kindsOf(id);
  if (kind !== undefined || kinds.length === 1) {
    const target = await targetOf(client, id, kind, o);
    return { target, content: await reader.read(target.file, o) };
  }
  const { sharing, owner } = sharedBy(kinds);
  const first: Target = { kind: sharing, file: fileOf(client, sharing, id) };
  try {
    return { target: first, content: await reader.read(first.file, o) };
  } catch (e) {
    if (!isNotFound(e)) throw e;
    const second: Target = { kind: owner, file: fileOf(client, owner, id) };
    return { target: second, content: await reader.read(second.file, o) };
  }
}

/** The id whose revisions hold `target`'s history (a dashboard's rept_ resource), or a ToolFailure for a kind without one. */
export async function historyIdOf(client: ServiceClient, target: Target, o?: CallOptions): Promise<string> {
  const history = (RESOURCE_KINDS[target.kind] as { history?: { from: 'ownId' | 'sourceRead' } }).history;
  if (!history) throw new ToolFailure(l10n.t('A {0} keeps no revision history.', RESOURCE_KINDS[target.kind].singular));
  if (history.from === 'ownId') return target.file.id;
  return (await client.getDashboardSource(target.file.id, o)).resourceId;
}
