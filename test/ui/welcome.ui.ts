// A person who never connected opens the extension from the activity bar.
import * as assert from 'node:assert/strict';
import { openViewContainer, useWorkbench, viewPane } from '../harness';

describe('First visit to the Workspace Automation view', () => {
  const ui = useWorkbench({ connect: false });

  it('shows the welcome with Sign In and Connect to Local Emulator', async () => {
    const { page } = ui;
    await ui.screenshot('01-workbench');
    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    const signIn = explorer.getByRole('button', { name: 'Sign In', exact: true });
    const emulator = explorer.getByRole('button', { name: 'Connect to Local Emulator', exact: true });
    await signIn.waitFor();
    await emulator.waitFor();
    assert.ok(await signIn.isVisible());
    assert.ok(await emulator.isVisible());
    assert.match(await explorer.innerText(), /Sign in to a Workspace Automation Service/);
    await ui.screenshot('02-welcome');
  });
});
