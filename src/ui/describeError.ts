// One clear sentence, and the actions that fix it, for every error the extension can meet.
// Pure: the command wrapper shows the result; tests check the wording.
import * as l10n from '@vscode/l10n';
import { ApiError, InvalidIdError } from '../api';
import { NotSignedInError } from '../connection/model/notSignedIn';
import { ResourcePathError } from '../kinds/resourcePath';
import { sentence } from '../util/sentence';
import { RestrictedModeError } from './restrictedMode';

export type AdviceAction = 'signIn' | 'connectEmulator' | 'switchWorkspace' | 'showLog' | 'manageTrust';

export interface ErrorAdvice {
  message: string;
  actions: AdviceAction[];
}

const PERMISSION_NAMES: Record<string, string> = {
  dashboardWrite: l10n.t('dashboard write access'),
  databaseAdmin: l10n.t('database admin permission'),
};

function seconds(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return s === 1 ? '1 second' : `${s} seconds`;
}

/** `what` names the user's action in the past-tense failure form, e.g. "Could not save “Sales”". */
export function describeError(error: unknown, what?: string): ErrorAdvice {
  const prefix = (reason: string) => sentence(what ? `${what}: ${reason}` : reason);
  if (error instanceof NotSignedInError) return { message: error.message, actions: ['signIn', 'connectEmulator'] };
  if (error instanceof RestrictedModeError) return { message: error.message, actions: ['manageTrust'] };
  if (error instanceof InvalidIdError || error instanceof ResourcePathError) return { message: prefix(error.message), actions: [] };
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { message: prefix(message || l10n.t('Unexpected error')), actions: ['showLog'] };
  }
  const what2 = what ?? l10n.t('Could not {0}', error.action);
  const say = (reason: string) => sentence(`${what2}: ${reason}`);
  switch (error.kind) {
    case 'unauthorized':
      return { message: say(l10n.t('the service rejected the API key (401). Sign in again with a valid key')), actions: ['signIn'] };
    case 'forbidden': {
      if (error.permission === 'workspace') {
        return {
          message: say(l10n.t('this API key may not act in the selected workspace (403). Pick another workspace or another key')),
          actions: ['switchWorkspace', 'signIn'],
        };
      }
      const permission = error.permission ? (PERMISSION_NAMES[error.permission] ?? `the “${error.permission}” permission`) : undefined;
      return {
        message: say(permission ? l10n.t('this API key lacks {0} (403)', permission) : l10n.t('access denied (403): {0}', error.message)),
        actions: ['signIn'],
      };
    }
    case 'notFound':
      return { message: say(l10n.t('not found on the service — {0}', error.message)), actions: [] };
    case 'conflict':
      return { message: say(l10n.t('someone else changed it on the service first — {0}', error.message)), actions: [] };
    case 'validation': {
      const at = error.position
        ? ` (line ${error.position.line}, column ${error.position.column})`
        : error.pointer
          ? ` (at ${error.pointer})`
          : '';
      return { message: say(l10n.t('the service refused it{0}: {1}', at, error.message)), actions: [] };
    }
    case 'rateLimited':
      return {
        message: say(
          l10n.t(
            'the service is rate limiting requests{0}',
            error.retryAfterMs !== undefined ? `; try again in ${seconds(error.retryAfterMs)}` : '',
          ),
        ),
        actions: [],
      };
    case 'server':
      return { message: say(l10n.t('the service failed ({0}): {1}', error.status ?? 'error', error.message)), actions: ['showLog'] };
    case 'network':
    case 'timeout':
      return { message: say(error.message), actions: ['showLog'] };
    case 'invalidResponse':
      // An answer past the byte limit names its action already.
      if (error.code === 'responseTooLarge' && !what) return { message: sentence(error.message), actions: ['showLog'] };
      return { message: say(error.message), actions: ['showLog'] };
    case 'cancelled':
      return { message: say('cancelled'), actions: [] };
  }
}
