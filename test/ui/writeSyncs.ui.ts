// A person changes a write sync's mapping and switch in VS Code and saves it with Ctrl+S: the tab
// turns clean, the service receives one update with the version read, and the explorer shows the
// new version. On a write sync whose identity is locked, a changed key column is an Error in
// Problems at its line, and nothing is sent.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { emulatorAdmin, expandTreeItem, openViewContainer, runCommand, useWorkbench, viewPane, waitUntil } from '../harness';

describe('Editing write syncs in the workbench', () => {
  const ui = useWorkbench({
    settings: {
      // Saved by hand; typed JSON stays as typed (no closing quotes, brackets or suggestions added).
      'files.autoSave': 'off',
      'editor.autoClosingBrackets': 'never',
      'editor.autoClosingQuotes': 'never',
      'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
      'editor.suggestOnTriggerCharacters': false,
      'editor.autoSurround': 'never',
    },
  });

  const row = (pane: Locator, label: RegExp): Locator => pane.locator('.monaco-list-row', { hasText: label }).first();
  const tab = (page: Page, name: string) => page.locator('.tabs-container .tab', { hasText: name }).first();
  const puts = async (path: string) =>
    (await emulatorAdmin(ui.emulator!).requests()).filter((r) => r.method === 'PUT' && r.path.endsWith(path));

  /** Replaces the only match of `text` with `by`, found with the find widget as a keyboard user would. */
  async function replace(page: Page, text: string, by: string): Promise<void> {
    await select(page, text);
    await page.keyboard.press('Backspace');
    await page.keyboard.type(by);
    // A suggestion the JSON schema offers stays unaccepted.
    await page.keyboard.press('Escape');
  }

  /** Selects the only match of `text` with the find widget, as a keyboard user would. */
  async function select(page: Page, text: string): Promise<void> {
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+F');
    const widget = page.locator('.editor-instance .find-widget.visible');
    const find = widget.locator('textarea, input').first();
    await find.waitFor();
    await find.fill(text);
    await widget.locator('.matchesCount', { hasText: '1 of 1' }).waitFor();
    await find.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    await page.locator('.editor-instance .monaco-editor.focused').waitFor();
    await page.locator('.part.statusbar').getByText(`(${text.length} selected)`).waitFor();
  }

  /** The line of the only match of `text`, as the status bar reports it once the find widget selected it. */
  async function lineOf(page: Page, text: string): Promise<number> {
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+F');
    const widget = page.locator('.editor-instance .find-widget.visible');
    const find = widget.locator('textarea, input').first();
    await find.waitFor();
    await find.fill(text);
    await widget.locator('.matchesCount', { hasText: '1 of 1' }).waitFor();
    const position = page.locator('.part.statusbar').getByText(`(${text.length} selected)`);
    const line = /Ln (\d+), Col \d+/.exec(await position.innerText());
    assert.ok(line, `the status bar shows the cursor's line: ${await position.innerText()}`);
    await widget.getByRole('button', { name: /^Close/ }).click();
    await widget.waitFor({ state: 'hidden' });
    return Number(line[1]);
  }

  async function open(page: Page, name: RegExp, tabName: string): Promise<void> {
    const explorer = viewPane(page, 'Explorer');
    await row(explorer, name).click();
    await tab(page, tabName).waitFor();
    await page.locator('.editor-instance .view-line', { hasText: '"definition"' }).first().waitFor();
  }

  it('a write sync’s mapping and automatic switch edited and saved with Ctrl+S: one update, the explorer shows version 2', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const ids = (await emulatorAdmin(emulator!).demo()).ids as Record<string, string>;
    await openViewContainer(page, 'Workspace Automation');
    await expandTreeItem(viewPane(page, 'Explorer'), 'Write Syncs');
    await open(page, /^Churn scores → Salesforce/, 'Churn scores → Salesforce.json');
    const before = (await puts(`/write-syncs/${ids.writeSyncId}`)).length;

    await replace(page, '"month": "Month__c"', '"month": "Month__c", "churn_rate": "Churn_Rate__c"');
    await replace(page, '"automaticEnabled": false', '"automaticEnabled": true');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Churn scores → Salesforce.json' }).waitFor();
    await page.keyboard.press('Control+S');

    await page.locator('.tabs-container .tab:not(.dirty)', { hasText: 'Churn scores → Salesforce.json' }).waitFor({ timeout: 30_000 });
    await page
      .locator('.part.statusbar')
      .getByText(/Saved «Churn scores → Salesforce» \(version 2\)/)
      .waitFor();
    assert.ok(
      await waitUntil(async () => (await puts(`/write-syncs/${ids.writeSyncId}`)).length === before + 1, 10_000, 100),
      'one PUT reached the service',
    );
    const [put] = (await puts(`/write-syncs/${ids.writeSyncId}`)).slice(before);
    assert.equal(put!.status, 200);
    const body = put!.body as { expectedVersion: number; automaticEnabled: boolean; definition: { fields: Record<string, string> } };
    assert.equal(body.expectedVersion, 1);
    assert.equal(body.automaticEnabled, true);
    assert.equal(body.definition.fields['churn_rate'], 'Churn_Rate__c');
    await row(viewPane(page, 'Explorer'), /^Churn scores → Salesforce/)
      .filter({ hasText: /enabled · automatic · v2/ })
      .waitFor({ timeout: 15_000 });
    await ui.screenshot('write-sync-saved');
  });

  it('a changed key column of a locked write sync is an Error in Problems at its line, and nothing is sent', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const ids = (await emulatorAdmin(emulator!).demo()).ids as Record<string, string>;
    await open(page, /^CRM contacts → Salesforce/, 'CRM contacts → Salesforce.json');
    const before = (await puts(`/write-syncs/${ids.identityLockedWriteSyncId}`)).length;

    await replace(page, '"keyColumn": "customer_id"', '"keyColumn": "email"');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'CRM contacts → Salesforce.json' }).waitFor();
    await page.keyboard.press('Control+S');

    await runCommand(page, 'View: Toggle Problems');
    const problems = page.locator('.markers-panel');
    const problem = problems.locator('.monaco-list-row', { hasText: 'The key column cannot change' }).first();
    await problem.waitFor({ timeout: 30_000 });
    assert.ok(await problems.locator('.monaco-list-row .codicon-error').count(), 'shown as an error');
    // At its line: the one the edited key column is on, as the editor's cursor position reports it.
    const shownAt = /\[Ln (\d+), Col \d+\]/.exec(await problem.innerText());
    assert.ok(shownAt, `Problems shows where: ${await problem.innerText()}`);
    assert.equal(Number(shownAt[1]), await lineOf(page, '"keyColumn": "email"'), 'the Error is at the key column’s line');
    assert.equal((await puts(`/write-syncs/${ids.identityLockedWriteSyncId}`)).length, before, 'nothing was sent');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'CRM contacts → Salesforce.json' }).waitFor();
    await page.keyboard.press('Escape');
    await ui.screenshot('write-sync-locked');
    await runCommand(page, 'View: Toggle Problems');
  });
});
