// Documents pinned to their connection. A `wsa:` URI opened while one of the user's named
// connections (workspaceAutomation.connections) is the window's carries that entry's id as its
// authority (`wsa://<id>/<workspace>/…`), so that a switch, a rename, a removal or a re-pointing of
// connections can never send its text to another service or workspace: it is read and saved through
// that entry's connection (the window's, or a client of its own beside it), in that workspace;
// else it is refused, before any request, with why. A URI without an authority (one made before,
// or while no entry names the connection) is the window's connection's, as it always was.
// vscode-free (mutation-tested).
import type { ServiceClient } from '../../api';
import type { ConnectionEntry } from './connections';

/** The window's connection: where its requests go. */
export interface WindowConnection {
  readonly origin: string;
  readonly workspaceId: string;
}

/** Where a pinned document is read and saved now, or why it cannot be (before any request). */
export type PinPlace =
  /** Through the window's connection: no authority, or an entry naming the window's service and workspace. */
  | { readonly kind: 'window' }
  /** Through another of the user's connections, with its own client and the key stored for its origin. */
  | { readonly kind: 'other'; readonly entry: ConnectionEntry }
  /** No entry has the id any more. */
  | { readonly kind: 'gone'; readonly id: string }
  /** Two entries' ids differ only in case: a URI's authority cannot tell them apart. */
  | { readonly kind: 'ambiguous'; readonly id: string }
  /** The entry now names another workspace than the document's. */
  | { readonly kind: 'repointed'; readonly entry: ConnectionEntry }
  /** The entry now names another service than the one its documents were opened from (`from`). */
  | { readonly kind: 'moved'; readonly entry: ConnectionEntry; readonly from: string };

/** The entries of an authority: URIs compare authorities without case (VS Code writes them in lower case). */
function entriesOf(authority: string, entries: readonly ConnectionEntry[]): ConnectionEntry[] {
  const wanted = authority.toLowerCase();
  return entries.filter((e) => e.id.toLowerCase() === wanted);
}

/**
 * The authority new URIs carry: the id of the first entry naming the window's connection, when that
 * id names no other entry in another case; '' otherwise (the URI is then the window's connection's).
 */
export function pinFor(connection: WindowConnection | undefined, entries: readonly ConnectionEntry[]): string {
  if (!connection) return '';
  const entry = entries.find((e) => e.origin === connection.origin && e.workspaceId === connection.workspaceId);
  if (!entry || entriesOf(entry.id, entries).length > 1) return '';
  return entry.id;
}

/**
 * Where the document of `authority` and `workspaceId` is read and saved: the window's connection,
 * another entry's, or why neither. `madeAt`: the origin the entry named when its documents were
 * opened (undefined when not known); text read from one service is never sent to another.
 */
export function pinPlace(
  authority: string,
  workspaceId: string,
  connection: WindowConnection | undefined,
  entries: readonly ConnectionEntry[],
  madeAt?: string,
): PinPlace {
  if (authority === '') return { kind: 'window' };
  const named = entriesOf(authority, entries);
  if (named.length === 0) return { kind: 'gone', id: authority };
  if (named.length > 1) return { kind: 'ambiguous', id: authority };
  const entry = named[0]!;
  if (entry.workspaceId !== workspaceId) return { kind: 'repointed', entry };
  if (madeAt !== undefined && madeAt !== entry.origin) return { kind: 'moved', entry, from: madeAt };
  if (connection && entry.origin === connection.origin && entry.workspaceId === connection.workspaceId) return { kind: 'window' };
  return { kind: 'other', entry };
}

/** Where a `wsa:` document is read and saved: the window's connection, another of the user's, or why neither (before any request). */
export type DocumentPlace =
  | { readonly kind: 'window' }
  | {
      readonly kind: 'other';
      /** Names the connection's id, service and workspace: what one connection read is kept under it. */
      readonly key: string;
      readonly label: string;
      /** Its client, with the key stored for its origin; rejects, sending nothing, when there is none. */
      client(): Promise<ServiceClient>;
    }
  | { readonly kind: 'refused'; readonly message: string };
