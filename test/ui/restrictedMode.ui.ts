// A person clones a repository that holds a pulled folder and opens it in a VS Code that does not
// trust it yet (Restricted Mode). The folder's state names the service the person is signed in to,
// but a pulled folder comes from whoever committed it: the Source Control view shows its local
// changes only, with a line saying why, and Push, Pull and Refresh Folder Status say that the
// workspace must be trusted, offering Manage Workspace Trust. The emulator's request log shows no
// request and the folder no written file. Once the person trusts the folder, the service is asked
// for the folder's status at once, without a reload.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorAdmin, notificationToasts, runCommand, useWorkbench, waitUntil } from '../harness';
import { repoRoot } from '../harness/lib/paths';

describe('A pulled folder in a workspace that is not trusted (Restricted Mode)', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off' }, workspaceTrust: true });
  const folder = () => join(ui.server.workspaceFolder, 'cloned-workspace');
  const scm = () => ui.page.locator('.part.sidebar');

  /** Every file of the folder with its size and modification time: a write shows as a difference. */
  function snapshot(dir: string): string {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => {
        const path = join(d.parentPath, d.name);
        const { size, mtimeMs } = statSync(path);
        return `${path.slice(dir.length)} ${size} ${mtimeMs}`;
      })
      .sort()
      .join('\n');
  }

  it('shows local changes only, says why, refuses Push, Pull and Refresh with Manage Workspace Trust, and asks the service once trusted', async function () {
    this.timeout(180_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    // The repository as cloned: a folder pulled by someone else, from the service this user is signed in to.
    const cli = spawnSync(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'pull', folder(), '--base-url', emulator!.url, '--workspace', emulator!.workspaceId],
      { env: { ...process.env, WORKSPACE_AUTOMATION_API_KEY: emulator!.apiKey }, encoding: 'utf8' },
    );
    assert.equal(cli.status, 0, `${cli.stdout}\n${cli.stderr}`);
    const since = (await emulatorAdmin(emulator!).requests()).at(-1)?.seq ?? 0;
    const dashboards = join(folder(), 'dashboards');
    const edited = join(
      dashboards,
      readdirSync(dashboards).find((f) => f.endsWith('.tsx'))!,
    );
    writeFileSync(edited, `${readFileSync(edited, 'utf8')}// Edited in the clone\n`);
    const written = snapshot(folder());

    // The Source Control view: the folder, its local change, and the line that says why no more.
    await page.keyboard.press('Control+Shift+G');
    const notice = 'Restricted Mode: local status only';
    await scm()
      .getByRole('treeitem', { name: /^Local changes/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await scm()
      .getByRole('treeitem', {
        name: new RegExp(
          `^${edited
            .split('/')
            .pop()!
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByText(notice).first().waitFor({ timeout: 30_000 });
    await ui.screenshot('restricted-mode-source-control');

    // Push, Pull and Refresh Folder Status each say why, with the way out.
    for (const [command, refused] of [
      ['Workspace Automation: Push to Service', 'to push this folder, trust the workspace first'],
      ['Workspace Automation: Pull from Service', 'to pull into this folder, trust the workspace first'],
      ['Workspace Automation: Refresh Folder Status', 'to ask the service for the status of a pulled folder, trust the workspace first'],
    ] as const) {
      await runCommand(page, command);
      const toast = notificationToasts(page).filter({ hasText: refused }).first();
      await toast.waitFor({ timeout: 30_000 });
      await toast.getByRole('button', { name: 'Manage Workspace Trust' }).waitFor();
      if (command.endsWith('Push to Service')) await ui.screenshot('restricted-mode-push-refused');
      await toast.hover();
      await toast.locator('.codicon-notifications-clear').click();
    }
    const requests = await emulatorAdmin(emulator!).requests(since);
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [],
      'the service is asked nothing',
    );
    assert.equal(snapshot(folder()), written, 'nothing is written into the folder');

    // Trusted: the status is read from the service at once, with no reload; the line goes.
    await runCommand(page, 'Workspaces: Manage Workspace Trust');
    await page
      .locator('.workspace-trust-editor')
      .getByRole('button', { name: /^Trust/ })
      .first()
      .click();
    const asked = await waitUntil(
      async () => (await emulatorAdmin(emulator!).requests(since)).some((r) => r.method === 'GET' && r.path.startsWith('/v1/dashboards/')),
      30_000,
    );
    assert.ok(asked, 'the folder’s dashboards are read from the service once the workspace is trusted');
    await page.keyboard.press('Control+Shift+G');
    await page.getByText(notice).first().waitFor({ state: 'detached', timeout: 30_000 });
    await ui.screenshot('restricted-mode-trusted');
  });
});
