// Shows held auto saves where the user looks: a badge and tooltip on the file (editor tab, explorer
// items with the file's URI) and a status bar item "N held" that sends them.
import * as vscode from 'vscode';
import { COMMANDS } from '../../manifest/contributions';
import { FILE_SCHEME } from '../../kinds/resourcePath';
import { Disposable } from '../../util/lifecycle';
import { isSingular } from '../../util/plural';
import type { HeldSaves } from './heldSaves';
import type { WriteGuard } from '../../environments/api';
import { saveKeyLabel } from './saveMessages';

export class HeldSavesUi extends Disposable implements vscode.FileDecorationProvider {
  private readonly _onDidChangeFileDecorations = this._register(new vscode.EventEmitter<vscode.Uri[]>());
  readonly onDidChangeFileDecorations = this._onDidChangeFileDecorations.event;
  private readonly item = this._register(
    vscode.window.createStatusBarItem('workspaceAutomation.heldSaves', vscode.StatusBarAlignment.Left, 90),
  );

  constructor(
    private readonly held: HeldSaves,
    /** Why auto saves are held without a timer: the connection is protected (the production guard). */
    private readonly guard?: Pick<WriteGuard, 'protectedLabel'>,
  ) {
    super();
    this.item.name = vscode.l10n.t('Workspace Automation: Held Auto Saves');
    this.item.command = COMMANDS.sendHeldChanges;
    this._register(vscode.window.registerFileDecorationProvider(this));
    this._register(
      held.onDidChange((uris) => {
        this._onDidChangeFileDecorations.fire(uris.map((u) => vscode.Uri.parse(u)));
        this.update();
      }),
    );
    this.update();
  }

  /** The status bar item's text, or undefined while it is hidden (the tests read it). */
  get text(): string | undefined {
    return this.held.size ? this.item.text : undefined;
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== FILE_SCHEME) return undefined;
    const entry = this.held.get(uri.toString());
    if (!entry) return undefined;
    const failed = entry.lastError ? vscode.l10n.t(' Last attempt: {0}.', entry.lastError) : '';
    return {
      badge: 'H',
      tooltip: vscode.l10n.t('Held: auto-saved here, not sent to the service yet.{0} Press {1} to send it.', failed, saveKeyLabel()),
      color: new vscode.ThemeColor(entry.lastError ? 'list.errorForeground' : 'list.warningForeground'),
    };
  }

  private update(): void {
    const count = this.held.size;
    if (count === 0) {
      this.item.hide();
      return;
    }
    const held = this.held.all();
    const failed = held.filter((h) => h.lastError).length;
    // Each held file's own connection: one pinned to a protected connection beside the window's counts too.
    const labels = new Set(held.flatMap((h) => this.guard?.protectedLabel(vscode.Uri.parse(h.uri)) ?? []));
    const guarded = labels.size ? [...labels].join(', ') : undefined;
    this.item.text = `${guarded === undefined ? '$(cloud-upload)' : '$(shield)'} ${vscode.l10n.t('{0} held', count)}`;
    const notSent = failed ? vscode.l10n.t(' ({0} failed to send)', failed) : '';
    const tooltip = isSingular(count)
      ? vscode.l10n.t('{0} auto-saved change not sent to the service yet{1}. Click to send it.', count, notSent)
      : vscode.l10n.t('{0} auto-saved changes not sent to the service yet{1}. Click to send them.', count, notSent);
    this.item.tooltip =
      guarded === undefined
        ? tooltip
        : `${tooltip} ${vscode.l10n.t('Auto saves are held for «{0}», a protected connection: you are asked before they are sent.', guarded)}`;
    this.item.backgroundColor = failed ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }
}
