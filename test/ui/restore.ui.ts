// A person restores an older revision of a dashboard from its history panel: VS Code asks in its
// modal dialog, naming the revision, they click Restore, and the dashboard's draft is that
// revision's content again: on the service (one restore request), in the history list (a new
// draft on top) and in the editor they have open.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { emulatorAdmin, expandTreeItem, notificationToasts, openViewContainer, serviceFetch, useWorkbench, viewPane } from '../harness';

describe('Restoring a revision from the history panel', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off' } });

  /** The history webview's content frame (VS Code nests the page in a second iframe). */
  const historyFrame = (): FrameLocator =>
    ui.page
      .frameLocator('iframe.webview.ready[src*="extensionId=workspace-automation.workspace-automation"]')
      .frameLocator('iframe#active-frame');

  async function serviceData<T>(path: string): Promise<T> {
    const response = await serviceFetch(ui.emulator!, path);
    assert.equal(response.status, 200, path);
    return ((await response.json()) as { data: T }).data;
  }

  it('asks in a modal dialog naming the revision; clicking Restore makes it the new draft, in the list and the open editor', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();
    const resourceId = ids.longHistoryDashboardResourceId!;
    const dashboardSource = async () =>
      (await serviceData<{ source: string }>(`/v1/dashboards/${ids.longHistoryDashboardId!}/source`)).source;

    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Dashboards');
    const dashboard = explorer.getByRole('treeitem', { name: /^Inventory alerts/ }).first();
    await dashboard.click();
    await page.locator('.tabs-container .tab', { hasText: 'Inventory alerts.tsx' }).first().waitFor();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();

    await dashboard.click({ button: 'right' });
    // VS Code's menus ignore a click that lands right after the menu opened: point, then Enter.
    await page.getByRole('menuitem', { name: 'Show Revision History' }).first().hover();
    await page.locator('.monaco-menu .action-item.focused', { hasText: 'Show Revision History' }).waitFor();
    await page.keyboard.press('Enter');
    const frame = historyFrame();
    await frame.locator('.status', { hasText: '150 revisions', hasNotText: 'loaded' }).waitFor({ timeout: 30_000 });

    // An older revision whose text differs from the draft's in a line the editor can show.
    const draftBefore = await dashboardSource();
    const row = frame.locator('.list .row').nth(4);
    await row.click();
    await frame.locator('.row.selected').first().waitFor();
    const chosenId = (await row.getAttribute('data-id'))!;
    const sequence = Number(/#(\d+)/.exec(await row.innerText())?.[1]);
    assert.ok(chosenId && sequence > 0, `the row names its revision (${chosenId}, #${sequence})`);
    const chosen = (await serviceData<{ value: { source: string } }>(`/v1/resources/${resourceId}/revisions/${chosenId}`)).value.source;
    const drafted = new Set(draftBefore.split('\n').map((l) => l.trim()));
    const restoredLine = chosen
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 8 && !drafted.has(l));
    assert.ok(restoredLine, `revision #${sequence} differs from the draft in a line`);
    const admin = emulatorAdmin(emulator!);
    const since = (await admin.requests()).at(-1)?.seq ?? 0;

    await frame.locator('button.action-restore').click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    const question = await dialog.locator('.dialog-message-text').innerText();
    assert.match(question, new RegExp(`#${sequence}\\b`), 'the question names the revision');
    assert.match(question, /Inventory alerts/, 'and the dashboard');
    assert.ok(await dialog.locator('.dialog-message-detail').isVisible(), 'with a detail saying what happens');
    const restore = dialog.getByRole('button', { name: 'Restore', exact: true });
    assert.ok(await restore.isVisible(), 'Restore is offered');
    assert.deepEqual(
      (await (await admin.requests(since)).filter((r) => r.method !== 'GET')).length,
      0,
      'nothing is sent before the answer',
    );
    await ui.screenshot('restore-confirmation');

    await restore.click();
    await dialog.waitFor({ state: 'hidden' });
    // Told: the revision and the new draft it became (#151 after draft #150).
    await notificationToasts(page)
      .filter({ hasText: `#${sequence}` })
      .filter({ hasText: 'Inventory alerts' })
      .filter({ hasText: '#151' })
      .first()
      .waitFor();
    // A new revision: the list holds one more, the new draft on top.
    await frame.locator('.status', { hasText: '151 revisions', hasNotText: 'loaded' }).waitFor({ timeout: 30_000 });
    const writes = (await admin.requests(since)).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [`POST /v1/resources/${resourceId}/revisions/${chosenId}/restore`],
      'one restore request',
    );
    assert.equal(await dashboardSource(), chosen, 'the draft holds the restored revision’s text');
    // The dashboard's editor (behind the panel) read it again: it shows the restored text, clean.
    await page.locator('.tabs-container .tab', { hasText: 'Inventory alerts.tsx' }).first().click();
    await page.locator('.editor-instance .view-line', { hasText: restoredLine! }).first().waitFor({ timeout: 15_000 });
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Inventory alerts.tsx' }).first().waitFor();
    await ui.screenshot('restore-done');
  });
});
