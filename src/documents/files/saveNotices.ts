// Where the outcome of a save nobody else reports is told: VS Code's own save (File > Save, auto
// save `always`) and held auto saves sent by their timer. A failed one of those is also told by VS
// Code's failed-save message or the held badge; this adds one status bar line for each, in the same
// words as the save command. Tests (and anything else) can follow what was told.
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';

export interface SaveNotice {
  /** The `wsa:` URI string. */
  uri: string;
  outcome: 'saved' | 'held';
  message: string;
}

const ICONS: Record<SaveNotice['outcome'], string> = { saved: '$(check)', held: '$(warning)' };

export class SaveNotices extends Disposable {
  private readonly _onDidTell = this._register(new vscode.EventEmitter<SaveNotice>());
  /** A save's outcome was told to the user. */
  readonly onDidTell = this._onDidTell.event;

  tell(notice: SaveNotice): void {
    vscode.window.setStatusBarMessage(`${ICONS[notice.outcome]} ${notice.message}`, notice.outcome === 'saved' ? 6_000 : 10_000);
    this._onDidTell.fire(notice);
  }
}
