// Reads what a `wsa:` file shows, per view, from the service: the text, and for editable views the
// server snapshot (tokens) a later save is guarded by. vscode-free.
import * as l10n from '@vscode/l10n';
import type { CallOptions, ServiceClient } from '../../api';
import type { Revision } from '../../api/schemas';
import { isEditable, type ResourceFile } from '../../kinds/resourcePath';
import type { SaveTokens, ServerSnapshot } from './saveTypes';
import type { KindReads } from '../../kinds/contract/kindContract';
import { editOf, editOfView, readOnlyTextOf } from '../../kinds/kindModules';

/** What a file shows now. */
export interface ResourceContent {
  text: string;
  /** Editable views only: the state a save of an edit of `text` must name. */
  snapshot?: ServerSnapshot;
  /**
   * Changes exactly when the server's state of the file changes: the tokens for editable views
   * (a new data run counts), the text itself for read-only views.
   */
  version: string;
}

/** Where immutable revisions come from (the RevisionCache fits). */
export interface RevisionSource {
  get(resourceId: string, revisionId: string, options?: CallOptions): Promise<Revision>;
}

/** A stable string of the tokens: equal tokens, equal keys. */
export function tokensKey(tokens: SaveTokens): string {
  return editOf(tokens).tokensKey(tokens);
}

export class ResourceReader {
  constructor(
    private readonly client: () => ServiceClient,
    private readonly revisions?: RevisionSource,
  ) {}

  /** The file's current content on the service. */
  async read(file: ResourceFile, o?: CallOptions): Promise<ResourceContent> {
    if (isEditable(file.view)) {
      const snapshot = await this.snapshot(file, o);
      return { text: snapshot.text, snapshot, version: tokensKey(snapshot.tokens) };
    }
    const text = await this.readOnlyText(file, o);
    return { text, version: `text:${text}` };
  }

  /** The current server snapshot of an editable file (dashboard, database, fact, write sync, app). */
  async snapshot(file: ResourceFile, o?: CallOptions): Promise<ServerSnapshot> {
    const edit = editOfView(file.view);
    if (!edit) throw new Error(l10n.t('{0} files are read-only and have no save snapshot.', file.view));
    return edit.snapshot(this.reads(), file, o);
  }

  private readOnlyText(file: ResourceFile, o?: CallOptions): Promise<string> {
    const read = readOnlyTextOf(file.view);
    if (!read) throw new Error(l10n.t('{0} files are not read-only.', file.view));
    return read(this.reads(), file, o);
  }

  private reads(): KindReads {
    return { client: this.client(), revision: (resourceId, revisionId, o) => this.revision(resourceId, revisionId, o) };
  }

  private revision(resourceId: string, revisionId: string, o?: CallOptions): Promise<Revision> {
    return this.revisions ? this.revisions.get(resourceId, revisionId, o) : this.client().getRevision(resourceId, revisionId, o);
  }
}
