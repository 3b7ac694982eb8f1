// Publish and restore through the service, vscode-free. The operation is sent once with
// the version token of the state the user confirmed; whatever the answer's body, the history is then
// read again and that read is what the caller shows. Three rules:
// - a stale token (409/412) sends nothing more: the caller gets the new state and what changed, and
//   asks the user again;
// - a lost answer (connection dropped, timeout, 5xx) is never sent twice: the history is read back and
//   the operation reported done when it shows it applied ("confirmed by reading it back");
// - any other refusal (403, 404, 422 …) is the service's verdict, returned as it is.
import * as l10n from '@vscode/l10n';
import { isApiError, type ServiceClient } from '../../api';
import type { Revision, RevisionHistory, RevisionRef } from '../../api/schemas';
import { shortActor } from '../../history/protocol/actorLabel';

export type RevisionOperation = 'publish' | 'restore';

export interface RevisionOperationRequest {
  op: RevisionOperation;
  resourceId: string;
  /** The revision to publish or restore. */
  revisionId: string;
  /** The history as the user saw it when confirming: its version token is sent. */
  seen: RevisionHistory;
}

export type RevisionOperationOutcome =
  /** Applied; `history` is the state read after it. `readBack`: the answer was lost and the read showed it applied. */
  | { status: 'done'; history: RevisionHistory; readBack: boolean }
  /** The token was stale: nothing happened; `change` says in words what is different now. */
  | { status: 'stale'; latest: RevisionHistory; change: string }
  /** The answer was lost and the history shows it was not applied; nothing more was sent. */
  | { status: 'notApplied'; latest: RevisionHistory; error: unknown }
  /** The answer was lost and the history could not be read, or the request timed out and may still apply: unknown. */
  | { status: 'unknown'; error: unknown }
  | { status: 'failed'; error: unknown };

export async function runRevisionOperation(client: ServiceClient, req: RevisionOperationRequest): Promise<RevisionOperationOutcome> {
  const body = { expectedVersion: req.seen.version };
  try {
    if (req.op === 'publish') await client.publishRevision(req.resourceId, req.revisionId, body);
    else await client.restoreRevision(req.resourceId, req.revisionId, body);
  } catch (error) {
    if (isApiError(error) && error.kind === 'conflict') {
      const latest = await client.revisionState(req.resourceId);
      return { status: 'stale', latest, change: await describeChange(client, req.seen, latest) };
    }
    if (isApiError(error) && error.maybeApplied) return readBack(client, req, error);
    return { status: 'failed', error };
  }
  // Any 2xx, whatever its body: the history read now is what is shown, and it must show the change.
  const latest = await client.revisionState(req.resourceId);
  if (await applied(client, req, latest)) return { status: 'done', history: latest, readBack: false };
  return {
    status: 'unknown',
    error: new Error(l10n.t('the service answered that it succeeded, but the history read afterwards does not show it')),
  };
}

function applied(client: ServiceClient, req: RevisionOperationRequest, latest: RevisionHistory): Promise<boolean> | boolean {
  return req.op === 'publish' ? latest.published?.revisionId === req.revisionId : restoredDraft(client, req, latest);
}

async function readBack(client: ServiceClient, req: RevisionOperationRequest, error: unknown): Promise<RevisionOperationOutcome> {
  try {
    const latest = await client.revisionState(req.resourceId);
    if (await applied(client, req, latest)) return { status: 'done', history: latest, readBack: true };
    // A request that timed out may still be on its way: not seeing it yet proves nothing.
    return isApiError(error, 'timeout') ? { status: 'unknown', error } : { status: 'notApplied', latest, error };
  } catch {
    return { status: 'unknown', error };
  }
}

/** A restore shows as a new draft whose parent is the draft the user saw and whose value is the restored one. */
async function restoredDraft(client: ServiceClient, req: RevisionOperationRequest, latest: RevisionHistory): Promise<boolean> {
  if (latest.draft.revisionId === req.seen.draft.revisionId) return false;
  const [draft, restored] = await Promise.all([
    client.getRevision(req.resourceId, latest.draft.revisionId),
    client.getRevision(req.resourceId, req.revisionId),
  ]);
  return draft.parentRevisionId === req.seen.draft.revisionId && sameJson(draft.value, restored.value);
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const label = (ref: RevisionRef | null) => (ref ? `#${ref.sequence}` : 'nothing');

/** "draft is now #13, saved by apik_3f…9a (“Added a column”); published is now #12". */
export async function describeChange(client: ServiceClient, seen: RevisionHistory, latest: RevisionHistory): Promise<string> {
  const parts: string[] = [];
  if (latest.draft.revisionId !== seen.draft.revisionId) {
    let by = '';
    try {
      const r: Pick<Revision, 'actor' | 'message'> =
        latest.items.find((i) => i.id === latest.draft.revisionId) ??
        (await client.getRevision(latest.resourceId, latest.draft.revisionId));
      by = l10n.t(', saved by {0}{1}', shortActor(r.actor.id), r.message ? ` (“${r.message}”)` : '');
    } catch {
      // Who saved it is a courtesy; the numbers are what the user must see.
    }
    parts.push(l10n.t('draft is now {0}{1}', label(latest.draft), by));
  }
  if ((latest.published?.revisionId ?? null) !== (seen.published?.revisionId ?? null))
    parts.push(l10n.t('published is now {0}', label(latest.published)));
  return parts.length ? parts.join('; ') : l10n.t('its version token changed, with the same draft and published revision');
}

export { draftPublishedSummary } from './draftSummary';

/** "Publish draft #12 of «CRM» (replacing published #9)?" — what the confirmation asks. */
export function publishQuestion(name: string, h: RevisionHistory, target: RevisionRef): string {
  // Whole sentences, so that a translation can order them as its language does.
  const draft = target.revisionId === h.draft.revisionId;
  if (!h.published)
    return draft
      ? l10n.t('Publish draft #{0} of «{1}» (nothing is published yet)?', target.sequence, name)
      : l10n.t('Publish revision #{0} of «{1}» (nothing is published yet)?', target.sequence, name);
  return draft
    ? l10n.t('Publish draft #{0} of «{1}» (replacing published #{2})?', target.sequence, name, h.published.sequence)
    : l10n.t('Publish revision #{0} of «{1}» (replacing published #{2})?', target.sequence, name, h.published.sequence);
}
