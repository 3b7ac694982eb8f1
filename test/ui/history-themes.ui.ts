// The history panel opened from the command palette with an id, in the high-contrast theme: the
// webview follows VS Code's theme variables, and an `oper_` id that is also a dashboard asks which
// history is meant.
import * as assert from 'node:assert/strict';
import { activityBarEntry, emulatorAdmin, runCommand, useWorkbench, waitUntil } from '../harness';

describe('Revision history from the command palette, high contrast', () => {
  const ui = useWorkbench({ settings: { 'workbench.colorTheme': 'Default High Contrast' } });

  it('asks for an id, asks dashboard or operation, and shows the dashboard’s history themed', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const { ids } = await emulatorAdmin(emulator!).demo();
    // The palette lists the extension's commands once the workbench knows the extension.
    await activityBarEntry(page, 'Workspace Automation').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Workspace Automation: Show Revision History');
    const input = page.locator('.quick-input-widget input.input');
    // The command activates the extension first: on a busy machine that alone took over 20 s.
    await input.waitFor({ timeout: 60_000 });
    await input.fill(`https://automation.example.com/dashboards/${ids.dashboardId}?tab=history`);
    await page.keyboard.press('Enter');
    const dashboard = page
      .locator('.quick-input-list')
      .getByRole('option', { name: /Dashboard/ })
      .first();
    await dashboard.waitFor();
    // The focus moving elsewhere (as when a panel behind takes it back) leaves the question open.
    await page.locator('.part.statusbar').click({ position: { x: 5, y: 5 } });
    await page.locator('.quick-input-widget').getByText('is an operation with a dashboard: whose history?').waitFor();
    await dashboard.click();

    const frame = page
      .frameLocator('iframe.webview.ready[src*="extensionId=workspace-automation.workspace-automation"]')
      .frameLocator('iframe#active-frame');
    await frame.locator('.list .row').first().waitFor({ timeout: 30_000 });
    await frame.locator('h1', { hasText: 'Revenue by region' }).waitFor();
    // A straight history has no graph; the message still gets the row's room.
    const message = frame.locator('.row .message').first();
    assert.match(await message.innerText(), /Draft\s*Edited layout/);
    // The list draws its rows again when the rest of the history arrives: a row measured in that
    // moment has no box yet, so the width is read until a drawn row has one.
    let width: number | undefined;
    await waitUntil(async () => (width = (await message.boundingBox())?.width) !== undefined, 10_000);
    assert.ok(width !== undefined && width > 200, `the message column is ${width} px wide`);
    assert.equal(await frame.locator('body.vscode-high-contrast').count(), 1, 'the webview knows the theme');
    // Operations and apps cannot be restored; a dashboard can, and its Restore button says what it does.
    await frame.locator('.list .row').nth(1).click();
    assert.equal(await frame.locator('button.action-restore').getAttribute('aria-disabled'), 'false');
    await ui.screenshot('history-high-contrast');
  });
});
