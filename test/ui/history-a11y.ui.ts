// The revision history panel for someone with a screen reader or a keyboard alone: axe-core finds
// no critical, serious or moderate violation in the light, dark and high-contrast themes, on a
// 5,000-revision history and on an empty one; and the keyboard alone selects two
// revisions and compares them, publishes and restores, answering VS Code's dialogs.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { activityBarEntry, axe, axeReport, emulatorAdmin, runCommand, useWorkbench, waitUntil } from '../harness';

const THEMES = [
  // `name` is the setting's value; the theme picker lists the themes by `label`.
  { name: 'Default Light Modern', label: 'Light Modern', body: 'vscode-light', slug: 'light' },
  { name: 'Default Dark Modern', label: 'Dark Modern', body: 'vscode-dark', slug: 'dark' },
  { name: 'Default High Contrast', label: 'Dark High Contrast', body: 'vscode-high-contrast', slug: 'high-contrast' },
] as const;

/** What must never be found; `minor` findings are printed but pass. */
const BLOCKING = new Set(['critical', 'serious', 'moderate']);

function historyFrame(page: Page): FrameLocator {
  return page
    .frameLocator('iframe.webview.ready[src*="extensionId=workspace-automation.workspace-automation"]')
    .frameLocator('iframe#active-frame');
}

/** Opens a history from the command palette with an id; `pick` answers "dashboard or operation?". */
async function showHistory(page: Page, id: string, pick?: RegExp): Promise<void> {
  // The palette lists the command once the workbench has the extension's contributions, which its
  // activity bar entry shows; a test run alone starts right after the workbench does.
  await activityBarEntry(page, 'Workspace Automation').waitFor({ timeout: 60_000 });
  await runCommand(page, 'Workspace Automation: Show Revision History');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor();
  await input.fill(id);
  await page.keyboard.press('Enter');
  if (pick) await page.locator('.quick-input-list').getByRole('option', { name: pick }).first().click();
}

/** Switches the colour theme through the palette and waits until the webview has it. */
async function setTheme(page: Page, frame: FrameLocator, theme: (typeof THEMES)[number]): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor();
  await input.fill(theme.label);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: theme.label }).waitFor();
  await page.keyboard.press('Enter');
  await frame.locator(`body.${theme.body}`).waitFor({ timeout: 30_000 });
}

async function checkAxe(frame: FrameLocator, what: string): Promise<void> {
  const violations = await axe(frame);
  const report = axeReport(violations);
  console.log(`      axe, ${what}: ${violations.length ? `\n${report.replace(/^/gm, '        ')}` : 'no violation'}`);
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  assert.equal(blocking.length, 0, `axe violations, ${what}:\n${axeReport(blocking)}`);
}

describe('Revision history accessibility', () => {
  const ui = useWorkbench({ emulatorArgs: ['--large', '1'] });

  it('axe-core finds no critical, serious or moderate violation in light, dark and high contrast, long and empty histories', async function () {
    this.timeout(300_000);
    const { page, emulator } = ui;
    if (!emulator) this.skip();
    const { ids } = await emulatorAdmin(emulator!).demo();
    const largeId = (ids as Record<string, string | undefined>).largeDashboardId;
    assert.ok(largeId, 'the emulator runs with --large');
    await showHistory(page, `https://automation.example.com/dashboards/${largeId}?tab=history`, /Dashboard/);
    const frame = historyFrame(page);
    await frame.locator('h1', { hasText: 'Large history dashboard' }).waitFor({ timeout: 60_000 });
    await frame.locator('.status', { hasText: /\d{4} revisions/, hasNotText: 'loaded' }).waitFor({ timeout: 60_000 });
    const list = frame.locator('.list[role="listbox"]');
    assert.equal(await list.getAttribute('aria-multiselectable'), 'true');
    for (const theme of THEMES) {
      await setTheme(page, frame, theme);
      // Two revisions selected, the list focused: the selection and focus colours are checked too.
      await frame.locator('.list .row').nth(1).click();
      await page.keyboard.press('Shift+ArrowDown');
      await frame.locator('.row.selected').nth(1).waitFor();
      const focused = frame.locator('.row.focused');
      assert.equal(await focused.getAttribute('aria-selected'), 'true');
      assert.equal(await focused.getAttribute('aria-posinset'), '3');
      assert.match((await focused.getAttribute('aria-setsize')) ?? '', /^\d{4}$/);
      await ui.screenshot(`history-a11y-${theme.slug}-list-focus`);
      await checkAxe(frame, `${theme.name}, 5,000 revisions, two selected`);
      // The filter, focused with `/`, with a text that matches nothing: the empty state.
      await page.keyboard.press('/');
      await frame.locator('input.filter:focus').waitFor();
      await page.keyboard.type('no such revision anywhere');
      await frame.locator('.empty:not([hidden])').waitFor();
      await frame.locator('[role="status"][aria-live="polite"]', { hasText: 'No revision matches the filter.' }).waitFor();
      await ui.screenshot(`history-a11y-${theme.slug}-filter-focus`);
      await checkAxe(frame, `${theme.name}, filtered to nothing`);
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await frame.locator('.empty[hidden]').waitFor({ state: 'attached' });
      // Escape leaves the filter for the list (no trap in the text field).
      await page.keyboard.press('Escape');
      await listFocused(frame);
    }

    // Less motion asked for: the progress bar's animation is off.
    const progressAnimation = () => frame.locator('.progress').evaluate((el) => getComputedStyle(el, '::before').animationName);
    assert.equal(await progressAnimation(), 'progress');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.ok(await waitUntil(async () => (await progressAnimation()) === 'none', 5_000), 'no animation under reduced motion');
    await page.emulateMedia({ reducedMotion: null });

    // An empty history: the emulator's data flow operation lists no revisions (its capabilities say no history).
    await showHistory(page, ids.dataFlowOperationId!);
    await frame.locator('h1', { hasText: 'Nightly sales pipeline' }).waitFor({ timeout: 30_000 });
    await frame.locator('.empty:not([hidden])', { hasText: 'This resource has no revisions.' }).waitFor();
    for (const theme of [...THEMES].reverse()) {
      await setTheme(page, frame, theme);
      await checkAxe(frame, `${theme.name}, no revisions`);
    }
  });

  it('works with the keyboard alone: selects two and compares, publishes and restores, answering the dialogs', async function () {
    this.timeout(240_000);
    const { page, emulator } = ui;
    if (!emulator) this.skip();
    const { ids } = await emulatorAdmin(emulator!).demo();
    await showHistory(page, `https://automation.example.com/dashboards/${ids.dashboardId}?tab=history`, /Dashboard/);
    const frame = historyFrame(page);
    await frame.locator('h1', { hasText: 'Revenue by region' }).waitFor({ timeout: 30_000 });
    await frame.locator('.list .row').first().waitFor();
    const live = frame.locator('[role="status"][aria-live="polite"]');

    // From here on, only the keyboard. The panel opened focused: the list has the keys.
    await listFocused(frame);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await live.filter({ hasText: /2 revisions selected: #\d+ and #\d+/ }).waitFor();
    assert.equal(await frame.locator('.row[aria-selected="true"]').count(), 2);
    await ui.screenshot('history-a11y-keyboard-two-selected');
    await page.keyboard.press('Enter');
    await live.filter({ hasText: /Comparing #\d+ with #\d+/ }).waitFor();
    // The diff opens beside the panel and takes the focus.
    await page.locator('.editor-group-container .monaco-diff-editor .monaco-editor.focused').first().waitFor({ timeout: 30_000 });

    // Back to the panel (first editor group): the focus returns to the list. VS Code's webview
    // sometimes leaves it on its outer frame (it skips focusing the page's frame when that is already
    // the outer frame's active element); then Tab enters the page, as a keyboard user would press it.
    await page.keyboard.press('Control+1');
    if (!(await waitUntil(() => listHasKeys(frame), 5_000))) await focusList(page, frame);

    // Publish the focused revision: Escape drops the second one; Shift+Tab reaches the toolbar.
    await page.keyboard.press('Escape');
    assert.equal(await frame.locator('.row[aria-selected="true"]').count(), 1);
    const publishedBefore = (await frame.locator('.meta-row').first().innerText()).match(/Published\s*#(\d+)/)?.[1];
    const target = (await frame.locator('.row.focused .seq').innerText()).trim();
    await page.keyboard.press('Shift+Tab');
    await frame.locator('.toolbar button:focus').waitFor();
    await ui.screenshot('history-a11y-keyboard-toolbar-focus');
    await toolbarTo(page, frame, 'Publish…');
    await page.keyboard.press('Enter');
    await answerDialog(page, 'Publish');
    await live.filter({ hasText: `Published ${target}.` }).waitFor({ timeout: 30_000 });
    assert.notEqual(`#${publishedBefore}`, target, 'a revision that was not published');

    // Restore another revision: Tab back to the list, move, Shift+Tab to the toolbar.
    await focusList(page, frame);
    await page.keyboard.press('End');
    const restored = (await frame.locator('.row.focused .seq').innerText()).trim();
    await page.keyboard.press('Shift+Tab');
    await toolbarTo(page, frame, 'Restore');
    await page.keyboard.press('Enter');
    await answerDialog(page, 'Restore');
    await live.filter({ hasText: /The draft is now #\d+/ }).waitFor({ timeout: 30_000 });
    assert.ok(restored.startsWith('#'));
    await focusList(page, frame);
    await ui.screenshot('history-a11y-keyboard-after-restore');
  });
});

/** Whether the keys go to the list: its frame has the focus (`:focus` alone also matches in a frame that has not) and it is the active element. */
function listHasKeys(frame: FrameLocator): Promise<boolean> {
  return frame.locator('.list').evaluate((el) => document.hasFocus() && document.activeElement === el);
}

async function listFocused(frame: FrameLocator): Promise<void> {
  assert.ok(await waitUntil(() => listHasKeys(frame), 30_000), 'the revision list has the keyboard focus');
}

/** Tab until the list has the focus (the page's tab stops: filter, toolbar, list). */
async function focusList(page: Page, frame: FrameLocator): Promise<void> {
  for (let i = 0; i < 5 && !(await listHasKeys(frame)); i++) await page.keyboard.press('Tab');
  await listFocused(frame);
}

/** Arrow right through the toolbar until the button named `label` has the focus. */
async function toolbarTo(page: Page, frame: FrameLocator, label: string): Promise<void> {
  const focused = frame.locator('.toolbar button:focus');
  await focused.waitFor();
  for (let i = 0; i < 12 && (await focused.innerText()).trim() !== label; i++) await page.keyboard.press('ArrowRight');
  assert.equal((await focused.innerText()).trim(), label);
}

/** Tabs through VS Code's modal dialog to the button `label` and presses it. */
async function answerDialog(page: Page, label: string): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 30_000 });
  const focused = dialog.locator('.dialog-buttons .monaco-button:focus');
  await focused.waitFor();
  for (let i = 0; i < 6 && (await focused.innerText()).trim() !== label; i++) await page.keyboard.press('Tab');
  assert.equal((await focused.innerText()).trim(), label);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}
