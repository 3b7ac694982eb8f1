// The fault matrix: every action the issue names × every fault the emulator can inject, in the real
// extension host. Each cell injects one fault on the one endpoint the action calls, runs the action
// as a user would, records what came of it and what the user was told, then shows the extension
// still works by doing the action again without the fault. The matrix is printed; the test fails on
// any cell that loses text, sends a second PUT for one save, leaves the extension unusable, or
// fails without a message naming the action and the cause.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AdminClient } from '../../src/emulator/adminClient';
import type { WorkspaceAutomationApi } from '../../src/extension';
import { revertAndCloseAll, setAutoSave } from './fileHelpers';
import { connectSuite, eventToPromise, type EmulatorInfo } from './helpers';
import {
  cellProblems,
  FAULTS,
  formatMatrix,
  inMatrixSlice,
  WHOLE_MATRIX,
  MATRIX_TIMEOUT_MS,
  type Cell,
  type Outcome,
} from './support/faultMatrix';
import { LogCapture } from './support/logCapture';
import { NotificationCapture } from './support/notificationCapture';
import {
  compareAction,
  openDashboardAction,
  openHistoryAction,
  replaceFactAction,
  saveDashboardAction,
  saveDatabaseAction,
  treeGroupAction,
  type MatrixAction,
  type MatrixContext,
} from './support/matrixActions';
import { pullFolderAction, pushFolderAction } from './support/folderMatrixActions';
import { saveAppAction, saveWriteSyncAction } from './support/matrixRecordActions';
import { publishAction, restoreAction } from './support/publishMatrixActions';

describe('Reliability: fault matrix @variants-long', function () {
  // 117 cells (a third of them in `npm test`); the slowest wait out the timeout (2.5 s) or a Retry-After (1 s).
  this.timeout(10 * 60_000);
  let api: WorkspaceAutomationApi;
  let emulator: EmulatorInfo;
  let admin: AdminClient;
  let log: LogCapture;
  let notifications: NotificationCapture;
  let ids: Record<string, string>;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  const lastSeq = async () => (await admin.requests()).at(-1)?.seq ?? 0;

  async function setTimeoutSetting(value: number | undefined): Promise<void> {
    const changed = eventToPromise(api.connection.onDidChangeConnection);
    await vscode.workspace.getConfiguration('workspaceAutomation').update('requestTimeoutMs', value, vscode.ConfigurationTarget.Global);
    await changed;
  }

  before(async function () {
    ({ emulator, api, admin, ids } = await connectSuite(this));
    await setAutoSave('off');
    await revertAndCloseAll();
    // The client is rebuilt with a short time limit: "latency beyond the timeout" costs 2.5 s, not 15.
    await setTimeoutSetting(MATRIX_TIMEOUT_MS);
    log = new LogCapture(api.log);
    notifications = new NotificationCapture();
    process.on('unhandledRejection', onRejection);
  });

  after(async () => {
    process.off('unhandledRejection', onRejection);
    log?.dispose();
    notifications?.dispose();
    await admin?.clearFaults();
    if (api) await setTimeoutSetting(undefined);
    await setAutoSave(undefined);
    await revertAndCloseAll();
  });

  it('every action × every fault: a clear message, retries only for reads, the text kept, one PUT per save, usable afterwards', async () => {
    const context: MatrixContext = { api, emulator, admin, ids, log, notifications };
    const actions: MatrixAction[] = [
      treeGroupAction(context),
      openDashboardAction(context),
      saveDashboardAction(context),
      saveDatabaseAction(context),
      replaceFactAction(context),
      saveWriteSyncAction(context),
      saveAppAction(context),
      openHistoryAction(context),
      compareAction(context),
      publishAction(context),
      restoreAction(context),
      pushFolderAction(context),
      pullFolderAction(context),
    ];
    const cells: Cell[] = [];
    const matrixStarted = Date.now();
    for (const [a, action] of actions.entries()) {
      await action.setup?.();
      for (const [f, fault] of FAULTS.entries()) {
        if (!inMatrixSlice(a, f)) continue;
        await admin.clearFaults();
        const since = await lastSeq();
        const cell = { tag: `f${f}` };
        await admin.injectFault({ ...fault.spec, match: { method: action.method, path: action.path } });
        const started = Date.now();
        const observed = await action.run(cell);
        const ms = Date.now() - started;
        await admin.clearFaults();
        const requests = await admin.requests(since);
        const re = new RegExp(action.path);
        const hits = requests.filter((r) => r.method === action.method && re.test(r.path));
        const attempts = hits.length;
        const faulted = hits.filter((r) => r.fault !== undefined).length;
        const puts = requests.filter((r) => r.method === 'PUT').length;
        const outcome: Outcome = !observed.ok ? 'error' : observed.readBack ? 'ok, read back' : attempts > 1 ? 'ok after retry' : 'ok';
        const message = observed.ok ? undefined : observed.message;
        const usable = await action.usable(cell).catch((e: unknown) => {
          console.log(`  ${action.name} × ${fault.name}: not usable afterwards: ${e instanceof Error ? e.message : String(e)}`);
          return false;
        });
        cells.push({
          action: action.name,
          fault: fault.name,
          outcome,
          ...(message === undefined ? {} : { message, clear: action.says.test(message) && fault.cause.test(message) }),
          attempts,
          faulted,
          puts,
          ...(action.saves ? { textKept: observed.textKept === true } : {}),
          usable: usable && api.connection.current !== undefined,
          ms,
        });
      }
      await action.teardown?.();
    }

    for (const line of formatMatrix(actions, cells)) console.log(line);
    console.log(
      `Matrix run in ${((Date.now() - matrixStarted) / 1000).toFixed(0)} s (slowest cell ${Math.max(...cells.map((c) => c.ms))} ms).`,
    );

    // The slice still reaches every action and every fault.
    assert.deepEqual(new Set(cells.map((c) => c.action)), new Set(actions.map((a) => a.name)), 'every action ran');
    assert.deepEqual(new Set(cells.map((c) => c.fault)), new Set(FAULTS.map((f) => f.name)), 'every fault ran');
    if (WHOLE_MATRIX) assert.equal(cells.length, actions.length * FAULTS.length, 'every cell ran');
    const problems = cells.flatMap((cell) =>
      cellProblems(
        cell,
        actions.find((a) => a.name === cell.action)!,
      ).map((p) => `${cell.action} × ${cell.fault}: ${p}`),
    );
    assert.deepEqual(problems, [], 'every cell keeps the text, sends at most one PUT, explains itself and leaves the extension usable');
    // Only reads are repeated, never more often than the policy allows (4 attempts).
    for (const cell of cells)
      assert.ok(
        cell.attempts <= (actions.find((a) => a.name === cell.action)!.method === 'GET' ? 4 : 1),
        `${cell.action} × ${cell.fault}: ${cell.attempts} attempts`,
      );
    assert.deepEqual(rejections.map(String), [], 'no unhandled promise rejection');
  });
});
