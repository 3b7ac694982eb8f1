// A person opens the revision history of a dashboard from the explorer's context menu, reads the
// list, picks two revisions (click, then Ctrl+click) and compares them in the diff editor.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { ROW_HEIGHT } from '../../src/history/page/rows';
import { expandTreeItem, openViewContainer, useWorkbench, viewPane } from '../harness';

describe('Revision history in the workbench', () => {
  const ui = useWorkbench();

  /** The history webview's content frame (VS Code nests the page in a second iframe). */
  function historyFrame(): FrameLocator {
    return ui.page
      .frameLocator('iframe.webview.ready[src*="extensionId=workspace-automation.workspace-automation"]')
      .frameLocator('iframe#active-frame');
  }

  it('opens from the explorer context menu and lists the revisions newest first', async function () {
    this.timeout(120_000);
    const { page } = ui;
    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Dashboards');
    const dashboard = explorer.getByRole('treeitem', { name: /^Inventory alerts/ }).first();
    await dashboard.waitFor();
    await dashboard.click({ button: 'right' });
    // VS Code's menus ignore a click that lands right after the menu opened: point at the entry
    // (which focuses it) and press Enter, as a keyboard user would.
    const entry = page.getByRole('menuitem', { name: 'Show Revision History' }).first();
    await entry.hover();
    await page.locator('.monaco-menu .action-item.focused', { hasText: 'Show Revision History' }).waitFor();
    await page.keyboard.press('Enter');

    const frame = historyFrame();
    const rows = frame.locator('.list .row');
    await rows.first().waitFor({ timeout: 30_000 });
    await frame.locator('h1', { hasText: 'Inventory alerts' }).waitFor();
    // Only the visible rows are drawn, although the history is 150 revisions long.
    const drawn = await rows.count();
    assert.ok(drawn > 5 && drawn < 100, `${drawn} rows drawn`);
    // The page paints the first screen, then the rest of the 150 arrives: the list holds them all.
    await frame.locator('.status', { hasText: '150 revisions', hasNotText: 'loaded' }).waitFor();
    const spacer = await frame.locator('.virtual-spacer').evaluate((el) => (el as HTMLElement).style.height);
    assert.equal(spacer, `${150 * ROW_HEIGHT}px`, 'a row for each of the 150 revisions');
    const first = rows.first();
    assert.match(await first.innerText(), /Draft/);
    await frame.locator('.graph').first().waitFor();

    await rows.nth(2).click();
    await frame.locator('.row.selected').first().waitFor();
    await frame.locator('.stats .added').first().waitFor();
    await ui.screenshot('history');
  });

  it('compares two selected revisions in the diff editor', async function () {
    this.timeout(60_000);
    const { page } = ui;
    const frame = historyFrame();
    const rows = frame.locator('.list .row');
    await rows.nth(5).click({ modifiers: ['Control'] });
    assert.equal(await frame.locator('.row.selected').count(), 2);
    const compare = frame.locator('button.action-compare');
    assert.equal(await compare.getAttribute('aria-disabled'), 'false');
    await compare.click();
    const diff = page.locator('.editor-group-container .monaco-diff-editor');
    await diff.first().waitFor({ timeout: 30_000 });
    await page.locator('.tabs-container .tab', { hasText: '↔' }).first().waitFor();
    await diff.locator('.view-lines').first().waitFor();
    await ui.screenshot('history-compare');
  });

  it('works from the keyboard: arrows move, Space marks a second revision, Enter compares', async function () {
    this.timeout(60_000);
    const { page } = ui;
    const frame = historyFrame();
    const rows = frame.locator('.list .row');
    await rows.first().click();
    await frame.locator('.list:focus').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await frame.locator('.row.selected').count(), 2);
    const focused = frame.locator('.row.focused.selected');
    assert.match(await focused.innerText(), /#147/);
    assert.match(await frame.locator('.status').innerText(), /2 selected/);
    await page.keyboard.press('Enter');
    await page
      .locator('.tabs-container .tab', { hasText: /#147.*↔.*#149/ })
      .first()
      .waitFor({ timeout: 30_000 });
  });
});
