// When a pulled folder asks the service what moved, in the real VS Code against the emulator: with
// the interval setting off (the default) nothing is asked however long the window sits, as the
// emulator's request log shows; at its minimum (30 s) a colleague's save shows under Remote changes
// and in the status bar on its own. In `npm test` a second of the setting lasts 100 ms (the
// extension's `intervalSecondMs`); the long runs (WSA_TEST_LONG=1) wait real seconds. (The window-focus refresh is driven by a real focus change in
// test/ui/folders.ui.ts: this workbench's focus never changes.)
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { ServiceClient } from '../../src/api';
import type { RequestLogEntry } from '../../src/emulator/requestLog';
import type { PullReport } from '../../src/localFolders/engine/engineApi';
import type { FolderRepository } from '../../src/localFolders/vscode/folderRepository';
import type { LocalFolders } from '../../src/localFolders/vscode/localFolders';
import { MIN_FOLDER_STATUS_INTERVAL_S } from '../../src/manifest/config';
import { waitUntil } from '../harness/lib/processes';
import { colleagueClient, colleagueSaves, connectSuite, type SuiteContext } from './helpers';

const PULL_INTO = 'workspaceAutomation.pullIntoFolder';
/** How long a second of the interval setting lasts in this run. */
const SECOND_MS = process.env.WSA_TEST_LONG === '1' ? 1000 : 100;
/** Longer than the shortest interval, so that an interval running while off would have asked once. */
const QUIET_MS = (MIN_FOLDER_STATUS_INTERVAL_S + 5) * SECOND_MS;

describe('Local folders: the service is asked on the interval setting, and never while it is off', function () {
  this.timeout(120_000);
  let s: SuiteContext;
  let other: ServiceClient;
  let folder: vscode.Uri;
  let folders: LocalFolders;
  let repo: FolderRepository;
  let path: string;
  const setting = () => vscode.workspace.getConfiguration('workspaceAutomation.folders');
  const lastSeq = async () => (await s.admin.requests()).at(-1)?.seq ?? 0;
  /**
   * What this folder's status asks of the service: the current text of its dashboard, which no other
   * folder of the session holds (another suite's folders may be asked for their own reasons).
   */
  const isStatusRequest = (r: RequestLogEntry) => r.method === 'GET' && r.path === `/v1/dashboards/${dashboardId()}/source`;
  const dashboardId = () => s.ids.dashboardId!;
  /** Under Remote changes, and counted in the status bar (the sum over the window's pulled folders). */
  const remoteShown = () => {
    const remote = folders.all.reduce((n, r) => n + r.counts.remote, 0);
    return repo.shown('remote').includes(path) && remote > 0 && folders.statusBarText.includes(`$(cloud-download) ${remote}`);
  };

  /** The colleague changes the dashboard's source with their own client. */
  async function theyEdit(note: string): Promise<void> {
    await colleagueSaves(s.emulator, dashboardId(), `// ${note}`);
  }

  before(async function () {
    s = await connectSuite(this);
    s.api.testing.folders.intervalSecondMs = SECOND_MS;
    await s.admin.reset();
    await setting().update('statusIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    other = colleagueClient(s.emulator);
    folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, `refresh-${randomUUID().slice(0, 8)}`);
    const report = await vscode.commands.executeCommand<PullReport>(PULL_INTO, { folder, ids: [dashboardId()] });
    path = report.files.find((f) => f.kind === 'dashboard' && f.outcome === 'added')!.path;
    folders = await s.api.folders.load();
    repo = folders.repositoryOf(folder)!;
    assert.ok(repo, 'the folder has its Source Control');
  });
  after(async () => {
    if (s) s.api.testing.folders.intervalSecondMs = 1000;
    await setting().update('statusIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    await other?.close();
    await s.admin.reset();
  });

  it(`off (the default): no status request over ${QUIET_MS / 1000} s by the emulator's request log, and Remote changes stays empty`, async function () {
    this.timeout(QUIET_MS + 60_000);
    assert.equal(s.api.config.read().folderStatusIntervalSeconds, 0, 'off by default');
    await theyEdit('Colleague: while the interval is off');
    const since = await lastSeq();
    const log = await s.admin.requests(since - 1);
    const start = Date.parse(log.at(-1)!.at);
    // The period is the emulator's clock: the colleague's client reads a fact now and then (no
    // status request) until the log shows the quiet period past.
    let end = start;
    assert.ok(
      await waitUntil(
        async () => {
          await other.getFact(s.ids.factId!);
          end = Date.parse((await s.admin.requests()).at(-1)!.at);
          return end - start >= QUIET_MS;
        },
        QUIET_MS + 30_000,
        Math.min(1_000, SECOND_MS * 2),
      ),
      'the emulator saw the quiet period',
    );
    const asked = (await s.admin.requests(since)).filter(isStatusRequest);
    assert.deepEqual(
      asked.map((r) => `${r.at} ${r.method} ${r.path}`),
      [],
      `no status request in ${end - start} ms`,
    );
    assert.deepEqual(repo.shown('remote'), [], 'Remote changes is empty: the service was not asked');
    assert.ok(!remoteShown());
  });

  it(`at its minimum (${MIN_FOLDER_STATUS_INTERVAL_S} of its seconds) the colleague's change shows under Remote changes and in the status bar on its own`, async function () {
    this.timeout(MIN_FOLDER_STATUS_INTERVAL_S * SECOND_MS + 60_000);
    await theyEdit('Colleague: before the interval');
    assert.ok(!remoteShown(), 'not shown before the interval ran');
    const since = await lastSeq();
    await setting().update('statusIntervalSeconds', MIN_FOLDER_STATUS_INTERVAL_S, vscode.ConfigurationTarget.Global);
    const set = Date.now();
    assert.equal(s.api.config.read().folderStatusIntervalSeconds, MIN_FOLDER_STATUS_INTERVAL_S);
    const limit = MIN_FOLDER_STATUS_INTERVAL_S * SECOND_MS + 40_000;
    assert.ok(await waitUntil(remoteShown, limit, 250), `the change shows under Remote changes and in the status bar within ${limit} ms`);
    const asked = (await s.admin.requests(since)).filter(isStatusRequest);
    assert.ok(asked.length > 0, 'the service was asked');
    // The interval's first run, not an earlier one: a whole interval after the setting changed.
    const first = Date.parse(asked[0]!.at);
    assert.ok(first - set >= (MIN_FOLDER_STATUS_INTERVAL_S - 2) * SECOND_MS, `first asked ${first - set} ms after the setting changed`);
  });
});
