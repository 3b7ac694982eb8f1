// The explorer's commands: Open, Refresh (all or one item), Copy ID, Add / Remove / Open Resource by
// ID, and "Load more…". Each takes the tree node it was invoked on; Add and Open by ID also take the
// id (or a URL) as an argument, for scripts and tests.
import * as vscode from 'vscode';
import { notificationText } from '../../util/notify';
import { ApiError, ID_KIND_LABELS } from '../../api';
import type { Configuration } from '../../manifest/config';
import type { ConnectionProvider } from '../../connection/connectionProvider';
import { COMMANDS } from '../../manifest/contributions';
import { parseAdditionInput } from '../model/addition';
import type { ExplorerModel } from '../model/explorerModel';
import { groupForKind, isResourceNode, type ExplorerNode, type ResourceData, type ResourceKind } from '../model/nodes';
import { fileForNode } from '../model/presentation';
import { openView, RESOURCE_KINDS, sharesIdWith } from '../../kinds/resourceKinds';
import { FILE_SCHEME, filePath, type FileView, type ResourceFile } from '../../kinds/resourcePath';
import { describeError } from '../../ui/describeError';
import { Disposable } from '../../util/lifecycle';
import type { ExplorerView } from './explorerTree';
import { registerCommands } from '../../ui/registerCommand';

export type AddOutcome = { added: true; id: string; kinds: ResourceKind[] } | { added: false; message: string };

/** What `workspaceAutomation.open` accepts besides a tree node. */
export interface OpenTarget {
  kind: ResourceKind;
  id: string;
  name?: string;
}

export class ExplorerCommands extends Disposable {
  constructor(
    private readonly model: ExplorerModel,
    private readonly explorer: ExplorerView,
    private readonly connection: ConnectionProvider,
    private readonly config: Configuration,
    private readonly log: vscode.LogOutputChannel,
    /** Refresh also looks for pulled folders a lost watcher event hid. */
    lookForFolders: () => Promise<void>,
  ) {
    super();
    this._register(
      registerCommands(log, {
        [COMMANDS.open]: (node?: ExplorerNode | OpenTarget) => this.open(node ?? this.selected()),
        [COMMANDS.refresh]: () => (void lookForFolders(), this.model.refresh()),
        [COMMANDS.refreshItem]: (node?: ExplorerNode) => this.model.refresh(node ?? this.selected()),
        [COMMANDS.copyId]: (node?: ExplorerNode) => this.copyId(node ?? this.selected()),
        [COMMANDS.addResource]: (input?: unknown) => this.addResource(typeof input === 'string' ? input : undefined),
        [COMMANDS.removeResource]: (node?: ExplorerNode | string) => this.removeResource(node ?? this.selected()),
        [COMMANDS.openResourceById]: (input?: unknown, view?: FileView) =>
          this.openById(typeof input === 'string' ? input : undefined, view),
        [COMMANDS.loadMore]: (node?: ExplorerNode) => (node?.kind === 'loadMore' ? this.model.loadMore(node.parent) : undefined),
      }),
    );
  }

  private selected(): ExplorerNode | undefined {
    return this.explorer.view.selection[0];
  }

  /** Opens the node's document and returns its URI. */
  async open(target: ExplorerNode | OpenTarget | undefined): Promise<vscode.Uri | undefined> {
    if (!target) return undefined;
    const { workspaceId } = this.connection.require();
    const file: ResourceFile | undefined =
      'key' in target
        ? fileForNode(target, workspaceId)
        : { workspaceId, view: openView(target.kind), id: target.id, name: target.name ?? target.id };
    if (!file) return undefined;
    const uri = vscode.Uri.from({ scheme: FILE_SCHEME, path: filePath(file) });
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
    await this.askForId(
      vscode.l10n.t('Add Resource by ID'),
      vscode.l10n.t('Adds it to the explorer (kept in workspace settings)'),
      async (text) => {
        result = await this.add(text);
        return result.added ? undefined : result.message;
      },
    );
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
    if (found.length === 0)
      return {
        added: false,
        message: vscode.l10n.t('No {0} {1} exists in workspace {2}.', ID_KIND_LABELS[parsed.kind], parsed.id, workspaceId),
      };
    const kinds = found.map((d) => d.kind);
    const current = this.config.read().resources;
    if (!current.includes(parsed.id)) {
      await this.config.update('resources', [...current, parsed.id], this.resourcesTarget());
      this.log.info(`[Explorer] Added ${parsed.id} (${kinds.join(' and ')}).`);
    }
    this.model.setAddedIds(this.config.read().resources);
    return { added: true, id: parsed.id, kinds };
  }

  async removeResource(target: ExplorerNode | string | undefined): Promise<boolean> {
    const id =
      typeof target === 'string' ? target : target?.kind === 'message' ? target.addedId : isResourceNode(target) ? target.id : undefined;
    if (!id) return false;
    const config = vscode.workspace.getConfiguration('workspaceAutomation');
    const inspected = config.inspect<string[]>('resources');
    let removed = false;
    const targets: [string[] | undefined, vscode.ConfigurationTarget][] = [
      [inspected?.workspaceValue, vscode.ConfigurationTarget.Workspace],
      [inspected?.globalValue, vscode.ConfigurationTarget.Global],
    ];
    for (const [value, where] of targets) {
      if (value?.includes(id)) {
        await config.update(
          'resources',
          value.filter((v) => v !== id),
          where,
        );
        removed = true;
      }
    }
    if (removed) this.log.info(`[Explorer] Removed ${id} from the explorer.`);
    this.model.setAddedIds(this.config.read().resources);
    return removed;
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
    await this.askForId(
      vscode.l10n.t('Open Resource by ID'),
      vscode.l10n.t('Opens its document without adding it to the explorer'),
      async (text) => {
        const target = await this.targetFor(text, view);
        if ('message' in target) return target.message;
        chosen = target;
        found = target.found;
        return undefined;
      },
    );
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
    if (found.length === 0)
      return { message: vscode.l10n.t('No {0} {1} exists in workspace {2}.', ID_KIND_LABELS[parsed.kind], parsed.id, workspaceId) };
    // A kind sharing another's id (a dashboard's TSX, for an oper_ id) is what people open it for, unless a view says otherwise.
    const wanted = view ? found.find((d) => openView(d.kind) === view) : (found.find((d) => sharesIdWith(d.kind)) ?? found[0]);
    if (!wanted) return { message: vscode.l10n.t('{0} has no {1} view.', parsed.id, String(view)) };
    return { kind: wanted.kind, id: parsed.id, name: wanted.value.name, found };
  }

  /** An input box that validates as the user types and checks the id on Enter (busy meanwhile). */
  private askForId(title: string, prompt: string, accept: (text: string) => Promise<string | undefined>): Promise<void> {
    const workspaceId = this.connection.current?.workspaceId;
    return new Promise((resolve) => {
      const box = vscode.window.createInputBox();
      const subscriptions: vscode.Disposable[] = [];
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        for (const s of subscriptions) s.dispose();
        box.dispose();
        resolve();
      };
      box.title = title;
      box.prompt = vscode.l10n.t('{0}. Paste an id (oper_…, appl_…, dbas_…, wsyn_…, fact_…) or a URL that contains one.', prompt);
      box.placeholder = vscode.l10n.t('oper_… or https://…/oper_…');
      box.ignoreFocusOut = true;
      subscriptions.push(
        box.onDidChangeValue((v) => {
          const parsed = v.trim() ? parseAdditionInput(v, workspaceId) : undefined;
          box.validationMessage = parsed && !parsed.ok ? parsed.message : undefined;
        }),
        box.onDidAccept(async () => {
          box.busy = true;
          box.enabled = false;
          try {
            const problem = await accept(box.value);
            if (!problem) return finish();
            box.validationMessage = problem;
          } catch (e) {
            box.validationMessage = describeError(e).message;
          } finally {
            box.busy = false;
            box.enabled = true;
          }
        }),
        box.onDidHide(finish),
      );
      box.show();
    });
  }

  /** Workspace settings when a folder is open (a team can commit them), else user settings. */
  private resourcesTarget(): vscode.ConfigurationTarget {
    return vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
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

/** A kind's choice where an id names more than one resource: "Dashboard (.tsx)", "Operation (.handler.ts)". */
function openLabel(kind: ResourceKind): string {
  const { singular, files } = RESOURCE_KINDS[kind];
  return `${singular.charAt(0).toUpperCase()}${singular.slice(1)} (${files[0].suffix})`;
}
