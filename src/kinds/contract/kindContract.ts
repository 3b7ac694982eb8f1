// What a resource kind does, declared once in the kind's own module (src/kinds/<kind>/<kind>Kind.ts)
// and attached to the registry in src/kinds/kindModules.ts. The reader, the save flow and the
// explorer ask the kind; none of them switches on its name. What a kind may leave out has one
// default here (completeEdit, completeExplorer), applied where the modules are attached.
// This folder is what a kind builds on: it imports nothing of the registry or the kinds' folders,
// which import it.
import type { CallOptions, ServiceClient } from '../../api';
import type { Revision, RevisionRef } from '../../api/schemas';
import { sameJson } from './jsonDocument';
import type { Look } from './lookText';
import type { TextProblem } from '../../util/textProblem';
import type { TokenChecks } from './tokenChecks';

/** The file of a resource a kind reads or saves: a `wsa:` path's parts (src/kinds/resourcePath.ts, ResourceFile). */
export interface KindFile {
  readonly workspaceId: string;
  /** A view of the kind's registry entry. */
  readonly view: string;
  readonly id: string;
  readonly name: string;
}

/** What a kind's local checks may use that lives outside src/kinds, passed in by the validation. */
export interface CheckTools {
  /** The dashboard language's TSX syntax check (a bundle of its own, loaded on first use). */
  tsx(text: string): TextProblem[];
}

/** What a kind's reads need: the signed-in client and the immutable revisions (cached when it can). */
export interface KindReads {
  readonly client: ServiceClient;
  revision(resourceId: string, revisionId: string, o?: CallOptions): Promise<Revision>;
}

/** One save's surroundings, for the kind's send. */
export interface KindSend extends KindReads {
  readonly file: KindFile;
  /** The complete text to store. */
  readonly text: string;
  /** The server state the text is an edit of: its text (for the fields the user did not change). */
  readonly baseText: string;
  /** Fields the user chose to save without (a fact replace after a refusal that named none). */
  readonly leaveOut?: readonly string[];
  debug(message: string): void;
}

/** A server state a document's text can be based on, with the tokens a save of an edit of it names. */
export interface KindSnapshot<T> {
  text: string;
  tokens: T;
  /** For messages: "revision 14" (dashboard/database/app), "version 5" (write sync) or "updated 2026-11-22 10:00 UTC" (fact). */
  label: string;
  /** Who made it, when known (an actor id). */
  actor?: string;
  /** The revision holding this text, when the resource has history: for `wsa-revision:` URIs. */
  revision?: { resourceId: string; revisionId: string };
}

/** How an editable kind is read with its tokens, checked against its base, sent and confirmed. */
export interface EditBehaviour<T extends { readonly kind: string }> {
  /** The current server state of the file, with the tokens a save of an edit of it names. */
  snapshot(reads: KindReads, file: KindFile, o?: CallOptions): Promise<KindSnapshot<T>>;
  /** A stable string of the tokens: equal tokens, equal keys. */
  tokensKey(tokens: T): string;
  /** How each field of the tokens is checked when read back from a pulled folder's state file, before a push sends it. */
  readonly stateTokens: TokenChecks<T>;
  /**
   * Edits of what the document shows read-only (the fields the service owns, a locked identity):
   * said at their line and not sent. Absent: the whole text is the user's.
   */
  readOnlyEdits?(text: string, base: KindSnapshot<T>): TextProblem[];
  /**
   * The local checks before a save is sent (src/kinds/<kind>/<kind>Rules.ts), each problem at its
   * line: an error keeps the save on this machine, a warning or information is shown and the save
   * goes on.
   */
  check(text: string, tools: CheckTools): TextProblem[];
  /** The request body the text becomes; throws DocumentParseError at the place it cannot. */
  body(text: string): unknown;
  /**
   * The spec gives this kind no expected token: the save reads the resource first and treats
   * changed tokens as the service's conflict answer.
   */
  readonly checksBeforeSend?: boolean;
  /**
   * The service gave no token in `tokens` (a fact without `updatedAt`): equal tokens then say
   * nothing, so a save compares the editable fields read just before it sends with its base's.
   * Absent: the kind's tokens are always given.
   */
  tokenMissing?(tokens: T): boolean;
  /** The one request, with the base's tokens; the snapshot the text is based on afterwards. */
  send(save: KindSend, tokens: T, body: unknown): Promise<KindSnapshot<T>>;
  /**
   * Whether the server's state is the user's text (read back after an answer was lost). Absent: the
   * body the latest text becomes is the body sent.
   */
  holdsText?(latest: KindSnapshot<T>, text: string, body: unknown): boolean;
  /**
   * The draft of the resource's history the tokens name, when the kind's read names it (a
   * dashboard's source read and save answer carry the revision): the publish item follows it
   * without reading the history again. Absent: only the history says.
   */
  draftOf?(tokens: T): RevisionRef;
  /**
   * A JSON pointer of the service's refusal as a pointer into the document. Absent: the same
   * pointer (the document is the body's shape); null: the document is not JSON, a pointer has no place in it.
   */
  readonly documentPointer?: ((pointer: string) => string) | null;
  /** The optional fields of the body the user changed from the base text: where a refusal likely points. */
  changedOptionalFields?(baseText: string, body: unknown): string[];
  /** The optional fields a body held that the client sent (a refusal naming none may be about them). */
  optionalFieldsSent?(client: ServiceClient, body: unknown): string[];
}

/** How a read-only file of a kind is read: its text as the service returns it. */
export type ReadText = (reads: KindReads, file: KindFile, o?: CallOptions) => Promise<string>;

/** Id, history resource and display name of a resource, as the explorer shows it. */
export interface Identity {
  id: string;
  /** The id whose revision history exists; undefined when the kind has none. */
  resourceId: string | undefined;
  name: string;
}

/** How a resource item shown under another one relates to it. */
export type Relation = 'parentDataFlow' | 'inputOperation' | 'dashboardOperation' | 'childOperation';

/** What an item shows under it; related resources are read by id and shown as leaves. */
export type Related =
  /** Another document of the resource (an operation's JSON view). */
  | { readonly file: string; readonly label: string }
  /** Another resource, by id. */
  | { readonly link: string; readonly relation: Exclude<Relation, 'childOperation'> }
  /** The operations of a data flow, among those already loaded. */
  | { readonly steps: string }
  /** A data source: it has no read endpoint, so it is only an id. */
  | { readonly dataSource: string };

/** How the explorer reads and names a kind's resources (`V`: what it keeps of one). */
export interface ExplorerBehaviour<V> {
  /** An item of the kind's list endpoint. Absent: the item is the resource as a read gives it. */
  fromListItem?(item: unknown): V;
  /** The resource under an id, read alone; throws what the read threw (a 404 means "not this kind"). */
  find(client: ServiceClient, id: string, o?: CallOptions): Promise<V>;
  /**
   * Reads the resource again (a refresh), keeping what only the list knew, such as a name. Without
   * it, a refresh is `find` by the identified id: the read alone holds all the explorer shows.
   */
  reread?(client: ServiceClient, current: V, o?: CallOptions): Promise<V>;
  identify(value: V): Identity;
  /**
   * The state the value shows, in a word and a number ("revision 14", "version 5"), or null where
   * it does not say: a list item is taken as the service sends it, so a field may be missing.
   */
  revisionLabel(value: V): string | null;
  /**
   * How its item looks: description, tooltip, icon. `singular`: the registry's word for the kind;
   * `relation`: how it is shown under another resource.
   */
  look(value: V, shown: { readonly singular: string; readonly relation?: string | undefined }): Look;
  /**
   * The read by id carries no name: the resource is named after another one found under the same
   * id (a dashboard after its operation).
   */
  renamed?(value: V, name: string): V;
  /** What its item shows under it; absent: the item has no children. */
  related?(value: V): Related[];
  /** Ids the resource leads to, for listing without list endpoints. */
  reaches?(value: V): string[];
  /** Whether the resource is changing on the service by itself (an app deploying): the tree polls it. */
  settling?(value: V): boolean;
}

/**
 * Everything a kind does. `T`: its save tokens (`never` when it cannot be saved); `V`: what the
 * explorer keeps of one resource.
 */
export interface KindModule<T extends { readonly kind: string }, V> {
  /** Present exactly when the kind's first file is editable (the registry's `readOnly`). */
  readonly edit?: EditBehaviour<T>;
  /** How each of its read-only files is read, by view. */
  readonly readOnlyTexts?: Readonly<Record<string, ReadText>>;
  readonly explorer: ExplorerBehaviour<V>;
}

/** A kind module's save tokens (`never` for a read-only kind). */
export type TokensOf<M> = M extends { readonly edit?: EditBehaviour<infer T> } ? T : never;
/** What the explorer keeps of a kind module's resource. */
export type ValueOf<M> = M extends { readonly explorer: ExplorerBehaviour<infer V> } ? V : never;

/** An edit behaviour with the contract's defaults in place of what its kind left out. */
export type CompleteEdit<T extends { readonly kind: string }> = Omit<EditBehaviour<T>, 'holdsText' | 'documentPointer'> & {
  holdsText(latest: KindSnapshot<T>, text: string, body: unknown): boolean;
  readonly documentPointer?: (pointer: string) => string;
};

/** An explorer behaviour with the contract's defaults in place of what its kind left out. */
export type CompleteExplorer<V> = ExplorerBehaviour<V> & { fromListItem(item: unknown): V };

/** The edit behaviour with the defaults of what it leaves out. */
export function completeEdit<T extends { readonly kind: string }>(edit: EditBehaviour<T>): CompleteEdit<T> {
  const { documentPointer, holdsText, ...rest } = edit;
  return {
    ...rest,
    // What the service holds, read back and made a body again, against the body sent.
    holdsText: holdsText ?? ((latest, _text, body) => sameJson(edit.body(latest.text), body)),
    ...(documentPointer === null ? {} : { documentPointer: documentPointer ?? ((pointer: string) => pointer) }),
  };
}

/** The explorer behaviour with the defaults of what it leaves out. */
export function completeExplorer<V>(explorer: ExplorerBehaviour<V>): CompleteExplorer<V> {
  return { ...explorer, fromListItem: explorer.fromListItem ?? ((item) => item as V) };
}
