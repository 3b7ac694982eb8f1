// The first thing every provider of our schemes does with a URI: resolve its path (util/uriPath.ts)
// and refuse, as a FileSystemError, one that leaves its root (NoPermissions) or that needed resolving
// at all (FileNotFound): the paths we hand out are already resolved, and a second spelling of one
// file would be a second document.
import * as vscode from 'vscode';
import { confineUriPath, resolveUriPath, UriPathError } from '../../util/uriPath';

/** The URI's path, resolved and within `roots` (default: the whole scheme); else a FileSystemError. */
export function resolvedPath(uri: vscode.Uri, roots?: readonly string[]): string {
  let path: string;
  try {
    const resolved = resolveUriPath(uri.path);
    path = roots ? confineUriPath(resolved.path, roots) : resolved.path;
  } catch (e) {
    if (!(e instanceof UriPathError)) throw e;
    const message = vscode.l10n.t('{0} is not a Workspace Automation file: {1}', uri.toString(), e.message);
    throw e.reason === 'outside' ? vscode.FileSystemError.NoPermissions(message) : vscode.FileSystemError.FileNotFound(message);
  }
  if (path !== uri.path) {
    throw vscode.FileSystemError.FileNotFound(
      vscode.l10n.t(
        '{0} is not a Workspace Automation file: its path has an empty, "." or ".." segment, a backslash or a percent escape (it resolves to {1}).',
        uri.toString(),
        JSON.stringify(path),
      ),
    );
  }
  return path;
}
