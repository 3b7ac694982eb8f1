// Local folders: Pull into Folder…, Push to Service, Pull from Service, Refresh Folder Status,
// Choose Target…, and a conflict's merge editor, with the arguments of folderCommandArgs.ts. The feature's code loads
// with the first of them (src/localFolders/index.ts).
import * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../manifest/contributions';
import { registerCommand, type CommandHandler } from '../../ui/registerCommand';
import { Disposable } from '../../util/lifecycle';
import type { PullReport, PushReport } from './engineAdapter';
import { chosen, folderBeside, scriptedPull, targetArgs, targets, type FolderResult } from './folderCommandArgs';
import { folderName } from './folderDiscovery';
import type { LocalFolders } from './localFolders';
import type { WriteGuard } from '../../environments/api';

export class FolderCommands extends Disposable {
  constructor(
    /** The loaded feature, with the window's pulled folders looked for again. */
    private readonly load: () => Promise<LocalFolders>,
    log: vscode.LogOutputChannel,
    /** The production guard: a push to a protected connection is asked about first. */
    private readonly guard?: WriteGuard,
  ) {
    super();
    const command = (id: CommandId, handler: CommandHandler) => this._register(registerCommand(log, id, handler));
    command(COMMANDS.pullIntoFolder, (arg?: unknown, all?: unknown) => this.pullIntoFolder(arg, all));
    command(COMMANDS.pushFolder, (...args: unknown[]) => this.push(args));
    command(COMMANDS.pullFolder, (...args: unknown[]) => this.pull(args));
    command(COMMANDS.refreshFolderStatus, async () => (await this.load()).refreshFromCommand());
    command(COMMANDS.chooseFolderTarget, (arg?: unknown) => this.chooseTarget(arg));
    command(COMMANDS.openFolderConflict, async (uri?: unknown) =>
      uri instanceof vscode.Uri ? (await this.load()).openConflict(uri) : undefined,
    );
  }

  /** Asks for the folder unless given; pulls everything, a group's kind, or the chosen resources. */
  async pullIntoFolder(arg: unknown, second: unknown): Promise<PullReport | undefined> {
    const scripted = scriptedPull(arg);
    const given = scripted ? undefined : folderBeside(second);
    const folder = scripted?.folder ?? given ?? (arg instanceof vscode.Uri ? arg : await this.askFolder());
    if (!folder) return undefined;
    const what = scripted?.what ?? chosen(Array.isArray(second) && second.length ? second : arg);
    const folders = await this.load();
    return folders.pullInto(folder, what, { offerToOpen: !scripted && !given && !(arg instanceof vscode.Uri) });
  }

  async push(args: unknown[]): Promise<FolderResult<PushReport>[]> {
    const folders = await this.load();
    // Declined: nothing is sent, and the files stay changed here.
    if (this.guard && !(await this.guard.confirmWrite('push'))) return [];
    // The guard asked for a protected connection; a target the folder's targets file protects asks too.
    const guardAsked = this.guard?.protectedLabel() !== undefined;
    const results: FolderResult<PushReport>[] = [];
    for (const [repo, paths] of targets(folders, args)) {
      if (!(await folders.targets.confirmPush(repo, guardAsked))) continue;
      results.push({ folder: repo.root.fsPath, report: await folders.push(repo, paths) });
    }
    return results;
  }

  /** Choose Target…: of the folder given (Source Control's title passes it), the only one with targets, or the one picked. */
  async chooseTarget(arg: unknown): Promise<string | null | undefined> {
    const folders = await this.load();
    const { root, target } = targetArgs(arg);
    let repo = root ? folders.repositoryOf(root) : undefined;
    if (root && !repo) throw new Error(vscode.l10n.t('{0} is not a pulled folder.', root.fsPath));
    if (!repo) {
      const all = folders.all;
      if (all.length === 1) repo = all[0];
      else {
        const picked = await vscode.window.showQuickPick(
          all.map((r) => ({ label: folderName(r.root), description: r.root.fsPath, repo: r })),
          { title: vscode.l10n.t('Choose the folder whose target to change') },
        );
        repo = picked?.repo;
      }
    }
    return repo ? folders.targets.choose(repo, target) : undefined;
  }

  async pull(args: unknown[]): Promise<FolderResult<PullReport>[]> {
    const folders = await this.load();
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
