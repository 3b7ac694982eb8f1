// A person pulls a workspace into a folder from a terminal (the CLI), edits a dashboard there while a
// colleague changes another one and the same line of a third: the Source Control view shows Local
// changes, Remote changes and Conflicts, with M / R / C badges. Push sends the local change and opens
// the merge editor on the conflict, the local file untouched.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorAdmin, notificationToasts, openViewContainer, runCommand, serviceFetch, useWorkbench, waitUntil } from '../harness';
import { repoRoot } from '../harness/lib/paths';

describe('A workspace pulled into a local folder', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off', 'git.enabled': false } });

  /** The colleague changes a dashboard's source with their own client (the same key). */
  async function colleagueEdits(dashboardId: string, change: (source: string) => string): Promise<void> {
    const path = `/v1/dashboards/${dashboardId}/source`;
    const current = (
      (await (await serviceFetch(ui.emulator!, path)).json()) as { data: { source: string; revision: unknown; dataRunId: string } }
    ).data;
    const response = await serviceFetch(ui.emulator!, path, {
      method: 'PUT',
      body: JSON.stringify({ source: change(current.source), expectedRevision: current.revision, expectedDataRunId: current.dataRunId }),
    });
    assert.equal(response.status, 200, await response.clone().text());
  }

  it('shows local changes, remote changes and conflicts in Source Control; Push opens the merge editor on the conflict', async function () {
    this.timeout(150_000);
    const { page, emulator, server } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();
    // The extension is running before the folder appears, as when a terminal pulls beside VS Code.
    await openViewContainer(page, 'Workspace Automation');

    const folder = join(server.workspaceFolder, 'sales-workspace');
    const cli = spawnSync(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'pull', folder, '--base-url', emulator!.url, '--workspace', emulator!.workspaceId],
      { env: { ...process.env, WORKSPACE_AUTOMATION_API_KEY: emulator!.apiKey }, encoding: 'utf8' },
    );
    assert.equal(cli.status, 0, `${cli.stdout}\n${cli.stderr}`);

    // Mine: a note at the end of "Revenue by region", and a new threshold in "Customer churn";
    // the colleague's: the first line of "Inventory alerts" and the same line of "Customer churn".
    const file = (name: string) => join(folder, 'dashboards', `${name}.tsx`);
    writeFileSync(file('Revenue by region'), `${readFileSync(file('Revenue by region'), 'utf8')}// Reviewed with finance\n`);
    const churn = readFileSync(file('Customer churn'), 'utf8');
    const line = churn.split('\n').find((l) => l.includes('0.05'))!;
    writeFileSync(file('Customer churn'), churn.replace(line, line.replace('0.05', '0.04')));
    await colleagueEdits(ids.longHistoryDashboardId!, (s) => `// Colleague: alert levels checked\n${s}`);
    await colleagueEdits(ids.churnDashboardId!, (s) => s.replace(line, line.replace('0.05', '0.08')));

    // The folder appears in Source Control on its own; Refresh asks the service what moved.
    await page.keyboard.press('Control+Shift+G');
    const scm = page.locator('.part.sidebar');
    await scm
      .getByRole('treeitem', { name: /^Local changes/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await runCommand(page, 'Workspace Automation: Refresh Folder Status');
    for (const group of ['Conflicts', 'Local changes', 'Remote changes'])
      await scm
        .getByRole('treeitem', { name: new RegExp(`^${group}`) })
        .first()
        .waitFor({ timeout: 30_000 });
    for (const name of ['Customer churn.tsx', 'Revenue by region.tsx', 'Inventory alerts.tsx'])
      await scm
        .getByRole('treeitem', { name: new RegExp(`^${name}`) })
        .first()
        .waitFor();
    await page.locator('.part.statusbar', { hasText: '1' }).waitFor();
    await ui.screenshot('folders-source-control');

    const before = readFileSync(file('Customer churn'), 'utf8');
    const puts = async () => (await emulatorAdmin(emulator!).requests()).filter((r) => r.method === 'PUT' && r.status === 200).length;
    const putsBefore = await puts();
    await runCommand(page, 'Workspace Automation: Push to Service');
    await page.locator('.tabs-container .tab', { hasText: 'Customer churn.tsx' }).first().waitFor({ timeout: 30_000 });
    // The service's line and mine, each in its side of the merge editor.
    for (const threshold of ['0.08', '0.04'])
      await page.locator('.monaco-editor .view-line', { hasText: threshold }).first().waitFor({ timeout: 30_000 });
    const toast = notificationToasts(page).filter({ hasText: 'changed on the service where it changed here' });
    await toast.first().waitFor();
    assert.ok(await waitUntil(async () => (await puts()) === putsBefore + 1, 10_000), 'the local change, and only it, was saved');
    assert.equal(readFileSync(file('Customer churn'), 'utf8'), before, 'the conflicted file is untouched');
    await ui.screenshot('folders-merge-editor');
  });
});
