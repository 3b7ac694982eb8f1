// The extension in a pseudo locale (`qps-ploc`): the workbench starts with a generated bundle that
// turns every letter of every string of ours into an accented look-alike (lib/pseudoLocale.ts), and a
// person goes through the main flows. Every visible text of our parts of the screen (view, welcome,
// tree, tooltips, context menu, notifications and their buttons, status bar, quick input, editor tab
// titles, the history page's words and labels) is collected; plain English left in one of them, once
// the service's own text (names, messages, kinds) and what `Intl` writes are taken out, is a string
// that missed the bundle, and the scenario lists them all. VS Code's own words stay English: only
// the extension's parts of the screen are read.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { colleagueSaves, emulatorAdmin, expandTreeItem, openViewContainer, useWorkbench, viewPane } from '../harness';
import { repoRoot } from '../harness/lib/paths';
import { PSEUDO_LOCALE, intlWords, preparePseudoLocale, pseudoBundle, unlocalizedWords } from '../harness/lib/pseudoLocale';

const EXTENSION_ID = 'workspace-automation.workspace-automation';
const bundle = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
const nls = JSON.parse(readFileSync(join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
const pseudoL10n = pseudoBundle(bundle);
const pseudoNls = pseudoBundle(nls);

/** The pseudo text of an English string of the bundle (its key), to find it on the screen. */
function p(english: string): string {
  const text = pseudoL10n[english];
  assert.ok(text, `«${english}» is a string of l10n/bundle.l10n.json`);
  return text;
}

/** The pseudo text of a package.nls.json entry. */
function nlsText(key: string): string {
  const text = pseudoNls[key];
  assert.ok(text, `${key} is an entry of package.nls.json`);
  return text;
}

interface Seen {
  readonly where: string;
  readonly text: string;
  readonly icons: readonly string[];
}

/**
 * VS Code's own words around ours (it adds them to our labels: "<view> Section", "Actions for
 * <item>"; its own title actions): English by design here, since the stub language pack leaves
 * VS Code untranslated.
 */
const WORKBENCH_PHRASES = [
  /\bViews and More Actions\.\.\./g,
  /\bMore Actions\.\.\./g,
  /\bCollapse All\b/g,
  /\bActions for\b/g,
  /, has actions$/g,
  / Section$/g,
  / actions$/g,
  /\bSource: /g,
  /\bFocus on\b/g,
  / View$/g,
  /\b(Ctrl|Control|Shift|Alt)\+/g,
  /^Welcome$/g,
  /\(Press 'Enter' to confirm or 'Escape' to cancel\)/g,
  /\bToggle all checkboxes\b/g,
  /^Source Control$/g,
];

describe('The extension in a pseudo locale', () => {
  // VS Code for the web auto saves by default; the save and its conflict happen on Ctrl+S.
  const ui = useWorkbench({ locale: PSEUDO_LOCALE, prepare: preparePseudoLocale, settings: { 'files.autoSave': 'off' } });
  const seen: Seen[] = [];
  /** The service's own text (names, messages, kinds, ids): not ours to localize. */
  let data: string[] = [];
  const ignored = intlWords(PSEUDO_LOCALE);

  /**
   * Records each visible text (every text node on its own, so a label and its description are not
   * run together) and each label (aria-label, title, placeholder) of `locator`'s elements, with the
   * codicon names drawn there (a status bar item's aria-label spells its `$(cloud)` as "cloud").
   */
  async function collect(where: string, locator: Locator): Promise<void> {
    const found = await locator.evaluateAll((elements) => {
      const texts: string[] = [];
      const icons: string[] = [];
      for (const root of elements) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          if (text && node.parentElement?.checkVisibility({ visibilityProperty: true })) texts.push(text);
        }
        for (const el of [root, ...root.querySelectorAll('*')]) {
          for (const name of ['aria-label', 'title', 'placeholder']) {
            const value = el.getAttribute(name)?.trim();
            if (value) texts.push(value);
          }
          for (const c of el.classList) if (c.startsWith('codicon-')) icons.push(...c.slice('codicon-'.length).split(/[-~]/));
        }
      }
      return { texts, icons };
    });
    for (const text of found.texts) seen.push({ where, text, icons: found.icons });
  }

  /** The English words left in what was collected since `from`, each with where and in what text. */
  function english(from = 0): string[] {
    const found = new Set<string>();
    for (const { where, text, icons } of seen.slice(from)) {
      const ours = WORKBENCH_PHRASES.reduce((rest, phrase) => rest.replace(phrase, ' '), withoutData(text));
      const words = unlocalizedWords(ours).filter((w) => !ignored.has(w.toLowerCase()) && !icons.includes(w));
      if (words.length) found.add(`${where}: ${words.join(', ')} in ${JSON.stringify(text)}`);
    }
    return [...found];
  }

  /** `text` without the service's texts (whole ones only, so a name never hides part of a word) and file suffixes. */
  function withoutData(text: string): string {
    // URLs (the sign-in's example), file suffixes, and ids shortened with an ellipsis (`apik_pwS2…BjU`).
    let rest = text
      .replace(/\bhttps?:\/\/[^\s`]+/g, ' ')
      .replace(/\.(tsx|json|sql|md)\b/g, ' ')
      .replace(/\b[a-z]{4}_\w*…\w*/g, ' ');
    for (const d of data)
      if (rest.includes(d)) rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{M}])${escapeRegExp(d)}(?![\\p{L}\\p{M}])`, 'gu'), ' ');
    return rest;
  }

  function assertLocalized(from: number, what: string): void {
    const left = english(from);
    assert.deepEqual(left, [], `${what}: ${left.length} text(s) not localized:\n${left.join('\n')}`);
  }

  /** Our status bar items and the messages the extension put there. */
  function statusBar(page: Page): Locator {
    return page.locator(
      `.part.statusbar .statusbar-item[id^="${EXTENSION_ID}"], .part.statusbar .statusbar-item[id="status.extensionMessage"]`,
    );
  }

  function historyFrame(page: Page): FrameLocator {
    return page.frameLocator(`iframe.webview.ready[src*="extensionId=${EXTENSION_ID}"]`).frameLocator('iframe#active-frame');
  }

  it('runs in the pseudo locale: the view container has its pseudo title', async function () {
    this.timeout(60_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    // Besides the service's records: its URL and the name of the variable the key came from.
    // The history shows an actor's type and the capabilities by the names the spec gives them.
    data = [
      emulator!.url,
      // Paths in VS Code's titles (a file's hover shows its path before our text).
      ui.server.workspaceFolder,
      'WORKSPACE_AUTOMATION_API_KEY',
      ...['apiKey', 'user', 'history', 'restore', 'publish'],
      // A pulled folder's names on disk: one folder per kind, the same in every language.
      ...['pulled', 'operations', 'dashboards', 'apps', 'databases', 'write-syncs', 'facts'],
      ...serviceText(await emulatorAdmin(emulator!).snapshot()),
    ];
    await openViewContainer(page, nlsText('viewsContainers.workspaceAutomation.title'));
  });

  it('the explorer, its toolbar, a tooltip and the status bar are localized', async function () {
    this.timeout(60_000);
    const { page } = ui;
    const from = seen.length;
    const explorer = viewPane(page, nlsText('views.explorer.name'));
    await expandTreeItem(explorer, p('Dashboards'));
    await expandTreeItem(explorer, p('Operations'));
    const stale = explorer.locator('.monaco-list-row', { hasText: 'Customer churn' }).filter({ hasText: p('⚠ code stale') });
    await stale.first().waitFor();
    await statusBar(page).first().waitFor();
    await collect(
      'activity bar',
      page.locator(`.part.activitybar a.action-label[aria-label^="${nlsText('viewsContainers.workspaceAutomation.title')}"]`),
    );
    await collect('side bar title', page.locator('.part.sidebar .composite.title'));
    await collect('view header', explorer.locator('.pane-header'));
    await collect('tree', explorer.locator('.monaco-list-row'));
    await collect('status bar', statusBar(page));
    // The tooltip of an operation: its table of fields.
    await stale.first().hover();
    const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: p('Kind') });
    await hover.first().waitFor();
    await collect('tree tooltip', hover);
    await ui.screenshot('pseudo-explorer');
    await page.mouse.move(700, 500);
    assertLocalized(from, 'explorer');
  });

  it('a save that meets a colleague’s save: the notification, its buttons, the diff and the status bar', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    const from = seen.length;
    const { ids } = await emulatorAdmin(emulator!).demo();
    const explorer = viewPane(page, nlsText('views.explorer.name'));
    // The operation of the same name is listed first, under Operations.
    await explorer
      .getByRole('treeitem', { name: /^Customer churn/ })
      .last()
      .click();
    await page.locator('.editor-instance .view-line', { hasText: 'export default function' }).first().waitFor();
    await collect('editor tabs', page.locator('.tabs-container .tab .label-name'));
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// Checked against the CRM export');
    await page.locator('.tabs-container .tab.dirty').first().waitFor();
    await colleagueSaves(ui.emulator!, ids.churnDashboardId!, '// Colleague: churn threshold reviewed');

    await page.keyboard.press('Control+S');
    const toast = page.locator('.notification-toast', { hasText: '«Customer churn»' });
    await toast.first().waitFor();
    await collect('conflict notification', toast.locator('.notification-list-item-message, .monaco-button'));
    await ui.screenshot('pseudo-conflict');
    await toast
      .getByRole('button', { name: p('Compare'), exact: true })
      .first()
      .click();
    const diff = page.locator('.monaco-diff-editor').first();
    await diff.locator('.editor.original .view-line', { hasText: '// Colleague: churn threshold reviewed' }).first().waitFor();
    await collect('diff tab', page.locator('.tabs-container .tab.active .label-name'));
    await page
      .locator('.notification-toast', { hasText: '«Customer churn»' })
      .getByRole('button', { name: p('Merge'), exact: true })
      .first()
      .click();
    await diff.locator('.editor.modified .view-line', { hasText: '// Colleague: churn threshold reviewed' }).first().waitFor();
    const merged = page.locator('.notification-toast .notification-list-item-message', { hasText: '«Customer churn»' });
    await merged.first().waitFor();
    await collect('merge notification', page.locator('.notification-toast').locator('.notification-list-item-message, .monaco-button'));
    await diff.locator('.editor.modified .view-lines').first().click();
    await page.keyboard.press('Control+S');
    await page.locator('.part.statusbar .statusbar-item[id="status.extensionMessage"]', { hasText: '«Customer churn»' }).waitFor();
    await collect('status bar after the save', statusBar(page));
    assertLocalized(from, 'save and conflict');
  });

  it('the context menu and the revision history page: title, toolbar, rows, filter and status', async function () {
    this.timeout(120_000);
    const { page } = ui;
    const from = seen.length;
    const explorer = viewPane(page, nlsText('views.explorer.name'));
    const dashboard = explorer.getByRole('treeitem', { name: /^Inventory alerts/ }).first();
    await dashboard.click({ button: 'right' });
    const menu = page.locator('.monaco-menu');
    const entry = menu.getByRole('menuitem', { name: nlsText('command.showHistory.title') }).first();
    await entry.waitFor();
    await collect('context menu', menu.locator('.action-label'));
    // VS Code's menus ignore a click right after they open: focus the entry and press Enter.
    await entry.hover();
    await menu.locator('.action-item.focused', { hasText: nlsText('command.showHistory.title') }).waitFor();
    await page.keyboard.press('Enter');

    const frame = historyFrame(page);
    const rows = frame.locator('.list .row');
    await rows.first().waitFor({ timeout: 30_000 });
    await frame.locator('.status').first().waitFor();
    await rows.nth(2).click();
    await rows.nth(4).click({ modifiers: ['Control'] });
    await frame.locator('.stats .added').first().waitFor();
    await collect('history tab', page.locator('.tabs-container .tab.active .label-name'));
    await collect('history page', frame.locator('body'));
    await ui.screenshot('pseudo-history');
    // A filter that matches nothing: the empty state and its announcement.
    await frame.locator('input.filter').fill('zzzz-nothing-matches');
    await frame.locator('[role="status"][aria-live="polite"]', { hasText: p('No revision matches the filter.') }).waitFor();
    await collect('history page, filtered to nothing', frame.locator('body'));
    assertLocalized(from, 'revision history');
  });

  it('Copy ID says what it copied in the status bar', async function () {
    this.timeout(60_000);
    const { page } = ui;
    const from = seen.length;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const explorer = viewPane(page, nlsText('views.explorer.name'));
    await explorer
      .getByRole('treeitem', { name: /^Inventory alerts/ })
      .first()
      .click({ button: 'right' });
    const menu = page.locator('.monaco-menu');
    const entry = menu.getByRole('menuitem', { name: nlsText('command.copyId.title') }).first();
    await entry.hover();
    await menu.locator('.action-item.focused', { hasText: nlsText('command.copyId.title') }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.part.statusbar .statusbar-item[id="status.extensionMessage"]', { hasText: 'oper_' }).waitFor();
    await collect('status bar after Copy ID', statusBar(page));
    assertLocalized(from, 'copy id');
  });

  it('a pulled folder in Source Control: the repository, its groups, the files’ states and the status bar', async function () {
    this.timeout(60_000);
    const { page, emulator, server } = ui;
    const from = seen.length;
    const folder = join(server.workspaceFolder, 'pulled');
    const cli = spawnSync(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'pull', folder, '--base-url', emulator!.url, '--workspace', emulator!.workspaceId],
      { env: { ...process.env, WORKSPACE_AUTOMATION_API_KEY: emulator!.apiKey }, encoding: 'utf8' },
    );
    assert.equal(cli.status, 0, `${cli.stdout}\n${cli.stderr}`);
    const file = join(folder, 'dashboards', 'Revenue by region.tsx');
    writeFileSync(file, `${readFileSync(file, 'utf8')}// Reviewed with finance\n`);
    await page.keyboard.press('Control+Shift+G');
    const scm = page.locator('.part.sidebar');
    await scm
      .getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(p('Local changes'))}`) })
      .first()
      .waitFor({ timeout: 30_000 });
    await scm
      .getByRole('treeitem', { name: /^Revenue by region\.tsx/ })
      .first()
      .waitFor();
    await collect('source control', scm.locator('.monaco-list-row'));
    await collect('source control toolbar', scm.locator('.composite.title .actions-container .action-label'));
    await collect('status bar with a pulled folder', statusBar(page));
    await ui.screenshot('pseudo-source-control');
    assertLocalized(from, 'source control');
    await openViewContainer(page, nlsText('viewsContainers.workspaceAutomation.title'));
  });

  it('signed out: the welcome view, the status bar and the sign-in steps', async function () {
    this.timeout(60_000);
    const { page } = ui;
    const from = seen.length;
    const explorer = viewPane(page, nlsText('views.explorer.name'));
    // Our commands in the palette (their category and titles), then Sign Out from there.
    const category = nlsText('command.category');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input.input');
    await input.fill(`>${category}: `);
    // The first line of each entry: the second is VS Code's English alias of the command.
    const labels = page.locator('.quick-input-list .quick-input-list-rows > .quick-input-list-row:first-child');
    await labels.first().waitFor();
    await collect('command palette', labels);
    await input.fill(`>${category}: ${nlsText('command.signOut.title')}`);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: nlsText('command.signOut.title') }).waitFor();
    await page.keyboard.press('Enter');
    const signIn = explorer.getByRole('button', { name: p('Sign In'), exact: true });
    await signIn.waitFor();
    await collect('welcome view', explorer.locator('.welcome-view-content'));
    await collect('status bar, signed out', statusBar(page));
    await ui.screenshot('pseudo-welcome');
    await signIn.click();
    const widget = page.locator('.quick-input-widget');
    await widget.locator('input.input').waitFor();
    await widget.locator('.quick-input-message, .quick-input-title').first().waitFor();
    await collect('sign-in input', widget.locator('.quick-input-title, .quick-input-message, .quick-input-header'));
    await page.keyboard.press('Escape');
    assertLocalized(from, 'signed out');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every short text of the service's state (names, messages, kinds, ids), longest first. */
function serviceText(snapshot: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length >= 2 && !v.includes('\n')) out.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(snapshot);
  return [...out].sort((a, b) => b.length - a.length);
}
