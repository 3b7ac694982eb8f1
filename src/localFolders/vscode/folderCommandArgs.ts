// What the folder commands accept: what VS Code passes from where a command was invoked (an
// explorer node, a Source Control resource, group or provider, a file URI) and, for scripts and
// tests, plain arguments: Pull into Folder `{ folder, ids?, resources?, kinds? }` (or a folder URI;
// or an explorer node and `{ folder }`), Push / Pull `{ folder, files? }` (or file URIs).
import * as vscode from 'vscode';
import { isElsewhere, isResourceNode, type ExplorerNode } from '../../explorer/model/nodes';
import type { ResourceKind } from '../../kinds/resourceKinds';
import { isRecord } from '../../util/isRecord';
import type { PullWhat, ResourceRef } from './engineAdapter';
import type { FolderRepository } from './folderRepository';
import type { LocalFolders } from './localFolders';

/** What a script passes to Pull into Folder…. */
export interface PullIntoFolderArgs {
  folder: vscode.Uri | string;
  /** Only these ids (every kind an id can name); default every resource the service lists. */
  ids?: string[];
  /** Only these resources, each of its own kind, besides `ids`. */
  resources?: { kind: string; id: string }[];
  /** Every resource of these kinds (`dashboard`, …), besides `ids`. */
  kinds?: string[];
}

/** What a script passes to Push / Pull: a pulled folder, and some of its files (default: all). */
export interface FolderFilesArgs {
  folder: vscode.Uri | string;
  files?: (vscode.Uri | string)[];
}

/** What Push and Pull answer, per folder. */
export interface FolderResult<R> {
  folder: string;
  report: R;
}

/** A script's Pull into Folder arguments, when `arg` is one: the folder, and what to pull. */
export function scriptedPull(arg: unknown): { folder: vscode.Uri; what: PullWhat } | undefined {
  if (!isRecord(arg) || !('folder' in arg)) return undefined;
  const what = {
    ids: stringsOf(arg.ids),
    resources: resourcesOf(arg.resources),
    kinds: stringsOf(arg.kinds) as ResourceKind[] | undefined,
  };
  return { folder: toUri(arg.folder), what };
}

/** The folder a script gave beside what a menu passes (`node, { folder }`), instead of the dialog. */
export function folderBeside(second: unknown): vscode.Uri | undefined {
  return isRecord(second) && 'folder' in second ? toUri(second.folder) : undefined;
}

/** What explorer nodes name: a resource, or a group's whole kind (not only the page it loaded); none = everything. */
export function chosen(arg: unknown): PullWhat {
  const nodes = (Array.isArray(arg) ? arg : [arg]).filter((n): n is ExplorerNode => isRecord(n) && typeof n.kind === 'string');
  if (!nodes.length) return {};
  // A folder is pulled from the window's connection: another's ids mean other resources there.
  if (nodes.some(isElsewhere))
    throw new Error(vscode.l10n.t('That item is of another connection than the window’s: switch to it to pull from it. Nothing was sent.'));
  const resources: ResourceRef[] = [];
  const kinds = new Set<ResourceKind>();
  for (const node of nodes) {
    // An item is one resource of its kind: a dashboard does not bring the operation of the same id.
    if (isResourceNode(node)) resources.push({ kind: node.kind, id: node.id });
    else if (node.kind === 'group') kinds.add(node.group.kind);
  }
  return { resources, kinds: [...kinds] };
}

/** The folders and files a Push or Pull was invoked on; no argument: every pulled folder, all files. */
export function targets(folders: LocalFolders, args: unknown[]): Map<FolderRepository, string[] | undefined> {
  const out = new Map<FolderRepository, string[] | undefined>();
  const addFile = (uri: vscode.Uri) => {
    const repo = folders.repositoryOf(uri);
    const rel = repo?.relative(uri);
    if (!repo || rel === undefined) throw new Error(vscode.l10n.t('{0} is not in a pulled folder.', uri.fsPath));
    if (rel === '') {
      out.set(repo, undefined);
      return;
    }
    const paths = out.has(repo) ? out.get(repo) : [];
    if (paths) paths.push(rel);
    out.set(repo, paths);
  };
  const addFolder = (uri: vscode.Uri) => {
    const repo = folders.repositoryOf(uri);
    if (!repo) throw new Error(vscode.l10n.t('{0} is not a pulled folder.', uri.fsPath));
    out.set(repo, undefined);
  };
  // VS Code passes (clicked, allSelected[]) for resource states; the list, when given, is the whole choice.
  const list = Array.isArray(args[1]) && args[1].length ? args[1] : args.length && args[0] !== undefined ? [args[0]] : [];
  for (const item of list.flat()) {
    if (item instanceof vscode.Uri) addFile(item);
    else if (typeof item === 'string') addFile(vscode.Uri.file(item));
    else if (isRecord(item) && item.resourceUri instanceof vscode.Uri) addFile(item.resourceUri);
    else if (isRecord(item) && Array.isArray(item.resourceStates))
      for (const state of item.resourceStates as vscode.SourceControlResourceState[]) addFile(state.resourceUri);
    else if (isRecord(item) && item.rootUri instanceof vscode.Uri) addFolder(item.rootUri);
    else if (isRecord(item) && 'folder' in item) {
      const folder = toUri(item.folder);
      const files = Array.isArray(item.files) ? item.files : undefined;
      if (!files) addFolder(folder);
      else for (const f of files) addFile(f instanceof vscode.Uri ? f : vscode.Uri.joinPath(folder, String(f)));
    }
  }
  if (!list.length) for (const repo of folders.all) out.set(repo, undefined);
  return out;
}

/**
 * What Choose Target… was given: a Source Control (its title menu), a folder URI, or a script's
 * `{ folder, target }` (`target: null` for the folder's own state); nothing: the user chooses.
 */
export function targetArgs(arg: unknown): { root?: vscode.Uri; target?: string | null } {
  if (arg instanceof vscode.Uri) return { root: arg };
  if (isRecord(arg) && arg.rootUri instanceof vscode.Uri) return { root: arg.rootUri };
  if (isRecord(arg) && 'folder' in arg) {
    const target = typeof arg.target === 'string' || arg.target === null ? arg.target : undefined;
    return { root: toUri(arg.folder), ...(target !== undefined ? { target } : {}) };
  }
  return {};
}

function toUri(value: unknown): vscode.Uri {
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string' && value) return /^[a-z][\w+.-]*:\/\//i.test(value) ? vscode.Uri.parse(value) : vscode.Uri.file(value);
  throw new Error(vscode.l10n.t('Give the folder as a URI or an absolute path.'));
}

function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** `{ kind, id }` pairs of strings; the engine refuses a kind or an id that is none, as it does in `kinds`. */
function resourcesOf(value: unknown): ResourceRef[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((v): v is { kind: string; id: string } => isRecord(v) && typeof v.kind === 'string' && typeof v.id === 'string')
    .map(({ kind, id }) => ({ kind: kind as ResourceKind, id }));
}
