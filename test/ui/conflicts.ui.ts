// A person edits a dashboard that a colleague saves first. Ctrl+S shows one notification naming
// the dashboard with Compare, Merge and Overwrite; Compare opens the service's revision beside
// their text, the choices come back, and Merge combines both edits for them to review and save.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  emulatorAdmin,
  expandTreeItem,
  notificationToasts,
  openViewContainer,
  colleagueSaves,
  useWorkbench,
  viewPane,
  waitUntil,
} from '../harness';

describe('A dashboard a colleague saved first', () => {
  // VS Code for the web auto saves by default; this person saves by hand.
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off' } });

  const conflictToast = (page: Page) => notificationToasts(page).filter({ hasText: '«Customer churn» was changed on the service' });
  const puts = async () => (await emulatorAdmin(ui.emulator!).requests()).filter((r) => r.method === 'PUT');

  it('shows the conflict notification; Compare opens the diff, and Merge keeps both edits', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();

    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Dashboards');
    await explorer
      .getByRole('treeitem', { name: /^Customer churn/ })
      .first()
      .click();
    await page.locator('.tabs-container .tab', { hasText: 'Customer churn.tsx' }).first().waitFor();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();

    // My edit at the end; the colleague's at the top, saved first.
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// Checked against the CRM export');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Customer churn.tsx' }).waitFor();
    const sequence = await colleagueSaves(ui.emulator!, ids.churnDashboardId!, '// Colleague: churn threshold reviewed');

    await page.keyboard.press('Control+S');
    const toast = conflictToast(page);
    await toast.waitFor();
    assert.match(
      await toast.innerText(),
      new RegExp(`now revision ${sequence}\\) while you edited it\\. Your text is kept in the editor\\.`),
    );
    for (const name of ['Compare', 'Merge', 'Overwrite'])
      assert.ok(await toast.getByRole('button', { name, exact: true }).isVisible(), `${name} is offered`);
    assert.equal(await toast.count(), 1, 'one notification');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Customer churn.tsx' }).waitFor();
    await ui.screenshot('conflict-notification');

    await toast.getByRole('button', { name: 'Compare', exact: true }).click();
    const diffTab = page.locator('.tabs-container .tab', { hasText: `«Customer churn»: Service (revision ${sequence}) ↔ Yours` });
    await diffTab.waitFor();
    const diff = page.locator('.monaco-diff-editor').first();
    await diff.waitFor();
    await diff.locator('.editor.original .view-line', { hasText: '// Colleague: churn threshold reviewed' }).first().waitFor();
    await diff.locator('.editor.modified .view-line', { hasText: '// Checked against the CRM export' }).first().waitFor();
    // The choices come back beside the diff.
    await conflictToast(page).getByRole('button', { name: 'Merge', exact: true }).waitFor();
    await ui.screenshot('conflict-compare');

    const before = (await puts()).length;
    await conflictToast(page).getByRole('button', { name: 'Merge', exact: true }).click();
    await notificationToasts(page)
      .filter({ hasText: `Merged «Customer churn» with revision ${sequence} — review and save.` })
      .waitFor();
    await diff.locator('.editor.modified .view-line', { hasText: '// Colleague: churn threshold reviewed' }).first().waitFor();
    assert.equal((await puts()).length, before, 'merging sends nothing; the person reviews first');
    await ui.screenshot('conflict-merged');

    await diff.locator('.editor.modified .view-lines').first().click();
    await page.keyboard.press('Control+S');
    await page
      .locator('.part.statusbar')
      .getByText(new RegExp(`Saved «Customer churn» \\(revision ${sequence + 1}\\)`))
      .waitFor();
    assert.ok(await waitUntil(async () => (await puts()).length === before + 1, 10_000, 100), 'one PUT');
  });
});
