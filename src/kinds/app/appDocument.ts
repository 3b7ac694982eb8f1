// An app as the text of its document, and that text as an update body again (README "app
// update"): name and description first, what the service set and keeps under "$readOnly"
// (contract/readOnlyGroup.ts). The draft a save sends is kept beside the document, never read from
// its text. Pure.
import { APP_EDITABLE_FIELDS, APP_SERVER_FIELDS } from '../../api/schemaConstants';
import type { Application } from '../../api/schemas';
import { recordDocument, recordFields } from '../contract/readOnlyGroup';
import { documentObject, jsonText } from '../contract/jsonDocument';

const APP_FIELDS = recordFields(APP_EDITABLE_FIELDS, APP_SERVER_FIELDS);

export function appText(app: Application): string {
  return jsonText(recordDocument(app, APP_FIELDS));
}

/** The editable part of an app document: what the update sends besides `expectedDraft`. */
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
