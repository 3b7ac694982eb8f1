// What the rest of the extension knows of the connection: the signed-in client, or nothing.
import type { ServiceClient } from '../api';
import type { Event } from '../util/events';
import type { GuardedSetting } from './model/keyPolicy';

export interface Connection {
  readonly client: ServiceClient;
  readonly baseUrl: string;
  readonly workspaceId: string;
  /** A human label for the status bar, e.g. "Local emulator" or the host name. */
  readonly label: string;
}

/** What the connection manager builds: also where the key came from and what the folder chose. */
export interface KeyedConnection extends Connection {
  /** The origin requests go to; the key sent is the one stored for it (or the environment's, for its own origin). */
  readonly origin: string;
  /** The settings a folder sets that are in effect (baseUrl, or header settings the user accepted). */
  readonly fromFolder: readonly GuardedSetting[];
  readonly keyFrom: 'stored' | 'env';
}

export interface ConnectionProvider {
  readonly current: Connection | undefined;
  readonly onDidChangeConnection: Event<Connection | undefined>;
  /** The current connection, or a NotSignedInError (model/notSignedIn.ts) that the command wrapper turns into "Sign In". */
  require(): Connection;
}
