// Fault-matrix rows for the revision operations (issue 14): Publish… and Restore through the
// service, run as a user runs them (the command; the question answered), each with the one POST a
// fault is injected on. Never sent twice; the user is told the outcome, a lost one read back.
import type * as vscode from 'vscode';
import type { OperationResult } from '../../../src/publish/revisionOperationsUi';
import { serviceFetch } from '../helpers';
import type { MatrixAction, MatrixContext } from './matrixActions';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface History {
  draft: { revisionId: string };
  items: { id: string }[];
}

function operationAction(c: MatrixContext, op: 'publish' | 'restore'): MatrixAction {
  const id = c.ids.databaseId!;
  let dialogs: vscode.Disposable | undefined;
  let target = '';
  const history = async (): Promise<History> =>
    ((await (await serviceFetch(c.emulator, `/v1/resources/${id}/revisions`)).json()) as { data: History }).data;
  const run = async () => {
    const h = await history();
    // Publish the draft; restore the oldest revision (a new draft each time).
    target = op === 'publish' ? h.draft.revisionId : h.items.at(-1)!.id;
    const result = await (op === 'publish'
      ? c.api.publish.operations.publish({ workspaceId: c.emulator.workspaceId, kind: 'database', resourceId: id, name: 'Orders' })
      : c.api.publish.operations.restore(
          { workspaceId: c.emulator.workspaceId, kind: 'database', resourceId: id, name: 'Orders' },
          target,
        ));
    return result;
  };
  return {
    name: `${op} a database revision`,
    says: new RegExp(`Could not ${op} .*Orders`),
    saves: false,
    method: 'POST',
    path: `^/v1/resources/${esc(id)}/revisions/rvsn_[^/]+/${op}$`,
    async setup() {
      dialogs = c.api.testing.useOperationDialogs({ ask: async () => 'confirm' });
    },
    async run() {
      const result: OperationResult = await run();
      if (result.status === 'done') return { ok: true, readBack: result.readBack };
      return { ok: false, message: result.status === 'failed' ? result.message : `(${result.status})` };
    },
    async usable() {
      return (await run()).status === 'done';
    },
    async teardown() {
      dialogs?.dispose();
    },
  };
}

export const publishAction = (c: MatrixContext) => operationAction(c, 'publish');
export const restoreAction = (c: MatrixContext) => operationAction(c, 'restore');
