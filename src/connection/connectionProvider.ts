// What the rest of the extension knows of the connection: the signed-in client, or nothing.
import * as l10n from '@vscode/l10n';
import type { ServiceClient } from '../api';
import type { Event } from '../util/events';
import type { GuardedSetting, KeyDecision } from './model/keyPolicy';

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
  /** The current connection, or a NotSignedInError that the command wrapper turns into "Sign In". */
  require(): Connection;
}

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor(status?: KeyDecision) {
    super(
      status?.kind === 'noKey' && status.fromFolder.includes('baseUrl')
        ? l10n.t("This folder's settings name {0}, and you have not signed in to it: no API key is sent there.", status.origin)
        : status?.kind === 'plainHttp'
          ? l10n.t('{0} is plain http: requests would send your API key unencrypted. Use https, or allow it first.', status.origin)
          : status?.kind === 'invalidCarrier'
            ? l10n.t(
                'The workspaceAutomation.{0} setting cannot be used: {1}. Nothing is sent until it is changed.',
                status.setting,
                status.problem,
              )
            : l10n.t('You are not signed in to a Workspace Automation Service.'),
    );
  }
}
