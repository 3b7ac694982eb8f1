// A folder pulled with the CLI sits in the window while a colleague saves one of its dashboards. The
// person switches to another browser tab and back: the window's focus comes back, the service is
// asked, and the change shows under Remote changes and in the status bar. A real focus change: the
// integration tests' workbench never loses focus, so this is where the focus refresh is proven.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { colleagueSaves, emulatorAdmin, openViewContainer, switchAwayAndBack, useWorkbench, waitUntil } from '../harness';
import { repoRoot } from '../harness/lib/paths';

describe('A pulled folder when the window regains focus', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off', 'git.enabled': false } });

  it('shows a colleague’s change under Remote changes and in the status bar after switching back to the window', async function () {
    this.timeout(150_000);
    const { page, emulator, server } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();
    await openViewContainer(page, 'Workspace Automation');

    const folder = join(server.workspaceFolder, 'focus-workspace');
    const cli = spawnSync(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'pull', folder, '--base-url', emulator!.url, '--workspace', emulator!.workspaceId],
      { env: { ...process.env, WORKSPACE_AUTOMATION_API_KEY: emulator!.apiKey }, encoding: 'utf8' },
    );
    assert.equal(cli.status, 0, `${cli.stdout}\n${cli.stderr}`);

    // The window finds the folder (the whole workspace) and reads its status once: nothing to pull.
    const statusItem = (remote: number) => page.locator(`.part.statusbar [aria-label*="${remote} remote change(s) to pull"]`).first();
    await statusItem(0).waitFor({ timeout: 30_000 });
    await colleagueSaves(emulator!, ids.churnDashboardId!, '// Colleague: churn threshold reviewed');
    const since = (await emulatorAdmin(emulator!).requests()).at(-1)?.seq ?? 0;

    await page.keyboard.press('Control+Shift+G');
    const scm = page.locator('.part.sidebar');
    await switchAwayAndBack(page);
    await statusItem(1).waitFor({ timeout: 30_000 });
    await scm
      .getByRole('treeitem', { name: /^Remote changes/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await scm
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
  });
});
