// The production guard's decision for one write: send it, ask the user first, or hold it (an auto
// save, which never asks). Protection only ratchets up: the user's settings decide it, a folder's
// settings or an agent can add it, and only the user's settings can take it away. vscode-free
// (unit-tested, mutation-tested).
import { parseConnections, type ResolvedConnection } from './connections';

/** Every path that writes to the service. */
export const WRITE_KINDS = ['save', 'autoSave', 'publish', 'restore', 'merge', 'agentSave', 'push', 'promote'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export type WriteDecision = 'send' | 'ask' | 'hold';

/** What the decision needs of a connection. */
export interface GuardedTarget {
  readonly protected: boolean;
}

/**
 * `allowedForWindow`: the user chose "Allow for This Window" for this connection. An agent's save
 * asks every time (a person's earlier answer does not cover a model's write), so does a promotion
 * (one question for a whole plan, which an answer about one file does not cover), and an auto save to a
 * protected connection is held, never sent and never asked about (a modal while typing would be
 * answered by accident).
 */
export function decideWrite(kind: WriteKind, target: GuardedTarget | undefined, allowedForWindow: boolean): WriteDecision {
  // No connection: nothing can be sent, and the write says so itself.
  if (!target?.protected) return 'send';
  if (kind === 'autoSave') return 'hold';
  if (kind === 'agentSave' || kind === 'promote') return 'ask';
  return allowedForWindow ? 'send' : 'ask';
}

/** What can raise the protection of the current connection beyond the user's settings. */
export interface Raises {
  /** The folder's (workspace-scoped) value of the connections setting, as written. */
  readonly folder?: unknown;
  /** An agent asked for the connection to be guarded in this window. */
  readonly agent?: boolean;
}

/**
 * The connection as the guard sees it: the user's entry (resolveConnection), protected as well when
 * the folder's value names it as production or protected, or an agent raised it. A folder's
 * `protected: false` or another stage never lowers what the user's settings say.
 */
export function withRaises(connection: ResolvedConnection, raises: Raises): ResolvedConnection {
  if (connection.protected) return connection;
  const byFolder = parseConnections(raises.folder, { fromFolder: true }).entries.some(
    (e) => e.origin === connection.origin && e.workspaceId === connection.workspaceId && (e.protected || e.stage === 'production'),
  );
  if (!byFolder && raises.agent !== true) return connection;
  return { ...connection, protected: true };
}

/** What "Allow for This Window" is remembered by: the entry's id, or the connection itself when no entry names it. */
export function allowanceKey(connection: Pick<ResolvedConnection, 'id' | 'origin' | 'workspaceId'>): string {
  return connection.id ?? `${connection.origin} ${connection.workspaceId}`;
}
