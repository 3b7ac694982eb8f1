// A failed call as the one sentence a model is told: our own refusals as they are (they name only
// ids checked against their grammar), the service's failures by kind and status with the service's
// words fenced (they are its text, not ours), and any other error's words fenced too: a malformed
// id quotes what the service sent, an unexpected error may quote anything. Pure.
import * as l10n from '@vscode/l10n';
import { ApiError, InvalidIdError } from '../../api';
import { ToolFailure } from './resourceTarget';
import { ToolInputError } from './toolArgs';
import { ToolUnavailable } from './toolGate';

const KIND_WORDS: Record<string, string> = {
  conflict: 'conflict',
  notFound: 'not found',
  unauthorized: 'the API key was refused',
  forbidden: 'not permitted',
  validation: 'refused as invalid',
  rateLimited: 'too many requests',
  server: 'service error',
  network: 'network error',
  timeout: 'timed out',
  invalidResponse: 'unexpected answer',
  cancelled: 'cancelled',
};

export function describeToolError(e: unknown, fence: (text: string) => string): string {
  if (e instanceof ToolInputError || e instanceof ToolFailure || e instanceof ToolUnavailable) return e.message;
  if (e instanceof InvalidIdError)
    return `${l10n.t('An id was not of the form its prefix names; the call stopped there.')}\n${fence(e.message)}`;
  if (e instanceof ApiError) {
    const what = `${KIND_WORDS[e.kind] ?? e.kind}${e.status !== undefined ? ` (HTTP ${e.status})` : ''}`;
    return `${l10n.t('The service call {0} failed: {1}.', e.action, what)}\n${fence(e.message)}`;
  }
  if (e instanceof Error && e.name === 'AbortError') return l10n.t('The call was cancelled.');
  return `${l10n.t('The tool failed.')}\n${fence(e instanceof Error ? e.message : String(e))}`;
}
