// A person whose service takes the other legitimate choice at every open point of the spec (the
// emulator's `strict` profile: no list endpoints, strict request bodies, extra response fields,
// values outside the extension's lists). The explorer shows the ids they added; a database with
// `uuid` columns saves, with an Information diagnostic rather than a refusal; a fact whose response
// carries unknown fields shows them read-only and saves without sending them back.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { demoSnapshot } from '../../src/emulator/seed';
import { addForeignContent } from '../../src/emulator/seedForeign';
import { emulatorAdmin, expandTreeItem, openViewContainer, runCommand, useWorkbench, viewPane, waitUntil } from '../harness';

// Without list endpoints the explorer lists only the ids a person added, and the setting must hold
// them before the workbench starts: the seed is deterministic, so its ids are known here already
// (the first test checks them against the running emulator's).
const seeded = demoSnapshot({ deployDelayMs: 0 });
addForeignContent(seeded);
const ids = seeded.demo.ids as Record<string, string>;
const ADDED = ['archivedOperationId', 'scheduledOperationId', 'queuedAppId', 'rolledBackAppId', 'foreignDatabaseId', 'foreignFactId'];

describe('A service that decides the spec’s open points otherwise', () => {
  const ui = useWorkbench({
    variants: ['strict'],
    settings: {
      'workspaceAutomation.resources': ADDED.map((name) => ids[name]),
      // This person saves by hand and types JSON without the editor closing brackets and quotes
      // or completing words for them, so what they type is what the document holds.
      'files.autoSave': 'off',
      'editor.autoClosingBrackets': 'never',
      'editor.autoClosingQuotes': 'never',
      'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
      'editor.suggestOnTriggerCharacters': false,
    },
  });

  const row = (pane: Locator, label: RegExp): Locator => pane.locator('.monaco-list-row', { hasText: label }).first();
  const tab = (page: Page, name: string) => page.locator('.tabs-container .tab', { hasText: name }).first();
  const cleanTab = (page: Page, name: string) => page.locator('.tabs-container .tab:not(.dirty)', { hasText: name }).first();
  /** The status bar's word after a save: "Saved «name» (revision N)." */
  const savedStatus = (page: Page, name: string, label = String.raw`revision \d+`) =>
    page
      .locator('.part.statusbar')
      .getByText(new RegExp(`Saved «${name}» \\(${label}\\)`))
      .first();
  const puts = async (path: string) =>
    (await emulatorAdmin(ui.emulator!).requests()).filter((r) => r.method === 'PUT' && r.path.endsWith(path));

  /**
   * Selects the first of `count` matches of `text` with the editor's find widget, as a keyboard
   * user would, and returns once the widget is closed and the editor has the focus and the match.
   */
  async function findInEditor(page: Page, text: string, count: number): Promise<void> {
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+F');
    const widget = page.locator('.editor-instance .find-widget.visible');
    const find = widget.locator('textarea, input').first();
    await find.waitFor();
    await find.fill(text);
    await widget.locator('.matchesCount', { hasText: `1 of ${count}` }).waitFor();
    await find.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    await page.locator('.editor-instance .monaco-editor.focused').waitFor();
    await page.locator('.part.statusbar').getByText(`(${text.length} selected)`).waitFor();
  }

  /** Drags the side bar's edge to the right, so that the rows' descriptions are not cut off. */
  async function widenSideBar(page: Page, by: number): Promise<void> {
    const sidebar = page.locator('.part.sidebar');
    const box = (await sidebar.boundingBox())!;
    const edge = { x: box.x + box.width + 1, y: box.y + box.height / 2 };
    await page.mouse.move(edge.x, edge.y);
    await page.mouse.down();
    await page.mouse.move(edge.x + by, edge.y, { steps: 5 });
    await page.mouse.up();
    // Off the edge again, so that the screenshot does not show it highlighted.
    await page.mouse.move(edge.x + by + 200, edge.y);
    assert.ok(
      await waitUntil(async () => ((await sidebar.boundingBox())?.width ?? 0) > box.width + by / 2, 5_000, 50),
      'the side bar is wider',
    );
  }

  async function openFromExplorer(page: Page, group: string, name: RegExp, tabName: string, firstLine: string): Promise<void> {
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, group);
    await row(explorer, name).click();
    await tab(page, tabName).waitFor();
    await page.locator('.editor-instance .view-line', { hasText: firstLine }).first().waitFor();
  }

  it('the explorer shows the added operations and apps with the statuses the service gives', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    const running = (await emulatorAdmin(emulator!).demo()).ids as Record<string, string>;
    for (const name of ADDED) assert.equal(running[name], ids[name], `the emulator's ${name} is the seed's`);

    await openViewContainer(page, 'Workspace Automation');
    const explorer = viewPane(page, 'Explorer');
    await expandTreeItem(explorer, 'Operations');
    await expandTreeItem(explorer, 'Apps');
    // Said once a group has found that the service lists nothing.
    await page.getByText(/This service lists no resources: showing the ids you added/).waitFor({ timeout: 30_000 });
    const expected: [RegExp, RegExp][] = [
      [/Quarterly ledger close/, /pipeline · archived · draft #\d+/],
      [/Supplier scorecard refresh/, /pipeline · scheduled · draft #\d+/],
      [/Supplier portal/, /queued · draft #\d+/],
      [/Ledger exporter/, /rolledBack · draft #\d+/],
    ];
    for (const [name, description] of expected) {
      const item = row(explorer, name);
      await item.waitFor();
      const text = await item.innerText();
      assert.match(text, description);
      assert.doesNotMatch(text, /undefined/);
    }
    await widenSideBar(page, 260);
    await ui.screenshot('variants-explorer');
  });

  it('a database with uuid columns takes a new uuid column: Ctrl+S saves it, and Problems says the type is unknown, not wrong', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    // The spec has no read of a database by id, so without lists its name is unknown: shown by id.
    const database = ids.foreignDatabaseId!;
    await openFromExplorer(page, 'Databases', new RegExp(`^${database}`), `${database}.json`, '"tables"');
    const before = (await puts('/definition')).length;

    // The first table's column list (the ledger has two tables).
    await findInEditor(page, '"columns": [', 2);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('{"name": "external_id", "type": "uuid", "nullable": true},');
    await page.locator('.tabs-container .tab.dirty', { hasText: `${database}.json` }).waitFor();
    await page.keyboard.press('Control+S');

    await cleanTab(page, `${database}.json`).waitFor({ timeout: 30_000 });
    await savedStatus(page, database).waitFor();
    assert.ok(await waitUntil(async () => (await puts('/definition')).length === before + 1, 10_000, 100), 'one PUT reached the service');
    const [put] = (await puts('/definition')).slice(before);
    assert.equal(put!.status, 200);
    const tables = (put!.body as { definition: { tables: { name: string; columns: { name: string; type: string }[] }[] } }).definition
      .tables;
    const journal = tables.find((t) => t.name === 'journal_entries');
    assert.deepEqual(
      journal?.columns.find((c) => c.name === 'external_id'),
      { name: 'external_id', type: 'uuid', nullable: true },
      'the typed column was sent as typed',
    );

    await runCommand(page, 'View: Toggle Problems');
    const problems = page.locator('.markers-panel');
    const uuid = problems.locator('.monaco-list-row', { hasText: 'Column type "uuid" is not one the extension knows' });
    await uuid.first().waitFor();
    // One for the seeded `id` column, one for the column typed here; shown as information.
    assert.ok(await waitUntil(async () => (await uuid.count()) >= 2, 10_000, 100), 'both uuid columns are named');
    assert.ok(await problems.locator('.monaco-list-row .codicon-info, .monaco-list-row .codicon-marker-info').count(), 'as information');
    assert.equal(await problems.locator('.monaco-list-row .codicon-error').count(), 0, 'no error in Problems');
    await ui.screenshot('variants-uuid-saved');
    await runCommand(page, 'View: Toggle Problems');
  });

  it('a fact shows the fields the service added under "$readOnly"; a rename saves without sending them or the fields the service refuses', async function () {
    this.timeout(120_000);
    const { page, emulator } = ui;
    assert.ok(emulator, 'the scenario has its emulator (dist/emulator.js built)');
    await openFromExplorer(page, 'Facts', /^Preferred supplier/, 'Preferred supplier.json', '"name"');
    await page.locator('.editor-instance .view-line', { hasText: '"$readOnly"' }).first().waitFor();
    await page.locator('.editor-instance .view-line', { hasText: '"lastEvaluatedAt"' }).first().waitFor();
    const before = (await puts(`/facts/${ids.foreignFactId}`)).length;

    await findInEditor(page, 'Preferred supplier', 1);
    await page.keyboard.type('Preferred supplier (EU)');
    await page.locator('.tabs-container .tab.dirty', { hasText: 'Preferred supplier.json' }).waitFor();
    await page.keyboard.press('Control+S');

    await cleanTab(page, 'Preferred supplier.json').waitFor({ timeout: 30_000 });
    // A fact has no revisions: its save is told by the time the service stamped it.
    await savedStatus(page, 'Preferred supplier(?: \\(EU\\))?', String.raw`updated [\d-]+ [\d:]+ UTC`).waitFor();
    // The strict service takes only the spec's four body fields (fact-four-fields): the first PUT,
    // with the other fields of the fact's table that were read, is refused naming them; the one
    // after it leaves out exactly those, which the service therefore does not clear.
    assert.ok(
      await waitUntil(async () => (await puts(`/facts/${ids.foreignFactId}`)).length === before + 2, 10_000, 100),
      'two PUTs reached the service',
    );
    const [refused, put] = (await puts(`/facts/${ids.foreignFactId}`)).slice(before);
    assert.equal(refused!.status, 400, 'the first names the fields the service does not take');
    assert.equal(put!.status, 200, 'the second, without them, is taken: nothing the service does not know was sent');
    const body = put!.body as Record<string, unknown>;
    assert.deepEqual(
      Object.keys(body).sort(),
      Object.keys(body)
        .filter((k) => ['name', 'definition', 'formula', 'formulaType'].includes(k))
        .sort(),
    );
    assert.equal(body.name, 'Preferred supplier (EU)');
    for (const field of ['$readOnly', 'tags', 'lastEvaluatedAt', 'id', 'key', 'updatedAt'])
      assert.ok(!(field in body), `${field} not sent`);
    await page.locator('.editor-instance .view-line', { hasText: '"$readOnly"' }).first().scrollIntoViewIfNeeded();
    await ui.screenshot('variants-fact');
  });
});
