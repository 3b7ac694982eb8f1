// Set Connection Stage…: the user says what the current connection is (production, staging,
// development, other) and whether writes to it ask first. Written to the user's settings only: a
// folder's settings can raise protection, never lower it, so lowering is the user's own change.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { CONNECTIONS_SETTING, SECTION } from '../../manifest/config';
import { isRecord } from '../../util/isRecord';
import { STAGES, withStage, type CurrentConnection, type Stage } from '../model/connections';

interface StageItem extends vscode.QuickPickItem {
  readonly stage: Stage;
  readonly guarded: boolean;
}

/** The picks; tests answer them instead of the quick pick. */
export type StagePicker = (items: readonly StageItem[], placeHolder: string) => Promise<StageItem | undefined>;

const quickPick: StagePicker = async (items, placeHolder) => vscode.window.showQuickPick(items, { placeHolder });

export async function setConnectionStage(
  current: CurrentConnection | undefined,
  log: vscode.LogOutputChannel,
  pick: StagePicker = quickPick,
  /** A script's `{ stage, protected }` instead of the quick pick; anything else asks. */
  given?: unknown,
): Promise<{ stage: Stage; protected: boolean } | undefined> {
  const choose = stageArgument(given);
  if (!current) throw new Error(vscode.l10n.t('Sign in first: a stage is set for the connection the window uses.'));
  const items: StageItem[] = [
    {
      label: vscode.l10n.t('Production, protected'),
      description: vscode.l10n.t('every write asks first; auto saves are held'),
      stage: 'production',
      guarded: true,
    },
    {
      label: vscode.l10n.t('Production, not protected'),
      description: vscode.l10n.t('writes are sent without asking'),
      stage: 'production',
      guarded: false,
    },
    { label: vscode.l10n.t('Staging'), stage: 'staging', guarded: false },
    { label: vscode.l10n.t('Development'), stage: 'development', guarded: false },
    { label: vscode.l10n.t('Other'), stage: 'other', guarded: false },
  ];
  const picked = choose
    ? items.find((i) => i.stage === choose.stage && i.guarded === choose.protected)
    : await pick(items, vscode.l10n.t('What is «{0}» ({1}, workspace {2})?', current.label, current.baseUrl, current.workspaceId));
  if (!picked) return undefined;
  const config = vscode.workspace.getConfiguration(SECTION);
  const { value, id } = withStage(
    config.inspect<unknown>(CONNECTIONS_SETTING)?.globalValue,
    current,
    picked.stage,
    picked.guarded,
    randomUUID(),
  );
  // The user's settings, never the folder's.
  await config.update(CONNECTIONS_SETTING, value, vscode.ConfigurationTarget.Global);
  log.info(
    `[Environments] ${current.baseUrl}, workspace ${current.workspaceId}: stage ${picked.stage}, protected ${picked.guarded} (entry ${id}).`,
  );
  return { stage: picked.stage, protected: picked.guarded };
}

function stageArgument(arg: unknown): { stage: Stage; protected: boolean } | undefined {
  if (!isRecord(arg) || typeof arg.protected !== 'boolean') return undefined;
  const stage = STAGES.find((s) => s === arg.stage);
  return stage ? { stage, protected: arg.protected } : undefined;
}
