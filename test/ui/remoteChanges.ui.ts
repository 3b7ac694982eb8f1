// A colleague saves a dashboard with their own tool (the service's HTTP API) while it is open here.
// The person switches to another browser tab and back: a clean editor then shows the colleague's
// text, read once; an editor with unsaved edits is left as typed, and its save offers the choices.
// Bringing a clean editor's tab to the front again reads it again too.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  emulatorAdmin,
  expandTreeItem,
  notificationToasts,
  openViewContainer,
  runCommand,
  colleagueSaves,
  switchAwayAndBack,
  useWorkbench,
  viewPane,
  waitUntil,
} from '../harness';

describe('A dashboard a colleague changed while it is open', () => {
  // Saved by hand; each dashboard keeps its own tab (a preview tab would be replaced by the next one opened).
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off', 'workbench.editor.enablePreview': false }, windowFocus: true });

  const editorOf = (page: Page, dashboardId: string) =>
    page.locator(`.editor-group-container .monaco-editor[data-uri*="${dashboardId}"]`).first();
  const lastSeq = async () => (await emulatorAdmin(ui.emulator!).requests()).at(-1)?.seq ?? 0;
  /** The extension's reads of a dashboard's text since `since`, from the emulator's request log. */
  const sourceReads = async (dashboardId: string, since: number) =>
    (await emulatorAdmin(ui.emulator!).requests(since)).filter(
      (r) => r.method === 'GET' && r.path === `/v1/dashboards/${dashboardId}/source`,
    );

  /**
   * Does what the person does (`step`) until `done` holds. The extension reads a file again at most
   * every 3 s (and not right after opening it), so the first steps may rightly do nothing. Each step
   * waits longer than those 3 s: on a loaded machine a read can arrive late, and a step taken
   * before it would rightly start a second one.
   */
  async function repeatUntil(step: () => Promise<void>, done: () => Promise<boolean>, what: string, timeoutMs = 45_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await step();
      if (await waitUntil(done, 4_000, 100)) return;
    }
    throw new Error(`${what}: not within ${timeoutMs} ms`);
  }

  const switchBackUntil = (page: Page, done: () => Promise<boolean>, what: string) =>
    repeatUntil(() => switchAwayAndBack(page), done, `${what} after switching back to the window`);

  async function openDashboard(page: Page, name: string, dashboardId: string): Promise<void> {
    const explorer = viewPane(page, 'Explorer');
    await explorer
      .getByRole('treeitem', { name: new RegExp(`^${name}`) })
      .first()
      .click();
    await editorOf(page, dashboardId).locator('.view-line', { hasText: 'export default function' }).first().waitFor();
  }

  it('a clean editor shows the colleague’s text after the window regains focus: one read of the file', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();
    await openViewContainer(page, 'Workspace Automation');
    await expandTreeItem(viewPane(page, 'Explorer'), 'Dashboards');
    await openDashboard(page, 'Revenue by region', ids.dashboardId!);

    await colleagueSaves(ui.emulator!, ids.dashboardId!, '// Colleague: Q3 targets added');
    const since = await lastSeq();
    const editor = editorOf(page, ids.dashboardId!);
    assert.equal(await editor.locator('.view-line', { hasText: 'Colleague: Q3 targets added' }).count(), 0, 'not shown before');
    await switchBackUntil(page, async () => (await sourceReads(ids.dashboardId!, since)).length > 0, 'the dashboard was read again');
    await editor.locator('.view-line', { hasText: 'Colleague: Q3 targets added' }).first().waitFor({ timeout: 15_000 });
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    assert.equal((await sourceReads(ids.dashboardId!, since)).length, 1, 'one read of the file');
    await ui.screenshot('remote-change-reloaded');
  });

  it('an edited editor keeps its text when the window regains focus, while a clean one beside it is updated; saving offers the choices', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    const { ids } = await emulatorAdmin(emulator!).demo();
    const revenue = editorOf(page, ids.dashboardId!);
    await revenue.locator('.view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// My note on the regions');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    // A second dashboard beside it, clean: it shows that the focus change was noticed.
    await runCommand(page, 'View: Split Editor Right');
    await openDashboard(page, 'Customer churn', ids.churnDashboardId!);
    await revenue.waitFor();

    await colleagueSaves(ui.emulator!, ids.dashboardId!, '// Colleague: regions renamed');
    await colleagueSaves(ui.emulator!, ids.churnDashboardId!, '// Colleague: churn window is 90 days');
    const since = await lastSeq();
    await switchBackUntil(
      page,
      async () => (await sourceReads(ids.churnDashboardId!, since)).length > 0,
      'the clean dashboard was read again',
    );
    await editorOf(page, ids.churnDashboardId!)
      .locator('.view-line', { hasText: 'Colleague: churn window is 90 days' })
      .first()
      .waitFor({ timeout: 15_000 });

    assert.equal((await sourceReads(ids.dashboardId!, since)).length, 0, 'the edited dashboard is not read: its save meets the change');
    // The text as typed: the colleague's first line did not come in, my last line is there.
    await revenue.locator('.view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await revenue.locator('.view-line', { hasText: "import React, { useMemo, useState } from 'react';" }).first().waitFor();
    assert.equal(
      await revenue.locator('.view-line', { hasText: 'Colleague: regions renamed' }).count(),
      0,
      'the colleague’s line is not put in',
    );
    await page.keyboard.press('Control+End');
    await revenue.locator('.view-line', { hasText: 'My note on the regions' }).first().waitFor();
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    await ui.screenshot('remote-change-kept-edits');

    await revenue.locator('.view-lines').first().click();
    await page.keyboard.press('Control+S');
    const offer = notificationToasts(page).filter({ hasText: '«Revenue by region»' });
    await offer.first().waitFor();
    for (const name of ['Compare', 'Merge', 'Overwrite'])
      assert.ok(await offer.first().getByRole('button', { name, exact: true }).isVisible(), `${name} is offered`);
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    await revenue.locator('.view-line', { hasText: 'My note on the regions' }).first().waitFor();
    await ui.screenshot('remote-change-offered');
  });

  it('a clean editor shown again from its tab shows the colleague’s text: one read of the file', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    const { ids } = await emulatorAdmin(emulator!).demo();
    const tab = (name: string) => page.locator('.tabs-container .tab', { hasText: name }).first();
    // Another dashboard in front of Customer churn, in its group.
    await tab('Customer churn.tsx').click();
    await openDashboard(page, 'Inventory alerts', ids.longHistoryDashboardId!);
    await colleagueSaves(ui.emulator!, ids.churnDashboardId!, '// Colleague: churn by plan added');
    const since = await lastSeq();
    const churn = editorOf(page, ids.churnDashboardId!);
    await repeatUntil(
      async () => {
        await tab('Inventory alerts.tsx').click();
        await editorOf(page, ids.longHistoryDashboardId!).waitFor();
        await tab('Customer churn.tsx').click();
        await churn.waitFor();
      },
      async () => (await sourceReads(ids.churnDashboardId!, since)).length > 0,
      'Customer churn was read again after its tab was shown',
    );
    await churn.locator('.view-line', { hasText: 'Colleague: churn by plan added' }).first().waitFor({ timeout: 15_000 });
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Customer churn.tsx' }).first().waitFor();
    assert.equal((await sourceReads(ids.churnDashboardId!, since)).length, 1, 'one read of the file');
    await ui.screenshot('remote-change-tab-shown');
  });
});
