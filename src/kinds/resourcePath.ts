// The mapping between `wsa:` / `wsa-revision:` paths and the resources they show. Pure and strict:
// a path that does not name exactly one resource of the expected kind is refused, never guessed.
//
//   wsa:/{workspaceId}/{folder}/{id}/{name}{suffix}
//   wsa-revision:/{workspaceId}/{folder}/{resourceId}/{revisionId}/{name}{suffix}
//
// The name segment is for the editor tab only; identity is the id.
//
// A path is resolved first (util/uriPath.ts: percent escapes decoded once, `\` as `/`, `.` and `..`
// resolved), so the checks below judge what it really names. One that needed resolving is refused
// too, even when it lands on a resource: a document's identity is its URI, and a second spelling of
// one resource would be a second document with its own unsaved text and base.
import * as l10n from '@vscode/l10n';
import { isIdOf } from '../api/ids';
import { resolveUriPath, UriPathError } from '../util/uriPath';
import { FILE_VIEWS, type EditableView, type FileView } from './resourceKinds';

export type { EditableView, FileView } from './resourceKinds';

export const FILE_SCHEME = 'wsa';
export const REVISION_SCHEME = 'wsa-revision';

/** The file views and their folders, suffixes and id kinds (declared in resourceKinds.ts). */
export const VIEWS = FILE_VIEWS;

export interface ResourceFile {
  workspaceId: string;
  view: FileView;
  id: string;
  name: string;
}

export interface RevisionFile {
  workspaceId: string;
  view: FileView;
  /** The resource that owns the revision (a dashboard's `rept_` resource). */
  resourceId: string;
  revisionId: string;
  name: string;
}

export class ResourcePathError extends Error {
  override readonly name = 'ResourcePathError';
}

const MAX_NAME = 80;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/**
 * A file name for the editor tab: no separators or control characters, bounded, never `.`/`..`, and
 * no `%` that reads as an escape (`%2f`), which resolving the path would take for a separator.
 */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .replace(UNSAFE_IN_NAME, '-')
    .replace(/%(?=[0-9A-Fa-f]{2})/g, '\uff05')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME)
    .trim();
  return cleaned && !/^\.+$/.test(cleaned) ? cleaned : fallback;
}

export function isEditable(view: FileView): view is EditableView {
  return VIEWS[view].editable;
}

export function filePath(file: ResourceFile): string {
  const spec = VIEWS[file.view];
  return `/${file.workspaceId}/${spec.folder}/${file.id}/${safeName(file.name, file.id)}${spec.suffix}`;
}

export function revisionPath(file: RevisionFile): string {
  const spec = VIEWS[file.view];
  return `/${file.workspaceId}/${spec.folder}/${file.resourceId}/${file.revisionId}/${safeName(file.name, file.revisionId)}${spec.suffix}`;
}

/** The segments of a path that is already in resolved form; any other is refused. */
function segments(path: string): string[] {
  let resolved: string;
  try {
    resolved = resolveUriPath(path).path;
  } catch (e) {
    throw e instanceof UriPathError ? new ResourcePathError(e.message) : e;
  }
  if (resolved !== path) {
    throw new ResourcePathError(
      l10n.t(
        'The path {0} has an empty, "." or ".." segment, a backslash or a percent escape (it resolves to {1}).',
        JSON.stringify(path),
        JSON.stringify(resolved),
      ),
    );
  }
  return path.slice(1).split('/');
}

/** The view a folder + file name denote; the longest suffix wins (`.handler.ts` before `.ts`). */
function viewOf(folder: string, fileName: string, path: string): FileView {
  // The sort's mutants are equivalent today: no folder of VIEWS holds two suffixes one of which ends
  // the other, so at most one view matches. The comment also sets aside mutants of the filter, which
  // the path tests kill.
  // Stryker disable MethodExpression,ArrowFunction,ArithmeticOperator
  const candidates = (Object.keys(VIEWS) as FileView[])
    .filter((v) => VIEWS[v].folder === folder && fileName.endsWith(VIEWS[v].suffix) && fileName.length > VIEWS[v].suffix.length)
    .sort((a, b) => VIEWS[b].suffix.length - VIEWS[a].suffix.length);
  // Stryker restore MethodExpression,ArrowFunction,ArithmeticOperator
  const view = candidates[0];
  if (!view) throw new ResourcePathError(l10n.t('The path {0} does not name a workspace resource file.', JSON.stringify(path)));
  return view;
}

function nameOf(fileName: string, view: FileView): string {
  return fileName.slice(0, -VIEWS[view].suffix.length);
}

function checkWorkspace(id: string, path: string): void {
  if (!isIdOf('workspace', id))
    throw new ResourcePathError(l10n.t('The path {0} does not start with a workspace id (wksp_…).', JSON.stringify(path)));
}

export function parseFilePath(path: string): ResourceFile {
  const parts = segments(path);
  if (parts.length !== 4)
    throw new ResourcePathError(l10n.t('The path {0} does not name a workspace resource file.', JSON.stringify(path)));
  const [workspaceId, folder, id, fileName] = parts as [string, string, string, string];
  checkWorkspace(workspaceId, path);
  const view = viewOf(folder, fileName, path);
  if (!isIdOf(VIEWS[view].idKind, id)) {
    throw new ResourcePathError(
      l10n.t('The path {0} holds {1} where a {2} id belongs.', JSON.stringify(path), JSON.stringify(id), VIEWS[view].idKind),
    );
  }
  return { workspaceId, view, id, name: nameOf(fileName, view) };
}

export function parseRevisionPath(path: string): RevisionFile {
  const parts = segments(path);
  if (parts.length !== 5) throw new ResourcePathError(l10n.t('The path {0} does not name a revision.', JSON.stringify(path)));
  const [workspaceId, folder, resourceId, revisionId, fileName] = parts as [string, string, string, string, string];
  checkWorkspace(workspaceId, path);
  const view = viewOf(folder, fileName, path);
  const historyKind = VIEWS[view].historyKind;
  if (!historyKind || !isIdOf(historyKind, resourceId)) {
    throw new ResourcePathError(
      l10n.t('The path {0} holds {1} where a resource with history belongs.', JSON.stringify(path), JSON.stringify(resourceId)),
    );
  }
  if (!isIdOf('revision', revisionId))
    throw new ResourcePathError(
      l10n.t('The path {0} holds {1} where a revision id belongs.', JSON.stringify(path), JSON.stringify(revisionId)),
    );
  return { workspaceId, view, resourceId, revisionId, name: nameOf(fileName, view) };
}
