// Local folders: Pull into Folder…, Push to Service, Pull from Service, Refresh Folder Status, and
// a conflict's merge editor. Each takes what VS Code passes from where it was invoked (an explorer
// node, a Source Control resource, group or provider, a file URI) and, for scripts and tests, plain
// arguments: Pull into Folder `{ folder, ids?, resources?, kinds? }` (or a folder URI; or an explorer node and
// `{ folder }`), Push / Pull `{ folder, files? }` (or file URIs). The feature's code loads with the
// first of them (src/localFolders/index.ts).
import * as vscode from 'vscode';
import type { LocalFolders } from './localFolders';
import type { LocalFoldersFeature } from '..';
import type { FolderRepository } from './folderRepository';
import type { PullReport, PushReport, PullWhat, ResourceRef } from './engineAdapter';
import { COMMANDS, type CommandId } from '../../manifest/contributions';
import { isResourceNode, type ExplorerNode } from '../../explorer/model/nodes';
import type { ResourceKind } from '../../kinds/resourceKinds';
import { Disposable } from '../../util/lifecycle';
import { registerCommand, type CommandHandler } from '../../ui/registerCommand';

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

export interface FolderResult<R> {
  folder: string;
  report: R;
}

export class FolderCommands extends Disposable {
  constructor(
    private readonly feature: LocalFoldersFeature,
    log: vscode.LogOutputChannel,
  ) {
    super();
    const command = (id: CommandId, handler: CommandHandler) => this._register(registerCommand(log, id, handler));
    command(COMMANDS.pullIntoFolder, (arg?: unknown, all?: unknown) => this.pullIntoFolder(arg, all));
    command(COMMANDS.pushFolder, (...args: unknown[]) => this.push(args));
    command(COMMANDS.pullFolder, (...args: unknown[]) => this.pull(args));
    command(COMMANDS.refreshFolderStatus, async () => (await this.feature.load()).refreshFromCommand());
    command(COMMANDS.openFolderConflict, async (uri?: unknown) =>
      uri instanceof vscode.Uri ? (await this.feature.load()).openConflict(uri) : undefined,
    );
  }

  /** Asks for the folder unless given; pulls everything, a group's kind, or the chosen resources. */
  async pullIntoFolder(arg: unknown, second: unknown): Promise<PullReport | undefined> {
    const scripted = isRecord(arg) && 'folder' in arg;
    // A script may give the folder beside what a menu passes (`node, { folder }`) instead of the dialog.
    const given = !scripted && isRecord(second) && !Array.isArray(second) && 'folder' in second ? toUri(second.folder) : undefined;
    const folder = scripted ? toUri(arg.folder) : (given ?? (arg instanceof vscode.Uri ? arg : await this.askFolder()));
    if (!folder) return undefined;
    const what = scripted
      ? { ids: stringsOf(arg.ids), resources: resourcesOf(arg.resources), kinds: stringsOf(arg.kinds) as ResourceKind[] | undefined }
      : chosen(Array.isArray(second) && second.length ? second : arg);
    const folders = await this.feature.load();
    return folders.pullInto(folder, what, { offerToOpen: !scripted && !given && !(arg instanceof vscode.Uri) });
  }

  async push(args: unknown[]): Promise<FolderResult<PushReport>[]> {
    const folders = await this.feature.load();
    const results: FolderResult<PushReport>[] = [];
    for (const [repo, paths] of targets(folders, args)) results.push({ folder: repo.root.fsPath, report: await folders.push(repo, paths) });
    return results;
  }

  async pull(args: unknown[]): Promise<FolderResult<PullReport>[]> {
    const folders = await this.feature.load();
    const results: FolderResult<PullReport>[] = [];
    for (const [repo, paths] of targets(folders, args)) results.push({ folder: repo.root.fsPath, report: await folders.pull(repo, paths) });
    return results;
  }

  private async askFolder(): Promise<vscode.Uri | undefined> {
    const picked = await vscode.window.showOpenDialog({
      canSelectFolders: true,
      canSelectFiles: false,
      canSelectMany: false,
      openLabel: vscode.l10n.t('Pull into This Folder'),
      title: vscode.l10n.t('Pull the workspace into a folder'),
      ...(vscode.workspace.workspaceFolders?.[0] ? { defaultUri: vscode.workspace.workspaceFolders[0].uri } : {}),
    });
    return picked?.[0];
  }
}

/** What explorer nodes name: a resource, or a group's whole kind (not only the page it loaded); none = everything. */
function chosen(arg: unknown): PullWhat {
  const nodes = (Array.isArray(arg) ? arg : [arg]).filter((n): n is ExplorerNode => isRecord(n) && typeof n.kind === 'string');
  if (!nodes.length) return {};
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
function targets(folders: LocalFolders, args: unknown[]): Map<FolderRepository, string[] | undefined> {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
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
