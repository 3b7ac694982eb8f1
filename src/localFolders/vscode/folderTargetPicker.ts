// The target picker of a pulled folder used with targets (wsa.targets.json, `wsa --target`): which
// target each folder is used in (kept per folder in the workspace's state, never in settings, which
// a folder could ship), what its Source Control shows ("⇅ prod" in the status bar), Choose Target…,
// and the question before a push to a protected target. The targets file is committed: it says
// where a target is, and the engine adapter sends only when the signed-in connection is that
// service and workspace; its `protected` can only add a question (folderTargets.ts).
import * as vscode from 'vscode';
import { COMMANDS } from '../../manifest/contributions';
import { notificationText } from '../../util/notify';
import { visible } from '../../util/visibleText';
import { isRecord } from '../../util/isRecord';
import { readTargetsFile, TARGETS_FILE, type TargetsFile } from '../../environments/model/targets';
import { targetLayout } from '../engine/folderLayout';
import type { FolderTarget } from './engineAdapter';
import type { FolderRepository } from './folderRepository';
import {
  defaultTarget,
  describeTarget,
  findTargetStates,
  hasSingleState,
  isChoice,
  targetChoices,
  targetPushAsks,
  type TargetChoice,
} from './folderTargets';

/** The question before a push to a protected target; the integration tests answer it in the user's place. */
export interface TargetPushQuestion {
  readonly name: string;
  readonly host: string;
  readonly workspace: string;
  readonly stage: string;
}

export interface TargetDialogs {
  /** True: send. */
  confirmPush(question: TargetPushQuestion): Promise<boolean>;
}

export const VSCODE_TARGET_DIALOGS: TargetDialogs = {
  async confirmPush(q) {
    const send = vscode.l10n.t('Push to «{0}»', q.name);
    const picked = await vscode.window.showWarningMessage(
      notificationText(vscode.l10n.t('«{0}» is a protected target. Push this folder’s changes to «{0}»?', q.name)),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Service: {0}\nWorkspace: {1}\nStage: {2}\n\nNothing is sent until you choose. Cancel sends nothing.',
          q.host,
          q.workspace,
          q.stage,
        ),
      },
      send,
    );
    return picked === send;
  },
};

/** What the picker knows of one folder, read at its status. */
interface FolderTargetsState {
  readonly file: TargetsFile | undefined;
  readonly states: readonly string[];
  readonly single: boolean;
  readonly target: string | undefined;
}

const MEMENTO_KEY = 'workspaceAutomation.folderTargets';

export class FolderTargetPicker {
  private readonly known = new Map<string, FolderTargetsState>();
  /** The choices of a window without a workspace state to keep them in. */
  private readonly session = new Map<string, string | null>();

  constructor(
    /** The workspace's state (the window's, never settings); absent: the choice lasts the window. */
    private readonly memento: vscode.Memento | undefined,
    private readonly log: vscode.LogOutputChannel,
    /** Read at each use: the tests set `targetDialogs`. */
    private readonly options: { targetDialogs?: TargetDialogs | undefined },
  ) {}

  private chosen(): Record<string, string | null> {
    const value: unknown = this.memento?.get(MEMENTO_KEY);
    return isRecord(value) ? (value as Record<string, string | null>) : {};
  }

  private stored(root: vscode.Uri): string | null | undefined {
    const key = root.toString();
    return this.memento ? this.chosen()[key] : this.session.get(key);
  }

  /** The target the folder is used in (for the engine adapter); undefined: its own state. */
  readonly targetOf = (root: string): FolderTarget | undefined => {
    const state = this.known.get(root);
    if (state?.target === undefined) return undefined;
    return { name: state.target, layout: targetLayout(state.target), def: state.file?.targets.find((t) => t.name === state.target) };
  };

  /** Whether the folder has a state at all: its own, or a target's. */
  async hasState(root: vscode.Uri): Promise<boolean> {
    return (await hasSingleState(root.fsPath)) || (await findTargetStates(root.fsPath)).names.length > 0;
  }

  /** Reads the folder's targets again (before each status), and shows the one it uses. */
  async load(repo: FolderRepository): Promise<void> {
    const root = repo.root.fsPath;
    let file: TargetsFile | undefined;
    try {
      file = await readTargetsFile(root);
    } catch (e) {
      // A broken targets file names no target: the states the folder holds are still listed.
      this.log.warn(`[Folders] ${root}: ${visible(e instanceof Error ? e.message : String(e))}`);
    }
    const { names, over } = await findTargetStates(root);
    if (over) this.log.warn(`[Folders] ${root}: more target states than ${names.length}; the rest are not listed.`);
    const single = await hasSingleState(root);
    const stored = this.stored(repo.root);
    const wanted = stored === null ? undefined : stored;
    const target = stored !== undefined && isChoice(wanted, file, names, single) ? wanted : defaultTarget(file, names, single);
    this.known.set(root, { file, states: names, single, target });
    this.show(repo);
  }

  /** "⇅ prod" in the folder's status bar item, for a folder with targets; nothing for a folder of one state. */
  private show(repo: FolderRepository): void {
    const state = this.known.get(repo.root.fsPath);
    if (!state || (!state.file && !state.states.length)) {
      repo.sourceControl.statusBarCommands = [];
      return;
    }
    const def = this.targetOf(repo.root.fsPath)?.def;
    const name = state.target ?? vscode.l10n.t('this folder’s state');
    repo.sourceControl.statusBarCommands = [
      {
        command: COMMANDS.chooseFolderTarget,
        title: `⇅ ${visible(name)}`,
        tooltip: def
          ? vscode.l10n.t('Target {0}: {1} — Choose Target…', visible(name), visible(describeTarget(def)))
          : vscode.l10n.t('Target {0} — Choose Target…', visible(name)),
        arguments: [repo.sourceControl],
      },
    ];
  }

  /** The target the status bar shows for the folder (undefined: its own state, or no targets). */
  shown(repo: FolderRepository): string | undefined {
    return repo.sourceControl.statusBarCommands?.[0]?.title;
  }

  /** Choose Target…: the picker (or the `target` a script names); the folder's status follows the choice. */
  async choose(repo: FolderRepository, given?: string | null): Promise<string | null | undefined> {
    await this.load(repo);
    const state = this.known.get(repo.root.fsPath)!;
    let picked: string | null | undefined = given;
    if (given === undefined) {
      const choices = targetChoices(state.file, state.states, state.single);
      if (!choices.length) {
        void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('{0} names no target.', TARGETS_FILE)));
        return undefined;
      }
      const item = await vscode.window.showQuickPick(
        choices.map((c) => this.item(c, state.target)),
        { title: vscode.l10n.t('Choose the target of {0}', visible(repo.root.path.split('/').pop() ?? '')), matchOnDescription: true },
      );
      if (!item) return undefined;
      picked = item.choice.name ?? null;
    }
    if (!isChoice(picked ?? undefined, state.file, state.states, state.single))
      throw new Error(vscode.l10n.t('{0} is not a target of this folder.', JSON.stringify(picked)));
    await this.remember(repo.root, picked ?? null);
    this.log.info(`[Folders] ${repo.root.fsPath} uses the target ${picked ?? '(its own state)'}.`);
    await this.load(repo);
    await repo.refresh(true);
    return picked;
  }

  private item(choice: TargetChoice, current: string | undefined): vscode.QuickPickItem & { choice: TargetChoice } {
    const details = [
      choice.stage,
      choice.protected ? vscode.l10n.t('protected: a push asks first') : undefined,
      choice.pulled ? undefined : vscode.l10n.t('not pulled yet'),
    ].filter((d) => d !== undefined);
    return {
      label: `${choice.name === current ? '$(check) ' : ''}${choice.protected ? '$(shield) ' : ''}${choice.name ?? vscode.l10n.t('This folder’s state')}`,
      description: choice.description ?? (choice.name ? undefined : '.wsa/state.json'),
      ...(details.length ? { detail: details.join(' · ') } : {}),
      choice,
    };
  }

  private async remember(root: vscode.Uri, target: string | null): Promise<void> {
    if (!this.memento) {
      this.session.set(root.toString(), target);
      return;
    }
    await this.memento.update(MEMENTO_KEY, { ...this.chosen(), [root.toString()]: target });
  }

  /**
   * Before a push: true at once unless the folder's target is protected by the targets file and the
   * guard did not ask already (it asks for a protected connection, the one the target must be);
   * else the question, and Cancel sends nothing.
   */
  async confirmPush(repo: FolderRepository, guardAsked: boolean): Promise<boolean> {
    await this.load(repo);
    const def = this.targetOf(repo.root.fsPath)?.def;
    if (!def || !targetPushAsks(def, guardAsked)) return true;
    const host = describeTarget(def).split(' · ')[0]!;
    const dialogs = this.options.targetDialogs ?? VSCODE_TARGET_DIALOGS;
    const yes = await dialogs.confirmPush({ name: def.name, host, workspace: def.workspace, stage: def.stage });
    if (!yes) this.log.info(`[Folders] A push to the protected target «${def.name}» was cancelled; nothing was sent.`);
    return yes;
  }

  forget(root: vscode.Uri): void {
    this.known.delete(root.fsPath);
  }
}
