// A person marks the service they are signed in to as production (Set Connection Stage…), opens a
// dashboard: its tab has the P badge and the connection's status bar item turns red. They edit and
// press Ctrl+S: VS Code's modal names the connection, its host and workspace, and nothing is sent;
// Cancel leaves the tab dirty; Save to «label» sends one PUT.
import * as assert from 'node:assert/strict';
import { emulatorAdmin, expandTreeItem, openViewContainer, runCommand, useWorkbench, viewPane } from '../harness';

describe('Production guard: the modal and the red status bar', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off' } });

  it('Set Connection Stage… marks production; a save asks in a modal naming it, Cancel keeps the tab dirty, Save sends one PUT', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const admin = emulatorAdmin(emulator!);
    const { ids } = await admin.demo();
    // The view container activates the extension; its status bar item names the workspace.
    await openViewContainer(page, 'Workspace Automation');
    const connectionItem = page.locator('.part.statusbar .statusbar-item', { hasText: `· ${emulator!.workspaceId}` }).first();
    await connectionItem.waitFor();

    await runCommand(page, 'Workspace Automation: Set Connection Stage…');
    await page
      .locator('.quick-input-list')
      .getByRole('option', { name: /^Production, protected/ })
      .first()
      .click();

    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Dashboards');
    await explorer
      .getByRole('treeitem', { name: /^Revenue by region/ })
      .first()
      .click();
    const tab = page.locator('.tabs-container .tab', { hasText: 'Revenue by region.tsx' }).first();
    await tab.waitFor();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();
    // Red while the production file is the active editor.
    await page
      .locator('.part.statusbar .statusbar-item.has-background-color', { hasText: `· ${emulator!.workspaceId}` })
      .first()
      .waitFor();
    await ui.screenshot('production-editor');

    await page.locator('.editor-instance .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// checked before production');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    const since = (await admin.requests()).at(-1)?.seq ?? 0;
    await page.keyboard.press('Control+S');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    const message = await dialog.locator('.dialog-message-text').innerText();
    assert.match(message, /is a protected connection/);
    const detail = await dialog.locator('.dialog-message-detail').innerText();
    assert.ok(detail.includes(new URL(emulator!.url).host), detail);
    assert.ok(detail.includes(emulator!.workspaceId), detail);
    assert.ok(await dialog.getByRole('button', { name: 'Allow for This Window' }).isVisible());
    await ui.screenshot('production-modal');
    assert.equal((await admin.requests(since)).filter((r) => r.method !== 'GET').length, 0, 'nothing is sent before the answer');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    assert.equal((await admin.requests(since)).filter((r) => r.method !== 'GET').length, 0, 'Cancel sends nothing');

    await page.keyboard.press('Control+S');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /^Save to «/ }).click();
    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    const writes = (await admin.requests(since)).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [`PUT /v1/dashboards/${ids.dashboardId}/source`],
    );
    await ui.screenshot('production-saved');
  });
});
