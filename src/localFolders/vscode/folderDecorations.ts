// Badges in the explorer and on editor tabs for pulled files: M (changed here), R (changed on the
// service), C (both). Colours are the git extension's theme colours, so themes already style them.
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';
import type { FileState, FileStatus } from './engineAdapter';
import { statusText } from './folderRepository';

const BADGES: Partial<Record<FileState, { badge: string; color: string }>> = {
  localChange: { badge: 'M', color: 'gitDecoration.modifiedResourceForeground' },
  deletedLocally: { badge: 'D', color: 'gitDecoration.deletedResourceForeground' },
  remoteChange: { badge: 'R', color: 'gitDecoration.stageModifiedResourceForeground' },
  goneRemote: { badge: 'G', color: 'gitDecoration.ignoredResourceForeground' },
  conflict: { badge: 'C', color: 'gitDecoration.conflictingResourceForeground' },
};

export class FolderDecorations extends Disposable implements vscode.FileDecorationProvider {
  private readonly _onDidChangeFileDecorations = this._register(new vscode.EventEmitter<vscode.Uri[]>());
  readonly onDidChangeFileDecorations = this._onDidChangeFileDecorations.event;

  /** `fileAt(uri)`: the pulled file's state, undefined for any other file. */
  constructor(private readonly fileAt: (uri: vscode.Uri) => FileStatus | undefined) {
    super();
    this._register(vscode.window.registerFileDecorationProvider(this));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const file = this.fileAt(uri);
    const badge = file && BADGES[file.state];
    if (!file || !badge) return undefined;
    return new vscode.FileDecoration(badge.badge, statusText(file.state), new vscode.ThemeColor(badge.color));
  }

  changed(uris: readonly vscode.Uri[]): void {
    if (uris.length) this._onDidChangeFileDecorations.fire([...uris]);
  }
}
