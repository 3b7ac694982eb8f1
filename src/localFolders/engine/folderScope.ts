// What a pull was asked for: everything the service lists, or some of it. An id alone names every
// resource it can be (a dashboard's id is also its operation's); a resource names one kind and id (an
// explorer item, a pulled file); a kind names every resource of that kind, on every page. Checked
// before anything is asked of the service. vscode-free.
import * as l10n from '@vscode/l10n';
import { kindOfId } from '../../api';
import { KINDS, kindsForIdKind, type ResourceKind } from '../../kinds/resourceKinds';
import { FolderStateError } from './folderState';

/** One resource of one kind. */
export interface ResourceRef {
  readonly kind: ResourceKind;
  readonly id: string;
}

export interface ScopeOptions {
  /** These ids, of any kind each can name. */
  ids?: readonly string[];
  /** These resources, each of its own kind only. */
  resources?: readonly ResourceRef[];
  /** Every resource of these kinds. */
  kinds?: readonly ResourceKind[];
}

const key = (kind: ResourceKind, id: string) => `${kind}:${id}`;

export class PullScope {
  /** The kinds whose lists are read. */
  readonly kinds: readonly ResourceKind[];
  /** The resources named one by one, read directly when no list shows them. */
  readonly named: readonly ResourceRef[];
  private readonly everything: boolean;
  private readonly ofKinds: ReadonlySet<ResourceKind>;
  private readonly namedKeys: ReadonlySet<string>;

  /** Throws a FolderStateError naming the first id or kind that is none. */
  constructor({ ids, resources, kinds }: ScopeOptions) {
    for (const id of ids ?? [])
      if (!kindsForIdKind(kindOfId(id)).length)
        throw new FolderStateError(l10n.t('{0} is not the id of a workspace resource.', JSON.stringify(id)));
    for (const kind of [...(kinds ?? []), ...(resources ?? []).map((r) => r.kind)])
      if (!KINDS.includes(kind)) throw new FolderStateError(l10n.t('{0} is not a kind of workspace resource.', JSON.stringify(kind)));
    for (const { kind, id } of resources ?? [])
      if (!kindsForIdKind(kindOfId(id)).includes(kind))
        throw new FolderStateError(l10n.t('{0} is not the id of a workspace resource.', JSON.stringify(id)));
    const named: ResourceRef[] = [
      ...(ids ?? []).flatMap((id) => kindsForIdKind(kindOfId(id)).map((kind) => ({ kind, id }))),
      ...(resources ?? []),
    ];
    this.named = [...new Map(named.map((r) => [key(r.kind, r.id), r])).values()];
    this.namedKeys = new Set(this.named.map((r) => key(r.kind, r.id)));
    this.ofKinds = new Set(kinds ?? []);
    this.everything = ids === undefined && resources === undefined && kinds === undefined;
    this.kinds = this.everything ? KINDS : KINDS.filter((k) => this.ofKinds.has(k) || this.named.some((r) => r.kind === k));
  }

  /** Whether the pull takes `kind` `id`. */
  has(kind: ResourceKind, id: string): boolean {
    return this.everything || this.ofKinds.has(kind) || this.namedKeys.has(key(kind, id));
  }

  /** Whether `id` was named one by one (an id, or a resource of any kind). */
  names(id: string): boolean {
    return this.named.some((r) => r.id === id);
  }

  /** The ids named one by one, each once. */
  namedIds(): string[] {
    return [...new Set(this.named.map((r) => r.id))];
  }
}
