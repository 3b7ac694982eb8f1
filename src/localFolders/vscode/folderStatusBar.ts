// One status bar item for the pulled folders: ↑N to push, ↓N to pull, and the conflicts. A click
// shows the Source Control view. Hidden while no folder of the window is a pulled one.
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';
import type { FolderCounts } from './folderRepository';

export class FolderStatusBar extends Disposable {
  readonly item: vscode.StatusBarItem;

  constructor() {
    super();
    this.item = this._register(vscode.window.createStatusBarItem('workspaceAutomation.folders', vscode.StatusBarAlignment.Left, 40));
    this.item.name = vscode.l10n.t('Workspace Automation: Local Folders');
    this.item.command = 'workbench.view.scm';
  }

  /** `counts`: one per pulled folder; none hides the item. */
  update(counts: readonly FolderCounts[], remoteError: string | undefined): void {
    if (counts.length === 0) {
      this.item.hide();
      return;
    }
    const sum = (k: keyof FolderCounts) => counts.reduce((n, c) => n + c[k], 0);
    const [up, down, conflicts] = [sum('local'), sum('remote'), sum('conflicts')];
    this.item.text = `$(cloud-upload) ${up} $(cloud-download) ${down}` + (conflicts ? ` $(warning) ${conflicts}` : '');
    const lines = [
      vscode.l10n.t('{0} local change(s) to push', up),
      vscode.l10n.t('{0} remote change(s) to pull', down),
      vscode.l10n.t('{0} conflict(s)', conflicts),
    ];
    if (remoteError) lines.push(vscode.l10n.t('The service could not be asked: {0}', remoteError));
    this.item.tooltip = lines.join('\n');
    this.item.accessibilityInformation = { label: lines.join(', ') };
    this.item.backgroundColor = conflicts ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }
}
