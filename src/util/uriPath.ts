// What a path of one of our URI schemes (`wsa:`, `wsa-revision:`, `wsa-types:`, `wsa-snapshot:`)
// really names, worked out before anything checks it: a check made on the raw text can be passed by
// `..`, `%2e%2e`, `%2f` or a backslash that act as traversal only later (a `join()` on disk, a
// Windows path). Pure; no vscode.
import * as l10n from '@vscode/l10n';

/** Why a path was refused: it leaves its root, or it is not a path at all. */
export type UriPathRefusal = 'outside' | 'malformed';

export class UriPathError extends Error {
  override readonly name = 'UriPathError';

  constructor(
    readonly reason: UriPathRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedUriPath {
  /** Absolute, `/`-separated, no empty, `.` or `..` segment, no trailing `/` (the root is `/`). */
  path: string;
  /** Whether the input was already exactly `path`: no escape, backslash, `.`, `..` or `//` to resolve. */
  canonical: boolean;
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Percent-decodes `path` once. A VS Code `Uri.path` is decoded already, so an escape still in it was
 * encoded twice: it is decoded here, and what it hides (`%2e%2e` → `..`) is resolved like the rest.
 */
function decodeOnce(path: string): string {
  return path.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      throw new UriPathError('malformed', l10n.t('The path {0} has a percent escape that is not UTF-8.', JSON.stringify(path)));
    }
  });
}

/**
 * Normalises a URI path: decodes percent escapes once, takes `\` as a separator, drops empty and `.`
 * segments and resolves `..`. A `..` above `/`, a relative path or a control character is refused.
 */
export function resolveUriPath(path: string): ResolvedUriPath {
  if (CONTROL.test(path)) throw new UriPathError('malformed', l10n.t('The path {0} has a control character.', JSON.stringify(path)));
  const decoded = decodeOnce(path);
  if (CONTROL.test(decoded)) throw new UriPathError('malformed', l10n.t('The path {0} hides a control character.', JSON.stringify(path)));
  const slashed = decoded.replace(/\\/g, '/');
  if (!slashed.startsWith('/')) throw new UriPathError('malformed', l10n.t('Not an absolute path: {0}.', JSON.stringify(path)));
  const kept: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') kept.push(segment);
    else if (kept.pop() === undefined)
      throw new UriPathError('outside', l10n.t('The path {0} leaves its root (a ".." segment above "/").', JSON.stringify(path)));
  }
  const resolved = `/${kept.join('/')}`;
  return { path: resolved, canonical: resolved === path };
}

/** Whether a resolved path is `root` itself or below it. */
export function isWithin(path: string, root: string): boolean {
  return root === '/' || path === root || path.startsWith(`${root}/`);
}

/**
 * The resolved path when it lies within one of `roots` (resolved paths such as `/lib`); anything
 * else is refused as `outside`.
 */
export function confineUriPath(path: string, roots: readonly string[]): string {
  const resolved = resolveUriPath(path).path;
  if (!roots.some((root) => isWithin(resolved, root))) {
    throw new UriPathError(
      'outside',
      l10n.t('The path {0} resolves to {1}, outside {2}.', JSON.stringify(path), resolved, roots.join(', ')),
    );
  }
  return resolved;
}
