// The checks a state file's names meet before the engine uses them: a path stays inside the folder
// and out of `.wsa/` (in any case), and the connection names an http(s) base URL without a user, a
// workspace id and carriers HTTP does not interpret. The state file is committed, maybe by someone
// else: it never chooses where or how the key is sent. Pure and vscode-free.
import * as l10n from '@vscode/l10n';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { carriersProblem } from '../../api/carriers';
import { isIdOf } from '../../api/ids';

export const STATE_DIR = '.wsa';
export const STATE_FILE = `${STATE_DIR}/state.json`;
export const BASE_DIR = `${STATE_DIR}/base`;

/** Where a folder's files come from. The key is not here: it stays in the host's secret store or environment. */
export interface FolderConnection {
  baseUrl: string;
  workspaceId: string;
  authHeader: string;
  authScheme: string;
  workspaceHeader: string;
}

export class FolderStateError extends Error {
  override readonly name = 'FolderStateError';
}

/**
 * The absolute path of a file the state names, or an error when the name would leave the folder
 * or reach into the state directory: a state file from someone else's commit never writes elsewhere.
 */
export function resolveInside(folder: string, relativePath: string): string {
  const abs = resolve(folder, relativePath);
  const rel = relative(resolve(folder), abs);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !relativePath.includes('\\');
  // Case-insensitive: on macOS and Windows `.WSA/state.json` is the state file.
  const first = rel.split(sep)[0]?.toLowerCase();
  if (!inside || first === STATE_DIR || relativePath !== rel.split(sep).join('/'))
    throw new FolderStateError(l10n.t('The state file names {0}, which is not a file inside the folder.', JSON.stringify(relativePath)));
  return abs;
}

/**
 * What is wrong with `raw` as the base URL a key may be sent to (http or https, no user or
 * password, no query or fragment), or undefined when nothing is. Whether it is the one the user
 * confirmed is the caller's to check.
 */
export function baseUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return l10n.t('{0} is not a URL', JSON.stringify(raw));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return l10n.t('{0} is not an http or https URL', JSON.stringify(raw));
  if (url.username || url.password) return l10n.t('{0} holds a user or password', JSON.stringify(url.origin));
  if (url.search || url.hash) return l10n.t('{0} has a query or fragment', JSON.stringify(url.origin + url.pathname));
  return undefined;
}

/** The connection the state file names, refused when it could send a key elsewhere or in a way the user did not choose. */
export function checkConnection(c: Record<string, unknown>, file = STATE_FILE): FolderConnection {
  const bad = (what: string) => new FolderStateError(l10n.t('The state file {0} cannot be used: {1}.', file, what));
  for (const field of ['baseUrl', 'workspaceId', 'authHeader', 'authScheme', 'workspaceHeader'])
    if (typeof c[field] !== 'string') throw new FolderStateError(l10n.t('The state file’s connection has no {0}.', field));
  const connection = c as unknown as FolderConnection;
  const url = baseUrlProblem(connection.baseUrl);
  if (url) throw bad(l10n.t('its base URL {0}', url));
  if (!isIdOf('workspace', connection.workspaceId))
    throw bad(l10n.t('its workspace {0} is not a workspace id (wksp_…)', JSON.stringify(connection.workspaceId)));
  const carriers = carriersProblem(connection);
  if (carriers) throw bad(l10n.t('its {0}: {1}', carriers.setting, carriers.problem));
  return {
    baseUrl: connection.baseUrl,
    workspaceId: connection.workspaceId,
    authHeader: connection.authHeader,
    authScheme: connection.authScheme,
    workspaceHeader: connection.workspaceHeader,
  };
}
