// What the history panel's buttons do in VS Code: open a revision read-only, compare two in the diff
// editor, show a revision's changes (dependencies included) in the multi-file diff editor, copy an
// id, count changed lines. Every revision value comes from the RevisionCache, so doing any of it
// again makes no request.
import * as vscode from 'vscode';
import type { RevisionListItem, RevisionRef } from '../../api/schemas';
import { revisionUri } from '../../documents/api';
import { changeSet, dependencyRefs, type ChangeSource } from '../model/changes';
import { lineDiffStats } from '../model/diffStats';
import { revisionLabel } from '../model/items';
import type { ResourceNames } from '../model/resourceNames';
import type { HistoryItem } from '../protocol/historyItem';
import type { FileView, RevisionFile } from '../../kinds/resourcePath';
import type { RevisionCache } from '../../documents/model/revisionCache';
import { revisionText } from '../../kinds/serialize';
import { isSingular } from '../../util/plural';
import type { StatsEntry } from '../protocol/protocol';

/** What the actions read of the panel's current history. */
export interface HistoryContext {
  readonly workspaceId: string;
  /** The other connection the history is of (its entry id, the authority of its revisions' URIs); '' for the window's. */
  readonly authority: string;
  readonly resourceId: string;
  readonly view: FileView;
  name(): string;
  /** The list item as the service sent it (with any fields beyond the spec). */
  listItem(id: string): RevisionListItem | undefined;
  item(id: string): HistoryItem | undefined;
  /** Position in the newest-first list; a larger number is older. */
  position(id: string): number;
  draft(): RevisionRef;
  published(): RevisionRef | null;
}

export interface ActionOutcome {
  /** Something the panel should say about what happened (e.g. dependencies it could not show). */
  notice?: string;
}

const STATS_CONCURRENCY = 4;

export class HistoryActions {
  constructor(
    private readonly ctx: HistoryContext,
    private readonly revisions: RevisionCache,
    private readonly names: ResourceNames,
  ) {}

  /** "Sales #12" — the tab name of a revision document of this resource. */
  private tabName(revisionId: string): string {
    const seq = this.ctx.item(revisionId)?.sequence;
    return `${this.ctx.name()} ${seq !== null && seq !== undefined ? `#${seq}` : revisionId}`;
  }

  private file(revisionId: string): RevisionFile {
    const { workspaceId, view, resourceId } = this.ctx;
    return { workspaceId, view, resourceId, revisionId, name: this.tabName(revisionId) };
  }

  uri(revisionId: string): vscode.Uri {
    return revisionUri(this.file(revisionId), this.ctx.authority);
  }

  private label(revisionId: string, maxMessage = 40): string {
    const item = this.ctx.item(revisionId);
    return item ? revisionLabel(item, maxMessage) : revisionId;
  }

  /** Reads the revisions first, so that a failure is reported here rather than inside an editor. */
  private async prefetch(refs: readonly { resourceId: string; revisionId: string }[]): Promise<void> {
    await Promise.all(refs.map((r) => this.revisions.get(r.resourceId, r.revisionId)));
  }

  async open(revisionId: string): Promise<void> {
    await this.prefetch([{ resourceId: this.ctx.resourceId, revisionId }]);
    await vscode.window.showTextDocument(this.uri(revisionId), { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }

  /** Compares two revisions, the older on the left whatever the order of selection. */
  async compare(a: string, b: string): Promise<vscode.Uri[]> {
    const [left, right] = this.ctx.position(a) >= this.ctx.position(b) ? [a, b] : [b, a];
    await this.prefetch([left, right].map((revisionId) => ({ resourceId: this.ctx.resourceId, revisionId })));
    const uris = [this.uri(left), this.uri(right)];
    const title = `${this.ctx.name()}: ${this.label(left, 30)} ↔ ${this.label(right, 30)}`;
    await vscode.commands.executeCommand('vscode.diff', uris[0], uris[1], title, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return uris;
  }

  compareWithDraft(revisionId: string): Promise<vscode.Uri[]> {
    return this.compare(revisionId, this.ctx.draft().revisionId);
  }

  compareWithPublished(revisionId: string): Promise<vscode.Uri[]> {
    const published = this.ctx.published();
    if (!published) throw new Error(vscode.l10n.t('Nothing is published, so there is nothing to compare with.'));
    return this.compare(revisionId, published.revisionId);
  }

  async showChanges(revisionId: string): Promise<ActionOutcome> {
    const own = await this.source(revisionId);
    const parent = own.parentRevisionId ? await this.source(own.parentRevisionId) : undefined;
    const depNames = new Map<string, string>();
    const refs = [...(dependencyRefs(own) ?? []), ...((parent && dependencyRefs(parent)) ?? [])];
    const deps = [...new Set(refs.map((r) => r.resourceId))];
    await Promise.all(deps.map(async (id) => depNames.set(id, (await this.names.name(id)) ?? id)));
    const { triples, unlocated } = changeSet(
      {
        workspaceId: this.ctx.workspaceId,
        view: this.ctx.view,
        resourceId: this.ctx.resourceId,
        nameOf: (id) => this.tabName(id),
        dependencyName: (resourceId, id) => `${depNames.get(resourceId) ?? resourceId} ${id}`,
      },
      own,
      parent,
    );
    const sides = triples.flatMap(([, l, r]) => [l, r]).filter((f): f is RevisionFile => !!f);
    await this.prefetch(sides);
    const uri = (file: RevisionFile) => revisionUri(file, this.ctx.authority);
    const resources = triples.map(([resource, l, r]) => [uri(resource), l && uri(l), r && uri(r)]);
    const title = vscode.l10n.t('Changes in {0} — {1}', this.label(revisionId, 40), this.ctx.name());
    await vscode.commands.executeCommand('vscode.changes', title, resources);
    if (!unlocated) return {};
    return {
      notice: isSingular(unlocated)
        ? vscode.l10n.t(
            '{0} changed dependency is not shown: the service does not say which resource the dependency revision belongs to.',
            unlocated,
          )
        : vscode.l10n.t(
            '{0} changed dependencies are not shown: the service does not say which resources the dependency revisions belong to.',
            unlocated,
          ),
    };
  }

  async copyId(revisionId: string): Promise<void> {
    await vscode.env.clipboard.writeText(revisionId);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied revision id {0}', revisionId), 3000);
  }

  /** Added/removed lines of each revision against its first parent; revisions that fail are left out. */
  async stats(revisionIds: readonly string[]): Promise<StatsEntry[]> {
    const entries: StatsEntry[] = [];
    const queue = [...revisionIds];
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        try {
          const own = await this.revisions.get(this.ctx.resourceId, id);
          const parentId = own.parentRevisionId;
          const parent = parentId ? await this.revisions.get(this.ctx.resourceId, parentId) : undefined;
          const counts = lineDiffStats(parent && revisionText(this.ctx.view, parent.value), revisionText(this.ctx.view, own.value));
          if (counts) entries.push({ id, ...counts });
        } catch {
          // Counts are a nicety: a revision that cannot be read shows none.
        }
      }
    };
    await Promise.all(Array.from({ length: STATS_CONCURRENCY }, worker));
    return entries;
  }

  /** The list item, or the full revision when the list does not have it. */
  private async source(revisionId: string): Promise<ChangeSource> {
    return this.ctx.listItem(revisionId) ?? (await this.revisions.get(this.ctx.resourceId, revisionId));
  }
}
