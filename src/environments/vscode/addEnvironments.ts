// Add Environments from wsa.targets.json…: the targets of the open folder's targets file that none
// of the user's connections names are offered (all picked), and those the user keeps are added to
// the user's workspaceAutomation.connections (proposals.ts). The file is a commit's, so it only
// proposes; nothing is sent to a service it names, here or later without the user's own sign-in.
// Loaded on first use.
import * as vscode from 'vscode';
import { CONNECTIONS_SETTING, SECTION } from '../../manifest/config';
import { isRecord } from '../../util/isRecord';
import { notificationText } from '../../util/notify';
import { parseConnections } from '../model/connections';
import { proposedConnections, withProposals } from '../model/proposals';
import { TARGETS_FILE, type TargetDef } from '../model/targets';
import { plain } from './comparePicks';
import { openFolderTargets } from './environmentSides';

interface TargetItem extends vscode.QuickPickItem {
  readonly target: TargetDef;
}

async function folderTargets(): Promise<readonly TargetDef[]> {
  const found = await openFolderTargets();
  if (!found) throw new Error(vscode.l10n.t('No open folder has a {0}: there is nothing to add.', TARGETS_FILE));
  return found.targets.targets;
}

async function pickTargets(proposed: readonly TargetDef[]): Promise<readonly TargetDef[] | undefined> {
  const items: TargetItem[] = proposed.map((target) => ({
    label: plain(target.name),
    description: `${new URL(target.baseUrl).host} · ${plain(target.workspace)}`,
    detail: target.protected || target.stage === 'production' ? vscode.l10n.t('{0}, protected', target.stage) : target.stage,
    picked: true,
    target,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: vscode.l10n.t('Add Environments from {0}', TARGETS_FILE),
    placeHolder: vscode.l10n.t('Added to your connections; nothing is sent to them until you sign in to their services'),
  });
  return picked?.map((i) => i.target);
}

/** A script's `{ names }` instead of the pick. */
function scriptedNames(arg: unknown): string[] | undefined {
  if (!isRecord(arg) || !Array.isArray(arg.names)) return undefined;
  return arg.names.filter((n): n is string => typeof n === 'string');
}

/** `arg`: a script's `{ names }` of targets instead of the pick. The ids added, or undefined when the user chose none. */
export async function addFolderEnvironments(log: vscode.LogOutputChannel, arg?: unknown): Promise<string[] | undefined> {
  const names = scriptedNames(arg);
  const config = vscode.workspace.getConfiguration(SECTION);
  const user = config.inspect<unknown>(CONNECTIONS_SETTING)?.globalValue;
  const proposed = proposedConnections(await folderTargets(), parseConnections(user).entries);
  if (proposed.length === 0) {
    void vscode.window.showInformationMessage(
      notificationText(vscode.l10n.t('Every environment of {0} is one of your connections already.', TARGETS_FILE)),
    );
    return [];
  }
  const chosen = names ? proposed.filter((t) => names.includes(t.name)) : await pickTargets(proposed);
  if (!chosen?.length) return undefined;
  const value = withProposals(user, chosen);
  // The user's settings, never the folder's.
  await config.update(CONNECTIONS_SETTING, value, vscode.ConfigurationTarget.Global);
  const added = value.slice(value.length - chosen.length).map((e) => (e as { id: string }).id);
  log.info(`[Environments] Added from ${TARGETS_FILE}: ${chosen.map((t) => `${t.name} (${t.baseUrl}, ${t.workspace})`).join('; ')}.`);
  void vscode.window.showInformationMessage(
    notificationText(
      vscode.l10n.t(
        'Added {0} to your connections. Nothing is sent to them until you sign in to their services.',
        chosen.map((t) => `«${t.name}»`).join(', '),
      ),
    ),
  );
  return added;
}
