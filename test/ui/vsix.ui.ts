// The packaged extension as a user installs it: `npm run package`'s VSIX installed into the
// headless VS Code with its own --install-extension (not the working tree), then the explorer
// lists the demo workspace and a dashboard opens from it.
import * as assert from 'node:assert/strict';
import { openViewContainer, useWorkbench, viewPane } from '../harness';

describe('The installed VSIX', () => {
  const ui = useWorkbench({ extension: 'vsix' });

  it('is installed from the package, connects to the service its settings name, lists the workspace and opens a dashboard', async function () {
    this.timeout(120_000);
    const { page } = ui;
    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    const group = explorer.getByRole('treeitem', { name: /^Dashboards/ }).first();
    await group.waitFor({ timeout: 30_000 });
    await group.click();
    await explorer
      .getByRole('treeitem', { name: /^Revenue by region/ })
      .first()
      .click();
    await page.locator('.tabs-container .tab', { hasText: 'Revenue by region.tsx' }).first().waitFor();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();
    await page
      .locator('.part.statusbar')
      .getByText(/Local \(127\.0\.0\.1:\d+\) · wksp_/)
      .waitFor();
    await ui.screenshot('vsix-dashboard');
    assert.ok(
      await explorer
        .getByRole('treeitem', { name: /^Operations/ })
        .first()
        .isVisible(),
    );
  });
});
