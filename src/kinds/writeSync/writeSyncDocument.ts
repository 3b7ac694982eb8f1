// Write syncs and apps as the text of their documents, and that text as an update body again
// (README "write sync update", "app update"). The editable fields come first; ids and
// what else the service set and keeps are shown under "$readOnly" (readOnlyGroup.ts). The tokens
// a save sends are kept beside the document (SaveTokens), never read from its text. Pure.
import * as l10n from '@vscode/l10n';
import { writeSyncDefinitionBody } from '../../api/requestBodies';
import { APP_EDITABLE_FIELDS, APP_SERVER_FIELDS, WRITE_SYNC_EDITABLE_FIELDS, WRITE_SYNC_SERVER_FIELDS } from '../../api/schemaConstants';
import type { Application, WriteSync } from '../../api/schemas';
import { isRecord, recordDocument } from '../contract/readOnlyGroup';
import { DocumentParseError, jsonText, parseJsonDocument } from '../contract/jsonDocument';

// What every save changes (the version or draft, the deployment, `updatedAt`) is left out of the
// text: shown there it would be stale after each save, or need a reload that races the user's next
// keystrokes (VS Code then refuses the next save as "modified since"). The explorer's item, its
// tooltip and the status bar show those; the text shows what stays.
const VOLATILE = new Set<string>(['version', 'updatedAt', 'draft', 'deployment']);
const stable = (fields: readonly string[]) => fields.filter((f) => !VOLATILE.has(f));
const volatile = (fields: readonly string[]) => fields.filter((f) => VOLATILE.has(f));
const WRITE_SYNC_FIELDS = {
  editable: WRITE_SYNC_EDITABLE_FIELDS,
  shown: stable(WRITE_SYNC_SERVER_FIELDS),
  hidden: ['workspaceId', ...volatile(WRITE_SYNC_SERVER_FIELDS)],
};
const APP_FIELDS = { editable: APP_EDITABLE_FIELDS, shown: stable(APP_SERVER_FIELDS), hidden: volatile(APP_SERVER_FIELDS) };

/**
 * The write sync input type that reads from an operation (spec §4.3): a value of the input's `type`,
 * named so that it is not taken for the operation resource kind.
 */
export const OPERATION_INPUT = 'operation';

export function writeSyncText(ws: WriteSync): string {
  return jsonText(recordDocument(ws, WRITE_SYNC_FIELDS));
}

export function appText(app: Application): string {
  return jsonText(recordDocument(app, APP_FIELDS));
}

function documentObject(text: string, what: string): Record<string, unknown> {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc)) throw new DocumentParseError(l10n.t('A {0} document must be a JSON object.', what), 1, 1);
  return doc;
}

/** The editable part of a write sync document: what the update sends besides `expectedVersion`. */
export interface WriteSyncEdit {
  name?: unknown;
  definition?: unknown;
  isEnabled?: unknown;
  automaticEnabled?: unknown;
}

/** The fields an update sends: the editable ones the document holds, the definition in its request shape. */
export function writeSyncEditFromText(text: string): WriteSyncEdit {
  const doc = documentObject(text, l10n.t('write sync'));
  const out: WriteSyncEdit = {};
  for (const field of WRITE_SYNC_EDITABLE_FIELDS) if (Object.hasOwn(doc, field)) out[field] = doc[field];
  if ('definition' in out) out.definition = writeSyncDefinitionBody(out.definition);
  return out;
}

export interface AppEdit {
  name?: unknown;
  description?: unknown;
}

export function appEditFromText(text: string): AppEdit {
  const doc = documentObject(text, 'app');
  const out: AppEdit = {};
  for (const field of APP_EDITABLE_FIELDS) if (Object.hasOwn(doc, field)) out[field] = doc[field];
  return out;
}
