// What a person does in the workbench, as Playwright steps (selectors checked on VS Code 1.139.1).
import type { Locator, Page } from 'playwright-core';
import { waitUntil } from './processes';

/** Opens the server's page on its workspace folder and waits until the workbench is usable. */
export async function openWorkbench(page: Page, serverUrl: string, workspaceFolder: string): Promise<void> {
  await page.goto(`${serverUrl}/?folder=${encodeURIComponent(workspaceFolder)}`);
  await page.locator('.part.activitybar .action-item').first().waitFor({ timeout: 120_000 });
  await page.locator('.part.statusbar').waitFor({ timeout: 120_000 });
}

/** The activity bar entry of a view container, by its title. */
export function activityBarEntry(page: Page, title: string): Locator {
  return page.locator(`.part.activitybar a.action-label[aria-label^="${title}"]`);
}

/** Shows a view container from the activity bar (a second click on a selected entry would hide it). */
export async function openViewContainer(page: Page, title: string): Promise<void> {
  const entry = activityBarEntry(page, title);
  await entry.waitFor();
  if ((await entry.locator('xpath=..').getAttribute('aria-selected')) !== 'true') await entry.click();
  await page.locator('.part.sidebar').getByRole('heading', { name: title, exact: false }).first().waitFor();
}

/** A view pane in the side bar, by the view's name (its header and body). */
export function viewPane(page: Page, name: string): Locator {
  return page
    .locator('.part.sidebar .pane')
    .filter({ has: page.locator('.pane-header', { hasText: new RegExp(`^${escape(name)}`, 'i') }) });
}

/**
 * Expands a tree item of `pane` by its label (a string is the label's start), as a person clicks it,
 * and returns once it is expanded. Rows move while groups load (a group's children arrive, the
 * view's message appears above the tree), and a click can land on the row that moved under the
 * pointer: so it clicks only once the pane's rows have stood still for a moment, and again while
 * the item is not expanded.
 */
export async function expandTreeItem(pane: Locator, label: string | RegExp, timeoutMs = 30_000): Promise<void> {
  const item = pane.getByRole('treeitem', { name: typeof label === 'string' ? new RegExp(`^${escape(label)}`) : label }).first();
  const deadline = Date.now() + timeoutMs;
  await item.waitFor({ timeout: timeoutMs });
  while ((await item.getAttribute('aria-expanded')) !== 'true') {
    if (Date.now() > deadline) throw new Error(`the tree item ${String(label)} did not expand within ${timeoutMs} ms`);
    await rowsStandStill(pane, 300);
    await item.click();
    await waitUntil(async () => (await item.getAttribute('aria-expanded')) === 'true', 2_000);
  }
}

/** Resolves once the pane's text (its message and rows) has not changed for `quietMs`. */
async function rowsStandStill(pane: Locator, quietMs: number): Promise<void> {
  const rows = () => pane.innerText();
  let last = await rows();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    // eslint-disable-next-line no-restricted-syntax -- a poll for "nothing changed for a while", whose quiet time is the condition
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await rows();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/** Runs a command from the command palette by its full title ("Workspace Automation: Show Log"). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list').getByRole('option', { name: title }).first().click();
}

/** Notification toasts as a person sees them (bottom right), newest last. */
export function notificationToasts(page: Page): Locator {
  return page.locator('.notification-toast .notification-list-item');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Switches to another browser tab and back, as a person does: the workbench's window loses focus,
 * then regains it. Playwright makes every page think it has focus whatever is in front; that is
 * turned off for the switch, else VS Code would never see the window lose focus. Needs the full
 * browser (`useWorkbench({ windowFocus: true })`): the headless shell keeps every page focused.
 * `whileAway` runs while the other tab is in front (what the person does elsewhere meanwhile).
 */
export async function switchAwayAndBack(page: Page, whileAway?: () => unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const other = await page.context().newPage();
    try {
      await other.bringToFront();
      await page
        .waitForFunction(() => !document.hasFocus())
        .catch((err: unknown) => {
          throw new Error(
            `the workbench kept focus when another page came to the front: its scenario needs windowFocus: true (${String(err)})`,
          );
        });
      await whileAway?.();
    } finally {
      await other.close();
    }
    await page.bringToFront();
    await page.waitForFunction(() => document.hasFocus());
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
