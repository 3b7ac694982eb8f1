// Reads what a `wsa:` file shows, per view, from the service: the text, and for editable views the
// server snapshot (tokens) a later save is guarded by. vscode-free.
import * as l10n from '@vscode/l10n';
import type { CallOptions, ServiceClient } from '../api';
import type { Revision } from '../api/schemas';
import { schemas } from '../api/lazySchemas';
import { isEditable, type ResourceFile } from './resourcePath';
import type { SaveTokens, ServerSnapshot } from './saveTypes';
import { factText } from './factDocument';
import { appText, writeSyncText } from './recordDocuments';
import { databaseText, jsonText } from './serialize';

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

/** A fact's `updatedAt` for messages: "updated 2026-11-22 10:00 UTC". */
export function factLabel(updatedAt: string): string {
  if (!updatedAt) return l10n.t('no update time given');
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(updatedAt);
  return m ? `updated ${m[1]} ${m[2]} UTC` : `updated ${updatedAt}`;
}

/** A stable string of the tokens: equal tokens, equal keys. */
export function tokensKey(tokens: SaveTokens): string {
  switch (tokens.kind) {
    case 'dashboard':
      return `dashboard:${tokens.expectedRevision.revisionId}@${tokens.expectedRevision.sequence}:${tokens.expectedDataRunId}`;
    case 'database':
      return `database:${tokens.expectedDraft ? `${tokens.expectedDraft.revisionId}@${tokens.expectedDraft.sequence}` : 'none'}`;
    case 'fact':
      return `fact:${tokens.updatedAt}`;
    case 'writeSync':
      return `writeSync:${tokens.expectedVersion}:${tokens.identityLocked ? 'locked' : 'open'}`;
    case 'app':
      return `app:${tokens.expectedDraft.revisionId}@${tokens.expectedDraft.sequence}`;
  }
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
    const client = this.client();
    switch (file.view) {
      case 'dashboard': {
        const source = await client.getDashboardSource(file.id, o);
        return {
          text: source.source,
          tokens: {
            kind: 'dashboard',
            expectedRevision: { revisionId: source.revision.revisionId, sequence: source.revision.sequence },
            expectedDataRunId: source.dataRunId,
          },
          label: l10n.t('revision {0}', source.revision.sequence),
          revision: { resourceId: source.resourceId, revisionId: source.revision.revisionId },
        };
      }
      case 'database': {
        // The definition lives in the draft revision's value (spec §3, rule 2).
        const history = await client.revisionState(file.id, o);
        const draft = { revisionId: history.draft.revisionId, sequence: history.draft.sequence };
        const revision = await this.revision(file.id, draft.revisionId, o);
        return {
          text: databaseText(revision.value),
          tokens: { kind: 'database', expectedDraft: draft },
          label: l10n.t('revision {0}', draft.sequence),
          actor: revision.actor.id,
          revision: { resourceId: file.id, revisionId: draft.revisionId },
        };
      }
      case 'fact': {
        const fact = await client.getFact(file.id, o);
        return { text: factText(fact), tokens: { kind: 'fact', updatedAt: fact.updatedAt }, label: factLabel(fact.updatedAt) };
      }
      case 'writeSync': {
        const ws = await client.getWriteSync(file.id, o);
        return {
          text: writeSyncText(ws),
          tokens: { kind: 'writeSync', expectedVersion: ws.version, identityLocked: ws.identityLocked },
          label: l10n.t('version {0}', ws.version),
        };
      }
      case 'app': {
        const app = await client.getApp(file.id, o);
        const draft = { revisionId: app.draft.revisionId, sequence: app.draft.sequence };
        return {
          text: appText(app),
          tokens: { kind: 'app', expectedDraft: draft },
          label: l10n.t('revision {0}', draft.sequence),
          revision: { resourceId: app.id, revisionId: draft.revisionId },
        };
      }
      default:
        throw new Error(l10n.t('{0} files are read-only and have no save snapshot.', file.view));
    }
  }

  private async readOnlyText(file: ResourceFile, o?: CallOptions): Promise<string> {
    const client = this.client();
    switch (file.view) {
      case 'operationHandler': {
        // The operation read does not carry the code (spec §4.8): it is the draft revision's value.
        const operation = await client.getOperation(file.id, o);
        const revision = await this.revision(file.id, operation.draft.revisionId, o);
        const value = schemas().OperationHandlerValue.safeParse(revision.value);
        if (!value.success) throw new Error(l10n.t('The draft revision of operation {0} holds no handler source.', file.id));
        return value.data.source;
      }
      case 'operation':
        return jsonText(await client.getOperation(file.id, o));
      default:
        throw new Error(l10n.t('{0} files are not read-only.', file.view));
    }
  }

  private revision(resourceId: string, revisionId: string, o?: CallOptions): Promise<Revision> {
    return this.revisions ? this.revisions.get(resourceId, revisionId, o) : this.client().getRevision(resourceId, revisionId, o);
  }
}
