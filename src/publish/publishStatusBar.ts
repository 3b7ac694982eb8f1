// The status bar item of the active `wsa:` document of a resource with history: "draft #12 ·
// published #9 · 3 unpublished revisions", Compare with Published on click. A dashboard's own read
// names its resource and draft, and a save's answer the new draft: the item shows them without a
// request, with the published revision and capabilities as last seen (this item's own read of the
// history, or a publish or restore). Other kinds read the history's first page when the active
// editor changes, after a save of it, and after a publish or restore; never on a timer. It also sets
// the context keys the editor title's Publish… and Compare with Published are offered by, from the
// service's capabilities (offered while not known: the service judges).
import * as vscode from 'vscode';
import type { ConnectionProvider } from '../connection/api';
import { COMMANDS, CONTEXT_KEYS } from '../manifest/contributions';
import { draftOfSnapshot } from '../kinds/kindModules';
import { hasHistory } from '../kinds/resourceKinds';
import { parseFilePath, VIEWS } from '../kinds/resourcePath';
import { draftPublishedSummary } from './model/draftSummary';
import type { RevisionHistory, RevisionRef } from '../api/schemas';
import type { ServerSnapshot } from '../documents/model/saveTypes';
import { Disposable } from '../util/lifecycle';
import { escapeMarkdown, escapeMarkdownLine } from '../util/markdown';
import { activeWsaUri, type OperationTargets } from './operationTargets';
import type { PublishOperations } from './operations';

/** What the item knows of a history: the draft always; published and capabilities once seen. */
type Known = Pick<RevisionHistory, 'draft'> & Partial<Pick<RevisionHistory, 'published' | 'capabilities'>>;

/** The resource and draft an open document's own read named (dashboards: the source read). */
export type DocumentRevision = (uri: vscode.Uri) => { resourceId: string; draft: RevisionRef } | undefined;

export class PublishStatusBar extends Disposable {
  private readonly item = this._register(
    vscode.window.createStatusBarItem('workspaceAutomation.publishState', vscode.StatusBarAlignment.Left, 40),
  );
  private generation = 0;
  private shownResource: string | undefined;
  /** The context keys as last set; unset keys read as false, as at startup, where nothing is sent. */
  private context = { canPublish: false, hasPublished: false };
  /** Per resource, the published revision and capabilities last seen, so a dashboard's open or save reads no history. */
  private readonly seen = new Map<string, Pick<RevisionHistory, 'published' | 'capabilities'>>();
  private readonly _onDidUpdate = this._register(new vscode.EventEmitter<string | undefined>());
  /** The item was updated: its text, or undefined when it is hidden. */
  readonly onDidUpdate = this._onDidUpdate.event;

  constructor(
    private readonly connection: ConnectionProvider,
    private readonly targets: OperationTargets,
    operations: Pick<PublishOperations, 'onDidChangeHistory'>,
    onDidSave: vscode.Event<{ uri: vscode.Uri; snapshot: ServerSnapshot }>,
    private readonly log: vscode.LogOutputChannel,
    private readonly documentRevision: DocumentRevision = () => undefined,
  ) {
    super();
    this.item.name = vscode.l10n.t('Workspace Automation: Draft and Published');
    this._register(vscode.window.onDidChangeActiveTextEditor(() => void this.update()));
    this._register(
      onDidSave(({ uri, snapshot }) => {
        if (uri.toString() !== activeWsaUri()?.toString()) return;
        // The save's answer names the new draft: nothing to read.
        const saved = draftOfSnapshot(snapshot);
        void (saved ? this.update(saved) : this.update());
      }),
    );
    this._register(
      operations.onDidChangeHistory((e) => {
        this.seen.set(e.target.resourceId, e.history);
        if (e.target.resourceId === this.shownResource) void this.update();
      }),
    );
    this._register(
      connection.onDidChangeConnection(() => {
        this.seen.clear();
        void this.update();
      }),
    );
    void this.update();
  }

  /** The text shown, or undefined when hidden. */
  get text(): string | undefined {
    return this.shownResource ? this.item.text : undefined;
  }

  /** Shows the active document's state; `own` is its resource and draft when a save's answer named them. */
  async update(own?: { resourceId: string; draft: RevisionRef }): Promise<void> {
    const generation = ++this.generation;
    const uri = activeWsaUri();
    const view = uri && viewOf(uri);
    if (!uri || !view || !hasHistory(VIEWS[view].kind) || !this.connection.current) return this.hide();
    try {
      const target = await this.targets.of(uri);
      if (!target) return this.hide();
      own ??= this.documentRevision(uri);
      let h: Known;
      if (own?.resourceId === target.resourceId) h = { ...this.seen.get(target.resourceId), draft: own.draft };
      else {
        const read = await this.connection.require().client.revisionState(target.resourceId);
        this.seen.set(target.resourceId, read);
        h = read;
      }
      if (generation !== this.generation) return;
      this.shownResource = target.resourceId;
      const summary =
        h.published === undefined
          ? vscode.l10n.t('draft #{0}', h.draft.sequence)
          : draftPublishedSummary({ draft: h.draft, published: h.published });
      this.item.text = `$(git-commit) ${summary}`;
      const click =
        h.published === undefined
          ? vscode.l10n.t('Click to compare the published revision, if any, with this document.')
          : h.published
            ? vscode.l10n.t('Click to compare the published revision with this document.')
            : vscode.l10n.t('Nothing is published yet.');
      this.item.tooltip = new vscode.MarkdownString(
        vscode.l10n.t('**{0}**: {1}\n\n{2}', escapeMarkdownLine(target.name), escapeMarkdown(summary), click),
      );
      this.item.command =
        h.published !== null
          ? { title: vscode.l10n.t('Compare with Published'), command: COMMANDS.compareWithPublished, arguments: [uri] }
          : undefined;
      this.item.show();
      await this.setContext(h.capabilities?.publish ?? true, h.published !== null);
      this._onDidUpdate.fire(this.item.text);
    } catch (e) {
      if (generation !== this.generation) return;
      this.log.debug(
        `[Publish] Could not read the draft and published state of ${uri.path}: ${e instanceof Error ? e.message : String(e)}`,
      );
      await this.hide();
    }
  }

  /** Sets the keys the Publish and Compare menus read, only when they change (each is a round trip to the window). */
  private async setContext(canPublish: boolean, hasPublished: boolean): Promise<void> {
    const was = this.context;
    this.context = { canPublish, hasPublished };
    if (was.canPublish !== canPublish) await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.activeCanPublish, canPublish);
    if (was.hasPublished !== hasPublished)
      await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.activeHasPublished, hasPublished);
  }

  private async hide(): Promise<void> {
    this.shownResource = undefined;
    this.item.hide();
    await this.setContext(false, false);
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
