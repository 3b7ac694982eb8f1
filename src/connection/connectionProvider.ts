// What the rest of the extension knows of the connection: the signed-in client, or nothing.
import type { ServiceClient } from '../api';
import type { Event } from '../util/events';

export interface Connection {
  readonly client: ServiceClient;
  readonly baseUrl: string;
  readonly workspaceId: string;
  /** A human label for the status bar, e.g. "Local emulator" or the host name. */
  readonly label: string;
}

export interface ConnectionProvider {
  readonly current: Connection | undefined;
  readonly onDidChangeConnection: Event<Connection | undefined>;
  /** The current connection, or a NotSignedInError that the command wrapper turns into "Sign In". */
  require(): Connection;
}

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('You are not signed in to a Workspace Automation Service.');
  }
}
