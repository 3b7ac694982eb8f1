// The explorer's commands: Open, Refresh (all or one item), Copy ID, Add / Remove / Open Resource by
// ID, and "Load more…". Each takes the tree node it was invoked on; Add and Open by ID also take the
// id (or a URL) as an argument, for scripts and tests. The input box is idInputBox.ts; what an id
// names and which resource opens are the model's (model/addition.ts, model/idTargets.ts).
import * as vscode from 'vscode';
import { notificationText } from '../../util/notify';
import { ApiError } from '../../api';
import type { Configuration } from '../../manifest/config';
import type { ConnectionProvider } from '../../connection/api';
import { COMMANDS } from '../../manifest/contributions';
import { parseAdditionInput } from '../model/addition';
import type { ExplorerModel } from '../model/explorerModel';
import { listsWithout, noSuchResource, openLabel, resourceToOpen, type AddOutcome, type OpenTarget } from '../model/idTargets';
import { groupForKind, isResourceNode, rootOf, type ExplorerNode, type ResourceData, type ResourceKind } from '../model/nodes';
import { fileForNode } from '../model/presentation';
import { openView, RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { FILE_SCHEME, filePath, type FileView, type ResourceFile } from '../../kinds/resourcePath';
import { describeError } from '../../ui/describeError';
import { registerCommands } from '../../ui/registerCommand';
import { Disposable } from '../../util/lifecycle';
import type { ExplorerView } from './explorerTree';
import { askForId } from './idInputBox';

export class ExplorerCommands extends Disposable {
  private readonly _onDidRefreshAll = this._register(new vscode.EventEmitter<void>());
  /** The user refreshed the whole explorer: other features look again for what a lost event may have hidden. */
  readonly onDidRefreshAll = this._onDidRefreshAll.event;

  constructor(
    private readonly model: ExplorerModel,
    private readonly explorer: ExplorerView,
    private readonly connection: ConnectionProvider,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
    /** The connection a document opened here is pinned to (its URI's authority). */
    private readonly pin: () => string = () => '',
  ) {
    super();
    this._register(
      registerCommands(log, {
        [COMMANDS.open]: (node?: ExplorerNode | OpenTarget) => this.open(node ?? this.selected()),
        [COMMANDS.refresh]: () => (this._onDidRefreshAll.fire(), this.explorer.roots.refresh(), this.model.refresh()),
        [COMMANDS.refreshItem]: (node?: ExplorerNode) => this.refreshItem(node ?? this.selected()),
        [COMMANDS.copyId]: (node?: ExplorerNode) => this.copyId(node ?? this.selected()),
        [COMMANDS.addResource]: (input?: unknown) => this.addResource(typeof input === 'string' ? input : undefined),
        [COMMANDS.removeResource]: (node?: ExplorerNode | string) => this.removeResource(node ?? this.selected()),
        [COMMANDS.openResourceById]: (input?: unknown, view?: FileView) =>
          this.openById(typeof input === 'string' ? input : undefined, view),
        [COMMANDS.loadMore]: async (node?: ExplorerNode) =>
          node?.kind === 'loadMore' ? (await this.modelOf(node)).loadMore(node.parent) : undefined,
      }),
    );
  }

  private selected(): ExplorerNode | undefined {
    return this.explorer.view.selection[0];
  }

  /** The model a node is of: its root's for another connection's, else the window's. */
  private modelOf(node: ExplorerNode): Promise<ExplorerModel> {
    return this.explorer.roots.loadedModel(node) ?? Promise.resolve(this.model);
  }

  private async refreshItem(node: ExplorerNode | undefined): Promise<void> {
    if (node?.kind === 'connection') return this.explorer.roots.refresh(node);
    return node ? (await this.modelOf(node)).refresh(node) : this.model.refresh();
  }

  /** Opens the node's document and returns its URI. */
  async open(target: ExplorerNode | OpenTarget | undefined): Promise<vscode.Uri | undefined> {
    if (!target) return undefined;
    // Under another connection's root: pinned to that connection, in its workspace.
    const root = 'key' in target ? rootOf(target) : undefined;
    const workspaceId = root ? root.connection.workspaceId : this.connection.require().workspaceId;
    const file: ResourceFile | undefined =
      'key' in target
        ? fileForNode(target, workspaceId)
        : { workspaceId, view: openView(target.kind), id: target.id, name: target.name ?? target.id };
    if (!file) return undefined;
    const authority = root ? root.connection.id : this.pin();
    const uri = vscode.Uri.from({ scheme: FILE_SCHEME, authority, path: filePath(file) });
    this.log.debug(`[Explorer] Opening ${uri.toString()}`);
    await vscode.window.showTextDocument(uri, { preview: true });
    return uri;
  }

  async copyId(node: ExplorerNode | undefined): Promise<string | undefined> {
    const id = node && 'id' in node ? node.id : node?.kind === 'message' ? node.addedId : undefined;
    if (!id) return undefined;
    await vscode.env.clipboard.writeText(id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', id), 3_000);
    return id;
  }

  /** Add Resource by ID. With `input` (an id or a URL) it runs without a prompt. */
  async addResource(input?: string): Promise<AddOutcome | undefined> {
    if (input !== undefined) {
      const outcome = await this.add(input);
      if (!outcome.added) void vscode.window.showWarningMessage(notificationText(outcome.message));
      return outcome;
    }
    let result: AddOutcome | undefined;
    await askForId({
      title: vscode.l10n.t('Add Resource by ID'),
      prompt: vscode.l10n.t('Adds it to the explorer (kept in workspace settings)'),
      workspaceId: this.connection.current?.workspaceId,
      accept: async (text) => {
        result = await this.add(text);
        return result.added ? undefined : result.message;
      },
    });
    if (result?.added) await this.revealAdded(result.id, result.kinds);
    return result;
  }

  private async add(text: string): Promise<AddOutcome> {
    const { workspaceId } = this.connection.require();
    const parsed = parseAdditionInput(text, workspaceId);
    if (!parsed.ok) return { added: false, message: parsed.message };
    let found: ResourceData[];
    try {
      found = await this.model.resolve(parsed.id);
    } catch (e) {
      return { added: false, message: describeError(e, vscode.l10n.t('Could not check {0}', parsed.id)).message };
    }
    if (found.length === 0) return { added: false, message: noSuchResource(parsed.kind, parsed.id, workspaceId) };
    const kinds = found.map((d) => d.kind);
    const current = this.config.read().resources;
    if (!current.includes(parsed.id)) {
      // Workspace settings when a folder is open (a team can commit them), else user settings.
      await this.config.update('resources', [...current, parsed.id], this.config.folderOrUser());
      this.log.info(`[Explorer] Added ${parsed.id} (${kinds.join(' and ')}).`);
    }
    this.model.setAddedIds(this.config.read().resources);
    return { added: true, id: parsed.id, kinds };
  }

  async removeResource(target: ExplorerNode | string | undefined): Promise<boolean> {
    const id =
      typeof target === 'string' ? target : target?.kind === 'message' ? target.addedId : isResourceNode(target) ? target.id : undefined;
    if (!id) return false;
    const changed = listsWithout(this.config.listsByTarget('resources'), id);
    // Entries that are not strings stay as the user wrote them.
    for (const { where, ids } of changed) await this.config.update('resources', ids as string[], where);
    if (changed.length) this.log.info(`[Explorer] Removed ${id} from the explorer.`);
    this.model.setAddedIds(this.config.read().resources);
    return changed.length > 0;
  }

  /** Open Resource by ID: opens its document without adding it. */
  async openById(input?: string, view?: FileView): Promise<vscode.Uri | undefined> {
    if (input !== undefined) {
      const target = await this.targetFor(input, view);
      if ('message' in target) {
        void vscode.window.showWarningMessage(notificationText(target.message));
        return undefined;
      }
      return this.open(target);
    }
    let chosen: OpenTarget | undefined;
    let found: ResourceData[] = [];
    await askForId({
      title: vscode.l10n.t('Open Resource by ID'),
      prompt: vscode.l10n.t('Opens its document without adding it to the explorer'),
      workspaceId: this.connection.current?.workspaceId,
      accept: async (text) => {
        const target = await this.targetFor(text, view);
        if ('message' in target) return target.message;
        chosen = target;
        found = target.found;
        return undefined;
      },
    });
    if (!chosen) return undefined;
    if (found.length > 1 && !view) {
      const picked = await vscode.window.showQuickPick(
        found.map((d) => ({ label: openLabel(d.kind), data: d })),
        {
          title: vscode.l10n.t('Open {0}', chosen.id),
          placeHolder: vscode.l10n.t(
            'The id names more than one resource: {0}',
            found.map((d) => RESOURCE_KINDS[d.kind].singular).join(', '),
          ),
        },
      );
      if (!picked) return undefined;
      chosen = { kind: picked.data.kind, id: chosen.id, name: picked.data.value.name };
    }
    return this.open(chosen);
  }

  private async targetFor(text: string, view?: FileView): Promise<(OpenTarget & { found: ResourceData[] }) | { message: string }> {
    const { workspaceId } = this.connection.require();
    const parsed = parseAdditionInput(text, workspaceId);
    if (!parsed.ok) return { message: parsed.message };
    let found: ResourceData[];
    try {
      found = await this.model.resolve(parsed.id);
    } catch (e) {
      return { message: describeError(e, vscode.l10n.t('Could not read {0}', parsed.id)).message };
    }
    if (found.length === 0) return { message: noSuchResource(parsed.kind, parsed.id, workspaceId) };
    const wanted = resourceToOpen(found, view);
    if (!wanted) return { message: vscode.l10n.t('{0} has no {1} view.', parsed.id, String(view)) };
    return { kind: wanted.kind, id: parsed.id, name: wanted.value.name, found };
  }

  private async revealAdded(id: string, kinds: ResourceKind[]): Promise<void> {
    const group = this.model.group(groupForKind(kinds[0]!).id);
    try {
      const children = await this.model.getChildren(group);
      const node = children.find((n) => isResourceNode(n) && n.id === id);
      if (node) await this.explorer.reveal(node);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
}
