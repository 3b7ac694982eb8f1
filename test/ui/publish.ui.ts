// A person opens a database whose draft is not yet published, sees "1 unpublished revision" in the
// status bar, publishes it from the explorer's context menu after reading the question (Compare
// first), and sees the history header and the status bar say the draft is published.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { expandTreeItem, openViewContainer, useWorkbench, viewPane } from '../harness';

describe('Publishing in the workbench', () => {
  const ui = useWorkbench();

  function row(pane: Locator, label: RegExp): Locator {
    return pane.getByRole('treeitem', { name: label }).first();
  }

  /** Right-clicks `item` and runs the menu entry `name`, as a keyboard user would (see history.ui.ts). */
  async function menu(page: Page, item: Locator, name: string): Promise<void> {
    await item.click({ button: 'right' });
    const entry = page.getByRole('menuitem', { name }).first();
    await entry.hover();
    await page.locator('.monaco-menu .action-item.focused', { hasText: name }).waitFor();
    await page.keyboard.press('Enter');
  }

  function historyFrame(): FrameLocator {
    return ui.page
      .frameLocator('iframe.webview.ready[src*="extensionId=workspace-automation.workspace-automation"]')
      .frameLocator('iframe#active-frame');
  }

  it('the status bar names draft, published and unpublished revisions of the open database', async function () {
    this.timeout(120_000);
    const { page } = ui;
    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Databases');
    const orders = row(explorer, /^Orders/);
    await orders.waitFor();
    assert.match(await orders.innerText(), /draft #3 · published #2 · 1 unpublished/);
    await orders.click();
    await page.locator('.part.statusbar').getByText('draft #3 · published #2 · 1 unpublished revision').waitFor({ timeout: 30_000 });
    await ui.screenshot('publish-status-bar');
  });

  it('Publish… asks with Compare first, naming draft and published, and publishes', async function () {
    this.timeout(90_000);
    const { page } = ui;
    const explorer = viewPane(page, 'Explorer');
    await menu(page, row(explorer, /^Orders/), 'Publish…');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.getByText('Publish draft #3 of «Orders» (replacing published #2)?').waitFor({ timeout: 30_000 });
    const buttons = await dialog.locator('.dialog-buttons .monaco-button').allInnerTexts();
    assert.deepEqual([...buttons].sort(), ['Cancel', 'Compare', 'Publish']);
    // Compare is the first choice: VS Code makes it the focused default (placed last on Linux).
    const focused = await dialog.locator('.dialog-buttons .monaco-button:focus').innerText();
    assert.equal(focused, 'Compare', 'Compare first');
    await ui.screenshot('publish-modal');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('.part.statusbar').getByText('draft #3 · published #3 · no unpublished revisions').waitFor({ timeout: 30_000 });
    await row(explorer, /^Orders/)
      .filter({ hasNotText: 'unpublished' })
      .waitFor();
  });

  it('the history header shows the draft published', async function () {
    this.timeout(90_000);
    const { page } = ui;
    const explorer = viewPane(page, 'Explorer');
    await menu(page, row(explorer, /^Orders/), 'Show Revision History');
    const frame = historyFrame();
    await frame.locator('h1', { hasText: 'Orders' }).waitFor({ timeout: 30_000 });
    await frame.locator('.meta-row', { hasText: 'Draft is published' }).waitFor();
    await frame.locator('.list .row').first().click();
    await frame.locator('button.action-publish').waitFor();
    await ui.screenshot('publish-history-header');
  });
});
