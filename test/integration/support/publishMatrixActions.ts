// Fault-matrix rows for the revision operations: Publish… and Restore through the
// service, run as a user runs them (the command; the question answered), each with the one POST a
// fault is injected on. Never sent twice; the user is told the outcome, a lost one read back.
import type * as vscode from 'vscode';
import type { OperationResult } from '../../../src/publish/revisionOperationsUi';
import { serviceFetch } from '../helpers';
import type { MatrixAction, MatrixContext } from './matrixActions';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface History {
  draft: { revisionId: string };
  published: { revisionId: string } | null;
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
    // A revision that is neither the draft nor published (whatever the list's order): each cell
    // publishes another one, so that a read-back can only find what that cell did.
    const other = h.items.find((i) => i.id !== h.draft.revisionId && i.id !== h.published?.revisionId)!.id;
    target = op === 'publish' && h.published?.revisionId !== h.draft.revisionId ? h.draft.revisionId : other;
    const subject = { workspaceId: c.emulator.workspaceId, kind: 'database' as const, resourceId: id, name: 'Orders' };
    const result = await (op === 'publish'
      ? c.api.publish.operations.publish(subject, target)
      : c.api.publish.operations.restore(subject, target));
    return result;
  };
  return {
    name: `${op} a database revision`,
    says: new RegExp(`Could not ${op} .*Orders`),
    saves: false,
    ignoresBody: true,
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
