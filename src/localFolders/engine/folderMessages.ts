// One clear sentence for a failure, for the CLI and the reports (src/ui/describeError.ts needs
// `vscode` through its imports; this is the same wording for what the folder engine meets).
import * as l10n from '@vscode/l10n';
import { ApiError } from '../../api';
import { sentence } from '../../util/sentence';

export function describeFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return sentence(error instanceof Error ? error.message : String(error));
  const say = (reason: string) => sentence(l10n.t('Could not {0}: {1}', error.action, reason));
  switch (error.kind) {
    case 'unauthorized':
      return say(l10n.t('the service rejected the API key (401); set WORKSPACE_AUTOMATION_API_KEY to a valid key'));
    case 'forbidden':
      return say(l10n.t('access denied (403): {0}', error.message));
    case 'notFound':
      return say(l10n.t('not found on the service — {0}', error.message));
    case 'conflict':
      return say(l10n.t('someone else changed it on the service first — {0}', error.message));
    case 'validation':
      return say(l10n.t('the service refused it: {0}', error.message));
    case 'rateLimited':
      return say(l10n.t('the service is rate limiting requests'));
    case 'server':
      return say(l10n.t('the service failed ({0}): {1}', error.status ?? 'error', error.message));
    case 'cancelled':
      return say(l10n.t('cancelled'));
    default:
      return say(error.message);
  }
}
