// Where the user sees that the window writes to a protected connection: a badge and colour on its
// `wsa:` files (editor tabs, the explorer), and the connection's status bar item in the error colour
// while the active editor holds one of them (and only then).
import * as vscode from 'vscode';
import { FILE_SCHEME } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import type { ResolvedConnection } from '../model/connections';

/** What the marks read of the guard. */
export interface ProtectionSource {
  /** The connection a write of `uri` goes to (the window's without one) when it is protected. */
  protectedConnection(uri?: vscode.Uri): ResolvedConnection | undefined;
  /** The connection the document `uri` is pinned to, when it is another than the window's. */
  otherConnectionOf(uri: vscode.Uri | undefined): ResolvedConnection | undefined;
  readonly onDidChange: vscode.Event<void>;
}

/** The active editor's connection when it is not the window's, as the status bar shows it. */
export interface EditorConnection {
  readonly label: string;
  readonly host: string;
  readonly workspaceId: string;
}

/** The connection's status bar item, as the marks colour it. */
export interface ProtectedHighlight {
  /** `label` of the protected connection the active editor writes to, or undefined for none. */
  markProtected(label: string | undefined): void;
  /** The connection of the active editor's file when it is another than the window's; undefined: the window's. */
  showEditorConnection(editor: EditorConnection | undefined): void;
}

export class ProtectedMarks extends Disposable implements vscode.FileDecorationProvider {
  private readonly _onDidChangeFileDecorations = this._register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeFileDecorations = this._onDidChangeFileDecorations.event;
  private highlighted: string | undefined;
  private shownEditor = '';

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

  /** The connection the status bar shows for the active editor, when another than the window's (the tests read it). */
  get editorConnection(): string {
    return this.shownEditor;
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== FILE_SCHEME) return undefined;
    // The connection the file is read and saved through, which may be another than the window's.
    const c = this.guard.protectedConnection(uri);
    if (!c) return undefined;
    return {
      badge: 'P',
      tooltip: vscode.l10n.t('Protected connection «{0}» ({1}): every write asks first; auto saves are held.', c.label, c.stage),
      color: new vscode.ThemeColor('list.errorForeground'),
      propagate: false,
    };
  }

  private update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const active = uri?.scheme === FILE_SCHEME ? uri : undefined;
    const other = active && this.guard.otherConnectionOf(active);
    const shown = other ? `${other.label} · ${other.workspaceId}` : '';
    if (shown !== this.shownEditor) {
      this.shownEditor = shown;
      this.statusBar.showEditorConnection(
        other && { label: other.label, host: new URL(other.origin).host, workspaceId: other.workspaceId },
      );
    }
    const label = active && this.guard.protectedConnection(active)?.label;
    if (label === this.highlighted) return;
    this.highlighted = label;
    this.statusBar.markProtected(label);
  }
}
