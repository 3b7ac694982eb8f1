// Where the user sees that the window writes to a protected connection: a badge and colour on its
// `wsa:` files (editor tabs, the explorer), and the connection's status bar item in the error colour
// while the active editor holds one of them (and only then).
import * as vscode from 'vscode';
import { FILE_SCHEME } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import type { ResolvedConnection } from '../model/connections';

/** What the marks read of the guard. */
export interface ProtectionSource {
  protectedConnection(): ResolvedConnection | undefined;
  readonly onDidChange: vscode.Event<void>;
}

/** The connection's status bar item, as the marks colour it. */
export interface ProtectedHighlight {
  /** `label` of the protected connection the active editor writes to, or undefined for none. */
  markProtected(label: string | undefined): void;
}

export class ProtectedMarks extends Disposable implements vscode.FileDecorationProvider {
  private readonly _onDidChangeFileDecorations = this._register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeFileDecorations = this._onDidChangeFileDecorations.event;
  private highlighted: string | undefined;

  constructor(
    private readonly guard: ProtectionSource,
    private readonly statusBar: ProtectedHighlight,
  ) {
    super();
    this._register(vscode.window.registerFileDecorationProvider(this));
    this._register(
      guard.onDidChange(() => {
        this._onDidChangeFileDecorations.fire(undefined);
        this.update();
      }),
    );
    this._register(vscode.window.onDidChangeActiveTextEditor(() => this.update()));
    this.update();
  }

  /** The label of the protected connection the status bar shows, if any (the tests read it). */
  get highlightedLabel(): string | undefined {
    return this.highlighted;
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== FILE_SCHEME) return undefined;
    const c = this.guard.protectedConnection();
    if (!c) return undefined;
    return {
      badge: 'P',
      tooltip: vscode.l10n.t('Protected connection «{0}» ({1}): every write asks first; auto saves are held.', c.label, c.stage),
      color: new vscode.ThemeColor('list.errorForeground'),
      propagate: false,
    };
  }

  private update(): void {
    const active = vscode.window.activeTextEditor?.document.uri;
    const label = active?.scheme === FILE_SCHEME ? this.guard.protectedConnection()?.label : undefined;
    if (label === this.highlighted) return;
    this.highlighted = label;
    this.statusBar.markProtected(label);
  }
}
