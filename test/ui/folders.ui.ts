// A person pulls a workspace into a folder from a terminal (the CLI) beside a running VS Code, and
// the window finds it when they come back to it. Then a colleague saves one of its dashboards while
// the person is in another browser tab: when the window's focus comes back, the service is asked and the change shows under Remote changes and in the status
// bar (a real focus change: the integration tests' workbench never loses focus). Then the person
// edits a dashboard there while the colleague changes another one and the same line of a third: the
// Source Control view shows Local changes, Remote changes and Conflicts, with M / R / C badges. Push
// sends the local change and opens the merge editor on the conflict, the local file untouched. A
// fact edited on disk so that its push would be refused opens with the problem in Problems.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  colleagueSaves,
  emulatorAdmin,
  notificationToasts,
  openViewContainer,
  runCommand,
  switchAwayAndBack,
  useWorkbench,
  waitUntil,
} from '../harness';
import { repoRoot } from '../harness/lib/paths';

describe('A workspace pulled into a local folder', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off', 'git.enabled': false }, windowFocus: true });
  const folder = () => join(ui.server.workspaceFolder, 'sales-workspace');
  const file = (name: string) => join(folder(), 'dashboards', `${name}.tsx`);
  const scm = () => ui.page.locator('.part.sidebar');

  it('shows a colleague’s change under Remote changes and in the status bar after switching back to the window', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();
    // The extension is running before the folder appears: the person pulls in a terminal (another
    // window) and comes back. Coming back looks for pulled folders, so the folder is found even when
    // the file watcher's event is lost, as on a loaded machine.
    await openViewContainer(page, 'Workspace Automation');
    await switchAwayAndBack(page, () => {
      const cli = spawnSync(
        process.execPath,
        [join(repoRoot, 'dist', 'cli.js'), 'pull', folder(), '--base-url', emulator!.url, '--workspace', emulator!.workspaceId],
        { env: { ...process.env, WORKSPACE_AUTOMATION_API_KEY: emulator!.apiKey }, encoding: 'utf8' },
      );
      assert.equal(cli.status, 0, `${cli.stdout}\n${cli.stderr}`);
    });

    // The window finds the folder (the whole workspace) and reads its status once: nothing to pull.
    const statusItem = (remote: number) => page.locator(`.part.statusbar [aria-label*="${remote} remote change(s) to pull"]`).first();
    await statusItem(0).waitFor({ timeout: 30_000 });
    await colleagueSaves(emulator!, ids.churnDashboardId!, '// Colleague: churn threshold reviewed');
    const since = (await emulatorAdmin(emulator!).requests()).at(-1)?.seq ?? 0;

    await page.keyboard.press('Control+Shift+G');
    await switchAwayAndBack(page);
    await statusItem(1).waitFor({ timeout: 30_000 });
    await scm()
      .getByRole('treeitem', { name: /^Remote changes/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await scm()
      .getByRole('treeitem', { name: /^Customer churn\.tsx/ })
      .first()
      .waitFor();
    const asked = await waitUntil(
      async () =>
        (await emulatorAdmin(emulator!).requests(since)).some(
          (r) => r.method === 'GET' && r.path === `/v1/dashboards/${ids.churnDashboardId}/source`,
        ),
      5_000,
    );
    assert.ok(asked, 'the dashboard was read from the service after the focus came back');
    await ui.screenshot('folders-focus-remote-change');

    // A pulled dashboard opens as Dashboard TSX: no problem from VS Code's TypeScript about its imports or JSX.
    await page.keyboard.press('Control+P');
    await page.keyboard.type('Revenue by region.tsx');
    // Clicked, not Enter: the list's first row may still be another file's while it filters.
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Revenue by region.tsx' }).first().click();
    await page.locator('.part.statusbar .statusbar-item', { hasText: 'Dashboard TSX' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.part.statusbar [aria-label="No Problems"]').first().waitFor({ timeout: 30_000 });
    await ui.screenshot('folders-dashboard-tsx');
    // An operation's handler code, generated untyped by the service: coloured as TypeScript, not checked.
    await page.keyboard.press('Control+P');
    await page.keyboard.type('Inventory levels.handler.ts');
    // Clicked, not Enter: the list's first row may still be another file's while it filters.
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Inventory levels.handler.ts' }).first().click();
    await page
      .locator('.part.statusbar .statusbar-item', { hasText: 'Operation Handler (TypeScript)' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.locator('.part.statusbar [aria-label="No Problems"]').first().waitFor({ timeout: 30_000 });
    await ui.screenshot('folders-operation-handler');
    await runCommand(page, 'View: Close All Editors');

    // A fact edited on disk so that its push would be refused: it opens with the problem at its line.
    const factName = readdirSync(join(folder(), 'facts')).find((f) => f.endsWith('.json'))!;
    const fact = join(folder(), 'facts', factName);
    const pulled = readFileSync(fact, 'utf8');
    writeFileSync(fact, pulled.replace(/"name":\s*"[^"]*"/, '"name": 5'));
    try {
      await page.keyboard.press('Control+P');
      await page.keyboard.type(factName);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: factName }).first().click();
      await page.keyboard.press('Control+Shift+M');
      await page.locator('.markers-panel .monaco-list-row', { hasText: '"name" must be a string' }).first().waitFor({ timeout: 30_000 });
      await ui.screenshot('folders-json-check');
    } finally {
      writeFileSync(fact, pulled);
    }
    await runCommand(page, 'View: Hide Panel');
    await runCommand(page, 'View: Close All Editors');
  });

  it('shows local changes, remote changes and conflicts in Source Control; Push opens the merge editor on the conflict', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    const { ids } = await emulatorAdmin(emulator!).demo();
    // Mine: a note at the end of "Revenue by region", and a new threshold in "Customer churn" (whose
    // remote change from the test before is still to pull); the colleague's: the first line of
    // "Inventory alerts" and the same line of "Customer churn".
    writeFileSync(file('Revenue by region'), `${readFileSync(file('Revenue by region'), 'utf8')}// Reviewed with finance\n`);
    const churn = readFileSync(file('Customer churn'), 'utf8');
    const line = churn.split('\n').find((l) => l.includes('0.05'))!;
    writeFileSync(file('Customer churn'), churn.replace(line, line.replace('0.05', '0.04')));
    await colleagueSaves(emulator!, ids.longHistoryDashboardId!, '// Colleague: alert levels checked');
    await colleagueSaves(emulator!, ids.churnDashboardId!, (s) => s.replace(line, line.replace('0.05', '0.08')));

    // The local edits show on their own; Refresh asks the service what moved.
    await scm()
      .getByRole('treeitem', { name: /^Local changes/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await runCommand(page, 'Workspace Automation: Refresh Folder Status');
    for (const group of ['Conflicts', 'Local changes', 'Remote changes'])
      await scm()
        .getByRole('treeitem', { name: new RegExp(`^${group}`) })
        .first()
        .waitFor({ timeout: 30_000 });
    for (const name of ['Customer churn.tsx', 'Revenue by region.tsx', 'Inventory alerts.tsx'])
      await scm()
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
