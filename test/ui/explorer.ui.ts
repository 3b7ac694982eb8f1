// A signed-in person browses the workspace in the explorer, signs out, and signs in again through
// the three-step input.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { expandTreeItem, openViewContainer, runCommand, useWorkbench, viewPane } from '../harness';

describe('Workspace explorer in the workbench', () => {
  const ui = useWorkbench();

  function row(pane: Locator, label: string | RegExp): Locator {
    return pane.getByRole('treeitem', { name: label }).first();
  }

  it('shows the groups; Dashboards and Operations list their items with the stale-code warning', async function () {
    this.timeout(120_000);
    const { page } = ui;
    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    for (const group of ['Operations', 'Dashboards', 'Apps', 'Databases', 'Write Syncs', 'Facts'])
      await row(explorer, new RegExp(`^${group}`)).waitFor();

    await expandTreeItem(explorer, 'Dashboards');
    await row(explorer, /^Inventory alerts/).waitFor();
    await expandTreeItem(explorer, 'Operations');
    const stale = explorer.locator('.monaco-list-row', { hasText: 'Customer churn' }).filter({ hasText: 'code stale' }).first();
    await stale.waitFor();
    assert.ok(await stale.locator('.codicon-warning').count(), 'the stale operation has the warning icon');
    assert.match(await stale.innerText(), /⚠ code stale · dataTable · draft/);
    await row(explorer, /^Nightly sales pipeline/).waitFor();

    // The status bar names the service and the workspace.
    const status = page.locator('.part.statusbar').getByText(/Local \(127\.0\.0\.1:\d+\) · wksp_/);
    await status.waitFor();
    await ui.screenshot('explorer');
  });

  it('Sign Out shows the welcome view', async function () {
    this.timeout(60_000);
    const { page } = ui;
    await runCommand(page, 'Workspace Automation: Sign Out');
    const explorer = viewPane(page, 'Explorer');
    await explorer.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await explorer.getByRole('button', { name: 'Connect to Local Emulator', exact: true }).waitFor();
    await page.locator('.part.statusbar').getByText('Workspace Automation: Signed out').waitFor();
    await ui.screenshot('signed-out');
  });

  it('Sign In asks for the URL, the key (hidden) and the workspace, checks them, and shows the tree again', async function () {
    this.timeout(90_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const explorer = viewPane(page, 'Explorer');
    await explorer.getByRole('button', { name: 'Sign In', exact: true }).click();
    const input = page.locator('.quick-input-widget input.input');
    const widget = page.locator('.quick-input-widget');

    await widget.getByText(/Base URL of the Workspace Automation Service/).waitFor();
    assert.equal(await input.inputValue(), emulator!.url, 'the URL from the settings is offered');
    await input.press('Enter');

    await widget.getByText(/API key \(apik_…\)/).waitFor();
    assert.equal(await input.getAttribute('type'), 'password', 'the key is typed into a password box');
    await input.fill('apik_wrongKeyTypedByAPerson');
    await input.press('Enter');
    // Enter on the last step checks the key; a rejected key comes back to its step with the reason.
    await widget.getByText(/Workspace id \(wksp_…\)/).waitFor();
    await input.press('Enter');
    await widget.getByText(/rejected this API key \(401\)/).waitFor();
    await ui.screenshot('sign-in-key-rejected');
    await input.fill(emulator!.apiKey);
    await input.press('Enter');
    await widget.getByText(/Workspace id \(wksp_…\)/).waitFor();
    await input.press('Enter');

    await row(explorer, /^Operations/).waitFor({ timeout: 30_000 });
    await page
      .locator('.part.statusbar')
      .getByText(/· wksp_/)
      .waitFor();
  });
});
