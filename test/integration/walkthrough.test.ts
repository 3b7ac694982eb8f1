// The Getting Started walkthrough: contributed with its steps, and every command it links to or
// waits for exists once the extension is active.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { waitUntil } from '../harness/lib/processes';
import { activateExtension, EXTENSION_ID } from './helpers';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string };
  completionEvents?: string[];
}

describe('Getting Started walkthrough', () => {
  const extension = () => vscode.extensions.getExtension(EXTENSION_ID)!;
  const walkthrough = () => (extension().packageJSON.contributes.walkthroughs as { id: string; steps: Step[] }[])[0]!;

  it('is contributed with the steps connect, browse, edit, history and compare, each with its markdown', () => {
    const w = walkthrough();
    assert.equal(w.id, 'gettingStarted');
    assert.deepEqual(
      w.steps.map((s) => s.id),
      ['connect', 'browse', 'edit', 'history', 'compare'],
    );
    for (const step of w.steps) {
      assert.ok(step.media.markdown, `${step.id} has markdown media`);
      assert.ok(existsSync(join(extension().extensionPath, step.media.markdown!)), `${step.media.markdown} exists`);
      assert.ok(step.completionEvents?.length, `${step.id} says when it is done`);
    }
  });

  it('every command a step links to or completes on is registered', async () => {
    await activateExtension();
    const registered = new Set(await vscode.commands.getCommands(true));
    const used = new Set<string>();
    for (const step of walkthrough().steps) {
      for (const m of step.description.matchAll(/\(command:([\w.]+)\)/g)) used.add(m[1]!);
      for (const e of step.completionEvents ?? []) if (e.startsWith('onCommand:')) used.add(e.slice('onCommand:'.length));
    }
    assert.ok(used.has('workspaceAutomation.connectEmulator') && used.has('workspaceAutomation.showHistory'));
    const missing = [...used].filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `commands that are not registered: ${missing.join(', ')}`);
  });

  it('opens in the Welcome editor', async () => {
    const welcome = (tab: vscode.Tab | undefined) =>
      !!tab && !(tab.input instanceof vscode.TabInputText) && /welcome|walkthrough|get(ting)? started/i.test(tab.label);
    const active = () => vscode.window.tabGroups.activeTabGroup.activeTab;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
    assert.ok(
      await waitUntil(() => welcome(active()), 10_000),
      `the active tab is the Welcome editor, not ${JSON.stringify(active()?.label)}`,
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(await waitUntil(() => !welcome(active()), 10_000), 'and it closes');
  });
});
