// The fault matrix's write sync and app saves: the save command on an edited document,
// the one PUT a fault is injected on, and whether the service holds what was typed, compared in
// the shape the update sends (fields the service adds are shown read-only, never sent).
import { writeSyncDefinitionBody } from '../../../src/api/requestBodies';
import { appEditFromText } from '../../../src/kinds/app/appDocument';
import { writeSyncEditFromText } from '../../../src/kinds/writeSync/writeSyncDocument';
import { esc, saveAction, serviceJson, type MatrixAction, type MatrixContext } from './matrixActions';

const marked = (value: unknown, marker: string) => `${String(value).replace(/ \[fault matrix: .*\]$/, '')} [fault matrix: ${marker}]`;

export function saveWriteSyncAction(c: MatrixContext): MatrixAction {
  const id = c.ids.writeSyncId!;
  return saveAction(c, {
    name: 'save a write sync',
    view: 'writeSync',
    id,
    docName: 'Churn scores (fault matrix)',
    method: 'PUT',
    path: `^/v1/write-syncs/${esc(id)}$`,
    edit(text, marker) {
      const doc = JSON.parse(text) as Record<string, unknown>;
      doc.name = marked(doc.name, marker);
      return `${JSON.stringify(doc, null, 2)}\n`;
    },
    async holds(text) {
      const ws = await serviceJson<Record<string, unknown>>(c.emulator, `/v1/write-syncs/${id}`);
      const sent = writeSyncEditFromText(text) as Record<string, unknown>;
      const held: Record<string, unknown> = { ...ws, definition: writeSyncDefinitionBody(ws.definition) };
      return Object.entries(sent).every(([k, v]) => JSON.stringify(held[k]) === JSON.stringify(v));
    },
  });
}

export function saveAppAction(c: MatrixContext): MatrixAction {
  const id = c.ids.liveAppId!;
  return saveAction(c, {
    name: 'save an app',
    view: 'app',
    id,
    docName: 'Customer portal (fault matrix)',
    method: 'PUT',
    path: `^/v1/apps/${esc(id)}$`,
    edit(text, marker) {
      const doc = JSON.parse(text) as Record<string, unknown>;
      doc.description = marked(doc.description, marker);
      return `${JSON.stringify(doc, null, 2)}\n`;
    },
    async holds(text) {
      const app = await serviceJson<Record<string, unknown>>(c.emulator, `/v1/apps/${id}`);
      return Object.entries(appEditFromText(text)).every(([k, v]) => JSON.stringify(app[k]) === JSON.stringify(v));
    },
  });
}
