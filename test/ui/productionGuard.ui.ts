// A person marks the service they are signed in to as production (Set Connection Stage…), opens a
// dashboard: its tab has the P badge and the connection's status bar item turns red. They edit and
// press Ctrl+S: VS Code's modal names the connection, its host and workspace, and nothing is sent;
// Cancel leaves the tab dirty; Save to «label» sends one PUT. Then they promote what they changed to
// a second service, "Prod" (production, in their connections): they sign in to it when asked, read
// the plan, look at one change as a diff, apply it, and answer the one question for the plan.
import * as assert from 'node:assert/strict';
import { emulatorAdmin, expandTreeItem, openViewContainer, runCommand, serviceFetch, useWorkbench, viewPane } from '../harness';
import { PROD_KEY, startProdEmulator, type ProdEmulator } from '../integration/prodSeed';

describe('Production guard: the modal and the red status bar', () => {
  const settings: Record<string, unknown> = { 'files.autoSave': 'off' };
  let prod: ProdEmulator | undefined;
  // Before the workbench starts, so that the user's settings name it.
  before(async () => {
    prod = await startProdEmulator();
    settings['workspaceAutomation.connections'] = [
      { id: 'prod', label: 'Prod', baseUrl: prod.emu.url, workspaceId: prod.emu.demo.workspaceId, stage: 'production' },
    ];
  });
  after(() => prod?.close());
  const ui = useWorkbench({ settings });

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

  it('Promote to Another Environment… signs in to Prod, shows the plan and a change, and asks once before it saves there', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    const { ids } = await emulatorAdmin(emulator!).demo();
    const churn = (await (await serviceFetch(emulator!, `/v1/facts/${ids.churnFactId}`)).json()) as { data: Record<string, string> };
    const f = churn.data;
    const body = {
      name: f.name,
      definition: 'churned: no order in 60 days (changed on dev)',
      formula: f.formula,
      formulaType: f.formulaType,
    };
    const edited = await serviceFetch(emulator!, `/v1/facts/${ids.churnFactId}`, { method: 'PUT', body: JSON.stringify(body) });
    assert.equal(edited.status, 200);
    prod!.emu.clearRequests();

    await runCommand(page, 'Workspace Automation: Promote to Another Environment…');
    const widget = page.locator('.quick-input-widget');
    await widget.getByRole('option', { name: /^Prod/ }).first().click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    // Without a detail VS Code shows the message as the dialog's detail: read the whole box.
    assert.match(await dialog.innerText(), /No key is stored for «Prod»/);
    await dialog.getByRole('button', { name: 'Sign In to «Prod»' }).click();
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await widget.getByText(/API key for «Prod»/).waitFor();
    await input.fill(PROD_KEY);
    await input.press('Enter');

    const apply = widget.getByRole('option', { name: /Apply on «Prod»/ }).first();
    await apply.waitFor({ timeout: 30_000 });
    await widget
      .getByText(/^Update on «Prod»/)
      .first()
      .waitFor();
    await ui.screenshot('promote-plan');
    assert.deepEqual(
      prod!.emu.requests().filter((r) => r.method !== 'GET'),
      [],
      'nothing is sent to Prod while the plan is open',
    );

    await widget
      .getByRole('option', { name: /^Monthly churn rate/ })
      .first()
      .click();
    await page
      .locator('.tabs-container .tab', { hasText: /«Prod» now ↔ after promotion/ })
      .first()
      .waitFor();
    await apply.waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.editor-instance .view-line', { hasText: 'changed on dev' }).first().waitFor();
    await ui.screenshot('promote-change');
    assert.deepEqual(
      prod!.emu.requests().filter((r) => r.method !== 'GET'),
      [],
      'leaving the plan sends nothing',
    );

    await runCommand(page, 'Workspace Automation: Promote to Another Environment…');
    await widget.getByRole('option', { name: /^Prod/ }).first().click();
    await apply.waitFor({ timeout: 30_000 });
    await apply.click();
    await dialog.waitFor();
    assert.match(await dialog.locator('.dialog-message-text').innerText(), /«Prod» is a protected connection\. Apply this plan on «Prod»/);
    assert.equal(await dialog.getByRole('button', { name: 'Allow for This Window' }).count(), 0, 'one question for the plan, every time');
    await ui.screenshot('promote-modal');
    await dialog.getByRole('button', { name: 'Promote to «Prod»' }).click();
    await page
      .locator('.notification-toast .notification-list-item-message', { hasText: /Promoted to «Prod»: (\d+) of \1 updates saved/ })
      .first()
      .waitFor();
    await ui.screenshot('promote-done');
    const writes = prod!.emu.requests().filter((r) => r.method !== 'GET');
    assert.ok(
      writes.some((r) => r.method === 'PUT' && r.path === `/v1/facts/${prod!.emu.demo.ids.churnFactId}`),
      writes.map((r) => `${r.method} ${r.path}`).join(', '),
    );
  });

  it('Prod is a root of its own in the explorer: its file opens beside dev’s, the status bar names Prod in red, and a save asks for Prod', async function () {
    this.timeout(150_000);
    const { page } = ui;
    prod!.emu.clearRequests();
    const explorer = viewPane(page, 'Explorer');
    // Prod's key was stored by the sign-in above: its root lists with it.
    await expandTreeItem(explorer, /^Prod/);
    const prodFacts = explorer.locator('.monaco-list-row[aria-level="2"]', { hasText: /^Facts$/ }).first();
    await prodFacts.click();
    const churn = explorer.locator('.monaco-list-row[aria-level="3"]', { hasText: 'Monthly churn rate' }).first();
    await churn.click();
    await page.locator('.tabs-container .tab', { hasText: 'Monthly churn rate.json' }).first().waitFor();
    await page.locator('.editor-instance .view-line', { hasText: '"definition"' }).first().waitFor();
    await page
      .locator('.part.statusbar .statusbar-item.has-background-color', { hasText: `Prod · ${prod!.emu.demo.workspaceId}` })
      .first()
      .waitFor();
    await ui.screenshot('side-by-side');
    assert.ok(
      prod!.emu.requests().some((r) => r.path === `/v1/facts/${prod!.emu.demo.ids.churnFactId}`),
      'the file is read from Prod',
    );

    await page.locator('.editor-instance .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Monthly churn rate.json' }).first().waitFor();
    await page.keyboard.press('Control+S');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(
      await dialog.locator('.dialog-message-text').innerText(),
      /«Prod» is a protected connection\. Save «Monthly churn rate\.json» to «Prod»/,
    );
    assert.ok((await dialog.locator('.dialog-message-detail').innerText()).includes(new URL(prod!.emu.url).host));
    await ui.screenshot('side-by-side-modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Monthly churn rate.json' }).first().waitFor();
    assert.deepEqual(
      prod!.emu.requests().filter((r) => r.method !== 'GET'),
      [],
      'Cancel sends nothing to Prod',
    );
  });
});
