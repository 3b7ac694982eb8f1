// The status bar item of the active `wsa:` document of a resource with history: "draft #12 ·
// published #9 · 3 unpublished revisions", Compare with Published on click. It reads the history's
// first page when the active editor changes, after a save of it, and after a publish or restore;
// never on a timer. It also sets the context keys the editor title's Publish… and Compare with
// Published are offered by, from the service's capabilities.
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../connection/connectionProvider';
import { COMMANDS, CONTEXT_KEYS } from '../manifest/contributions';
import { hasHistory } from '../model/resourceKinds';
import { parseFilePath, VIEWS } from '../model/resourcePath';
import { draftPublishedSummary } from '../model/revisionOperations';
import { Disposable } from '../util/lifecycle';
import { escapeMarkdown, escapeMarkdownLine } from '../util/markdown';
import { activeWsaUri, type OperationTargets } from './operationTargets';
import type { RevisionOperationsUi } from './revisionOperationsUi';

export class PublishStatusBar extends Disposable {
  private readonly item = this._register(
    vscode.window.createStatusBarItem('workspaceAutomation.publishState', vscode.StatusBarAlignment.Left, 40),
  );
  private generation = 0;
  private shownResource: string | undefined;
  private readonly _onDidUpdate = this._register(new vscode.EventEmitter<string | undefined>());
  /** The item was updated: its text, or undefined when it is hidden. */
  readonly onDidUpdate = this._onDidUpdate.event;

  constructor(
    private readonly connection: ConnectionProvider,
    private readonly targets: OperationTargets,
    operations: RevisionOperationsUi,
    onDidSave: vscode.Event<{ uri: vscode.Uri }>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.item.name = vscode.l10n.t('Workspace Automation: Draft and Published');
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.update()));
    this._register(onDidSave(({ uri }) => (uri.toString() === activeWsaUri()?.toString() ? void this.update() : undefined)));
    this._register(operations.onDidChangeHistory((e) => (e.target.resourceId === this.shownResource ? void this.update() : undefined)));
    this._register(connection.onDidChangeConnection(() => void this.update()));
    void this.update();
  }

  /** The text shown, or undefined when hidden. */
  get text(): string | undefined {
    return this.shownResource ? this.item.text : undefined;
  }

  async update(): Promise<void> {
    const generation = ++this.generation;
    const uri = activeWsaUri();
    const view = uri && viewOf(uri);
    if (!uri || !view || !hasHistory(VIEWS[view].kind) || !this.connection.current) return this.hide();
    try {
      const target = await this.targets.of(uri);
      if (!target) return this.hide();
      const h = await this.connection.require().client.revisionState(target.resourceId);
      if (generation !== this.generation) return;
      this.shownResource = target.resourceId;
      this.item.text = `$(git-commit) ${draftPublishedSummary(h)}`;
      this.item.tooltip = new vscode.MarkdownString(
        vscode.l10n.t(
          '**{0}**: {1}\n\n{2}',
          escapeMarkdownLine(target.name),
          escapeMarkdown(draftPublishedSummary(h)),
          h.published ? 'Click to compare the published revision with this document.' : 'Nothing is published yet.',
        ),
      );
      this.item.command = h.published
        ? { title: vscode.l10n.t('Compare with Published'), command: COMMANDS.compareWithPublished, arguments: [uri] }
        : undefined;
      this.item.show();
      await setContext(h.capabilities.publish, !!h.published);
      this._onDidUpdate.fire(this.item.text);
    } catch (e) {
      if (generation !== this.generation) return;
      this.log.debug(
        `[Publish] Could not read the draft and published state of ${uri.path}: ${e instanceof Error ? e.message : String(e)}`,
      );
      await this.hide();
    }
  }

  private async hide(): Promise<void> {
    this.shownResource = undefined;
    this.item.hide();
    await setContext(false, false);
    this._onDidUpdate.fire(undefined);
  }
}

function viewOf(uri: vscode.Uri) {
  try {
    return parseFilePath(uri.path).view;
  } catch {
    return undefined;
  }
}

async function setContext(canPublish: boolean, hasPublished: boolean): Promise<void> {
  await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.activeCanPublish, canPublish);
  await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.activeHasPublished, hasPublished);
}
