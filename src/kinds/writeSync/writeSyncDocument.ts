// A write sync as the text of its document, and that text as an update body again (README "write
// sync update"). The editable fields come first; ids and what else the service set and keeps are
// shown under "$readOnly" (contract/readOnlyGroup.ts). The tokens a save sends are kept beside the
// document (SaveTokens), never read from its text. Pure.
import * as l10n from '@vscode/l10n';
import { writeSyncDefinitionBody } from '../../api/requestBodies';
import { WRITE_SYNC_EDITABLE_FIELDS, WRITE_SYNC_SERVER_FIELDS } from '../../api/schemaConstants';
import type { WriteSync } from '../../api/schemas';
import { recordDocument, recordFields } from '../contract/readOnlyGroup';
import { documentObject, jsonText } from '../contract/jsonDocument';

const WRITE_SYNC_FIELDS = recordFields(WRITE_SYNC_EDITABLE_FIELDS, WRITE_SYNC_SERVER_FIELDS, ['workspaceId']);

/**
 * The write sync input type that reads from an operation (spec §4.3): a value of the input's `type`,
 * named so that it is not taken for the operation resource kind.
 */
export const OPERATION_INPUT = 'operation';

export function writeSyncText(ws: WriteSync): string {
  return jsonText(recordDocument(ws, WRITE_SYNC_FIELDS));
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
