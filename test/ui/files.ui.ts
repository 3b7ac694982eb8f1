// A person opens a dashboard from the explorer, types, and saves with Ctrl+S: the tab turns clean
// and the service receives one save. With VS Code's auto save on, the auto save is held on this
// machine (badge and status bar) until Ctrl+S sends it.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { emulatorAdmin, expandTreeItem, openViewContainer, runCommand, useWorkbench, viewPane, waitUntil } from '../harness';

describe('Editing a dashboard in the workbench', () => {
  // VS Code for the web auto saves by default; the first scenario saves by hand only.
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off' } });

  const dashboardTab = (page: Page) => page.locator('.tabs-container .tab', { hasText: 'Revenue by region.tsx' }).first();
  const puts = async () => (await emulatorAdmin(ui.emulator!).requests()).filter((r) => r.method === 'PUT');

  async function typeAtEnd(page: Page, text: string): Promise<void> {
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(text);
  }

  it('opens a dashboard from the explorer, types, and Ctrl+S saves it: the tab is clean, one PUT reached the service', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Dashboards');
    await explorer
      .getByRole('treeitem', { name: /^Revenue by region/ })
      .first()
      .click();

    const tab = dashboardTab(page);
    await tab.waitFor();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();
    const before = (await puts()).length;

    await typeAtEnd(page, '\n// Reviewed with the sales team');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Revenue by region.tsx' }).waitFor();
    await page.keyboard.press('Control+S');
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Revenue by region.tsx' }).waitFor();
    assert.ok(await waitUntil(async () => (await puts()).length === before + 1, 10_000, 100), 'one PUT reached the service');
    const [put] = (await puts()).slice(before);
    assert.equal(put!.path.endsWith('/source'), true);
    assert.equal(put!.status, 200);
    await page
      .locator('.part.statusbar')
      .getByText(/Saved «Revenue by region» \(revision \d+\)/)
      .waitFor();
    await ui.screenshot('edit-dashboard');
  });

  it('with auto save on, typing is held on this machine and Ctrl+S sends it as one revision', async function () {
    this.timeout(90_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    await runCommand(page, 'File: Toggle Auto Save');
    const before = (await puts()).length;
    await typeAtEnd(page, '\n// Held until I say so');
    const held = page.locator('.part.statusbar').getByText(/1 held/);
    await held.waitFor({ timeout: 15_000 });
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Revenue by region.tsx' }).waitFor();
    assert.equal((await puts()).length, before, 'the auto save did not reach the service');
    await ui.screenshot('held-auto-save');

    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+S');
    await held.waitFor({ state: 'hidden' });
    assert.ok(await waitUntil(async () => (await puts()).length === before + 1, 10_000, 100), 'one PUT reached the service');
    await runCommand(page, 'File: Toggle Auto Save');
  });
});
