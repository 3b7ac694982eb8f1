// Sign In to Another Connection…: a key for one of the user's other connections, asked for, checked
// against its service and stored for its origin, while the window keeps its own connection. Run on
// an explorer root, its message, with an entry's id, or from the palette (a pick of the others).
// Loaded on first use.
import * as vscode from 'vscode';
import type { AskKey } from '../../connection/api';
import { isRecord } from '../../util/isRecord';
import { parseConnections, type ConnectionEntry } from '../model/connections';

export interface ConnectionSignInDeps {
  readonly user: unknown;
  readonly signIn: (target: ConnectionEntry, ask: AskKey) => Promise<boolean>;
  readonly askKey: AskKey;
  readonly pick: (entries: readonly ConnectionEntry[], placeHolder: string) => Promise<ConnectionEntry | undefined>;
}

/** The entry id an argument names: a string, or an explorer root (`{ kind: 'connection', connection: { id } }`). */
function idOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (isRecord(arg) && arg.kind === 'connection' && isRecord(arg.connection) && typeof arg.connection.id === 'string')
    return arg.connection.id;
  return undefined;
}

/** True once a key is stored; false when the user left the question. */
export async function signInToConnection(deps: ConnectionSignInDeps, arg?: unknown): Promise<boolean> {
  const entries = parseConnections(deps.user).entries;
  const id = idOf(arg);
  let entry: ConnectionEntry | undefined;
  if (id !== undefined) {
    const named = entries.filter((e) => e.id.toLowerCase() === id.toLowerCase());
    if (named.length !== 1) throw new Error(vscode.l10n.t('No connection {0} among your connections.', JSON.stringify(id)));
    entry = named[0];
  } else {
    if (entries.length === 0)
      throw new Error(
        vscode.l10n.t('Name your connections in the workspaceAutomation.connections setting first: there is none to sign in to.'),
      );
    entry = await deps.pick(entries, vscode.l10n.t('Sign in to which connection?'));
  }
  if (!entry) return false;
  return deps.signIn(entry, deps.askKey);
}
