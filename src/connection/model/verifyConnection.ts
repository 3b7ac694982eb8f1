// Checks a base URL, API key and workspace with one cheap request before a sign-in stores them,
// and names the step to correct when it fails. vscode-free (unit-tested against the emulator).
import * as l10n from '@vscode/l10n';
import { ApiError, createClient, DEFAULT_CONNECTION, type ConnectionSettings, type ServiceClient } from '../../api';
import { isIdOf, kindOfId } from '../../api/ids';

export type SignInStep = 'baseUrl' | 'apiKey' | 'workspaceId';

export type Verification = { ok: true } | { ok: false; step: SignInStep; message: string };

/** Fail fast: a person is waiting on the answer. */
const SIGN_IN_RETRY = { maxAttempts: 2, baseDelayMs: 200, maxDelayMs: 1_000, budgetMs: 3_000 };

/** A syntax check for the base URL input. */
export function checkBaseUrl(text: string): string | undefined {
  const value = text.trim();
  if (!value) return l10n.t('Enter the base URL of the service, e.g. https://automation.example.com');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return l10n.t('Not a URL. Enter it with its scheme, e.g. https://automation.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return l10n.t('The URL must start with http:// or https://');
  if (url.search || url.hash) return l10n.t('Enter the base URL without a query or fragment; paths start at /v1 below it.');
  return undefined;
}

export function checkApiKey(text: string): string | undefined {
  const value = text.trim();
  if (!value) return l10n.t('Enter the API key (apik_…).');
  if (/\s/.test(value)) return l10n.t('An API key has no spaces.');
  return undefined;
}

export function checkWorkspaceId(text: string): string | undefined {
  const value = text.trim();
  if (isIdOf('workspace', value)) return undefined;
  const kind = kindOfId(value);
  return kind ? l10n.t('{0} is not a workspace id: workspace ids start with wksp_.', value) : l10n.t('Enter a workspace id (wksp_…).');
}

/**
 * One request with the given settings: the first page (one item) of operations, or where the
 * service has no list endpoint, a read of `probeId` (an id the user added) or of a made-up id —
 * a 404 after authentication still proves the key and the workspace.
 */
export async function verifyConnection(
  input: { baseUrl: string; apiKey: string; workspaceId: string } & Partial<ConnectionSettings>,
  probeId?: string,
): Promise<Verification> {
  const settings: ConnectionSettings = {
    ...DEFAULT_CONNECTION,
    ...input,
    timeoutMs: Math.min(input.timeoutMs ?? DEFAULT_CONNECTION.timeoutMs, 10_000),
  };
  const urlProblem = checkBaseUrl(settings.baseUrl);
  if (urlProblem) return { ok: false, step: 'baseUrl', message: urlProblem };
  let client: ServiceClient;
  try {
    client = createClient(settings, undefined, SIGN_IN_RETRY);
  } catch (e) {
    return { ok: false, step: 'baseUrl', message: e instanceof Error ? e.message : String(e) };
  }
  try {
    const page = await client.list('operations', { limit: 1 });
    if (!page.supported) await probe(client, probeId);
    return { ok: true };
  } catch (e) {
    return explain(e, settings);
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function probe(client: ServiceClient, probeId: string | undefined): Promise<void> {
  try {
    const id = probeId && isIdOf('operation', probeId) ? probeId : 'oper_signInCheck';
    await client.getOperation(id);
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'notFound') return;
    throw e;
  }
}

function explain(error: unknown, settings: ConnectionSettings): Verification {
  if (!(error instanceof ApiError)) return { ok: false, step: 'baseUrl', message: error instanceof Error ? error.message : String(error) };
  switch (error.kind) {
    case 'unauthorized':
      return { ok: false, step: 'apiKey', message: l10n.t('The service rejected this API key (401). Check the key and enter it again.') };
    case 'forbidden':
      return {
        ok: false,
        step: 'workspaceId',
        message: l10n.t('This API key may not act in workspace {0} (403). Enter another workspace id.', String(settings.workspaceId)),
      };
    case 'validation':
      return {
        ok: false,
        step: 'workspaceId',
        message: l10n.t('The service refused the workspace {0}: {1}', String(settings.workspaceId), error.message),
      };
    case 'network':
    case 'timeout':
      return { ok: false, step: 'baseUrl', message: l10n.t('{0} Check the URL.', error.message) };
    case 'invalidResponse':
      return {
        ok: false,
        step: 'baseUrl',
        message: l10n.t('{0} does not answer like a Workspace Automation Service: {1}', settings.baseUrl, error.message),
      };
    default:
      return {
        ok: false,
        step: 'baseUrl',
        message: l10n.t('The service failed to answer ({0}): {1}', error.status ?? error.kind, error.message),
      };
  }
}
