// The questions of the comparisons across environments: which connection, whether to sign in to one
// without a key, its key (a promotion asks these too), and the list of a whole comparison grouped by
// what it found. Tests answer them in the user's place (EnvironmentsOptions.compare). Names from the
// service are shown as text: a quick pick renders `$(name)` as an icon, so that pair is broken up.
import * as vscode from 'vscode';
import { VSCODE_ASK_KEY } from '../../connection/api';
import { RESOURCE_KINDS } from '../../kinds/resourceKinds';
import { notificationText } from '../../util/notify';
import { visible } from '../../util/visibleText';
import { COMPARE_GROUPS, type CompareEntry, type CompareGroup } from '../engine/compareEnvironments';
import type { ConnectionEntry } from '../model/connections';
import type { SideDialogs } from './environmentSides';

export interface EntryItem extends vscode.QuickPickItem {
  readonly entry: CompareEntry;
}

export interface CompareDialogs extends SideDialogs {
  pickEntry(items: readonly (EntryItem | vscode.QuickPickItem)[], title: string): Promise<EntryItem | undefined>;
}

/** Service text in a quick pick: shown as written, never as an icon. */
export function plain(text: string): string {
  return visible(text).replaceAll('$(', '$\u200b(');
}

function stageWord(entry: ConnectionEntry): string {
  return entry.protected ? vscode.l10n.t('{0}, protected', entry.stage) : entry.stage;
}

/** The questions of a side, as VS Code asks them. */
export const VSCODE_SIDE_DIALOGS: SideDialogs = {
  async pickConnection(entries, placeHolder) {
    const items = entries.map((entry) => ({
      label: plain(entry.label),
      description: `${new URL(entry.origin).host} · ${entry.workspaceId}`,
      detail: stageWord(entry),
      entry,
    }));
    return (await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true }))?.entry;
  },
  async askSignIn(message, action) {
    return (await vscode.window.showWarningMessage(notificationText(message), { modal: true }, action)) === action;
  },
  askKey: VSCODE_ASK_KEY,
};

export const VSCODE_COMPARE_DIALOGS: CompareDialogs = {
  ...VSCODE_SIDE_DIALOGS,
  async pickEntry(items, title) {
    const picked = await vscode.window.showQuickPick(items, { title, matchOnDescription: true, matchOnDetail: true });
    return picked && 'entry' in picked ? (picked as EntryItem) : undefined;
  },
};

function groupLabel(group: CompareGroup, first: string, second: string): string {
  switch (group) {
    case 'same':
      return vscode.l10n.t('Same');
    case 'differs':
      return vscode.l10n.t('Differs');
    case 'onlyFirst':
      return vscode.l10n.t('Only on «{0}»', first);
    case 'onlySecond':
      return vscode.l10n.t('Only on «{0}»', second);
    case 'ambiguous':
      return vscode.l10n.t('Ambiguous: bind by hand');
    case 'unbound':
      return vscode.l10n.t('Unbound or not readable');
  }
}

/** The comparison as a quick pick's items: a separator per group that has entries, in COMPARE_GROUPS' order. */
export function entryItems(entries: readonly CompareEntry[], first: string, second: string): (EntryItem | vscode.QuickPickItem)[] {
  const items: (EntryItem | vscode.QuickPickItem)[] = [];
  for (const group of COMPARE_GROUPS) {
    const of = entries.filter((e) => e.group === group);
    if (of.length === 0) continue;
    items.push({ label: `${groupLabel(group, first, second)} (${of.length})`, kind: vscode.QuickPickItemKind.Separator });
    for (const entry of of) {
      const ids = [entry.firstId, entry.secondId].filter(Boolean).join(' ↔ ');
      const candidates = entry.candidates?.length ? ` (${entry.candidates.join(', ')})` : '';
      items.push({
        label: plain(entry.name),
        description: `${RESOURCE_KINDS[entry.kind].singular} · ${plain(ids)}`,
        detail: plain(`${entry.reason}${candidates}`),
        entry,
      } satisfies EntryItem);
    }
  }
  return items;
}
