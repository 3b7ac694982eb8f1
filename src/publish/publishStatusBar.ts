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
import type { RevisionHistory } from '../api/schemas';
import type { SaveTokens, ServerSnapshot } from '../model/saveTypes';
import { escapeMarkdown, escapeMarkdownLine } from '../util/markdown';
import { activeWsaUri, type OperationTargets } from './operationTargets';
import type { RevisionOperationsUi } from './revisionOperationsUi';

interface Shown {
  uri: string;
  name: string;
  state: Pick<RevisionHistory, 'draft' | 'published' | 'capabilities'>;
}

/** The draft a save's tokens name (dashboards, databases, apps), if any. */
function draftSequence(tokens: SaveTokens): number | undefined {
  if (tokens.kind === 'dashboard') return tokens.expectedRevision.sequence;
  if (tokens.kind === 'database' || tokens.kind === 'app') return tokens.expectedDraft?.sequence;
  return undefined;
}

export class PublishStatusBar extends Disposable {
  private readonly item = this._register(
    vscode.window.createStatusBarItem('workspaceAutomation.publishState', vscode.StatusBarAlignment.Left, 40),
  );
  private generation = 0;
  private shownResource: string | undefined;
  /** What the item shows: the document, its name and the history state last read or followed. */
  private shown: Shown | undefined;
  private readonly _onDidUpdate = this._register(new vscode.EventEmitter<string | undefined>());
  /** The item was updated: its text, or undefined when it is hidden. */
  readonly onDidUpdate = this._onDidUpdate.event;

  constructor(
    private readonly connection: ConnectionProvider,
    private readonly targets: OperationTargets,
    operations: RevisionOperationsUi,
    onDidSave: vscode.Event<{ uri: vscode.Uri; snapshot: ServerSnapshot }>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.item.name = 'Workspace Automation: Draft and Published';
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.update()));
    this._register(
      onDidSave(({ uri, snapshot }) => (uri.toString() === activeWsaUri()?.toString() ? void this.saved(uri, snapshot) : undefined)),
    );
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
      this.shown = { uri: uri.toString(), name: target.name, state: h };
      await this.render(uri, target.resourceId, h);
    } catch (e) {
      if (generation !== this.generation) return;
      this.log.debug(
        `[Publish] Could not read the draft and published state of ${uri.path}: ${e instanceof Error ? e.message : String(e)}`,
      );
      await this.hide();
    }
  }

  /**
   * A save of the shown document: its answer names the new draft, and the published revision and
   * capabilities are as last read, so the item follows without reading the history again.
   */
  private async saved(uri: vscode.Uri, snapshot: ServerSnapshot): Promise<void> {
    const shown = this.shown;
    const draft = snapshot.revision && draftSequence(snapshot.tokens);
    if (!shown || shown.uri !== uri.toString() || draft === undefined || snapshot.revision?.resourceId !== this.shownResource)
      return this.update();
    this.generation++;
    const state = { ...shown.state, draft: { revisionId: snapshot.revision!.revisionId, sequence: draft } };
    this.shown = { ...shown, state };
    await this.render(uri, snapshot.revision!.resourceId, state);
  }

  private async render(uri: vscode.Uri, resourceId: string, h: Shown['state']): Promise<void> {
    this.shownResource = resourceId;
    const name = this.shown?.name ?? resourceId;
    this.item.text = `$(git-commit) ${draftPublishedSummary(h)}`;
    this.item.tooltip = new vscode.MarkdownString(
      `**${escapeMarkdownLine(name)}**: ${escapeMarkdown(draftPublishedSummary(h))}\n\n${h.published ? 'Click to compare the published revision with this document.' : 'Nothing is published yet.'}`,
    );
    this.item.command = h.published
      ? { title: 'Compare with Published', command: COMMANDS.compareWithPublished, arguments: [uri] }
      : undefined;
    this.item.show();
    await setContext(h.capabilities.publish, !!h.published);
    this._onDidUpdate.fire(this.item.text);
  }

  private async hide(): Promise<void> {
    this.shown = undefined;
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
