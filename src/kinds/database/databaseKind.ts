// A managed database: its definition, the value of its draft revision (spec §3, rule 2), saved with
// the draft it was read at. The spec has no database read: the explorer knows one from the list or
// from its revision history.
import * as l10n from '@vscode/l10n';
import type { ServiceClient } from '../../api';
import { definitionBody } from '../../api/requestBodies';
import type { DatabaseDefinition, DatabaseSummary, RevisionRef } from '../../api/schemas';
import type { KindModule } from '../contract/kindContract';
import { DocumentParseError, jsonText, parseJsonDocument, sameJson } from '../contract/jsonDocument';
import { heading, revisionLabel, revisions, seq, table, unpublishedRow, type Look } from '../contract/lookText';
import { isRevisionRef } from '../contract/tokenChecks';
import { databaseProblems } from './databaseRules';

export interface DatabaseTokens {
  readonly kind: 'database';
  expectedDraft: RevisionRef | null;
}

/** A database as the explorer knows it: from the list endpoint, or its revision history (no name). */
export interface DatabaseInfo {
  id: string;
  name: string;
  draft: RevisionRef;
  published: RevisionRef | null;
}

export function databaseFromSummary(summary: DatabaseSummary): DatabaseInfo {
  return { id: summary.id, name: summary.name, draft: summary.draft, published: summary.published };
}

/**
 * The save answers only the new revision's id; its sequence comes from the history. Should
 * someone have saved after us already, the next save meets a conflict either way.
 */
async function draftAfterSave(client: ServiceClient, databaseId: string, revisionId: string, expected: number, debug: (m: string) => void) {
  const guess = { revisionId, sequence: expected + 1 };
  try {
    const history = await client.revisionState(databaseId);
    return history.draft.revisionId === revisionId ? { revisionId, sequence: history.draft.sequence } : guess;
  } catch (e) {
    debug(`[Files] Could not read the history of ${databaseId} after saving: ${e instanceof Error ? e.message : String(e)}`);
    return guess;
  }
}

function databaseLook(d: DatabaseInfo, { singular }: { singular: string }): Look {
  return {
    description: d.published ? revisions(d.draft, d.published) : l10n.t('draft {0} · unpublished', seq(d.draft)),
    tooltip: `${heading(d.name, singular, d.id)}\n\n${table([
      [l10n.t('Draft'), seq(d.draft)],
      [l10n.t('Published'), seq(d.published)],
      unpublishedRow(d.draft, d.published),
    ])}`,
    icon: { id: 'database' },
  };
}

export const databaseKind: KindModule<DatabaseTokens, DatabaseInfo> = {
  edit: {
    stateTokens: { expectedDraft: (v) => v === null || isRevisionRef(v) },
    async snapshot({ client, revision }, file, o) {
      const history = await client.revisionState(file.id, o);
      const draft = { revisionId: history.draft.revisionId, sequence: history.draft.sequence };
      const value = await revision(file.id, draft.revisionId, o);
      return {
        text: jsonText(value.value),
        tokens: { kind: 'database', expectedDraft: draft },
        label: l10n.t('revision {0}', draft.sequence),
        actor: value.actor.id,
        revision: { resourceId: file.id, revisionId: draft.revisionId },
      };
    },
    tokensKey: (t) => `database:${t.expectedDraft ? `${t.expectedDraft.revisionId}@${t.expectedDraft.sequence}` : 'none'}`,
    check: databaseProblems,
    body(text) {
      const doc = parseJsonDocument(text);
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
        throw new DocumentParseError(l10n.t('A database definition must be a JSON object with a "tables" array.'), 1, 1);
      // Only the spec's request shape; keys it does not name stay in the document, unsent.
      return definitionBody(doc);
    },
    async send({ client, file, text, debug }, tokens, body) {
      const { revisionId } = await client.saveDatabaseDefinition(file.id, {
        expectedDraft: tokens.expectedDraft,
        definition: body as DatabaseDefinition,
      });
      const draft = await draftAfterSave(client, file.id, revisionId, tokens.expectedDraft?.sequence ?? 0, debug);
      return {
        text,
        tokens: { kind: 'database', expectedDraft: draft },
        label: l10n.t('revision {0}', draft.sequence),
        revision: { resourceId: file.id, revisionId },
      };
    },
    // What was sent against the same shape of what the service holds (it may add its own keys).
    holdsText: (latest, _text, body) => sameJson(definitionBody(JSON.parse(latest.text)).tables, (body as { tables?: unknown }).tables),
    // Database pointers name the request body (`/definition/tables/0/name`); the document is the definition.
    documentPointer: (pointer) => pointer.replace(/^\/definition(?=\/|$)/, ''),
  },
  explorer: {
    look: databaseLook,
    fromListItem: (item) => databaseFromSummary(item as DatabaseSummary),
    // Its revision history proves it exists and gives its state.
    async find(client, id, o) {
      const history = await client.revisionState(id, o);
      return { id, name: id, draft: history.draft, published: history.published };
    },
    async reread(client, current, o) {
      const history = await client.revisionState(current.id, o);
      return { ...current, draft: history.draft, published: history.published };
    },
    identify: (d) => ({ id: d.id, resourceId: d.id, name: d.name }),
    revisionLabel: (d) => revisionLabel(d.draft),
  },
};
