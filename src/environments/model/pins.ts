// Documents pinned to their connection. A `wsa:` URI opened while one of the user's named
// connections (workspaceAutomation.connections) is the window's carries that entry's id as its
// authority (`wsa://<id>/<workspace>/…`), so that a switch, a rename, a removal or a re-pointing of
// connections can never send its text to another service or workspace: it is read and saved only
// while the window's connection is that entry's, in that workspace; else it is refused, before any
// request, with why. A URI without an authority (one made before, or while no entry names the
// connection) is the window's connection's, as it always was. vscode-free (mutation-tested).
import type { ConnectionEntry } from './connections';

/** The window's connection: where its requests go. */
export interface WindowConnection {
  readonly origin: string;
  readonly workspaceId: string;
}

/** Why a pinned document cannot be read or saved now. */
export type PinProblem =
  /** No entry has the id any more. */
  | { readonly kind: 'gone'; readonly id: string }
  /** Two entries' ids differ only in case: a URI's authority cannot tell them apart. */
  | { readonly kind: 'ambiguous'; readonly id: string }
  /** The entry now names another workspace than the document's. */
  | { readonly kind: 'repointed'; readonly entry: ConnectionEntry }
  /** The entry is not the window's connection (another service, or another workspace of it). */
  | { readonly kind: 'elsewhere'; readonly entry: ConnectionEntry }
  /** The window has no connection. */
  | { readonly kind: 'signedOut'; readonly entry: ConnectionEntry };

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
 * Whether a document of `authority` and `workspaceId` may be read or saved through the window's
 * connection: undefined when it may, else why not. No authority is always the window's.
 */
export function pinProblem(
  authority: string,
  workspaceId: string,
  connection: WindowConnection | undefined,
  entries: readonly ConnectionEntry[],
): PinProblem | undefined {
  if (authority === '') return undefined;
  const named = entriesOf(authority, entries);
  if (named.length === 0) return { kind: 'gone', id: authority };
  if (named.length > 1) return { kind: 'ambiguous', id: authority };
  const entry = named[0]!;
  if (entry.workspaceId !== workspaceId) return { kind: 'repointed', entry };
  if (!connection) return { kind: 'signedOut', entry };
  if (entry.origin !== connection.origin || entry.workspaceId !== connection.workspaceId) return { kind: 'elsewhere', entry };
  return undefined;
}
