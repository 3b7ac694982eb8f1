// What a person does in the workbench, as Playwright steps (selectors checked on VS Code 1.139.1).
import type { Locator, Page } from 'playwright-core';

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
