// The error every feature meets when there is no connection to send a request on, saying why: no
// key for the service a folder names, plain http, an unusable header setting, or not signed in.
// vscode-free, so that the one error sentence (src/ui/describeError.ts) knows it without importing
// the connection feature that registers commands through src/ui.
import * as l10n from '@vscode/l10n';
import type { KeyDecision } from './keyPolicy';

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
