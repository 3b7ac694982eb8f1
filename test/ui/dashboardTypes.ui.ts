// A person edits a dashboard's TSX on the service: typing a row of the data run opens the suggest
// widget with the run's columns, a hover shows a column's type, and a type error appears in the
// Problems panel under "dashboard types" (the screenshot in the README).
import * as assert from 'node:assert/strict';
import { expandTreeItem, openViewContainer, useWorkbench, viewPane } from '../harness';

describe('Dashboard types in the editor', () => {
  const ui = useWorkbench({ settings: { 'files.autoSave': 'off' } });

  it('suggests the data run’s columns, hovers a column’s type and lists a type error in Problems', async function () {
    this.timeout(150_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');

    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Dashboards');
    await explorer
      .getByRole('treeitem', { name: /^Revenue by region/ })
      .first()
      .click();
    await page.locator('.tabs-container .tab', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();
    await page.locator('.statusbar-item', { hasText: 'Dashboard TSX' }).first().waitFor();

    // Typed as a person types it: VS Code closes the brackets, the typed closers step over them.
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nconst first = useOperationData().rows?.[0];\nconst where = first?.');
    const suggest = page.locator('.editor-widget.suggest-widget.visible');
    await suggest.waitFor();
    for (const column of ['region', 'orders', 'revenue', 'currency', 'lastOrderAt'])
      await suggest.locator('.monaco-list-row', { hasText: column }).first().waitFor();
    assert.equal(await suggest.locator('.monaco-list-row', { hasText: /^region/ }).count(), 1, 'region is offered once');
    await ui.screenshot('dashboard-completions');

    await page.keyboard.type('region');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    await page.locator('.monaco-hover', { hasText: 'region: string' }).first().waitFor();
    await page.keyboard.press('Escape');

    await page.keyboard.press('End');
    // The closing quote is typed too: it types over an auto-closed one, and stands for it when a
    // loaded workbench did not auto-close (the string would be unterminated, a syntax error only).
    await page.keyboard.type(';\nconst n: number = "x";');
    await page.keyboard.press('Control+Shift+M');
    const problems = page.locator('.markers-panel');
    await problems.getByText("Type 'string' is not assignable to type 'number'.").first().waitFor();
    await problems.getByText('dashboard types').first().waitFor();
    await ui.screenshot('dashboard-types');
  });
});
